/**
 * Mounting a Fetch-style handler on Node's `http` (and Express, which takes the same listener),
 * with deadlines and a size limit on the request body, so a slow or endless upload cannot hold
 * a connection and memory for ever.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_SYNC_BODY_BYTES } from '../bounds.js';
import { dictionary } from '../../core/checks/dictionary.js';

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /** A body larger than this is answered `413` and its connection closed (default `MAX_SYNC_BODY_BYTES`, 4 MiB). */
  maxBodyBytes?: number;
  /** A body not received in full within this many ms is answered `408`, its connection closed (default 30,000). */
  bodyTimeoutMs?: number;
}

/**
 * Deadlines for the `http.Server` itself, which a listener cannot set (the headers are in by the
 * time it runs): pass them to `http.createServer(SYNC_SERVER_TIMEOUTS, listener)`. `headersTimeout`:
 * the request headers within 10 s (Node's default: 60 s); `requestTimeout`: the whole request
 * within 60 s (default 300 s); `keepAliveTimeout`: an idle kept-alive connection closes after 5 s.
 * Node enforces the first two only when it checks its connections, every
 * `connectionsCheckingInterval` (default 30 s: a slow-header client then stays up to 40 s):
 * every second here, so a client without its headers is answered `408` and closed within 11 s.
 */
export const SYNC_SERVER_TIMEOUTS = Object.freeze({
  headersTimeout: 10_000,
  requestTimeout: 60_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
});

const DEFAULT_BODY_TIMEOUT_MS = 30_000;

/**
 * Adapt a `(Request) => Promise<Response>` handler (such as `syncHandler`) to a Node
 * `http.createServer` listener. Mount it before any body-parsing middleware. The body is
 * streamed to the handler under a size limit and a deadline (`options`); give the server its
 * header deadlines with {@link SYNC_SERVER_TIMEOUTS}.
 * @example
 * http.createServer(SYNC_SERVER_TIMEOUTS, toNodeListener(syncHandler({ connectionString, authorize }))).listen(8787);
 */
export function toNodeListener(
  handler: (request: Request) => Promise<Response>,
  options: NodeListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_SYNC_BODY_BYTES;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  for (const [name, v] of [
    ['maxBodyBytes', maxBodyBytes],
    ['bodyTimeoutMs', bodyTimeoutMs],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 1) throw new RangeError(`toNodeListener: ${name} must be a positive integer`);
  }
  return (req, res) => {
    void serve(handler, req, res, maxBodyBytes, bodyTimeoutMs).catch(() => {
      // The handler answers its own failures; anything reaching here is generic, never echoed.
      if (!res.headersSent) answer(res, 500, 'internal error');
      else res.destroy();
    });
  };
}

function answer(res: ServerResponse, status: number, error: string, close = false): void {
  if (res.headersSent || res.writableEnded) return;
  const body = JSON.stringify({ error });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(body);
}

/** The request body as a web stream, cut off (answered and closed) past the size limit or the deadline. */
function boundedBody(
  req: IncomingMessage,
  res: ServerResponse,
  max: number,
  timeoutMs: number,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let size = 0;
      let done = false;
      const stop = (status: number, message: string): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        controller.error(new Error(message));
        answer(res, status, message, true);
        // The rest of the body is not read: the connection goes.
        req.destroy();
      };
      const timer = setTimeout(() => stop(408, `body: expected in full within ${timeoutMs} ms`), timeoutMs);
      req.on('data', (chunk: Buffer) => {
        if (done) return;
        size += chunk.byteLength;
        if (size > max) return stop(413, `body: expected at most ${max} bytes`);
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      });
      req.on('end', () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        controller.close();
      });
      req.on('error', () => stop(400, 'body: the upload failed'));
      req.on('close', () => {
        if (!done) {
          done = true;
          clearTimeout(timer);
          controller.error(new Error('body: the connection closed'));
        }
      });
    },
    cancel() {
      req.destroy();
    },
  });
}

async function serve(
  handler: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
  maxBodyBytes: number,
  bodyTimeoutMs: number,
): Promise<void> {
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (hasBody && declared > maxBodyBytes) {
    answer(res, 413, `body: expected at most ${maxBodyBytes} bytes`, true);
    req.destroy();
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const aborted = new AbortController();
  res.on('close', () => aborted.abort());
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: aborted.signal };
  if (hasBody) {
    init.body = boundedBody(req, res, maxBodyBytes, bodyTimeoutMs);
    init.duplex = 'half';
  }
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, init);
  const response = await handler(request);
  // Already answered (the body was cut off): the handler's answer has nowhere to go.
  if (res.headersSent || res.writableEnded) return;
  const out = dictionary<string>();
  response.headers.forEach((v, k) => (out[k] = v));
  const body = Buffer.from(await response.arrayBuffer());
  out['content-length'] = String(body.byteLength);
  res.writeHead(response.status, out);
  res.end(body);
}
