/**
 * `recallkit/postgres`: the memory on PostgreSQL, on a server (node-postgres) or embedded
 * (PGlite). Install `pg` or `@electric-sql/pglite` (optional peer dependencies).
 * @module
 */
export { postgresStore } from './store.js';
export { createServerMemory } from './server-memory.js';
export type { ServerMemory, ServerMemoryOptions, UserMemory } from './server-memory.js';
export type {
  PostgresStoreOptions,
  PostgresConnectionOptions,
  PostgresPoolOptions,
  PostgresPGliteOptions,
} from './options.js';
export type { PgPoolLike, PgClientLike } from './driver-pg.js';
export type { PGliteLike } from './driver-pglite.js';
export { SCHEMA_VERSION } from './migrations.js';
export { migrateSchema } from './migrate-schema.js';
export { syncHandler } from '../../sync/server/sync-handler.js';
export type { SyncHandler } from '../../sync/server/sync-handler.js';
export type {
  SyncHandlerOptions,
  SyncAuthorize,
  SyncConnection,
  SyncErrorHook,
  SyncErrorContext,
} from '../../sync/server/sync-handler-options.js';
export { toNodeListener, SYNC_SERVER_TIMEOUTS } from '../../sync/server/node-listener.js';
export type { NodeListenerOptions } from '../../sync/server/node-listener.js';
export {
  parseSyncRequest,
  readSyncRequest,
  MAX_PUSH_OPS,
  MAX_SYNC_BODY_BYTES,
  MAX_OP_IDS,
  MAX_REQUEST_IDS,
} from '../../sync/protocol.js';
export type {
  SyncOp,
  ServerOp,
  SyncRequest,
  SyncResponse,
  SyncOpResult,
  SyncErrorBody,
  ReadRequest,
  RefusedOp,
} from '../../sync/protocol.js';
