/**
 * A PGlite data directory is single-process (two instances on one directory corrupt it, and
 * PGlite has no lock of its own): the process that opens one leaves a lock file in it naming
 * its pid, when it started and a random token. Another opener finding a live holder there is
 * refused before anything is read or written; a lock whose holder is dead (a crash, a SIGKILL)
 * is taken over. A lock is removed only by its holder (the token says whose it is), so no
 * opener can delete a lock it does not own. In one process, the stores naming one directory
 * share one instance (see `open-driver.ts`): this process never opens a directory twice.
 * @module
 */
import { StoreError } from '../../errors.js';

/** The lock file's name, inside the data directory. */
export const LOCK_FILE = '.recallkit.lock';

/** When this process started (ms since the epoch): with the pid, it tells this process from an earlier one. */
const STARTED = performance.timeOrigin;

/** What a lock file says. */
export interface LockRecord {
  pid: number;
  /** The holder's start time (`performance.timeOrigin`); absent in an older RecallKit's lock (a bare pid). */
  started?: number;
  /** Random, per lock: removing a lock needs it. */
  token?: string;
}

/** A lock as read: what it says, its text and when it was last written. */
interface HeldLock {
  record: LockRecord | undefined;
  text: string;
  mtimeMs: number;
}

type Fs = typeof import('node:fs/promises');

/** Read a lock's pid, start and token: the JSON form, or a bare pid (an older RecallKit's lock). */
export function parseLock(text: string): LockRecord | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed) as Partial<LockRecord> | null;
    if (typeof value !== 'object' || value === null || !Number.isInteger(value.pid) || (value.pid as number) <= 0)
      return undefined;
    const record: LockRecord = { pid: value.pid as number };
    if (typeof value.started === 'number') record.started = value.started;
    if (typeof value.token === 'string') record.token = value.token;
    return record;
  } catch {
    return undefined;
  }
}

/**
 * Whether the holder of `held` may still be running. This process's own pid counts as alive
 * when the lock was written in this process's life (same start time, or for an older lock
 * without one, written after this process started): a lock of an earlier process that had
 * the same pid (a container restarted, pid 1 again) is dead.
 */
function holderAlive(held: HeldLock): boolean {
  const { record } = held;
  if (!record) return false;
  if (record.pid === process.pid) {
    if (record.started !== undefined) return record.started === STARTED;
    return held.mtimeMs >= STARTED - 1000;
  }
  try {
    process.kill(record.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

/**
 * Take the lock of the directory `dir` (its real path, existing); resolves the function that
 * releases it (removes the lock file only while it is still this lock). A `StoreError`
 * (not retryable) when a live process holds it.
 */
export async function lockDirectory(dir: string, shown = dir): Promise<() => Promise<void>> {
  const fs = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { randomBytes } = await import('node:crypto');
  const file = join(dir, LOCK_FILE);
  const token = randomBytes(12).toString('hex');
  const text = `${JSON.stringify({ pid: process.pid, started: STARTED, token })}\n`;
  for (let attempt = 0; ; attempt++) {
    if (await create(fs, file, text, token)) break;
    if (attempt >= 20)
      throw new StoreError(`postgresStore: cannot take the lock ${JSON.stringify(file)}: it keeps changing`, {
        retryable: true,
      });
    const held = await read(fs, file);
    if (!held) continue; // Removed meanwhile: try again.
    if (!held.record && Date.now() - held.mtimeMs < 2000) {
      // An older RecallKit is writing its pid right now: read again shortly.
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    if (holderAlive(held)) throw lockedError(shown, dir, file, held.record!.pid);
    await takeOver(fs, file, held.text, token);
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    // Only this lock is removed: never one another process holds (it would lose its protection).
    const now = await read(fs, file);
    if (now?.record?.token === token) await fs.rm(file, { force: true });
  };
}

/** The refusal: who holds the directory, and what to do. */
function lockedError(shown: string, dir: string, file: string, pid: number): StoreError {
  const where = shown === dir ? JSON.stringify(dir) : `${JSON.stringify(shown)} (${dir})`;
  const who =
    pid === process.pid
      ? `is already open in this process (pid ${pid}) by another copy of RecallKit`
      : `is open in another process (pid ${pid})`;
  return new StoreError(
    `postgresStore: the PGlite directory ${where} ${who}; PGlite is single-process: open it in one process ` +
      `only (one server), or use PostgreSQL (if process ${pid} is not using it, delete ${JSON.stringify(file)})`,
    { retryable: false },
  );
}

/**
 * Create the lock file with `text`, atomically: written aside, then linked in place (a link
 * fails when the file exists, and the lock never appears half-written). Where links are not
 * supported, an exclusive create. Resolves false when a lock is there already.
 */
async function create(fs: Fs, file: string, text: string, token: string): Promise<boolean> {
  const aside = `${file}.${token}.new`;
  await fs.writeFile(aside, text);
  try {
    await fs.link(aside, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error;
    try {
      await fs.writeFile(file, text, { flag: 'wx' });
      return true;
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw again;
    }
  } finally {
    await fs.rm(aside, { force: true });
  }
}

/** The lock as it is now; undefined when there is none. */
async function read(fs: Fs, file: string): Promise<HeldLock | undefined> {
  try {
    const [text, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
    return { record: parseLock(text), text, mtimeMs: stat.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Remove the dead holder's lock whose text is `stale`. It is first moved aside (one opener
 * wins the move), then checked: a lock that is not the stale one (another opener took over
 * between the read and the move) is put back.
 */
async function takeOver(fs: Fs, file: string, stale: string, token: string): Promise<void> {
  const aside = `${file}.${token}.stale`;
  try {
    await fs.rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    const moved = await fs.readFile(aside, 'utf8');
    if (moved !== stale) await fs.link(aside, file).catch(() => undefined);
  } finally {
    await fs.rm(aside, { force: true });
  }
}
