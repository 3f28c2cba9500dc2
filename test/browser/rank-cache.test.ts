/**
 * The rank tables a start keeps in IndexedDB for the next one (`src/tokens/rank-cache.ts`),
 * on every engine: kept after a load, read back as the same table, refused when what is kept
 * does not fit, and the tables earlier versions kept in Cache Storage removed.
 */
import { describe, expect, it } from 'vitest';
import { keptTableOf, RANK_DB, RANK_STORE, readKeptTable, tablesKept } from '../../src/tokens/rank-cache.js';
import { loadRankTable, rankFileUrl } from '../../src/tokens/rank-source.js';

const encoding = 'cl100k_base';
const hasCaches = typeof (globalThis as { caches?: unknown }).caches !== 'undefined';

/** The kept entry of `encoding` as bytes, read straight from the database. */
async function keptBytes(): Promise<Uint8Array> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(RANK_DB);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const read = <T>(request: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const tables = db.transaction(RANK_STORE).objectStore(RANK_STORE);
  const key = (await read(tables.getAllKeys())).find(
    (k) => new URL(String(k)).searchParams.get('recallkit-table') === encoding,
  )!;
  const blob = (await read(db.transaction(RANK_STORE).objectStore(RANK_STORE).get(key))) as Blob;
  db.close();
  return new Uint8Array(await blob.arrayBuffer());
}

/** The kept table of `encoding`, waited for (it is written in a task after the load): a hang detector, not a measure. */
async function keptTable() {
  for (let i = 0; i < 200; i++) {
    const table = await readKeptTable(rankFileUrl(encoding), encoding);
    if (table) return table;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

describe('kept rank tables', () => {
  it('keeps a loaded table for the next start, which reads back the same ranks', async () => {
    const built = await loadRankTable(encoding);
    const kept = await keptTable();
    expect(kept).toBeDefined();
    expect(kept!.header).toEqual(built.header);
    expect(kept!.longest).toBe(built.longest);
    for (let rank = 0; rank < built.header.tokens; rank += 7) {
      const token = built.token(rank);
      if (kept!.rank(token, 0, token.length) !== rank) expect.fail(`token ${rank} is not found at its rank`);
    }
    expect(kept!.rank(new TextEncoder().encode('not a token at all, surely'), 0, 26)).toBe(-1);
    // The next load takes it.
    const again = await loadRankTable(encoding);
    const token = built.token(1234);
    expect(again.rank(token, 0, token.length)).toBe(1234);
  });

  it('refuses kept bytes that do not fit: a changed slot, a cut entry, another encoding', async () => {
    await loadRankTable(encoding);
    expect(await keptTable()).toBeDefined();
    // Other test files of this origin keep tables too: read the entry once and work on a copy.
    const bytes = await keptBytes();
    expect(keptTableOf(bytes.slice().buffer, encoding)).toBeDefined();
    // Kept in the compact form (`compact-table.ts`), whose last bytes are the filled slots' values:
    // zeroed, the sample of tokens no longer fits.
    expect([...bytes.subarray(0, 4)]).toEqual([0x52, 0x4b, 0x54, 0x32]);
    const corrupt = bytes.slice();
    corrupt.fill(0, bytes.length - 200_000, bytes.length - 100_000);
    expect(keptTableOf(corrupt.buffer, encoding)).toBeUndefined();
    expect(keptTableOf(bytes.slice(0, 1000).buffer, encoding)).toBeUndefined();
    expect(keptTableOf(bytes.slice().buffer, 'o200k_base')).toBeUndefined();
    expect(keptTableOf(new ArrayBuffer(8), encoding)).toBeUndefined();
  });

  it.runIf(hasCaches)('removes the tables an earlier version kept in Cache Storage once it keeps one', async () => {
    const old = await caches.open('recallkit-ranks');
    await old.put(new URL('/old-table?recallkit-table=cl100k_base', location.href).href, new Response('old'));
    // A table not kept yet (another file's URL would do; this one is dropped first).
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(RANK_DB);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const cleared = db.transaction(RANK_STORE, 'readwrite');
    cleared.objectStore(RANK_STORE).clear();
    await new Promise((resolve) => (cleared.oncomplete = resolve));
    db.close();
    // Built (nothing kept), then kept: the memory's close() waits for that write.
    await loadRankTable(encoding);
    await tablesKept();
    expect(await readKeptTable(rankFileUrl(encoding), encoding)).toBeDefined();
    expect(await caches.has('recallkit-ranks')).toBe(false);
  });
});
