/**
 * Keeping credentials out of errors: what a driver says may quote the connection string, and
 * an error reaches logs and HTTP replies.
 * @module
 */

/** The secrets a connection string holds: itself and its password (URL or `password=` form). */
export function secretsOf(connectionString: string | undefined): string[] {
  if (!connectionString) return [];
  const secrets = [connectionString];
  try {
    const password = new URL(connectionString).password;
    if (password) secrets.push(password, decodeURIComponent(password));
  } catch {
    // Not a URL: the key=value form.
  }
  const match = /(?:^|\s)password\s*=\s*('(?:[^'\\]|\\.)*'|\S+)/i.exec(connectionString);
  if (match?.[1]) secrets.push(match[1], match[1].replace(/^'|'$/g, ''));
  // Longest first, so a password inside the connection string goes with it.
  return [...new Set(secrets.filter((s) => s.length >= 3))].sort((a, b) => b.length - a.length);
}

/** `text` with every secret replaced by `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('***');
  return out;
}
