/**
 * `syncHandler`: the server side of sync (docs/sync.md) as a standard
 * `(Request) => Promise<Response>`, over the PostgreSQL op log.
 * @module
 */
import { ValidationError } from '../../errors.js';
import {
  DEFAULT_PULL_LIMIT,
  MAX_SYNC_BODY_BYTES,
  checkRequestBounds,
  readSyncRequest,
  type ReadRequest,
  type SyncOp,
  type SyncOpResult,
} from '../protocol.js';
import type { SqlDriver } from '../../store/postgres/driver.js';
import { retryingOpen } from '../../store/postgres/retrying-open.js';
import { isTenant, MAX_TENANT_LENGTH } from '../../store/postgres/options.js';
import { isRetryable } from '../../store/postgres/retryable.js';
import { callBound, resolveTimeouts, within } from '../../store/postgres/timeouts.js';
import { checkSyncOptions, type SyncErrorContext, type SyncHandlerOptions } from './sync-handler-options.js';
import { applyPush, pull } from './log.js';
import { materialize } from './materialize.js';
import { readBody, TooLarge } from './body.js';
import { newRequestId, reply } from './reply.js';
import { createHeavyGate, HEAVY_BODY_CHARS } from './heavy-gate.js';
import { pushChunks } from './push-chunks.js';

/** A mounted sync endpoint: call it with each request; `close()` releases what it opened. */
export interface SyncHandler {
  (request: Request): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The sync endpoint: one `POST` per round pushes the device's ops (applied in order in bounded
 * transactions, `push-chunks.ts`: server seqs, idempotent by op id, the compaction rule,
 * tombstones; one large push at a time, `heavy-gate.ts`) and pulls the tenant's ops after its
 * cursor, in batches. `authorize` is required: no tenant, `401`, nothing read or
 * written. A malformed op is refused alone (its result says why); a request past the bounds
 * (`MAX_PUSH_OPS`, `MAX_OP_IDS`, `MAX_REQUEST_IDS`, `MAX_SYNC_BODY_BYTES`) gets `413` before any
 * work. Failures on the server's side answer a generic message and a request id; the real error
 * goes to `onError`. Mount it on any framework that speaks Fetch (Hono, Next.js route handlers,
 * Bun, Deno), or on Node's `http` with `toNodeListener`.
 * @example
 * import http from 'node:http';
 * import { syncHandler, toNodeListener } from 'recallkit/postgres';
 * const handler = syncHandler({ connectionString: process.env.DATABASE_URL, authorize: (req) =>
 * userIdFrom(req.headers.get('authorization')), onError: (error, { requestId }) => log.error({ requestId, error }) });
 * http.createServer(toNodeListener(handler)).listen(8787);
 */
export function syncHandler(options: SyncHandlerOptions): SyncHandler {
  checkSyncOptions(options);
  const { authorize, materialize: mirror = true, onError } = options;
  let closed = false;
  // A failed open is retried by the next request (the database may come back).
  const source = retryingOpen(options);
  const gate = createHeavyGate();
  // The open (a PGlite directory starting, a server not answering) is waited for within the bound
  // of one store call; each statement after it is bounded by the driver.
  const openBound = callBound(resolveTimeouts(options));
  const db = (): Promise<SqlDriver> =>
    within(source.get(), openBound, (ms) => `the database did not open within ${ms} ms`);
  const report = (error: unknown, context: SyncErrorContext): void => {
    try {
      onError?.(error, context);
    } catch {
      // The server's log hook failing must not change the answer.
    }
  };

  const handle = async (request: Request): Promise<Response> => {
    const requestId = newRequestId();
    const fail = (status: number, error: string, field?: string, retryAfter?: number): Response =>
      reply(requestId, status, field === undefined ? { error, requestId } : { error, field, requestId }, retryAfter);
    // Down, restarting, too slow: 503, retry soon. Misconfigured (a locked PGlite directory, a wrong password):
    // 500, it will not work until the server is fixed. The real error goes to onError only.
    const storeFailed = (error: unknown): Response => {
      report(error, { requestId, stage: 'store' });
      if (!isRetryable(error))
        return fail(500, `the sync store cannot be used: a server misconfiguration (request id ${requestId})`);
      const message = `the sync store is unavailable; nothing was lost, retry (request id ${requestId})`;
      return fail(503, message, undefined, RETRY_AFTER_S);
    };
    if (closed) return fail(503, 'the sync handler is closed');
    if (request.method !== 'POST') return fail(405, 'method: expected POST', 'method');
    let who: unknown;
    try {
      who = await authorize(request);
    } catch (error) {
      report(error, { requestId, stage: 'authorize' });
      return fail(500, `the server could not authorize this request (request id ${requestId})`);
    }
    if (who === undefined || who === '') return fail(401, 'unauthorized: no tenant for this request');
    // The rule of a store's tenant: a tenant no store could take is the server's mistake, not the client's.
    if (!isTenant(who)) {
      report(
        new ValidationError(
          'authorize',
          `a tenant id (1 to ${MAX_TENANT_LENGTH} characters, without NUL characters or lone surrogates) ` +
            'or undefined (401): the server is misconfigured',
          who,
        ),
        { requestId, stage: 'authorize' },
      );
      return fail(500, `the server could not authorize this request (request id ${requestId})`);
    }
    const tenant = who;
    const type = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type))
      return fail(415, 'content-type: expected application/json', 'content-type');

    let text: string;
    try {
      text = await readBody(request, MAX_SYNC_BODY_BYTES);
    } catch (error) {
      if (error instanceof TooLarge) return fail(413, `body: expected at most ${MAX_SYNC_BODY_BYTES} bytes`, 'body');
      return fail(400, 'body: expected UTF-8 JSON', 'body');
    }
    // A large push waits for the ones before it (heavy-gate.ts); a poll or a small push never does.
    const release = text.length > HEAVY_BODY_CHARS ? await gate.acquire() : undefined;
    let results: SyncOpResult[];
    let cursor: string;
    let limit: number;
    try {
      let read: ReadRequest;
      try {
        // Between the steps of a large request, other requests get their turn on the event loop.
        await turn();
        const json = JSON.parse(text) as unknown;
        await turn();
        const over = checkRequestBounds(json);
        if (over) return fail(413, over.message, over.field);
        read = readSyncRequest(json);
        if (read.request.ops.length) await turn();
      } catch (error) {
        if (error instanceof ValidationError) return fail(400, error.message, error.field);
        return fail(400, 'body: expected UTF-8 JSON', 'body');
      }
      ({ cursor, limit = DEFAULT_PULL_LIMIT } = read.request);
      try {
        results = mergeResults(await apply(tenant, read.request.deviceId, read.request.ops), read);
      } catch (error) {
        return storeFailed(error);
      }
    } finally {
      release?.();
    }

    try {
      // A pull takes no lock and writes nothing.
      const page = await pull(await db(), tenant, cursor, limit);
      // The pulled ops are JSON texts already: spliced in, never parsed and re-serialized.
      return reply(
        requestId,
        200,
        `{"v":1,"results":${JSON.stringify(results)},"ops":[${page.ops.join(',')}],` +
          `"cursor":"${page.cursor}","more":${page.more}}`,
      );
    } catch (error) {
      return storeFailed(error);
    }
  };

  /** Apply pushed ops in bounded transactions (push-chunks.ts), yielding between them. */
  const apply = async (tenant: string, deviceId: string, ops: readonly SyncOp[]): Promise<SyncOpResult[]> => {
    if (ops.length === 0) return [];
    const driver = await db();
    const results: SyncOpResult[] = [];
    let first = true;
    for (const chunk of pushChunks(ops)) {
      if (!first) await turn();
      first = false;
      const outcome = await driver.transaction(async (tx) => {
        const applied = await applyPush(tx, tenant, deviceId, chunk);
        if (mirror && applied.applied.length) await materialize(tx, tenant, applied.applied);
        return applied;
      });
      results.push(...outcome.results);
    }
    return results;
  };

  return Object.assign(handle, {
    async close() {
      if (closed) return;
      closed = true;
      await (await source.settled())?.close();
    },
  });
}

/** The `Retry-After` of a 503 (seconds): a database restarting is usually back within a few. */
const RETRY_AFTER_S = 1;

/** Let the event loop run what waits (other requests' I/O) before the next step. */
const turn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/** The results in the request's order: the refused ops' in their places, the pushed ops' around them. */
function mergeResults(pushed: readonly SyncOpResult[], read: ReadRequest): SyncOpResult[] {
  if (!read.refused.length) return [...pushed];
  const out: SyncOpResult[] = [];
  let next = 0;
  let refused = 0;
  const total = pushed.length + read.refused.length;
  for (let i = 0; i < total; i++) {
    const r = read.refused[refused];
    if (r && r.index === i) {
      out.push(r.result);
      refused++;
    } else out.push(pushed[next++]!);
  }
  return out;
}
