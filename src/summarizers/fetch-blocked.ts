/**
 * Tells a request the browser refused from one that could not reach the server. In a browser,
 * both reject `fetch` with the same `TypeError` ("Failed to fetch"); retrying a refusal is
 * pointless, and "network error" sends the user looking in the wrong place. A page on https
 * calling plain http (not loopback) is mixed content; otherwise a `no-cors` probe of the same
 * URL (which the browser sends without asking the server's permission) tells whether the server
 * answers: if it does, the browser refused the real request for CORS.
 * @module
 */

/** The page's origin, in a browser or a worker; `undefined` in Node. */
function pageOrigin(): string | undefined {
  const location = (globalThis as { location?: { origin?: string } }).location;
  const origin = location?.origin;
  return typeof origin === 'string' && origin !== 'null' && /^https?:/u.test(origin) ? origin : undefined;
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/u;

/**
 * Why the browser refused a request to `endpoint` before sending it (a sentence), or
 * `undefined` when it did not (not a browser, same origin, or the server is unreachable).
 */
export async function browserRefusal(
  endpoint: string,
  error: unknown,
  signal: AbortSignal,
): Promise<string | undefined> {
  const origin = pageOrigin();
  if (!origin || !(error instanceof TypeError) || signal.aborted) return undefined;
  const url = new URL(endpoint);
  if (url.origin === origin) return undefined;
  if (origin.startsWith('https:') && url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) {
    return (
      `the browser blocked it as mixed content: this page is served over https (${origin}) ` +
      `and ${url.origin} is plain http; serve the model over https or proxy it from your server`
    );
  }
  try {
    await globalThis.fetch(endpoint, {
      method: 'GET',
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal,
    });
  } catch {
    return undefined; // unreachable: a real network error
  }
  return (
    `the browser refused the request before sending it (CORS): ${url.origin} answers, ` +
    `but does not allow requests from ${origin}. ` +
    `Allow this origin on the server: Ollama: set OLLAMA_ORIGINS=${origin} (or *) and restart it; ` +
    'LM Studio: enable CORS in the server settings; ' +
    'others: send Access-Control-Allow-Origin and answer the OPTIONS preflight'
  );
}
