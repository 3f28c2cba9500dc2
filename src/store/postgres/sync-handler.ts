/**
 * `syncHandler`: the server side of sync (docs/sync.md) as a standard
 * `(Request) => Promise<Response>`, over the PostgreSQL op log.
 * @module
 */
import { ValidationError } from '../../errors.js';
import {
  DEFAULT_PULL_LIMIT,
  MAX_PUSH_OPS,
  MAX_SYNC_BODY_BYTES,
  parseSyncRequest,
  type SyncRequest,
} from '../../sync/protocol.js';
import type { SqlDriver } from './driver.js';
import { openMigrated } from './open-driver.js';
import { checkSyncOptions, type SyncHandlerOptions } from './sync-handler-options.js';
import { applyPush, pull } from './sync-log.js';
import { materialize } from './sync-materialize.js';
import { readBody, TooLarge } from './sync-body.js';

/** A mounted sync endpoint: call it with each request; `close()` releases what it opened. */
export interface SyncHandler {
  (request: Request): Promise<Response>;
  close(): Promise<void>;
}

const MAX_TENANT_LENGTH = 512;

const reply = (status: number, body: string, headers: Record<string, string> = {}): Response =>
  new Response(body, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
const fail = (status: number, error: string, field?: string): Response =>
  reply(status, JSON.stringify(field === undefined ? { error } : { error, field }));

/**
 * The sync endpoint: one `POST` per round pushes the device's ops (applied in one transaction:
 * server seqs, idempotent by op id, the compaction rule, tombstones) and pulls the tenant's ops
 * after its cursor, in batches. `authorize` is required: no tenant, `401`, nothing read or
 * written. Mount it on any framework that speaks Fetch (Hono, Next.js route handlers, Bun,
 * Deno), or on Node's `http` with `toNodeListener`.
 * @example
 * import http from 'node:http';
 * import { syncHandler, toNodeListener } from 'recallkit/postgres';
 * const handler = syncHandler({ connectionString: process.env.DATABASE_URL, authorize: (req) =>
 * userIdFrom(req.headers.get('authorization')) });
 * http.createServer(toNodeListener(handler)).listen(8787);
 */
export function syncHandler(options: SyncHandlerOptions): SyncHandler {
  checkSyncOptions(options);
  const { authorize, materialize: mirror = true } = options;
  let closed = false;
  let opened: Promise<SqlDriver> | undefined;
  const db = (): Promise<SqlDriver> => {
    if (opened) return opened;
    const opening = openMigrated(options);
    opened = opening;
    // A failed open is retried by the next request (the database may come back).
    opening.catch(() => opened === opening && (opened = undefined));
    return opening;
  };

  const handle = async (request: Request): Promise<Response> => {
    if (closed) return fail(503, 'the sync handler is closed');
    if (request.method !== 'POST') return fail(405, 'method: expected POST', 'method');
    let who: string | undefined;
    try {
      who = await authorize(request);
    } catch (error) {
      return fail(500, `authorize failed: ${(error as Error)?.message ?? String(error)}`);
    }
    if (typeof who !== 'string' || who.length === 0 || who.length > MAX_TENANT_LENGTH)
      return fail(401, 'unauthorized: no tenant for this request');
    const tenant = who;
    const type = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type))
      return fail(415, 'content-type: expected application/json', 'content-type');

    let sync: SyncRequest;
    try {
      const json = JSON.parse(await readBody(request, MAX_SYNC_BODY_BYTES)) as unknown;
      const ops = (json as { ops?: unknown } | null)?.ops;
      if (Array.isArray(ops) && ops.length > MAX_PUSH_OPS)
        return fail(413, `ops: expected at most ${MAX_PUSH_OPS} ops per request, received ${ops.length}`, 'ops');
      sync = parseSyncRequest(json);
    } catch (error) {
      if (error instanceof TooLarge) return fail(413, `body: expected at most ${MAX_SYNC_BODY_BYTES} bytes`, 'body');
      if (error instanceof ValidationError) return fail(400, error.message, error.field);
      return fail(400, `body: expected UTF-8 JSON (${(error as Error)?.message ?? String(error)})`, 'body');
    }

    try {
      const driver = await db();
      // A pull-only round (the common poll) takes no lock and writes nothing.
      const results =
        sync.ops.length === 0
          ? []
          : await driver.transaction(async (tx) => {
              const outcome = await applyPush(tx, tenant, sync.deviceId, sync.ops);
              if (mirror && outcome.applied.length) await materialize(tx, tenant, outcome.applied);
              return outcome.results;
            });
      const page = await pull(driver, tenant, sync.cursor, sync.limit ?? DEFAULT_PULL_LIMIT);
      // The pulled ops are JSON texts already: spliced in, never parsed and re-serialized.
      return reply(
        200,
        `{"v":1,"results":${JSON.stringify(results)},"ops":[${page.ops.join(',')}],` +
          `"cursor":"${page.cursor}","more":${page.more}}`,
      );
    } catch (error) {
      return fail(
        503,
        `the sync store failed, nothing was lost: retry (${(error as Error)?.message ?? String(error)})`,
      );
    }
  };

  return Object.assign(handle, {
    async close() {
      if (closed) return;
      closed = true;
      const driver = await opened?.catch(() => undefined);
      await driver?.close();
    },
  });
}
