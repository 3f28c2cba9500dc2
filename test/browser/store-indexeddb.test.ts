import { afterAll, describe, expect, it } from 'vitest';
import { StoreError } from '../../src/errors.js';
import { requestPersistence } from '../../src/store/indexeddb/quota.js';
import { indexedDBStore } from '../../src/store/indexeddb/indexeddb-store.js';
import type { MemoryEntry } from '../../src/types.js';
import { describeStoreConformance, makeEntry, makeMeta, makeSummary } from '../support/store-conformance.js';
import { removeDatabases } from '../support/browser-cleanup.js';
import { until } from '../support/until.js';
import { engineFeatures } from '../support/engine-features.js';

const features = await engineFeatures();

const PREFIX = 'recallkit-test-store-';
let count = 0;
const freshName = (): string => `${PREFIX}${Date.now()}-${count++}`;

/** Incompressible text (Chromium compresses stored values, so repeated text would take no room). */
function randomText(length: number): string {
  const bytes = new Uint8Array(length);
  // getRandomValues fills at most 64 KiB per call.
  for (let i = 0; i < length; i += 65_536) crypto.getRandomValues(bytes.subarray(i, i + 65_536));
  return Array.from(bytes, (b) => String.fromCharCode(33 + (b % 94))).join('');
}

afterAll(() => removeDatabases(PREFIX));

describeStoreConformance('indexedDBStore (Chromium)', async () => indexedDBStore({ dbName: freshName() }));

describe('indexedDBStore in Chromium', () => {
  it('reopening a 20,000-entry session with 19,900 compressed returns just the 100 active entries', async () => {
    const dbName = freshName();
    const writer = indexedDBStore({ dbName });
    const total = 20_000;
    for (let from = 0; from < total; from += 5_000) {
      const entries: MemoryEntry[] = [];
      for (let seq = from; seq < from + 5_000; seq++) {
        entries.push(
          makeEntry(
            'long',
            seq,
            seq < total - 100 ? { compressed: true, summaryId: `s${Math.floor(seq / 1000)}` } : {},
          ),
        );
      }
      await writer.write('long', { meta: makeMeta('long', from + 1, { nextSeq: from + 5_000 }), putEntries: entries });
    }
    await writer.write('long', {
      meta: makeMeta('long', 99, { nextSeq: total }),
      putSummaries: [makeSummary('long', 's0')],
    });
    await writer.close();

    const reader = indexedDBStore({ dbName });
    const session = await reader.loadSession('long');
    expect(session?.activeEntries).toHaveLength(100);
    expect(session?.activeEntries[0]?.seq).toBe(total - 100);
    expect(session?.activeEntries.every((e, i) => e.seq === total - 100 + i && !e.compressed)).toBe(true);
    expect(session?.summaries.map((s) => s.id)).toEqual(['s0']);
    // The history is all still there for recall and export.
    expect(await reader.loadEntries('long')).toHaveLength(total);
    expect(await reader.loadEntries('long', { fromSeq: total - 150, includeCompressed: false })).toHaveLength(100);
    await reader.close();
  });

  it('two connections writing over the same version at once: one lands, the other gets ConflictError, nothing mixed', async () => {
    const dbName = freshName();
    const a = indexedDBStore({ dbName });
    const b = indexedDBStore({ dbName });
    await a.write('race', { meta: makeMeta('race', 1), putEntries: [makeEntry('race', 0)], expectVersion: 0 });
    await b.loadMeta('race'); // both connections open
    for (let v = 1; v < 21; v++) {
      // Each writes its own entry over version v; the commit is asked for only after the check passed.
      const results = await Promise.allSettled([
        a.write('race', {
          meta: makeMeta('race', v + 1, { updatedAt: 'a' }),
          putEntries: [makeEntry('race', v, { id: `a${v}` })],
          expectVersion: v,
        }),
        b.write('race', {
          meta: makeMeta('race', v + 1, { updatedAt: 'b' }),
          putEntries: [makeEntry('race', v, { id: `b${v}` })],
          expectVersion: v,
        }),
      ]);
      const won = results.map((r) => r.status === 'fulfilled');
      expect(won.filter(Boolean)).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toMatchObject({ name: 'ConflictError' });
      const winner = won[0] ? 'a' : 'b';
      expect((await a.loadMeta('race'))?.updatedAt).toBe(winner);
      const ids = (await b.getEntries('race', [`a${v}`, `b${v}`])).map((e) => e?.id);
      expect(ids).toEqual(winner === 'a' ? [`a${v}`, undefined] : [undefined, `b${v}`]);
    }
    expect(await a.loadEntries('race')).toHaveLength(21);
    await a.close();
    await b.close();
  });

  it('lock holds a Web Lock named recallkit:<dbName>:<sessionId> while fn runs', async () => {
    const dbName = freshName();
    const store = indexedDBStore({ dbName });
    const held = await store.lock!('chat 1', async () => (await navigator.locks.query()).held?.map((l) => l.name));
    expect(held).toContain(`recallkit:${dbName}:chat 1`);
    expect((await navigator.locks.query()).held?.map((l) => l.name)).not.toContain(`recallkit:${dbName}:chat 1`);
    await store.close();
  });

  it('steps aside when another tab upgrades the database, and says so', async () => {
    const dbName = freshName();
    const store = indexedDBStore({ dbName });
    await store.write('a', { meta: makeMeta('a') });
    const upgraded = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(dbName, 2);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error('blocked: the store did not close its connection'));
    });
    upgraded.close();
    const error = await store.loadSession('a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as Error).message).toMatch(/upgraded by another tab \(to version 2\); reload/);
  });

  it('estimate reports storage use; persistence can be asked for', async () => {
    // The estimate is origin-wide, and other test files share this origin: their deletions
    // and compactions may lower it while this test runs. So the test asserts what no neighbour
    // can change: the origin's usage counts this store's own record, which is still there.
    const store = indexedDBStore({ dbName: freshName(), persist: true });
    const chars = 500_000;
    await store.write('a', { meta: makeMeta('a'), putEntries: [makeEntry('a', 0, { content: randomText(chars) })] });
    if (!features.storageEstimate || !features.storagePersist) {
      // WebKitGTK's MiniBrowser has no navigator.storage: no estimate, and asking to persist says why.
      expect(store.estimate).toBeUndefined();
      await expect(requestPersistence()).rejects.toThrow(/navigator\.storage\.persist\(\) is not available/);
      expect((await store.loadEntries('a')).length).toBe(1);
      await store.close();
      return;
    }
    const used = await store.estimate!();
    // 94 equally likely characters: log2(94) ≈ 6.55 bits each, below which no compression goes.
    const incompressible = Math.floor((chars * Math.log2(94)) / 8);
    expect(used.usage).toBeGreaterThanOrEqual(incompressible);
    expect(used.quota).toBeGreaterThan(used.usage);
    expect(typeof used.persisted).toBe('boolean');
    expect(typeof (await requestPersistence())).toBe('boolean');
    await store.close();
  });
});

describe('indexedDBStore: a batch larger than one slice of work', () => {
  /** 3,000 entries of 2,000 characters: 6M units of cloning, at least 6 slices. */
  const bigEntries = (s: string, from: number): MemoryEntry[] =>
    Array.from({ length: 3_000 }, (_, i) => makeEntry(s, from + i, { content: `${from + i} `.padEnd(2_000, 'x') }));

  /** Run `write` while a zero-delay timer loop ticks: the tick each entry put was issued in, and how it ended. */
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
      if (this.name === 'entries') {
        ticks.push(tick);
        if (failAt !== undefined && ticks.length > failAt) throw new DOMException('refused', 'DataError');
      }
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
      failAt = undefined;
    }
  }
  let failAt: number | undefined;

  it('lands whole, in order, in one transaction that stays open while timers run between slices', async () => {
    const store = indexedDBStore({ dbName: freshName() });
    await store.write('big', { meta: makeMeta('big', 1, { nextSeq: 1 }), putEntries: [makeEntry('big', 0)] });
    const { ticks, result } = await putTicks(() =>
      store.write('big', {
        meta: makeMeta('big', 2, { nextSeq: 3_001 }),
        putEntries: bigEntries('big', 1),
        aux: { recall: { n: 2 } },
        expectVersion: 1,
      }),
    );
    expect(result).toBe('ok');
    expect(ticks).toHaveLength(3_000);
    expect(new Set(ticks).size).toBeGreaterThan(1);
    const entries = await store.loadEntries('big');
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 3_001 }, (_, i) => i));
    expect(entries[2_000]!.content).toBe('2000 '.padEnd(2_000, 'x'));
    expect((await store.loadMeta('big'))?.version).toBe(2);
    expect(await store.loadAux('big', 'recall')).toEqual({ n: 2 });
    await store.close();
  });

  it('a put refused after several slices leaves nothing of the batch, and the session takes the next write', async () => {
    const store = indexedDBStore({ dbName: freshName() });
    await store.write('big', { meta: makeMeta('big', 1, { nextSeq: 1 }), putEntries: [makeEntry('big', 0)] });
    failAt = 2_500;
    const { ticks, result } = await putTicks(() =>
      store.write('big', { meta: makeMeta('big', 2, { nextSeq: 3_001 }), putEntries: bigEntries('big', 1) }),
    );
    expect(result).toBeInstanceOf(StoreError);
    expect(new Set(ticks).size).toBeGreaterThan(1);
    expect((await store.loadEntries('big')).map((e) => e.seq)).toEqual([0]);
    expect((await store.loadMeta('big'))?.version).toBe(1);
    await store.write('big', { meta: makeMeta('big', 2, { nextSeq: 2 }), putEntries: [makeEntry('big', 1)] });
    expect((await store.loadEntries('big')).map((e) => e.seq)).toEqual([0, 1]);
    await store.close();
  });
});

describe('indexedDBStore change notifications (BroadcastChannel)', () => {
  it('a store over the same database hears another store write and delete a session', async () => {
    const dbName = freshName();
    // Two stores on one database, as two tabs: each has its own channel object.
    const a = indexedDBStore({ dbName });
    const b = indexedDBStore({ dbName });
    const heard: number[] = [];
    const stop = b.subscribe!('s', (version) => heard.push(version));
    await a.write('s', { meta: makeMeta('s', 1), putEntries: [makeEntry('s', 0)] });
    await a.deleteSession('s');
    await until(() => heard.length >= 2);
    expect(heard).toEqual([1, 0]);
    stop();
    await a.close();
    await b.close();
  });
});
