/**
 * A scripted OpenAI-compatible test server: real `node:http` on 127.0.0.1 (port 0), answering
 * `POST /v1/chat/completions` with queued behaviours and recording every request. Bounded: it
 * refuses requests past `maxRequests` and closes itself after `lifetimeMs`.
 * @module
 */
import { type IncomingHttpHeaders, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendStream, type StreamChunk, type StreamOptions } from './openai-stream.js';

/** What the server does with one request. */
export type Behaviour =
  /** 200 with a chat completion whose content is `content` (default "A short summary."). */
  | { kind: 'ok'; content?: string | ((body: ChatBody) => string) }
  /** An HTTP status with an optional body and headers (e.g. 429 with `retry-after`). */
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** A raw body, sent as is (malformed JSON, HTML). */
  | { kind: 'raw'; body: string; status?: number; contentType?: string }
  /** 200 with this JSON body (e.g. a completion without content). */
  | { kind: 'json'; body: unknown }
  /** Never answers (until the server closes). */
  | { kind: 'hang' }
  /** 200 with server-sent events, as with `stream: true` (`openai-stream.ts`). */
  | ({ kind: 'stream'; chunks: StreamChunk[] | ((body: ChatBody) => StreamChunk[]) } & StreamOptions);

/** The parsed request body of a chat completion. */
export interface ChatBody {
  model?: string;
  messages?: { role: string; content: string }[];
  [key: string]: unknown;
}

/** One request as received. */
export interface RecordedRequest {
  method: string;
  /** Path and query, as requested. */
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatBody | undefined;
}

/** A running server. */
export interface OpenAIServer {
  /** Base URL ending in `/v1`. */
  baseUrl: string;
  /** Full chat-completions URL. */
  completionsUrl: string;
  /** Requests whose body was read whole, in order. */
  requests: RecordedRequest[];
  /** Requests that reached the server, read whole or not (one the client gave up on while sending counts). */
  readonly arrived: number;
  /** Appends behaviours for the next requests (after the queue runs dry: `fallback`). */
  script(...behaviours: Behaviour[]): void;
  close(): Promise<void>;
}

/** Options of {@link startOpenAIServer}. */
export interface OpenAIServerOptions {
  script?: Behaviour[];
  /** Behaviour once the script is used up (default `{ kind: 'ok' }`). */
  fallback?: Behaviour;
  /** Requests answered before the server refuses (destroys) further ones (default 50). */
  maxRequests?: number;
  /** The server closes itself after this long if a test never closes it (default 10 min: a leak guard, not a deadline). */
  lifetimeMs?: number;
}

/** `n` copies of a behaviour, for scripts such as "500 twice, then ok". */
export function times(n: number, behaviour: Behaviour): Behaviour[] {
  return Array.from({ length: n }, () => behaviour);
}

/** A chat completion body as OpenAI returns it. */
export function completion(content: string): unknown {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Starts a server on 127.0.0.1 with a random free port. */
export async function startOpenAIServer(options: OpenAIServerOptions = {}): Promise<OpenAIServer> {
  const queue: Behaviour[] = [...(options.script ?? [])];
  const fallback = options.fallback ?? { kind: 'ok' };
  const maxRequests = options.maxRequests ?? 50;
  const requests: RecordedRequest[] = [];
  let arrived = 0;

  const server = createServer((req, res) => {
    arrived++;
    if (requests.length >= maxRequests) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: ChatBody | undefined;
      try {
        body = JSON.parse(text) as ChatBody;
      } catch {
        body = undefined;
      }
      const path = req.url ?? '';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (req.method !== 'POST' || path.split('?')[0] !== '/v1/chat/completions') {
        sendJson(res, 404, { error: { message: 'not found', type: 'invalid_request_error', code: 'not_found' } });
        return;
      }
      const behaviour = queue.shift() ?? fallback;
      switch (behaviour.kind) {
        case 'ok': {
          const content =
            typeof behaviour.content === 'function'
              ? behaviour.content(body ?? {})
              : (behaviour.content ?? 'A short summary.');
          sendJson(res, 200, completion(content));
          return;
        }
        case 'status':
          sendJson(
            res,
            behaviour.status,
            behaviour.body ?? { error: { message: `status ${behaviour.status}` } },
            behaviour.headers,
          );
          return;
        case 'raw':
          res.writeHead(behaviour.status ?? 200, { 'content-type': behaviour.contentType ?? 'application/json' });
          res.end(behaviour.body);
          return;
        case 'json':
          sendJson(res, 200, behaviour.body);
          return;
        case 'hang':
          return;
        case 'stream': {
          const chunks = typeof behaviour.chunks === 'function' ? behaviour.chunks(body ?? {}) : behaviour.chunks;
          void sendStream(res, chunks, behaviour);
          return;
        }
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= new Promise<void>((resolve) => {
      clearTimeout(lifetime);
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closed;
  };
  const lifetime = setTimeout(() => void close(), options.lifetimeMs ?? 600_000);
  lifetime.unref();

  const baseUrl = `http://127.0.0.1:${port}/v1`;
  return {
    baseUrl,
    completionsUrl: `${baseUrl}/chat/completions`,
    requests,
    get arrived() {
      return arrived;
    },
    script: (...behaviours) => queue.push(...behaviours),
    close,
  };
}
