/**
 * Opening the database a store's or a sync handler's options name, with the schema migrated,
 * shared per process: every store naming one connection string runs on one pool (and one
 * LISTEN connection), every store naming one PGlite directory on one PGlite instance, and the
 * schema is migrated once per pool or instance. Each opener holds a reference; the last to
 * close ends what was created here. An open that fails (the database is down) is forgotten, so
 * the next call tries again.
 * @module
 */
import type { SqlDriver } from './driver.js';
import { createPgPool, pgDriver, type PgPoolLike } from './driver-pg.js';
import { createPGlite, pgliteDriver, type PGliteLike } from './driver-pglite.js';
import { migrate } from './migrations.js';
import { lockDirectory } from './pglite-lock.js';

/** The connection part of the options (checked beforehand by `checkConnection`). */
export type ConnectionOptions =
  { connectionString: string; maxConnections?: number } | { pool: PgPoolLike } | { pglite: string | PGliteLike };

/** Connections of a pool created from a connection string, unless `maxConnections` says otherwise. */
export const DEFAULT_MAX_CONNECTIONS = 10;

/** One database source of this process and the openers that hold it. */
interface Source {
  refs: number;
  /** The driver, opened; forgotten when it failed. */
  opened: Promise<SqlDriver> | undefined;
  /** The driver, opened and migrated; forgotten when it failed. */
  ready: Promise<SqlDriver> | undefined;
  /** Ends what was created here (the pool, the PGlite and its lock), once no opener holds it. */
  end: (() => Promise<void>) | undefined;
}

/** Sources by key: `pg:` + connection string, `pglite:` + absolute directory, or the app's own object. */
const sources = new Map<unknown, Source>();
/** Sources being ended: a new opener of the same key waits for it (a PGlite directory reopened at once). */
const ending = new Map<unknown, Promise<void>>();

/** A PGlite `dataDir` that is a directory on disk (not `memory://`, `idb://`, `opfs-ahp://`). */
const isDirectory = (dir: string): boolean => !/^[a-z][a-z0-9+.-]*:\/\//i.test(dir);

async function keyOf(options: ConnectionOptions): Promise<unknown> {
  if ('pglite' in options && options.pglite !== undefined) {
    if (typeof options.pglite !== 'string') return options.pglite;
    // An in-memory (or browser) database is its store's own.
    if (!isDirectory(options.pglite)) return Symbol(options.pglite);
    const { resolve } = await import('node:path');
    return `pglite:${resolve(options.pglite)}`;
  }
  if ('pool' in options && options.pool !== undefined) return options.pool;
  return `pg:${(options as { connectionString: string }).connectionString}`;
}

/**
 * Open (or join) the source the options name, migrated; resolves a driver whose `close()`
 * releases this opener's hold (idempotent). Rejects, holding nothing, when it cannot open.
 */
export async function openMigrated(options: ConnectionOptions): Promise<SqlDriver> {
  const key = await keyOf(options);
  await ending.get(key)?.catch(() => undefined);
  let source = sources.get(key);
  if (!source) {
    source = { refs: 0, opened: undefined, ready: undefined, end: undefined };
    sources.set(key, source);
  }
  const s = source;
  s.refs++;
  let released = false;
  const release = async (): Promise<void> => {
    if (released) return;
    released = true;
    if (--s.refs > 0 || sources.get(key) !== s) return;
    sources.delete(key);
    const end = s.end;
    s.end = undefined;
    if (!end) return;
    const done = end().finally(() => ending.get(key) === done && ending.delete(key));
    ending.set(key, done);
    await done;
  };
  try {
    if (!s.ready) {
      const opening = openSource(options, s);
      s.ready = opening;
      opening.catch(() => s.ready === opening && (s.ready = undefined));
    }
    const driver = await s.ready;
    return { ...driver, close: release };
  } catch (error) {
    await release();
    throw error;
  }
}

/** Open the source (once; again after a failure), then migrate. */
async function openSource(options: ConnectionOptions, s: Source): Promise<SqlDriver> {
  if (!s.opened) {
    const opening = openDriver(options, s);
    s.opened = opening;
    opening.catch(() => s.opened === opening && (s.opened = undefined));
  }
  const driver = await s.opened;
  try {
    await migrate(driver);
  } catch (error) {
    // A pool stays (it reconnects by itself); a PGlite that cannot migrate is closed, reopened next time.
    if (driver.kind === 'pglite' && s.end) {
      const end = s.end;
      s.end = undefined;
      s.opened = undefined;
      await end().catch(() => undefined);
    }
    throw error;
  }
  return driver;
}

/** Open the driver; `s.end` ends what was created here. */
async function openDriver(options: ConnectionOptions, s: Source): Promise<SqlDriver> {
  if ('pglite' in options && options.pglite !== undefined) {
    const dir = options.pglite;
    if (typeof dir !== 'string') return pgliteDriver(dir, false);
    if (!isDirectory(dir)) return ended(s, pgliteDriver(await createPGlite(dir), true));
    // Refused here, before PGlite reads or writes anything, when another process has it open.
    const unlock = await lockDirectory(dir);
    let driver: SqlDriver;
    try {
      driver = pgliteDriver(await createPGlite(dir), true);
    } catch (error) {
      await unlock();
      throw error;
    }
    s.end = () => driver.close().finally(unlock);
    return driver;
  }
  if ('pool' in options && options.pool !== undefined) return pgDriver(options.pool, false);
  const { connectionString, maxConnections = DEFAULT_MAX_CONNECTIONS } = options as {
    connectionString: string;
    maxConnections?: number;
  };
  // The first opener's `maxConnections` sizes the pool the others share.
  return ended(s, pgDriver(await createPgPool(connectionString, maxConnections), true));
}

const ended = (s: Source, driver: SqlDriver): SqlDriver => {
  s.end = () => driver.close();
  return driver;
};
