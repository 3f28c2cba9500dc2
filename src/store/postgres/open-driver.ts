/**
 * Opening the database a store's or a sync handler's options name, with the schema migrated,
 * shared per process: every store naming one connection string runs on one pool (and one
 * LISTEN connection), every store naming one PGlite directory on one PGlite instance (whatever
 * the path: through a symlink, relative or absolute, a bind mount: the directory is known by
 * its device and inode), and the schema is migrated once per pool or instance. Each opener
 * holds a reference; the last to close ends what was created here. An open that fails (the
 * database is down) is forgotten, so the next call tries again.
 * @module
 */
import { RecallKitError, StoreError } from '../../errors.js';
import type { SqlDriver } from './driver.js';
import { createPgPool } from './create-pg-pool.js';
import { pgDriver, type PgPoolLike } from './driver-pg.js';
import { createPGlite, pgliteDriver, type PGliteLike } from './driver-pglite.js';
import { errorText } from './error-text.js';
import { migrate } from './migrations.js';
import { warmCatalog } from './warm-catalog.js';
import { lockDirectory } from './pglite-lock.js';
import { resolveTimeouts, type DatabaseTimeouts } from './timeouts.js';

/** The connection part of the options (checked beforehand by `checkConnection`), with its timeouts. */
export type ConnectionOptions = DatabaseTimeouts &
  ({ connectionString: string; maxConnections?: number } | { pool: PgPoolLike } | { pglite: string | PGliteLike });

/** Whether `options` open PGlite in this process (its own work, a WASM start) rather than reach a server. */
export function isPGlite(options: ConnectionOptions): options is ConnectionOptions & { pglite: string | PGliteLike } {
  return 'pglite' in options && options.pglite !== undefined;
}

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

/**
 * Sources by key: `pg:` + connection string, `pglite:` + the directory's identity on disk
 * (device and inode), or the app's own object.
 */
const sources = new Map<unknown, Source>();
/** Sources being ended: a new opener of the same key waits for it (a PGlite directory reopened at once). */
const ending = new Map<unknown, Promise<void>>();

/** A PGlite `dataDir` that is a directory on disk (not `memory://`, `idb://`, `opfs-ahp://`). */
const isDirectory = (dir: string): boolean => !/^[a-z][a-z0-9+.-]*:\/\//i.test(dir);

/** A PGlite directory on disk: the path given, its real path, and its identity. */
export interface DirectoryIdentity {
  /** The real path: symlinks, `.`, `..` and trailing slashes resolved. */
  real: string;
  /**
   * The key of the directory itself: its device and inode, so every path to it (a symlink, a
   * relative path, a bind mount, another case on a case-insensitive disk) finds one instance.
   */
  key: string;
}

/**
 * Create the directory `dir` when missing, then resolve what it is on disk. A `StoreError`
 * (not retryable) when it cannot be created or is not a directory.
 */
export async function directoryIdentity(dir: string): Promise<DirectoryIdentity> {
  const fs = await import('node:fs/promises');
  try {
    await fs.mkdir(dir, { recursive: true });
    const real = await fs.realpath(dir);
    const stat = await fs.stat(real, { bigint: true });
    if (!stat.isDirectory()) throw new Error('not a directory');
    // An inode of 0 (a file system without them) leaves the real path as the key.
    const key = stat.ino > 0n ? `pglite:${stat.dev}:${stat.ino}` : `pglite:${real}`;
    return { real, key };
  } catch (error) {
    throw new StoreError(
      `postgresStore: cannot use ${JSON.stringify(dir)} as a PGlite data directory: ${errorText(error)}`,
      { cause: error, retryable: false },
    );
  }
}

/** The source's key, and the directory's real path for a PGlite directory. */
async function keyOf(options: ConnectionOptions): Promise<{ key: unknown; real?: string }> {
  if (isPGlite(options)) {
    if (typeof options.pglite !== 'string') return { key: options.pglite };
    // An in-memory (or browser) database is its store's own.
    if (!isDirectory(options.pglite)) return { key: Symbol(options.pglite) };
    const { key, real } = await directoryIdentity(options.pglite);
    return { key, real };
  }
  if ('pool' in options && options.pool !== undefined) return { key: options.pool };
  return { key: `pg:${(options as { connectionString: string }).connectionString}` };
}

/**
 * Open (or join) the source the options name, migrated; resolves a driver whose `close()`
 * releases this opener's hold (idempotent). Rejects, holding nothing, when it cannot open.
 * `opened`: called with the driver once it opened, before the migration runs, when this
 * opener is the one that opens the source (what it starts runs beside the migration).
 */
export async function openMigrated(
  options: ConnectionOptions,
  opened?: (driver: SqlDriver) => void,
): Promise<SqlDriver> {
  const { key, real } = await keyOf(options);
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
      const opening = openSource(options, s, real, opened);
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
async function openSource(
  options: ConnectionOptions,
  s: Source,
  real: string | undefined,
  opened: ((driver: SqlDriver) => void) | undefined,
): Promise<SqlDriver> {
  if (!s.opened) {
    const opening = openDriver(options, s, real);
    s.opened = opening;
    opening.catch(() => s.opened === opening && (s.opened = undefined));
  }
  const driver = await s.opened;
  opened?.(driver);
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
  // Only a time saving: a statement that fails here fails again, and is reported, in the call.
  await warmCatalog(driver).catch(() => undefined);
  return driver;
}

/** Open the driver; `s.end` ends what was created here. `real`: a PGlite directory's real path. */
async function openDriver(options: ConnectionOptions, s: Source, real: string | undefined): Promise<SqlDriver> {
  const timeouts = resolveTimeouts(options);
  if (isPGlite(options)) {
    const dir = options.pglite;
    if (typeof dir !== 'string') return pgliteDriver(dir, false);
    if (real === undefined) return ended(s, pgliteDriver(await createPGlite(dir), true));
    // Refused here, before PGlite reads or writes anything, when another process has it open.
    const unlock = await lockDirectory(real, dir);
    let driver: SqlDriver;
    try {
      driver = pgliteDriver(await createPGlite(real), true);
    } catch (error) {
      await unlock();
      // A missing package (MissingPackageError) or the store's own refusal is said as it is.
      if (error instanceof RecallKitError) throw error;
      throw new StoreError(
        `postgresStore: cannot open the PGlite directory ${JSON.stringify(real)}: ${errorText(error)}`,
        { cause: error, retryable: false },
      );
    }
    s.end = () => driver.close().finally(unlock);
    return driver;
  }
  if ('pool' in options && options.pool !== undefined) return pgDriver(options.pool, false, timeouts);
  const { connectionString, maxConnections = DEFAULT_MAX_CONNECTIONS } = options as {
    connectionString: string;
    maxConnections?: number;
  };
  // The first opener's `maxConnections` and timeouts size the pool the others share.
  return ended(s, pgDriver(await createPgPool(connectionString, maxConnections, timeouts), true, timeouts));
}

const ended = (s: Source, driver: SqlDriver): SqlDriver => {
  s.end = () => driver.close();
  return driver;
};
