/**
 * Opening the database a store's or a sync handler's options name, with the schema migrated.
 * @module
 */
import type { SqlDriver } from './driver.js';
import { createPgPool, pgDriver, type PgPoolLike } from './driver-pg.js';
import { createPGlite, pgliteDriver, type PGliteLike } from './driver-pglite.js';
import { migrate } from './migrations.js';

/** The connection part of the options (checked beforehand by `checkConnection`). */
export type ConnectionOptions =
  { connectionString: string; maxConnections?: number } | { pool: PgPoolLike } | { pglite: string | PGliteLike };

/**
 * Open the driver the options name, then migrate the schema forward. A pool or PGlite created
 * here is owned (closed by the driver's `close()`), and closed again when the migration fails.
 */
export async function openMigrated(options: ConnectionOptions): Promise<SqlDriver> {
  const driver = await openDriver(options);
  try {
    await migrate(driver);
  } catch (error) {
    await driver.close().catch(() => undefined);
    throw error;
  }
  return driver;
}

async function openDriver(options: ConnectionOptions): Promise<SqlDriver> {
  if ('pglite' in options && options.pglite !== undefined) {
    return typeof options.pglite === 'string'
      ? pgliteDriver(await createPGlite(options.pglite), true)
      : pgliteDriver(options.pglite, false);
  }
  if ('pool' in options && options.pool !== undefined) return pgDriver(options.pool, false);
  const { connectionString, maxConnections = 10 } = options as { connectionString: string; maxConnections?: number };
  return pgDriver(await createPgPool(connectionString, maxConnections), true);
}
