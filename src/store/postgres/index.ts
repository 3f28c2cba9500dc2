/**
 * `recallkit/postgres`: the memory on PostgreSQL, on a server (node-postgres) or embedded
 * (PGlite). Install `pg` or `@electric-sql/pglite` (optional peer dependencies).
 * @module
 */
export { postgresStore } from './store.js';
export type { PostgresStoreOptions, PostgresConnectionOptions, PostgresPoolOptions, PostgresPGliteOptions } from './options.js';
export type { PgPoolLike, PgClientLike } from './driver-pg.js';
export type { PGliteLike } from './driver-pglite.js';
export { SCHEMA_VERSION } from './migrations.js';
