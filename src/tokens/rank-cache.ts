/**
 * Built rank tables kept in the origin's IndexedDB (database {@link RANK_DB}), so that a later
 * start reads one instead of inflating the rank file and hashing its tokens again: in a worker
 * that just started (whose code no browser caches compiled) those took most of a warm start.
 * What is kept, per encoding: the table in its compact form (`compact-table.ts`: the inflated
 * file, the hash table's filled slots; 2.3 MB for `o200k_base`, where the table as it is in memory
 * is 4.5 MB), as one Blob, written in the next task after the table is built (a worker may be
 * closed soon after its start: a later write would often never happen); `close()` of the memory
 * waits for a write still running ({@link tablesKept}). A table kept whole by an earlier version
 * is still read.
 * A kept table is checked when read (sizes, a sample of tokens at their ranks) and dropped when
 * it does not fit. Anything the browser refuses (no IndexedDB, private browsing, quota) only
 * means the table is built as before.
 *
 * Earlier versions kept the tables in Cache Storage. Reading 4.4 MB back from there took Firefox
 * 50–150 ms from the first call to the last byte, the longest step of its warm start (an
 * IndexedDB Blob: about 20–35 ms); a table kept there is removed when one is kept here.
 * @module
 */
import { rankTableFromParts, rankTableParts, type RankTable, type RankTableParts } from './rank-table.js';
import { compactTableBytes, compactTableParts, compactTableSteps, isCompactTable } from './compact-table.js';
import type { TiktokenEncoding } from './types.js';

/** The IndexedDB database RecallKit keeps its tables in: one object store, keyed by the table's key. */
export const RANK_DB = 'recallkit-ranks';
/** The object store of {@link RANK_DB}. */
export const RANK_STORE = 'tables';
/** Where earlier versions kept the tables (a Cache Storage cache): removed when a table is kept. */
const OLD_CACHE = 'recallkit-ranks';
/** How long after a table is built it is written (ms): the next task, once the build's caller has gone on. */
export const KEEP_DELAY_MS = 0;
/** How long `close()` waits at most for a table being written (ms): a hang detector, the write is only a saving. */
const KEEP_WAIT_MS = 5_000;

const MAGIC = [0x52, 0x4b, 0x54, 0x31]; // "RKT1"
/** Magic, the file's length, the number of slots, the longest token: 4 bytes each. */
const PREFIX = 16;

/** The key of `encoding`'s table: its rank file's URL (which changes with the file, where the bundler hashes names). */
function keyOf(fileUrl: URL, encoding: TiktokenEncoding): string | undefined {
  if (fileUrl.protocol !== 'http:' && fileUrl.protocol !== 'https:') return undefined;
  const key = new URL(fileUrl.href);
  key.searchParams.set('recallkit-table', encoding);
  return key.href;
}

/** {@link RANK_DB}, opened (created at its first use); `undefined` where there is no IndexedDB. */
function openTables(): Promise<IDBDatabase> | undefined {
  const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) return undefined;
  return new Promise((resolve, reject) => {
    const request = factory.open(RANK_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(RANK_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`could not open ${RANK_DB}`));
  });
}

/** The answer of `request`. */
function answer<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The table of `encoding` kept by an earlier start, checked; `undefined` when there is none that fits. */
export async function readKeptTable(fileUrl: URL, encoding: TiktokenEncoding): Promise<RankTable | undefined> {
  const key = keyOf(fileUrl, encoding);
  const opening = key === undefined ? undefined : openTables();
  if (!key || !opening) return undefined;
  try {
    const db = await opening;
    try {
      const kept: unknown = await answer(db.transaction(RANK_STORE).objectStore(RANK_STORE).get(key));
      if (!(kept instanceof Blob)) return undefined;
      const table = await keptTableInSteps(await kept.arrayBuffer(), encoding);
      if (!table) await answer(db.transaction(RANK_STORE, 'readwrite').objectStore(RANK_STORE).delete(key));
      return table;
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

/** {@link keptTableOf}, a compact table put back in steps with a task between them. */
async function keptTableInSteps(buffer: ArrayBuffer, encoding: TiktokenEncoding): Promise<RankTable | undefined> {
  const bytes = new Uint8Array(buffer);
  if (!isCompactTable(bytes)) return keptTableOf(buffer, encoding);
  try {
    const { steps, parts } = compactTableSteps(bytes, encoding);
    for (const step of steps) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      step();
    }
    return rankTableFromParts(parts(), encoding);
  } catch {
    return undefined;
  }
}

/** Writes of {@link keepTableLater} not yet done. */
const keeping = new Set<Promise<void>>();

/**
 * Keep `table` for later starts, {@link KEEP_DELAY_MS} from now (replacing the tables kept for
 * `encoding` under another URL: an older version of the file). Failures are ignored.
 */
export function keepTableLater(fileUrl: URL, encoding: TiktokenEncoding, table: RankTable): void {
  const key = keyOf(fileUrl, encoding);
  const parts = rankTableParts(table);
  if (!key || !parts || !(globalThis as { indexedDB?: unknown }).indexedDB) return;
  const written = new Promise<void>((resolve) => setTimeout(resolve, KEEP_DELAY_MS))
    .then(() => {
      const bytes = compactTableBytes(parts);
      return bytes && keep(key, encoding, new Blob(bytes as BlobPart[]));
    })
    .catch(() => undefined);
  keeping.add(written);
  void written.then(() => keeping.delete(written));
}

async function keep(key: string, encoding: TiktokenEncoding, blob: Blob): Promise<void> {
  const db = await openTables()!;
  try {
    const tx = db.transaction(RANK_STORE, 'readwrite');
    const tables = tx.objectStore(RANK_STORE);
    tables.put(blob, key);
    // Tables of the encoding kept under another URL: an older version of the file.
    const keys = tables.getAllKeys();
    keys.onsuccess = () => {
      for (const old of keys.result) {
        if (typeof old === 'string' && old !== key && new URL(old).searchParams.get('recallkit-table') === encoding)
          tables.delete(old);
      }
    };
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('not kept'));
    });
  } finally {
    db.close();
  }
  const caches = (globalThis as { caches?: { delete(name: string): Promise<boolean> } }).caches;
  await caches?.delete(OLD_CACHE).catch(() => false);
}

/**
 * Resolves once the tables being kept are written (or after {@link KEEP_WAIT_MS}): a worker
 * closed right after its first start (a test, a page closed at once) would otherwise end the
 * write, and the next start would build the table again.
 */
export async function tablesKept(): Promise<void> {
  if (!keeping.size) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(keeping),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, KEEP_WAIT_MS))),
  ]);
  clearTimeout(timer);
}

/**
 * A built table's parts as the bytes {@link keptTableOf} reads, in order: a prefix (magic, the
 * file's length, the number of slots, the longest token), the inflated file, padding, the slots,
 * the offsets: the table as it is in memory, read in place. Kept so by `rank-file-cache.ts` (a file,
 * in Node, where reading 4.5 MB costs less than putting the slots back); earlier versions kept it
 * so here too.
 */
export function keptTableBytes(parts: RankTableParts): Uint8Array[] {
  const prefix = new Uint8Array(PREFIX);
  prefix.set(MAGIC);
  const view = new DataView(prefix.buffer);
  view.setUint32(4, parts.file.length, true);
  view.setUint32(8, parts.slots.length, true);
  view.setUint32(12, parts.longest, true);
  // The arrays after the file start on a multiple of 4 bytes, so they can be read in place.
  const padding = new Uint8Array((4 - (parts.file.length % 4)) % 4);
  const bytes = (a: Int32Array | Uint32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  return [prefix, parts.file, padding, bytes(parts.slots), bytes(parts.offsets)];
}

/**
 * The table in a kept entry's bytes (the table as it is in memory, or its compact form), checked;
 * `undefined` when they are not a table of `encoding`'s file.
 */
export function keptTableOf(buffer: ArrayBuffer, encoding: TiktokenEncoding): RankTable | undefined {
  try {
    const bytes = new Uint8Array(buffer);
    if (isCompactTable(bytes)) return rankTableFromParts(compactTableParts(bytes, encoding), encoding);
    return unpack(buffer, encoding);
  } catch {
    return undefined;
  }
}

function unpack(buffer: ArrayBuffer, encoding: TiktokenEncoding): RankTable {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < PREFIX || MAGIC.some((b, i) => bytes[i] !== b)) throw new Error('not a kept rank table');
  const view = new DataView(buffer);
  const fileLength = view.getUint32(4, true);
  const slotCount = view.getUint32(8, true);
  const longest = view.getUint32(12, true);
  const slotsAt = PREFIX + fileLength + ((4 - (fileLength % 4)) % 4);
  const offsetsAt = slotsAt + slotCount * 4;
  if (offsetsAt > buffer.byteLength || (buffer.byteLength - offsetsAt) % 4 !== 0) throw new Error('cut short');
  return rankTableFromParts(
    {
      file: bytes.subarray(PREFIX, PREFIX + fileLength),
      slots: new Int32Array(buffer, slotsAt, slotCount),
      offsets: new Uint32Array(buffer, offsetsAt, (buffer.byteLength - offsetsAt) / 4),
      longest,
    },
    encoding,
  );
}
