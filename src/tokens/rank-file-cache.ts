/**
 * Built rank tables kept as files for the next process, in Node: what `rank-cache.ts` does with
 * IndexedDB in a browser. A server that starts reads the kept table (4.5 MB for
 * `o200k_base`, read in place) instead of inflating the rank file and hashing its 200,000 tokens,
 * which took about 30 ms of CPU in a process that just started, the largest part of a cold
 * start's first turn. (Python's tiktoken keeps its files in the temp directory the same way.)
 *
 * Where: `<os.tmpdir()>/recallkit-ranks-<uid>/`, a directory only this user can write (made with
 * mode 0700; one owned by someone else, or writable by others, is never read). Which: one file
 * per encoding, named by the rank file's gzip CRC-32 and length, so another rank file never
 * reads an old table; a kept table is checked when read (`keptTableOf`: sizes, an empty slot, a
 * sample of tokens at their ranks). A table is written once after a build, under a temporary
 * name then renamed, so processes starting together never read half a file. Anything that fails
 * (a read-only disk, no temp directory) only means the table is built as before.
 * @module
 */
import { keptTableBytes, keptTableOf } from './rank-cache.js';
import { rankTableParts, type RankTable } from './rank-table.js';
import type { TiktokenEncoding } from './types.js';

/** Built at run time so no bundler constant-folds it into a static `node:` import. */
const nodeModule = (name: string): string => ['node', name].join(':');

type Fs = typeof import('node:fs/promises');
type Os = typeof import('node:os');
type Path = typeof import('node:path');

async function nodeModules(): Promise<{ fs: Fs; os: Os; path: Path }> {
  const [fs, os, path] = await Promise.all([
    import(/* @vite-ignore */ /* webpackIgnore: true */ nodeModule('fs/promises')) as Promise<Fs>,
    import(/* @vite-ignore */ /* webpackIgnore: true */ nodeModule('os')) as Promise<Os>,
    import(/* @vite-ignore */ /* webpackIgnore: true */ nodeModule('path')) as Promise<Path>,
  ]);
  return { fs, os, path };
}

/** The directory tables are kept in: `<os.tmpdir()>/recallkit-ranks-<uid>`. */
export async function keptTablesDir(): Promise<string> {
  const { os, path } = await nodeModules();
  const uid = typeof process.getuid === 'function' ? String(process.getuid()) : 'user';
  return path.join(os.tmpdir(), `recallkit-ranks-${uid}`);
}

/**
 * The kept table's file name for a gzip-compressed rank file: the encoding, then the CRC-32 and
 * length of the inflated bytes, which gzip's last 8 bytes hold. `undefined` for a file too short.
 */
export function keptTableName(rankFile: Uint8Array, encoding: TiktokenEncoding): string | undefined {
  if (rankFile.length < 18) return undefined;
  const view = new DataView(rankFile.buffer, rankFile.byteOffset + rankFile.length - 8, 8);
  const crc = view.getUint32(0, true).toString(16).padStart(8, '0');
  return `${encoding}-${crc}-${view.getUint32(4, true)}.table`;
}

/** Whether `dir` is a directory of this user's that no one else can write into. */
async function ownDirectory(fs: Fs, dir: string): Promise<boolean> {
  const stat = await fs.stat(dir);
  if (!stat.isDirectory()) return false;
  if (typeof process.getuid !== 'function') return true; // Windows: the temp directory is the user's own
  return stat.uid === process.getuid() && (stat.mode & 0o022) === 0;
}

/**
 * The table of the gzip-compressed `rankFile` kept in `dir` by an earlier process, checked;
 * `undefined` when there is none that fits (or `dir` is not this user's alone).
 */
export async function readKeptFile(
  dir: string,
  rankFile: Uint8Array,
  encoding: TiktokenEncoding,
): Promise<RankTable | undefined> {
  const name = keptTableName(rankFile, encoding);
  if (!name) return undefined;
  try {
    const { fs, path } = await nodeModules();
    if (!(await ownDirectory(fs, dir))) return undefined;
    const bytes = await fs.readFile(path.join(dir, name));
    // Read in place when the bytes start their buffer (the typed arrays need it aligned).
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return keptTableOf(whole ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer, encoding);
  } catch {
    return undefined;
  }
}

/**
 * Keep `table`, built from the gzip-compressed `rankFile`, in `dir` for later processes, in the
 * next task (the build's caller goes on first); the kept tables of `encoding` for other rank
 * files are deleted. Resolves when it is done; it never rejects (a failure keeps nothing).
 */
export function keepFileLater(
  dir: string,
  rankFile: Uint8Array,
  encoding: TiktokenEncoding,
  table: RankTable,
): Promise<void> {
  const name = keptTableName(rankFile, encoding);
  const parts = rankTableParts(table);
  if (!name || !parts) return Promise.resolve();
  return new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(async () => {
      const { fs, path } = await nodeModules();
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      if (!(await ownDirectory(fs, dir))) return;
      const temporary = path.join(dir, `${name}.${process.pid}.${Date.now()}.tmp`);
      try {
        await fs.writeFile(temporary, keptTableBytes(parts), { mode: 0o600 });
        await fs.rename(temporary, path.join(dir, name));
      } finally {
        await fs.rm(temporary, { force: true });
      }
      for (const old of await fs.readdir(dir)) {
        if (old !== name && old.startsWith(`${encoding}-`) && old.endsWith('.table'))
          await fs.rm(path.join(dir, old), { force: true });
      }
    })
    .catch(() => undefined);
}
