/**
 * Mounting a Fetch-style handler on Node's `http` (and Express, which takes the same listener).
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Adapt a `(Request) => Promise<Response>` handler (such as `syncHandler`) to a Node
 * `http.createServer` listener. Mount it before any body-parsing middleware.
 * @example
 * http.createServer(toNodeListener(syncHandler({ connectionString, authorize }))).listen(8787);
 */
export function toNodeListener(
  handler: (request: Request) => Promise<Response>,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void serve(handler, req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: `internal error: ${(error as Error)?.message ?? String(error)}` }));
      } else res.destroy();
    });
  };
}

async function serve(
  handler: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const aborted = new AbortController();
  res.on('close', () => aborted.abort());
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: aborted.signal };
  if (hasBody) {
    // Loaded here, so `recallkit/postgres` imports nothing of Node's until a Node server mounts it.
    const { Readable } = await import('node:stream');
    init.body = Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, init);
  const response = await handler(request);
  const out: Record<string, string> = {};
  response.headers.forEach((v, k) => (out[k] = v));
  const body = Buffer.from(await response.arrayBuffer());
  out['content-length'] = String(body.byteLength);
  res.writeHead(response.status, out);
  res.end(body);
}
