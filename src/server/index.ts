/**
 * `recallkit/postgres`: the memory on a server. `createServerMemory` (one set-up, a handle per
 * user), the PostgreSQL store it composes (`postgresStore`, on node-postgres or embedded PGlite)
 * and the sync handler for one user's devices. Install `pg` or `@electric-sql/pglite`
 * (optional peer dependencies). The error classes are exported here too (the same classes as
 * `recallkit`'s), so a server that imports only this entry loads no browser code.
 * @module
 */
export { createServerMemory } from './server-memory.js';
export type { ServerMemory, ServerMemoryOptions } from './server-memory.js';
export type { UserMemory } from './user-memory.js';
export {
  RecallKitError,
  ValidationError,
  StoreError,
  ConflictError,
  ClosedError,
  SummarizerError,
  QuotaExceededError,
  ImportConflictError,
} from '../errors.js';
export type { StoreErrorOptions } from '../errors.js';
export { postgresStore, SCHEMA_VERSION, migrateSchema, DEFAULT_TIMEOUTS } from '../store/postgres/index.js';
export type {
  PostgresStoreOptions,
  PostgresConnectionOptions,
  PostgresPoolOptions,
  PostgresPGliteOptions,
  PgPoolLike,
  PgClientLike,
  PGliteLike,
  DatabaseTimeouts,
} from '../store/postgres/index.js';
export { syncHandler } from '../sync/server/sync-handler.js';
export type { SyncHandler } from '../sync/server/sync-handler.js';
export type {
  SyncHandlerOptions,
  SyncAuthorize,
  SyncConnection,
  SyncErrorHook,
  SyncErrorContext,
} from '../sync/server/sync-handler-options.js';
export { toNodeListener, SYNC_SERVER_TIMEOUTS } from '../sync/server/node-listener.js';
export type { NodeListenerOptions } from '../sync/server/node-listener.js';
export {
  parseSyncRequest,
  readSyncRequest,
  MAX_PUSH_OPS,
  MAX_SYNC_BODY_BYTES,
  MAX_OP_IDS,
  MAX_REQUEST_IDS,
} from '../sync/protocol.js';
export type {
  SyncOp,
  ServerOp,
  SyncRequest,
  SyncResponse,
  SyncOpResult,
  SyncErrorBody,
  ReadRequest,
  RefusedOp,
} from '../sync/protocol.js';
