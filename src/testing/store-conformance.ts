/**
 * The StoreAdapter conformance suite (unstorage's `testDriver` style): every promise the
 * StoreAdapter TSDoc makes, run against each store — memoryStore in Node, indexedDBStore
 * under fake-indexeddb and in real Chromium, postgresStore on PGlite and on a server.
 * Published as `recallkit/testing` (needs `vitest`, an optional peer dependency) so authors of
 * other stores run the same tests:
 * @example
 * import { describeStoreConformance } from 'recallkit/testing';
 * describeStoreConformance('my store', async () => myStore({ fresh: true }));
 * @module
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClosedError } from '../errors.js';
import type { MemoryEntry, MemorySummary, SessionMeta, StoreAdapter, StoreBatch } from '../types.js';

const T0 = Date.UTC(2025, 0, 1);
const iso = (n: number): string => new Date(T0 + n * 1000).toISOString();

/** Entry `e<seq>` of a session: an active message. */
export function makeEntry(sessionId: string, seq: number, overrides: Partial<MemoryEntry> = {}): MemoryEntry {
  return {
    id: `e${seq}`,
    sessionId,
    seq,
    interaction: seq + 1,
    type: 'message',
    role: seq % 2 === 0 ? 'user' : 'assistant',
    content: `message ${seq}`,
    timestamp: iso(seq),
    tokenCount: 3,
    compressed: false,
    metadata: { n: seq, tags: ['a', 'b'] },
    ...overrides,
  };
}

/** Summary `id` of a session. */
export function makeSummary(sessionId: string, id: string, overrides: Partial<MemorySummary> = {}): MemorySummary {
  return {
    id,
    sessionId,
    content: `summary ${id}`,
    originalEntryIds: ['e0', 'e1'],
    tokenCount: 2,
    originalTokenCount: 6,
    compressionRatio: 3,
    createdAt: iso(1000),
    timeRange: { start: iso(0), end: iso(1) },
    strategy: 'manager',
    ...overrides,
  };
}

/** Session meta at `version`. */
export function makeMeta(sessionId: string, version = 1, overrides: Partial<SessionMeta> = {}): SessionMeta {
  return {
    sessionId,
    createdAt: iso(0),
    updatedAt: iso(version),
    version,
    nextSeq: 0,
    interactionCount: 0,
    totalEntries: 0,
    compressedEntries: 0,
    storedTokens: 0,
    compressedTokens: 0,
    erasedEntries: 0,
    strategyState: { rolling: { count: version } },
    ...overrides,
  };
}

/** Everything a store holds for a session, read through every read method. */
export async function snapshot(store: StoreAdapter, sessionId: string, auxKeys: readonly string[] = []) {
  const sessions = await store.listSessions();
  return {
    session: await store.loadSession(sessionId),
    meta: await store.loadMeta(sessionId),
    entries: await store.loadEntries(sessionId),
    aux: await Promise.all(auxKeys.map((key) => store.loadAux(sessionId, key))),
    sessions: sessions.map((m) => m.sessionId).sort(),
  };
}

/** Seq numbers of entries, to compare order compactly. */
const seqs = (entries: readonly (MemoryEntry | undefined)[]): (number | undefined)[] => entries.map((e) => e?.seq);

/**
 * Register the conformance suite for a store. `makeStore` must return a fresh, empty store
 * each time; the suite closes it after each test.
 */
export function describeStoreConformance(name: string, makeStore: () => Promise<StoreAdapter>): void {
  describe(`StoreAdapter conformance: ${name}`, () => {
    let store: StoreAdapter;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    /** Session `s` with entries 0..n-1, entries in `compressed` compressed, and summaries `s1`, `s2`. */
    const seed = async (s: string, n = 6, compressed: readonly number[] = [0, 1, 2]): Promise<MemoryEntry[]> => {
      const entries = Array.from({ length: n }, (_, i) =>
        makeEntry(s, i, compressed.includes(i) ? { compressed: true, summaryId: 's1' } : {}),
      );
      // Handed over out of seq order on purpose: order comes from seq, not from the batch.
      await store.write(s, {
        meta: makeMeta(s, 1, { nextSeq: n, totalEntries: n }),
        putEntries: [...entries].reverse(),
        putSummaries: [makeSummary(s, 's1'), makeSummary(s, 's2', { createdAt: iso(1) })],
        aux: { recall: { terms: ['x'] } },
      });
      return entries;
    };

    it('reports nothing for a session never written', async () => {
      expect(await store.loadSession('nope')).toBeUndefined();
      expect(await store.loadMeta('nope')).toBeUndefined();
      expect(await store.loadEntries('nope')).toEqual([]);
      expect(await store.getEntries('nope', ['e0'])).toEqual([undefined]);
      expect(await store.loadAux('nope', 'recall')).toBeUndefined();
      expect(await store.listSessions()).toEqual([]);
    });

    it('loadSession returns the meta, only the active entries by seq, and the summaries in write order', async () => {
      const entries = await seed('a');
      const loaded = await store.loadSession('a');
      expect(loaded?.meta).toEqual(makeMeta('a', 1, { nextSeq: 6, totalEntries: 6 }));
      expect(loaded?.activeEntries).toEqual(entries.slice(3));
      expect(loaded?.summaries.map((s) => s.id)).toEqual(['s1', 's2']);
      expect(loaded?.summaries[0]).toEqual(makeSummary('a', 's1'));
      expect(await store.loadMeta('a')).toEqual(loaded?.meta);
    });

    it('loadEntries filters by includeCompressed and fromSeq, oldest first', async () => {
      const entries = await seed('a');
      expect(await store.loadEntries('a')).toEqual(entries);
      expect(seqs(await store.loadEntries('a', { includeCompressed: true }))).toEqual([0, 1, 2, 3, 4, 5]);
      expect(seqs(await store.loadEntries('a', { includeCompressed: false }))).toEqual([3, 4, 5]);
      expect(seqs(await store.loadEntries('a', { fromSeq: 2 }))).toEqual([2, 3, 4, 5]);
      expect(seqs(await store.loadEntries('a', { fromSeq: 4, includeCompressed: false }))).toEqual([4, 5]);
      expect(await store.loadEntries('a', { fromSeq: 6 })).toEqual([]);
    });

    it('loadEntries with a limit returns the first entries (a page), or all from a store without pages', async () => {
      await seed('a');
      const page = seqs(await store.loadEntries('a', { fromSeq: 1, limit: 2 }));
      // The option is optional for a store: one that ignores it returns everything from fromSeq.
      expect([
        [1, 2],
        [1, 2, 3, 4, 5],
      ]).toContainEqual(page);
      const active = seqs(await store.loadEntries('a', { includeCompressed: false, limit: 1 }));
      expect([[3], [3, 4, 5]]).toContainEqual(active);
    });

    it('getEntries answers in the order asked, compressed included, undefined where absent', async () => {
      const entries = await seed('a');
      const got = await store.getEntries('a', ['e4', 'missing', 'e0', 'e4']);
      expect(got).toEqual([entries[4], undefined, entries[0], entries[4]]);
      expect(await store.getEntries('a', [])).toEqual([]);
    });

    it('putEntries overwrites by id: compressing an entry keeps it stored in its seq place', async () => {
      const entries = await seed('a', 6, []);
      const e1 = { ...makeEntry('a', 1), compressed: true, summaryId: 's1' };
      await store.write('a', { meta: makeMeta('a', 2), putEntries: [e1, makeEntry('a', 6)] });
      expect(seqs((await store.loadSession('a'))?.activeEntries ?? [])).toEqual([0, 2, 3, 4, 5, 6]);
      const all = await store.loadEntries('a');
      expect(seqs(all)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(all[1]).toEqual(e1);
      expect(all[0]).toEqual(entries[0]);
      expect((await store.getEntries('a', ['e1']))[0]).toEqual(e1);
    });

    it('deleteEntryIds removes those entries only (unknown ids are ignored)', async () => {
      await seed('a');
      await store.write('a', { meta: makeMeta('a', 2), deleteEntryIds: ['e1', 'e4', 'unknown'] });
      expect(seqs(await store.loadEntries('a'))).toEqual([0, 2, 3, 5]);
      expect(seqs((await store.loadSession('a'))?.activeEntries ?? [])).toEqual([3, 5]);
      expect(await store.getEntries('a', ['e1', 'e2'])).toEqual([
        undefined,
        makeEntry('a', 2, { compressed: true, summaryId: 's1' }),
      ]);
    });

    it('putSummaries overwrites in place, appends new ones; deleteSummaryIds removes', async () => {
      await seed('a');
      const s1 = makeSummary('a', 's1', { content: 'denser' });
      await store.write('a', { meta: makeMeta('a', 2), putSummaries: [makeSummary('a', 's3'), s1] });
      let summaries = (await store.loadSession('a'))?.summaries ?? [];
      expect(summaries.map((s) => s.id)).toEqual(['s1', 's2', 's3']);
      expect(summaries[0]).toEqual(s1);
      await store.write('a', { meta: makeMeta('a', 3), deleteSummaryIds: ['s2', 'unknown'] });
      summaries = (await store.loadSession('a'))?.summaries ?? [];
      expect(summaries.map((s) => s.id)).toEqual(['s1', 's3']);
    });

    it('aux values are kept per session and key; null deletes one key', async () => {
      await seed('a');
      await seed('b');
      const value = { terms: { hello: [1, 2] }, n: 3, nested: [{ x: null }] };
      await store.write('a', { meta: makeMeta('a', 2), aux: { index: value, count: 7, label: 'x' } });
      expect(await store.loadAux('a', 'index')).toEqual(value);
      expect(await store.loadAux('a', 'count')).toBe(7);
      expect(await store.loadAux('a', 'recall')).toEqual({ terms: ['x'] });
      await store.write('a', { meta: makeMeta('a', 3), aux: { recall: null, label: 'y' } });
      expect(await store.loadAux('a', 'recall')).toBeUndefined();
      expect(await store.loadAux('a', 'label')).toBe('y');
      expect(await store.loadAux('a', 'index')).toEqual(value);
      expect(await store.loadAux('b', 'recall')).toEqual({ terms: ['x'] });
      expect(await store.loadAux('b', 'index')).toBeUndefined();
    });

    it('write replaces the meta each time', async () => {
      await seed('a');
      const meta = makeMeta('a', 9, { interactionCount: 4, strategyState: { k: [1] } });
      await store.write('a', { meta });
      expect(await store.loadMeta('a')).toEqual(meta);
      expect((await store.loadSession('a'))?.meta).toEqual(meta);
    });

    it('replace: true wipes the session (entries, summaries, aux) before applying the batch', async () => {
      await seed('a');
      await seed('b');
      const fresh = [makeEntry('a', 10), makeEntry('a', 11, { compressed: true })];
      await store.write('a', {
        meta: makeMeta('a', 5),
        replace: true,
        putEntries: fresh,
        putSummaries: [makeSummary('a', 's9')],
        aux: { other: 1 },
      });
      expect(await store.loadEntries('a')).toEqual(fresh);
      const loaded = await store.loadSession('a');
      expect(loaded?.activeEntries).toEqual([fresh[0]]);
      expect(loaded?.summaries.map((s) => s.id)).toEqual(['s9']);
      expect(await store.loadAux('a', 'recall')).toBeUndefined();
      expect(await store.loadAux('a', 'other')).toBe(1);
      expect(await store.getEntries('a', ['e0'])).toEqual([undefined]);
      expect(seqs(await store.loadEntries('b'))).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it('deleteSession removes everything of that session and nothing of another', async () => {
      await seed('a');
      const b = await seed('b');
      await store.deleteSession('a');
      expect(await snapshot(store, 'a', ['recall'])).toEqual({
        session: undefined,
        meta: undefined,
        entries: [],
        aux: [undefined],
        sessions: ['b'],
      });
      expect(await store.getEntries('a', ['e0'])).toEqual([undefined]);
      expect(await store.loadEntries('b')).toEqual(b);
      expect((await store.loadSession('b'))?.summaries).toHaveLength(2);
      await store.deleteSession('never-written');
      // A session written again after deletion starts empty.
      await store.write('a', { meta: makeMeta('a', 1), putEntries: [makeEntry('a', 7)] });
      expect(seqs(await store.loadEntries('a'))).toEqual([7]);
      expect((await store.loadSession('a'))?.summaries).toEqual([]);
    });

    it(
      'expectVersion: a batch applies only over the version it names, ' + 'else ConflictError and nothing written',
      async () => {
        await store.write('v', { meta: makeMeta('v', 1), putEntries: [makeEntry('v', 0)], expectVersion: 0 });
        const before = await store.loadSession('v');
        const stale = store.write('v', { meta: makeMeta('v', 2), putEntries: [makeEntry('v', 1)], expectVersion: 0 });
        await expect(stale).rejects.toMatchObject({ name: 'ConflictError' });
        expect(await store.loadSession('v')).toEqual(before);
        await store.write('v', { meta: makeMeta('v', 2), putEntries: [makeEntry('v', 1)], expectVersion: 1 });
        expect((await store.loadMeta('v'))?.version).toBe(2);
        await expect(store.write('new', { meta: makeMeta('new', 1), expectVersion: 3 })).rejects.toMatchObject({
          name: 'ConflictError',
        });
        expect(await store.loadSession('new')).toBeUndefined();
      },
    );

    it('listSessions returns every stored session meta', async () => {
      await seed('a');
      await store.write('b', { meta: makeMeta('b', 4) });
      const metas = (await store.listSessions()).sort((x, y) => x.sessionId.localeCompare(y.sessionId));
      expect(metas).toEqual([makeMeta('a', 1, { nextSeq: 6, totalEntries: 6 }), makeMeta('b', 4)]);
    });

    it('keeps sessions independent, even with the same entry ids and prefix-sharing names', async () => {
      const names = ['a', 'ab', 'a\u0000', 'a b'];
      for (const s of names) {
        await store.write(s, {
          meta: makeMeta(s),
          putEntries: [makeEntry(s, 0, { content: `in ${s}` })],
          putSummaries: [makeSummary(s, 's1', { content: `of ${s}` })],
          aux: { k: s },
        });
      }
      await store.write('a', {
        meta: makeMeta('a', 2),
        deleteEntryIds: ['e0'],
        deleteSummaryIds: ['s1'],
        aux: { k: null },
      });
      await store.deleteSession('ab');
      expect(await snapshot(store, 'a', ['k'])).toMatchObject({
        entries: [],
        aux: [undefined],
        session: { summaries: [] },
      });
      expect(await snapshot(store, 'ab', ['k'])).toMatchObject({ entries: [], aux: [undefined], session: undefined });
      for (const s of ['a\u0000', 'a b']) {
        const snap = await snapshot(store, s, ['k']);
        expect(snap.entries.map((e) => e.content)).toEqual([`in ${s}`]);
        expect(snap.session?.summaries.map((x) => x.content)).toEqual([`of ${s}`]);
        expect(snap.aux).toEqual([s]);
      }
      expect((await store.listSessions()).map((m) => m.sessionId).sort()).toEqual(['a', 'a\u0000', 'a b'].sort());
    });
  });

  describeCopiesAndFailures(name, makeStore);
  describeOptionalMethods(name, makeStore);
}

/** Wait until `check` holds (notifications arrive asynchronously), at most `ms`. */
async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
}

function describeOptionalMethods(name: string, makeStore: () => Promise<StoreAdapter>): void {
  describe(`StoreAdapter conformance: ${name} (optional methods)`, () => {
    let store: StoreAdapter;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    it('shared, when present, is a boolean', () => {
      expect(['undefined', 'boolean']).toContain(typeof store.shared);
    });

    it('loadAuxPrefix (when offered) returns exactly the keys under the prefix, in one call', async (ctx) => {
      if (!store.loadAuxPrefix) return ctx.skip();
      const aux: Record<string, unknown> = {
        'r:manifest': { n: 2 },
        'r:seg:0': [1, 2],
        'r:seg:1': 'x',
        'r\uffff': 1,
        rx: 2,
        q: 3,
        'r:': null,
      };
      await store.write('a', { meta: makeMeta('a'), aux });
      await store.write('b', { meta: makeMeta('b'), aux: { 'r:manifest': 'other session' } });
      await store.write('a', { meta: makeMeta('a', 2), aux: { 'r:seg:1': null } });
      const got = await store.loadAuxPrefix('a', 'r:');
      expect(got).toBeInstanceOf(Map);
      expect(Object.fromEntries([...got].sort(([x], [y]) => (x < y ? -1 : 1)))).toEqual({
        'r:manifest': { n: 2 },
        'r:seg:0': [1, 2],
      });
      expect([...(await store.loadAuxPrefix('a', ''))].map(([k]) => k).sort()).toEqual(
        ['q', 'r:manifest', 'r:seg:0', 'r\uffff', 'rx'].sort(),
      );
      expect([...(await store.loadAuxPrefix('a', 'r'))].map(([k]) => k).sort()).toEqual(
        ['r:manifest', 'r:seg:0', 'r\uffff', 'rx'].sort(),
      );
      expect((await store.loadAuxPrefix('nope', 'r:')).size).toBe(0);
      // A copy: changing it changes nothing stored.
      (got.get('r:seg:0') as number[]).push(3);
      expect(await store.loadAux('a', 'r:seg:0')).toEqual([1, 2]);
    });

    it('loadSessionHead (when offered) returns the meta, the summaries and the aux under the prefix', async (ctx) => {
      if (!store.loadSessionHead) return ctx.skip();
      await store.write('a', {
        meta: makeMeta('a', 1, { nextSeq: 1 }),
        putEntries: [makeEntry('a', 0)],
        putSummaries: [makeSummary('a', 's2'), makeSummary('a', 's1')],
        aux: { 'r:manifest': { n: 1 }, 'r:seg:0': 'x', q: 1 },
      });
      await store.write('b', { meta: makeMeta('b'), aux: { 'r:manifest': 'other session' } });
      await store.write('a', { meta: makeMeta('a', 2, { nextSeq: 1 }), aux: { 'r:seg:0': null, 'r:seg:1': [2] } });
      const head = await store.loadSessionHead('a', 'r:');
      expect(head?.meta).toEqual(makeMeta('a', 2, { nextSeq: 1 }));
      expect(head?.summaries.map((x) => x.id)).toEqual(['s2', 's1']);
      expect(Object.fromEntries([...head!.aux].sort(([x], [y]) => (x < y ? -1 : 1)))).toEqual({
        'r:manifest': { n: 1 },
        'r:seg:1': [2],
      });
      expect(await store.loadSessionHead('nope', 'r:')).toBeUndefined();
      // A copy: changing it changes nothing stored.
      (head!.aux.get('r:seg:1') as number[]).push(3);
      expect(await store.loadAux('a', 'r:seg:1')).toEqual([2]);
    });

    it(
      'subscribe (when offered) reports writes and deletion with the stored version, ' + 'until unsubscribed',
      async (ctx) => {
        if (!store.subscribe) return ctx.skip();
        const heard: number[] = [];
        const other: number[] = [];
        const stop = store.subscribe('a', (version) => heard.push(version));
        const stopOther = store.subscribe('b', (version) => other.push(version));
        await store.write('a', { meta: makeMeta('a', 1), putEntries: [makeEntry('a', 0)] });
        await store.write('a', { meta: makeMeta('a', 2), putEntries: [makeEntry('a', 1)] });
        await eventually(() => heard.length >= 2);
        expect(heard).toEqual([1, 2]);
        await store.deleteSession('a');
        await eventually(() => heard.length >= 3);
        expect(heard).toEqual([1, 2, 0]);
        stop();
        await store.write('a', { meta: makeMeta('a', 7) });
        await store.write('b', { meta: makeMeta('b', 3) });
        await eventually(() => other.length >= 1);
        expect(other).toEqual([3]);
        expect(heard).toEqual([1, 2, 0]);
        stopOther();
      },
    );
  });
}

/** Strings that break naive encodings: lone and reversed surrogates, NUL, ZWJ emoji, RTL marks. */
export const AWKWARD_STRINGS: readonly string[] = [
  '\uD83D',
  'x\uDE00y',
  '\uDE00\uD83D',
  'nul\u0000inside\u0000',
  '👩‍👩‍👧‍👦 🏳️‍🌈 𝕏',
  'שלום \u202Eabc\u202C مرحبا',
  'e\u0301 \uFEFF \uFFFF \r\n\t',
  '',
];

function describeCopiesAndFailures(name: string, makeStore: () => Promise<StoreAdapter>): void {
  describe(`StoreAdapter conformance: ${name} (copies, atomicity, close, content)`, () => {
    let store: StoreAdapter;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    const fill = async (s: string): Promise<StoreBatch> => {
      const batch: StoreBatch = {
        meta: makeMeta(s, 1, { nextSeq: 3 }),
        putEntries: [makeEntry(s, 0), makeEntry(s, 1, { compressed: true, summaryId: 's1' }), makeEntry(s, 2)],
        putSummaries: [makeSummary(s, 's1')],
        aux: { recall: { terms: { a: [1] } } },
      };
      await store.write(s, batch);
      return batch;
    };

    it('returns copies: mutating what a read returned changes nothing stored', async () => {
      await fill('a');
      const expected = structuredClone(await snapshot(store, 'a', ['recall']));
      const got = await snapshot(store, 'a', ['recall']);
      const session = got.session!;
      session.meta.version = 99;
      session.activeEntries[0]!.content = 'changed';
      (session.activeEntries[0]!.metadata!['tags'] as string[]).push('c');
      session.activeEntries.pop();
      session.summaries[0]!.originalEntryIds.push('zzz');
      got.meta!.nextSeq = 99;
      got.entries[1]!.compressed = false;
      (got.aux[0] as { terms: Record<string, number[]> }).terms['a']!.push(2);
      (await store.listSessions())[0]!.version = 42;
      (await store.getEntries('a', ['e1']))[0]!.content = 'changed';
      expect(await snapshot(store, 'a', ['recall'])).toEqual(expected);
    });

    it('keeps its own copy of a batch: mutating it after the write changes nothing stored', async () => {
      const batch = await fill('a');
      const expected = structuredClone(await snapshot(store, 'a', ['recall']));
      batch.meta.version = 50;
      batch.putEntries![0]!.content = 'changed';
      batch.putSummaries![0]!.content = 'changed';
      (batch.aux!['recall'] as { terms: Record<string, number[]> }).terms['a']!.push(9);
      expect(await snapshot(store, 'a', ['recall'])).toEqual(expected);
    });

    const poisoned: [string, (s: string) => StoreBatch][] = [
      [
        'a function in the last entry',
        (s) => ({
          meta: makeMeta(s, 2),
          deleteEntryIds: ['e0'],
          putEntries: [makeEntry(s, 3), makeEntry(s, 4, { metadata: { fn: () => 1 } })],
          putSummaries: [makeSummary(s, 's2')],
          aux: { recall: null, more: 1 },
        }),
      ],
      [
        'a function in an aux value',
        (s) => ({ meta: makeMeta(s, 2), putEntries: [makeEntry(s, 3)], aux: { first: 1, recall: { f: () => 1 } } }),
      ],
      [
        'a function in the meta',
        (s) => ({ meta: makeMeta(s, 2, { strategyState: { f: () => 1 } }), putEntries: [makeEntry(s, 3)] }),
      ],
      [
        'a function in a summary of a replace',
        (s) => ({
          meta: makeMeta(s, 2),
          replace: true,
          putEntries: [makeEntry(s, 9)],
          putSummaries: [makeSummary(s, 's5', { metadata: { f: () => 1 } })],
        }),
      ],
    ];
    it.each(poisoned)('a batch with %s rejects and leaves the session exactly as before', async (_, make) => {
      await fill('a');
      const before = structuredClone(await snapshot(store, 'a', ['recall', 'more', 'first']));
      await expect(store.write('a', make('a'))).rejects.toBeInstanceOf(Error);
      expect(await snapshot(store, 'a', ['recall', 'more', 'first'])).toEqual(before);
      // The store is still usable after a refused batch.
      await store.write('a', { meta: makeMeta('a', 3), putEntries: [makeEntry('a', 5)] });
      expect(seqs(await store.loadEntries('a'))).toEqual([0, 1, 2, 5]);
    });

    it('a refused first batch does not create the session', async () => {
      await expect(store.write('new', poisoned[0]![1]('new'))).rejects.toBeInstanceOf(Error);
      expect(await snapshot(store, 'new', ['more'])).toEqual({
        session: undefined,
        meta: undefined,
        entries: [],
        aux: [undefined],
        sessions: [],
      });
    });

    it('round-trips awkward unicode exactly: ids, content, metadata, aux', async () => {
      for (const [i, text] of AWKWARD_STRINGS.entries()) {
        const s = `session ${text}`;
        const entry = makeEntry(s, i, { id: `id ${text}`, content: text, metadata: { [text]: text, list: [text] } });
        const summary = makeSummary(s, `sum ${text}`, { content: text });
        await store.write(s, {
          meta: makeMeta(s, 1, { strategyState: { text } }),
          putEntries: [entry],
          putSummaries: [summary],
          aux: { [text]: text },
        });
        const loaded = await store.loadSession(s);
        expect(loaded?.activeEntries).toEqual([entry]);
        expect(loaded?.activeEntries[0]?.content === text).toBe(true);
        expect(loaded?.summaries).toEqual([summary]);
        expect(loaded?.meta.strategyState).toEqual({ text });
        expect(await store.getEntries(s, [`id ${text}`])).toEqual([entry]);
        expect(await store.loadAux(s, text)).toBe(text);
      }
      expect(await store.listSessions()).toHaveLength(AWKWARD_STRINGS.length);
    });

    it('round-trips a 10 MB entry', async () => {
      const chunk = 'The quick brown fox — 日本語テキスト 😀 \u0000 ';
      const content = chunk.repeat(Math.ceil((10 * 1024 * 1024) / chunk.length)).slice(0, 10 * 1024 * 1024);
      await store.write('big', { meta: makeMeta('big'), putEntries: [makeEntry('big', 0, { content })] });
      const [entry] = (await store.loadSession('big'))?.activeEntries ?? [];
      expect(entry?.content.length).toBe(10 * 1024 * 1024);
      // Not toEqual: a failure would print 10 MB.
      expect(entry?.content === content).toBe(true);
    });

    it('after close() every call rejects with ClosedError', async () => {
      await fill('a');
      await store.close();
      await store.close();
      const calls: [string, () => Promise<unknown>][] = [
        ['loadSession', () => store.loadSession('a')],
        ['loadMeta', () => store.loadMeta('a')],
        ['loadEntries', () => store.loadEntries('a')],
        ['getEntries', () => store.getEntries('a', ['e0'])],
        ['loadAux', () => store.loadAux('a', 'recall')],
        ['write', () => store.write('a', { meta: makeMeta('a', 2) })],
        ['deleteSession', () => store.deleteSession('a')],
        ['listSessions', () => store.listSessions()],
      ];
      if (store.lock) calls.push(['lock', () => store.lock!('a', async () => 1)]);
      for (const [method, call] of calls) {
        await expect(call(), method).rejects.toBeInstanceOf(ClosedError);
      }
    });

    it('lock (when offered) serializes read-modify-write on a session and passes results through', async (ctx) => {
      const lock = store.lock?.bind(store);
      if (!lock) return ctx.skip();
      await store.write('a', { meta: makeMeta('a', 0) });
      const bump = () =>
        lock('a', async () => {
          const meta = await store.loadMeta('a');
          await store.write('a', { meta: { ...meta!, version: meta!.version + 1 } });
        });
      await Promise.all(Array.from({ length: 20 }, bump));
      expect((await store.loadMeta('a'))?.version).toBe(20);
      await expect(lock('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      expect(await lock('a', async () => 42)).toBe(42);
      // Locks are per session: holding one does not block another.
      expect(await lock('a', () => lock('b', async () => 'nested'))).toBe('nested');
    });

    it('estimate (when offered) reports usage, quota and persistence', async (ctx) => {
      if (!store.estimate) return ctx.skip();
      const estimate = await store.estimate();
      expect(estimate.usage).toBeGreaterThanOrEqual(0);
      expect(estimate.quota).toBeGreaterThan(0);
      expect(typeof estimate.persisted).toBe('boolean');
    });
  });
}
