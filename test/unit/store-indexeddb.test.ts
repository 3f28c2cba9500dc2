import 'fake-indexeddb/auto';
import { IDBFactory, forceCloseDatabase } from 'fake-indexeddb';
import fc from 'fast-check';
import { unwrap } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { ConflictError, QuotaExceededError, StoreError } from '../../src/errors.js';
import { openConnection } from '../../src/store/indexeddb/connection.js';
import { requestPersistence } from '../../src/store/indexeddb/quota.js';
import { MIGRATIONS } from '../../src/store/indexeddb/schema.js';
import type { Migration } from '../../src/store/indexeddb/schema.js';
import { indexedDBStore } from '../../src/store/indexeddb/indexeddb-store.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { StoreAdapter, StoreBatch } from '../../src/types.js';
import { describeStoreConformance, makeEntry, makeMeta, makeSummary, snapshot } from '../support/store-conformance.js';

describeStoreConformance('indexedDBStore (fake-indexeddb)', async () =>
  indexedDBStore({ indexedDB: new IDBFactory() }),
);

/** A raw connection, as another tab (or an older RecallKit) would hold. */
function rawOpen(
  factory: IDBFactory,
  name: string,
  version?: number,
  upgrade?: (db: IDBDatabase) => void,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, version);
    request.onupgradeneeded = () => upgrade?.(request.result);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Make `IDBObjectStore.prototype.put` throw `error()` from its `n+1`-th call on; returns the undo. */
function failPutsAfter(n: number, error: () => Error): () => void {
  const proto = IDBObjectStore.prototype;
  const original = proto.put;
  let calls = 0;
  proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    if (++calls > n) throw error();
    return original.apply(this, args);
  };
  return () => {
    proto.put = original;
  };
}

const seedBatch = (s: string): StoreBatch => ({
  meta: makeMeta(s, 1, { nextSeq: 2 }),
  putEntries: [makeEntry(s, 0, { compressed: true, summaryId: 's1' }), makeEntry(s, 1)],
  putSummaries: [makeSummary(s, 's1')],
  aux: { recall: { n: 1 } },
});

describe('indexedDBStore: persistence and schema', () => {
  it('a new store instance (a new connection) reads what an earlier one wrote and closed', async () => {
    const factory = new IDBFactory();
    const first = indexedDBStore({ indexedDB: factory, dbName: 'keep' });
    await first.write('a', seedBatch('a'));
    const before = await snapshot(first, 'a', ['recall']);
    await first.close();
    const second = indexedDBStore({ indexedDB: factory, dbName: 'keep' });
    expect(await snapshot(second, 'a', ['recall'])).toEqual(before);
    // Another database name is another store.
    expect(await indexedDBStore({ indexedDB: factory, dbName: 'other' }).listSessions()).toEqual([]);
  });

  it('reads a database laid out by hand in the version 1 format (the on-disk contract)', async () => {
    const factory = new IDBFactory();
    const db = await rawOpen(factory, 'v1', 1, (raw) => {
      raw.createObjectStore('sessions');
      const entries = raw.createObjectStore('entries', { keyPath: ['sessionId', 'id'] });
      entries.createIndex('by-session-seq', ['sessionId', 'seq']);
      entries.createIndex('by-session-active', ['sessionId', 'active', 'seq']);
      raw
        .createObjectStore('summaries', { keyPath: ['sessionId', 'id'] })
        .createIndex('by-session-order', ['sessionId', 'order']);
      raw.createObjectStore('aux', { keyPath: ['sessionId', 'key'] });
    });
    const [e0, e1] = [makeEntry('a', 0, { compressed: true }), makeEntry('a', 1)];
    const tx = db.transaction(['sessions', 'entries', 'summaries', 'aux'], 'readwrite');
    tx.objectStore('sessions').put(makeMeta('a'), 'a');
    tx.objectStore('entries').put({ sessionId: 'a', id: 'e1', seq: 1, active: 1, entry: e1 });
    tx.objectStore('entries').put({ sessionId: 'a', id: 'e0', seq: 0, active: 0, entry: e0 });
    tx.objectStore('summaries').put({ sessionId: 'a', id: 's1', order: 0, summary: makeSummary('a', 's1') });
    tx.objectStore('aux').put({ sessionId: 'a', key: 'recall', value: [1] });
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();

    const store = indexedDBStore({ indexedDB: factory, dbName: 'v1' });
    expect(await store.loadSession('a')).toEqual({
      meta: makeMeta('a'),
      activeEntries: [e1],
      summaries: [makeSummary('a', 's1')],
    });
    expect(await store.loadEntries('a')).toEqual([e0, e1]);
    expect(await store.loadAux('a', 'recall')).toEqual([1]);
  });

  it('a later layout runs only its own upgrade step, keeps the data, and retires the old connection', async () => {
    const factory = new IDBFactory();
    const old = indexedDBStore({ indexedDB: factory, dbName: 'up' });
    await old.write('a', seedBatch('a'));
    const before = await snapshot(old, 'a', ['recall']);
    const v2 = vi.fn<Migration>((db) => void db.createObjectStore('embeddings' as never));
    const v1 = vi.fn<Migration>(MIGRATIONS[0]);
    const next = openConnection({ dbName: 'up', indexedDB: factory, version: 2, migrations: [v1, v2] });
    const db = await next.db();
    expect(v1).not.toHaveBeenCalled();
    expect(v2).toHaveBeenCalledOnce();
    expect([...db.objectStoreNames]).toContain('embeddings');
    next.close();
    // The old tab stepped aside instead of blocking the upgrade, and says why.
    await expect(old.loadSession('a')).rejects.toThrow(/upgraded by another tab.*reload/);
    await expect(old.write('a', seedBatch('a'))).rejects.toBeInstanceOf(StoreError);
    // Old code meeting the newer layout refuses clearly rather than misreading it.
    await expect(indexedDBStore({ indexedDB: factory, dbName: 'up' }).loadSession('a')).rejects.toThrow(
      /newer RecallKit/,
    );
    // The data survived the upgrade.
    const reader = openConnection({ dbName: 'up', indexedDB: factory, version: 2, migrations: [v1, v2] });
    expect(await (await reader.db()).get('sessions', 'a')).toEqual(before.meta);
    reader.close();
  });

  it('an upgrade blocked by a tab that keeps the old version open rejects instead of hanging', async () => {
    const factory = new IDBFactory();
    const stubborn = await rawOpen(factory, 'blocked', 1, (db) => MIGRATIONS[0]!(db as never, undefined as never));
    const next = openConnection({
      dbName: 'blocked',
      indexedDB: factory,
      version: 2,
      migrations: [...MIGRATIONS, () => undefined],
    });
    await expect(next.db()).rejects.toThrow(/another tab holds it open/);
    stubborn.close();
  });

  it('a database deleted or force-closed under the store makes later calls say so', async () => {
    const factory = new IDBFactory();
    const store = indexedDBStore({ indexedDB: factory, dbName: 'gone' });
    await store.write('a', seedBatch('a'));
    await new Promise((resolve, reject) => {
      const request = factory.deleteDatabase('gone');
      request.onsuccess = resolve;
      request.onerror = reject;
    });
    await expect(store.listSessions()).rejects.toThrow(/deleted by another tab/);

    // The browser closing a connection on its own (storage cleared, disk error).
    const connection = openConnection({ dbName: 'crash', indexedDB: factory });
    forceCloseDatabase(unwrap(await connection.db()) as never);
    await expect(connection.db()).rejects.toThrow(/browser closed the database/);
  });
});

describe('indexedDBStore: failed writes', () => {
  it('a quota failure rejects with QuotaExceededError, keeps the cause, and stores nothing of the batch', async () => {
    const store = indexedDBStore({ indexedDB: new IDBFactory() });
    await store.write('a', seedBatch('a'));
    const before = structuredClone(await snapshot(store, 'a', ['recall']));
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const restore = failPutsAfter(2, () => quota);
    try {
      const error = await store
        .write('a', {
          meta: makeMeta('a', 2),
          putEntries: [makeEntry('a', 2), makeEntry('a', 3)],
          aux: { recall: null },
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(QuotaExceededError);
      expect(error).toBeInstanceOf(StoreError);
      expect((error as Error).cause).toBe(quota);
      expect((error as Error).message).toMatch(
        /quota exceeded while trying to write session "a" \(meta, 2 entries, 1 aux keys\)/,
      );
    } finally {
      restore();
    }
    expect(await snapshot(store, 'a', ['recall'])).toEqual(before);
  });

  it('a quota abort whose requests never answer (as Chromium does) rejects, and the session takes the next write', async () => {
    // Chromium refuses a commit over quota by firing `abort` on the transaction; a request whose
    // result had not reached the page yet then never fires success or error.
    const store = indexedDBStore({ indexedDB: new IDBFactory() });
    await store.write('a', seedBatch('a'));
    const before = structuredClone(await snapshot(store, 'a', ['recall']));
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const proto = IDBObjectStore.prototype;
    const original = proto.put;
    proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name !== 'entries') return original.apply(this, args);
      const request = original.apply(this, args);
      request.addEventListener = () => undefined; // its answer never arrives
      const tx = this.transaction;
      Object.defineProperty(tx, 'error', { get: () => quota });
      tx.abort();
      return request;
    };
    let error: unknown;
    try {
      error = await store
        .write('a', { meta: makeMeta('a', 2), putEntries: [makeEntry('a', 2), makeEntry('a', 3)] })
        .catch((e: unknown) => e);
    } finally {
      proto.put = original;
    }
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect((error as Error).cause).toBe(quota);
    expect(await snapshot(store, 'a', ['recall'])).toEqual(before);
    // The session's lock was released: its next write goes through.
    await store.write('a', { meta: makeMeta('a', 2, { nextSeq: 3 }), putEntries: [makeEntry('a', 2)] });
    expect((await store.loadSession('a'))?.activeEntries.map((e) => e.seq)).toEqual([1, 2]);
  });

  it('any other failure rejects with StoreError naming what was written and keeping the cause', async () => {
    const store = indexedDBStore({ indexedDB: new IDBFactory() });
    const error = await store
      .write('a', { meta: makeMeta('a'), putEntries: [makeEntry('a', 0, { metadata: { f: () => 1 } })] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect(error).not.toBeInstanceOf(QuotaExceededError);
    expect((error as Error).message).toMatch(/could not write session "a" \(meta, 1 entries\): DataCloneError/);
    expect(((error as Error).cause as DOMException).name).toBe('DataCloneError');
  });
});

describe('indexedDBStore: locks, persistence and estimate in Node', () => {
  it('without Web Locks, two store instances of one database still take turns on a session', async () => {
    expect(typeof navigator === 'undefined' || !navigator.locks).toBe(true);
    const factory = new IDBFactory();
    const tabs = [
      indexedDBStore({ indexedDB: factory, dbName: 'locks' }),
      indexedDBStore({ indexedDB: factory, dbName: 'locks' }),
    ];
    await tabs[0]!.write('a', { meta: makeMeta('a', 0) });
    const bump = (store: StoreAdapter) =>
      store.lock!('a', async () => {
        const meta = (await store.loadMeta('a'))!;
        await store.write('a', { meta: { ...meta, version: meta.version + 1 } });
      });
    await Promise.all(Array.from({ length: 50 }, () => tabs.map(bump)).flat());
    expect((await tabs[1]!.loadMeta('a'))?.version).toBe(100);
  });

  it('persist: true is harmless where persistence cannot be asked for; requestPersistence says why', async () => {
    const store = indexedDBStore({ indexedDB: new IDBFactory(), persist: true });
    await store.write('a', seedBatch('a'));
    expect(store.estimate).toBeUndefined();
    await expect(requestPersistence()).rejects.toThrow(/not available here/);
  });
});

describe('indexedDBStore agrees with memoryStore', () => {
  type Op =
    | { kind: 'add'; session: number; count: number; compressed: boolean[] }
    | { kind: 'compress' | 'delete'; session: number; picks: number[] }
    | { kind: 'summaries'; session: number; put: number[]; del: number[] }
    | { kind: 'aux'; session: number; key: number; value: number | null }
    | { kind: 'replace'; session: number; count: number }
    | { kind: 'drop'; session: number };
  const session = fc.integer({ min: 0, max: 2 });
  const picks = fc.array(fc.nat(30), { maxLength: 4 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant('add' as const),
      session,
      count: fc.integer({ min: 1, max: 4 }),
      compressed: fc.array(fc.boolean(), { maxLength: 4 }),
    }),
    fc.record({ kind: fc.constantFrom('compress' as const, 'delete' as const), session, picks }),
    fc.record({
      kind: fc.constant('summaries' as const),
      session,
      put: fc.array(fc.nat(4), { maxLength: 3 }),
      del: fc.array(fc.nat(4), { maxLength: 2 }),
    }),
    fc.record({
      kind: fc.constant('aux' as const),
      session,
      key: fc.nat(2),
      value: fc.option(fc.nat(9), { nil: null }),
    }),
    fc.record({ kind: fc.constant('replace' as const), session, count: fc.nat(3) }),
    fc.record({ kind: fc.constant('drop' as const), session }),
  );

  it('on any sequence of batches and deletions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const stores = [memoryStore(), indexedDBStore({ indexedDB: new IDBFactory() })] as const;
        let seq = 0;
        let version = 0;
        // memoryStore keeps entries in insertion order, which is seq order only while an entry is
        // never put again after a later one: so compress only entries that are still stored.
        const live = new Map<string, number[]>();
        for (const o of ops) {
          const s = `s${o.session}`;
          const meta = makeMeta(s, ++version);
          const stored = live.get(s) ?? [];
          const fresh = (n: number, compressed: boolean[] = []) => {
            const entries = Array.from({ length: n }, (_, i) =>
              makeEntry(s, seq++, { compressed: compressed[i] ?? false }),
            );
            stored.push(...entries.map((e) => e.seq));
            return entries;
          };
          const pick = (ns: number[]) =>
            ns.map((n) => stored[n % Math.max(stored.length, 1)]).filter((n) => n !== undefined);
          if (o.kind === 'replace' || o.kind === 'drop') stored.length = 0;
          live.set(s, stored);
          const batch: StoreBatch | undefined =
            o.kind === 'add'
              ? { meta, putEntries: fresh(o.count, o.compressed) }
              : o.kind === 'compress'
                ? { meta, putEntries: pick(o.picks).map((n) => makeEntry(s, n, { compressed: true, summaryId: 'x' })) }
                : o.kind === 'delete'
                  ? { meta, deleteEntryIds: o.picks.map((n) => `e${n}`) }
                  : o.kind === 'summaries'
                    ? {
                        meta,
                        deleteSummaryIds: o.del.map((n) => `m${n}`),
                        putSummaries: o.put.map((n) => makeSummary(s, `m${n}`, { tokenCount: version })),
                      }
                    : o.kind === 'aux'
                      ? { meta, aux: { [`k${o.key}`]: o.value } }
                      : o.kind === 'replace'
                        ? { meta, replace: true, putEntries: fresh(o.count) }
                        : undefined;
          if (o.kind === 'delete')
            live.set(
              s,
              stored.filter((n) => !o.picks.includes(n)),
            );
          for (const store of stores) await (batch ? store.write(s, batch) : store.deleteSession(s));
        }
        for (const s of ['s0', 's1', 's2']) {
          const [expected, actual] = await Promise.all(stores.map((store) => snapshot(store, s, ['k0', 'k1', 'k2'])));
          expect(actual).toEqual(expected);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('indexedDBStore: a large batch is issued in slices', () => {
  /** 600 entries of 10,000 characters: 6M units of cloning, at least 6 slices of 1M. */
  const bigBatch = (s: string, version: number, from = 0): StoreBatch => ({
    meta: makeMeta(s, version, { nextSeq: from + 600 }),
    putEntries: Array.from({ length: 600 }, (_, i) =>
      makeEntry(s, from + i, { content: `${from + i} `.padEnd(10_000, 'x') }),
    ),
    aux: { recall: { n: version } },
  });

  /** Run `write` while a timer loop ticks: which tick each put was issued in. */
  async function putTicks(write: () => Promise<void>): Promise<{ ticks: number[]; result: unknown }> {
    const proto = IDBObjectStore.prototype;
    const original = proto.put;
    const ticks: number[] = [];
    let tick = 0;
    let running = true;
    const loop = (): void => {
      tick++;
      if (running) setTimeout(loop, 0);
    };
    setTimeout(loop, 0);
    proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'entries') ticks.push(tick);
      return original.apply(this, args);
    };
    try {
      const result = await write().then(
        () => 'ok',
        (e: unknown) => e,
      );
      return { ticks, result };
    } finally {
      running = false;
      proto.put = original;
    }
  }

  it('stores every entry of a batch larger than one slice, in order, with timers running between slices', async () => {
    const store = indexedDBStore({ indexedDB: new IDBFactory() });
    await store.write('a', seedBatch('a'));
    const { ticks, result } = await putTicks(() => store.write('a', bigBatch('a', 2, 2)));
    expect(result).toBe('ok');
    expect(ticks).toHaveLength(600);
    // Other tasks ran while the batch was issued: it went out in more than one turn.
    expect(new Set(ticks).size).toBeGreaterThan(1);
    const entries = await store.loadEntries('a');
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 602 }, (_, i) => i));
    expect(entries[300]!.content).toBe('300 '.padEnd(10_000, 'x'));
    expect((await store.loadMeta('a'))?.version).toBe(2);
    expect(await store.loadAux('a', 'recall')).toEqual({ n: 2 });
    await store.close();
  });

  it('a put refused after several slices stores nothing of the batch', async () => {
    const store = indexedDBStore({ indexedDB: new IDBFactory() });
    await store.write('a', seedBatch('a'));
    const before = structuredClone(await snapshot(store, 'a', ['recall']));
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const restore = failPutsAfter(450, () => quota);
    try {
      const error = await store.write('a', bigBatch('a', 2, 2)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(QuotaExceededError);
    } finally {
      restore();
    }
    expect(await snapshot(store, 'a', ['recall'])).toEqual(before);
    // The session takes the next write.
    await store.write('a', { meta: makeMeta('a', 2, { nextSeq: 3 }), putEntries: [makeEntry('a', 2)] });
    expect((await store.loadEntries('a')).map((e) => e.seq)).toEqual([0, 1, 2]);
    await store.close();
  });

  it('a version check that fails stops the slices and stores nothing of the batch', async () => {
    const store = indexedDBStore({ indexedDB: new IDBFactory() });
    await store.write('a', seedBatch('a'));
    const before = structuredClone(await snapshot(store, 'a', ['recall']));
    const { ticks, result } = await putTicks(() => store.write('a', { ...bigBatch('a', 3, 2), expectVersion: 2 }));
    expect(result).toBeInstanceOf(ConflictError);
    expect(ticks.length).toBeLessThan(600);
    expect(await snapshot(store, 'a', ['recall'])).toEqual(before);
    await store.close();
  });

  it('a replace larger than one slice leaves exactly the new records', async () => {
    const store = indexedDBStore({ indexedDB: new IDBFactory() });
    await store.write('a', bigBatch('a', 1));
    await store.write('a', { ...bigBatch('a', 2, 1000), replace: true });
    const entries = await store.loadEntries('a');
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 600 }, (_, i) => 1000 + i));
    await store.close();
  });
});
