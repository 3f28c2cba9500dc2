/**
 * Built rank tables kept in the origin's Cache Storage (`caches`), so that a later start reads
 * one instead of inflating the rank file and hashing its tokens again: in a worker that just
 * started (whose code no browser caches compiled) those took most of a warm start. What is
 * kept, per encoding: the inflated file, the hash table and the token offsets (4.4 MB for
 * `o200k_base`), written in the next task after the table is built (a worker may be closed soon
 * after its start: a later write would often never happen).
 * A kept table is checked when read (sizes, a sample of tokens at their ranks) and dropped when
 * it does not fit. Anything the Cache Storage refuses (none here, private browsing, quota) only
 * means the table is built as before.
 * @module
 */
import { rankTableFromParts, rankTableParts, type RankTable, type RankTableParts } from './rank-table.js';
import type { TiktokenEncoding } from './types.js';

/** The Cache Storage cache RecallKit keeps its tables in. */
export const RANK_CACHE = 'recallkit-ranks';
/** How long after a table is built it is written (ms): the next task, once the build's caller has gone on. */
export const KEEP_DELAY_MS = 0;

const MAGIC = [0x52, 0x4b, 0x54, 0x31]; // "RKT1"
/** Magic, the file's length, the number of slots, the longest token: 4 bytes each. */
const PREFIX = 16;

interface Caches {
  open(name: string): Promise<{
    match(key: string): Promise<Response | undefined>;
    put(key: string, response: Response): Promise<void>;
    delete(key: string): Promise<boolean>;
    keys(): Promise<readonly { url: string }[]>;
  }>;
}

function storage(): Caches | undefined {
  return (globalThis as { caches?: Caches }).caches;
}

/** The key of `encoding`'s table: its rank file's URL (which changes with the file, where the bundler hashes names). */
function keyOf(fileUrl: URL, encoding: TiktokenEncoding): string | undefined {
  if (fileUrl.protocol !== 'http:' && fileUrl.protocol !== 'https:') return undefined;
  const key = new URL(fileUrl.href);
  key.searchParams.set('recallkit-table', encoding);
  return key.href;
}

/** The table of `encoding` kept by an earlier start, checked; `undefined` when there is none that fits. */
export async function readKeptTable(fileUrl: URL, encoding: TiktokenEncoding): Promise<RankTable | undefined> {
  const caches = storage();
  const key = keyOf(fileUrl, encoding);
  if (!caches || !key) return undefined;
  try {
    const cache = await caches.open(RANK_CACHE);
    const response = await cache.match(key);
    if (!response) return undefined;
    const table = keptTableOf(await response.arrayBuffer(), encoding);
    if (!table) await cache.delete(key);
    return table;
  } catch {
    return undefined;
  }
}

/**
 * Keep `table` for later starts, {@link KEEP_DELAY_MS} from now (replacing the tables kept for
 * `encoding` under another URL: an older version of the file). Failures are ignored.
 */
export function keepTableLater(fileUrl: URL, encoding: TiktokenEncoding, table: RankTable): void {
  const caches = storage();
  const key = keyOf(fileUrl, encoding);
  const parts = rankTableParts(table);
  if (!caches || !key || !parts) return;
  setTimeout(() => {
    void (async () => {
      const cache = await caches.open(RANK_CACHE);
      await cache.put(key, new Response(pack(parts)));
      for (const old of await cache.keys()) {
        if (old.url !== key && new URL(old.url).searchParams.get('recallkit-table') === encoding)
          await cache.delete(old.url);
      }
    })().catch(() => undefined);
  }, KEEP_DELAY_MS);
}

function pack(parts: RankTableParts): Blob {
  return new Blob(keptTableBytes(parts) as BlobPart[]);
}

/**
 * A built table's parts as the bytes {@link keptTableOf} reads, in order: a prefix (magic, the
 * file's length, the number of slots, the longest token), the inflated file, padding, the slots,
 * the offsets. Kept as they are here (Cache Storage) and by `rank-file-cache.ts` (a file, in Node).
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

/** The table in a kept entry's bytes, checked; `undefined` when they are not a table of `encoding`'s file. */
export function keptTableOf(buffer: ArrayBuffer, encoding: TiktokenEncoding): RankTable | undefined {
  try {
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
