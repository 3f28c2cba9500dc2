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
export { syncHandler } from './sync-handler.js';
export type { SyncHandler } from './sync-handler.js';
export type { SyncHandlerOptions, SyncAuthorize, SyncConnection } from './sync-handler-options.js';
export { toNodeListener } from './node-listener.js';
export { parseSyncRequest } from '../../sync/protocol.js';
export type { SyncOp, ServerOp, SyncRequest, SyncResponse, SyncOpResult, SyncErrorBody } from '../../sync/protocol.js';
