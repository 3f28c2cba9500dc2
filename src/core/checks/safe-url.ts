/**
 * A URL as it may appear in an error or an event: without its credentials, query string or
 * fragment, where tokens travel (`?token=…`, `user:pass@`).
 * @module
 */

/** `origin + pathname` of `url` (a `URL` or an absolute URL string); `'(an invalid URL)'` when it does not parse. */
export function safeUrl(url: URL | string): string {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return '(an invalid URL)';
  }
  return `${parsed.origin}${parsed.pathname}`;
}
