/**
 * A PGlite data directory is single-process (two instances on one directory corrupt it, and
 * PGlite has no lock of its own): the process that opens one leaves its pid in a lock file in
 * the directory, and another process finding a live pid there is refused before anything is
 * read or written. A lock whose pid is dead (a crash, a SIGKILL) is taken over.
 * @module
 */
import { StoreError } from '../../errors.js';

/** The lock file's name, inside the data directory. */
export const LOCK_FILE = '.recallkit.lock';

/** Is the process `pid` alive? (EPERM: alive, another user's.) */
function alive(pid: number): boolean {
  if (pid === process.pid) return false; // This process holds no lock it does not know of: a previous life's.
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Take the lock of `dir` (created when missing); resolves the function that releases it.
 * A `StoreError` when a live process holds it.
 */
export async function lockDirectory(dir: string): Promise<() => Promise<void>> {
  const fs = await import('node:fs/promises');
  const { join } = await import('node:path');
  await fs.mkdir(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 20) throw error;
    }
    const pid = Number.parseInt(await fs.readFile(file, 'utf8').catch(() => ''), 10);
    const fresh = Date.now() - ((await fs.stat(file).catch(() => undefined))?.mtimeMs ?? 0) < 2000;
    if (!(pid > 0) && fresh) {
      // Another process is writing its pid right now: read again shortly.
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    if (Number.isInteger(pid) && pid > 0 && alive(pid))
      throw new StoreError(
        `postgresStore: the PGlite directory ${JSON.stringify(dir)} is open in another process (pid ${pid}); ` +
          'PGlite is single-process: open it in one process only (one server), or use PostgreSQL ' +
          `(if process ${pid} is not using it, delete ${JSON.stringify(file)})`,
      );
    // A dead process's lock (or a half-written one): taken over.
    await fs.rm(file, { force: true });
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    // Only our own lock is removed (never one another process took over meanwhile).
    const text = await fs.readFile(file, 'utf8').catch(() => '');
    if (Number.parseInt(text, 10) === process.pid) await fs.rm(file, { force: true });
  };
}
