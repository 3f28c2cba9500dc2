/**
 * The PostgreSQL store alone: `postgresStore` on a server (node-postgres) or embedded (PGlite),
 * its options and schema. `recallkit/postgres` (`src/server/index.ts`) re-exports it beside the
 * server API and the sync handler, which are composed above the store.
 * @module
 */
export { postgresStore } from './store.js';
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
export { DEFAULT_TIMEOUTS } from './timeouts.js';
export type { DatabaseTimeouts } from './timeouts.js';
