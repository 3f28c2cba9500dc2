import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { getAllInPages, type PagedSource } from '../../src/store/indexeddb/read-pages.js';
import { indexedDBStore } from '../../src/store/indexeddb/indexeddb-store.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { StoreAdapter } from '../../src/types.js';
import { ENTRY_READS, entriesInOneRead, largeSession } from '../support/large-session.js';

/** A source that counts its `getAll`s. */
function counted<R>(source: PagedSource<R>): PagedSource<R> & { calls: number } {
  const out = {
    calls: 0,
    getAll(range: IDBKeyRange, count?: number) {
      out.calls++;
      return source.getAll(range, count);
    },
  };
  return out;
}

interface Row {
  id: string;
  k: number;
  text: string;
}

/** A raw database of `rows` in a store keyed by `id`, indexed by `k` (not unique). */
async function rowsDb(rows: readonly Row[]) {
  const db = await openDB(`rows-${Math.random()}`, 1, {
    upgrade(d) {
      d.createObjectStore('rows', { keyPath: 'id' }).createIndex('by-k', 'k');
    },
  });
  const tx = db.transaction('rows', 'readwrite');
  for (const row of rows) void tx.store.put(row);
  await tx.done;
  return db;
}

const byKThenId = (a: Row, b: Row): number => a.k - b.k || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe('getAllInPages', () => {
  it('reads what one getAll reads, in the same order, on any rows and page sizes (index keys shared by many rows)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({
            id: fc.string({ minLength: 1, maxLength: 4 }),
            k: fc.integer({ min: 0, max: 6 }),
            text: fc.string({ maxLength: 40 }),
          }),
          { selector: (r) => r.id, maxLength: 80 },
        ),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.option(fc.integer({ min: 1, max: 130 }), { nil: undefined }),
        async (rows, firstPage, pageUnits, limit) => {
          const db = await rowsDb(rows);
          const tx = db.transaction('rows');
          const index = tx.store.index('by-k');
          const whole = await index.getAll(IDBKeyRange.lowerBound(0), limit);
          const source = counted(index);
          const paged = await getAllInPages<Row>(source, {
            from: (last) => IDBKeyRange.lowerBound(last ? last.k : 0),
            sameKey: (a, b) => a.k === b.k,
            firstPage,
            pageUnits,
            limit,
          });
          expect(paged).toEqual(whole);
          expect(paged).toEqual([...rows].sort(byKThenId).slice(0, limit));
          db.close();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a run of rows under one key longer than a page is read whole, once', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ id: `r${String(i).padStart(3, '0')}`, k: 1, text: 'x' }));
    const db = await rowsDb([...rows, { id: 'a', k: 0, text: '' }, { id: 'z', k: 2, text: '' }]);
    const source = counted(db.transaction('rows').store.index('by-k'));
    const paged = await getAllInPages<Row>(source, {
      from: (last) => IDBKeyRange.lowerBound(last ? last.k : 0),
      sameKey: (a, b) => a.k === b.k,
      firstPage: 4,
      pageUnits: 1,
    });
    expect(paged.map((r) => r.id)).toEqual(['a', ...rows.map((r) => r.id), 'z']);
    expect(source.calls).toBeGreaterThan(3);
    db.close();
  });

  it('pages shrink for large records and grow for small ones', async () => {
    const big = Array.from({ length: 40 }, (_, i) => ({ id: `b${i}`, k: i, text: 'x'.repeat(200_000) }));
    const db = await rowsDb(big);
    const source = counted(db.transaction('rows').store);
    const all = await getAllInPages<Row>(source, {
      from: (last) => (last ? IDBKeyRange.lowerBound(last.id) : IDBKeyRange.lowerBound('')),
      sameKey: () => false,
      firstPage: 1,
    });
    expect(all).toHaveLength(40);
    // 200,000 characters a record, half a million units a page: two records a page.
    expect(source.calls).toBeGreaterThanOrEqual(20);
    db.close();
  });
});

describe('indexedDBStore: a session larger than one page', () => {
  const N = 6_000;
  let dbName = '';

  async function both(): Promise<[StoreAdapter, StoreAdapter]> {
    const idb = indexedDBStore({ dbName: (dbName = `pages-${Math.random()}`) });
    const mem = memoryStore();
    for (const store of [idb, mem]) {
      await store.write('big', largeSession('big', N));
      await store.write('small', largeSession('small', 3));
    }
    return [idb, mem];
  }

  it('reads back equal and in order: loadSession, loadEntries (all, active, from a seq, a limit), the head and aux', async () => {
    const [idb, mem] = await both();
    const loaded = await idb.loadSession('big');
    const activeSeqs = Array.from({ length: N }, (_, i) => i).filter((i) => i % 3 !== 0);
    activeSeqs.splice(activeSeqs.indexOf(1_000), 0, 1_000, 1_000);
    expect(loaded?.activeEntries.map((e) => e.seq)).toEqual(activeSeqs);
    expect(loaded?.activeEntries.filter((e) => e.seq === 1_000).map((e) => e.id)).toEqual([
      'a1000',
      'e1000',
      'e1000-b',
    ]);
    expect(loaded?.activeEntries).toEqual(await entriesInOneRead(dbName, 'big', { includeCompressed: false }));
    expect(loaded?.summaries).toEqual((await mem.loadSession('big'))?.summaries);
    for (const options of ENTRY_READS) {
      const entries = await idb.loadEntries('big', options);
      expect(entries).toEqual(await entriesInOneRead(dbName, 'big', options));
    }
    expect(await idb.loadEntries('big')).toHaveLength(N + 2);
    const head = await idb.loadSessionHead!('big', 'recall:');
    expect(head?.aux.size).toBe(1_500);
    expect(head).toEqual(await mem.loadSessionHead!('big', 'recall:'));
    expect(await idb.loadAuxPrefix!('big', '')).toEqual(await mem.loadAuxPrefix!('big', ''));
    expect((await idb.loadSession('small'))?.activeEntries).toHaveLength(2);
    await idb.close();
  });

  it('deleting the large session leaves nothing of it, and the other session whole', async () => {
    const [idb, mem] = await both();
    await idb.deleteSession('big');
    expect(await idb.loadSession('big')).toBeUndefined();
    expect(await idb.loadEntries('big')).toEqual([]);
    expect(await idb.loadAuxPrefix!('big', '')).toEqual(new Map());
    expect(await idb.loadSessionHead!('big', '')).toBeUndefined();
    expect(await idb.loadSession('small')).toEqual(await mem.loadSession('small'));
    expect((await idb.listSessions()).map((m) => m.sessionId)).toEqual(['small']);
    await idb.close();
    const raw = await openDB(dbName);
    for (const name of ['entries', 'summaries', 'aux'] as const) {
      const sessions = new Set((await raw.getAll(name)).map((r: { sessionId: string }) => r.sessionId));
      expect([...sessions], name).toEqual(['small']);
    }
    raw.close();
  });
});
