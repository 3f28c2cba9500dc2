/**
 * Large batches and sessions on PostgreSQL and PGlite (#31): a write of thousands of entries goes
 * as several statements in one transaction, all or nothing; a session of more than a page of
 * active entries is read page by page, exactly as written; an engine over it works in slices.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeShared, DRIVERS, freshTenant, sharedPGlite, sharedPool } from './support.js';
import { IDS_PER_PART } from '../../src/store/postgres/covered-ids.js';
import { AUX_CHARS_PER_STATEMENT, ROWS_PER_DELETE, ROWS_PER_STATEMENT } from '../../src/store/postgres/write.js';
import { AUX_PER_PAGE, ROWS_PER_PAGE } from '../../src/store/postgres/queries.js';
import { SUMMARY_PART } from '../../src/store/postgres/summary-parts.js';
import { postgresStore } from '../../src/server/index.js';
import { makeEntry, makeMeta, makeSummary } from '../../src/testing/index.js';
import type { MemorySummary } from '../../src/types.js';
import { createMemory } from '../../src/index.js';
import { ConflictError } from '../../src/errors.js';

afterAll(closeShared);

const N = ROWS_PER_STATEMENT * 2 + 500;

describe.each(DRIVERS)('large batches on %s', (_name, open) => {
  it(`writes ${N} entries and 450 aux values in one transaction and reads them back a page at a time`, async () => {
    const store = await open(freshTenant());
    const entries = Array.from({ length: N }, (_, i) => makeEntry('s', i, { content: `entry ${i}` }));
    const aux = Object.fromEntries(Array.from({ length: 450 }, (_, i) => [`recall:seg:${i}`, { n: i }]));
    await store.write('s', { meta: makeMeta('s', 1, { nextSeq: N }), putEntries: entries, aux, expectVersion: 0 });
    const loaded = await store.loadSession('s');
    expect(loaded?.activeEntries).toEqual(entries);
    expect(N).toBeGreaterThan(ROWS_PER_PAGE);
    expect(await store.loadEntries('s', { fromSeq: 10, limit: 5 })).toEqual(entries.slice(10, 15));
    expect((await store.loadAuxPrefix!('s', 'recall:seg:')).size).toBe(450);
    await store.close();
  });

  it('reads an aux prefix of several pages whole, in key order, and only under the prefix', async () => {
    const store = await open(freshTenant());
    const count = AUX_PER_PAGE * 2 + 7;
    const aux: Record<string, unknown> = {
      'recall:manifest': { segments: count },
      'recalm:after': 1,
      'recal:before': 2,
    };
    for (let i = 0; i < count; i++) aux[`recall:seg:${i}`] = { n: i, text: 'x'.repeat(i % 50) };
    await store.write('s', { meta: makeMeta('s', 1), aux, expectVersion: 0 });
    await store.write('t', { meta: makeMeta('t', 1), aux: { 'recall:seg:0': { other: true } }, expectVersion: 0 });
    const read = await store.loadAuxPrefix!('s', 'recall:');
    expect(read.size).toBe(count + 1);
    for (let i = 0; i < count; i++) expect(read.get(`recall:seg:${i}`)).toEqual(aux[`recall:seg:${i}`]);
    expect(read.get('recall:manifest')).toEqual({ segments: count });
    expect([...read.keys()].every((k) => k.startsWith('recall:'))).toBe(true);
    expect((await store.loadAuxPrefix!('s', 'recall:seg:1')).size).toBe(
      Array.from({ length: count }, (_, i) => `${i}`).filter((k) => k.startsWith('1')).length,
    );
    await store.close();
  });

  it('deletes and replaces a session of several chunks of rows whole, leaving other sessions as they were', async () => {
    const store = await open(freshTenant());
    const count = ROWS_PER_DELETE * 2 + 3;
    const entries = (s: string) => Array.from({ length: count }, (_, i) => makeEntry(s, i, { content: `entry ${i}` }));
    const aux = Object.fromEntries(Array.from({ length: count }, (_, i) => [`k:${i}`, { n: i }]));
    for (const s of ['a', 'b', 'c'])
      await store.write(s, { meta: makeMeta(s, 1, { nextSeq: count }), putEntries: entries(s), aux, expectVersion: 0 });
    await store.deleteSession('a');
    expect(await store.loadMeta('a')).toBeUndefined();
    expect(await store.loadEntries('a')).toEqual([]);
    expect((await store.loadAuxPrefix!('a', 'k:')).size).toBe(0);
    // Replaced: none of the old rows stay.
    const fresh = [makeEntry('b', 0, { id: 'only', content: 'the one left' })];
    await store.write('b', { meta: makeMeta('b', 2, { nextSeq: 1 }), putEntries: fresh, replace: true });
    expect(await store.loadEntries('b')).toEqual(fresh);
    expect((await store.loadAuxPrefix!('b', 'k:')).size).toBe(0);
    // The third session is whole.
    expect(await store.loadEntries('c')).toEqual(entries('c'));
    expect((await store.loadAuxPrefix!('c', 'k:')).size).toBe(count);
    await store.close();
  });

  it('a large write whose version check fails writes none of its rows', async () => {
    const store = await open(freshTenant());
    await store.write('s', {
      meta: makeMeta('s', 1, { nextSeq: 1 }),
      putEntries: [makeEntry('s', 0)],
      expectVersion: 0,
    });
    const entries = Array.from({ length: N }, (_, i) => makeEntry('s', i + 1, { id: `late-${i}` }));
    await expect(
      store.write('s', { meta: makeMeta('s', 3, { nextSeq: N + 1 }), putEntries: entries, expectVersion: 2 }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(await store.loadEntries('s')).toHaveLength(1);
    expect((await store.loadMeta('s'))?.version).toBe(1);
    await store.close();
  });

  it('writes summaries of several parts each (a pair of surrogates at every cut) and a small one, in order, all or nothing', async () => {
    const store = await open(freshTenant());
    const ids = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}-${i}-${'0'.repeat(30)}`);
    // Emoji from the content on: one of the two offsets puts a high surrogate last in a part.
    const large = (id: string, lead: string): MemorySummary =>
      makeSummary('s', id, {
        content: lead + '\u{1F600}'.repeat(SUMMARY_PART),
        originalEntryIds: ids(Math.ceil((SUMMARY_PART * 2) / 40), id),
      });
    const summaries = [large('big-a', ''), makeSummary('s', 'small'), large('big-b', 'x')];
    await store.write('s', { meta: makeMeta('s', 1), putEntries: [makeEntry('s', 0)], expectVersion: 0 });
    // A failing version check leaves none of them.
    await expect(
      store.write('s', { meta: makeMeta('s', 3), putSummaries: summaries, expectVersion: 2 }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect((await store.loadSession('s'))?.summaries).toEqual([]);
    await store.write('s', { meta: makeMeta('s', 2), putSummaries: summaries, expectVersion: 1 });
    expect((await store.loadSession('s'))?.summaries).toEqual(summaries);
    // Written again, a summary keeps its place; a later one goes last.
    const again = { ...summaries[0]!, content: 'rewritten' + summaries[0]!.content };
    const later = large('big-c', '');
    await store.write('s', { meta: makeMeta('s', 3), putSummaries: [later, again], expectVersion: 2 });
    expect((await store.loadSession('s'))?.summaries).toEqual([again, summaries[1], summaries[2], later]);
    await store.deleteSession('s');
    expect(await store.loadSession('s')).toBeUndefined();
    await store.close();
  });

  it('an engine adds, recalls and exports a session of several pages', async () => {
    const store = await open(freshTenant());
    const memory = await createMemory({ store, tokenizer: { count: (t) => Math.ceil(t.length / 4) } });
    const messages = Array.from({ length: N }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: i === 1234 ? 'The zebra crossing is on Elm Street.' : `turn ${i} about the weather`,
    }));
    await memory.addMessages('s', messages);
    const hits = await memory.recall('s', 'where is the zebra crossing?', { topK: 1 });
    expect(hits[0]?.entry.content).toBe('The zebra crossing is on Elm Street.');
    const state = await memory.exportSession('s');
    expect(state.entries.map((e) => e.content)).toEqual(messages.map((m) => m.content));
    await memory.close();
  });
});

/** Each driver's store with a raw query on its database, to count stored rows. */
const RAW: [string, () => Promise<(text: string, params: unknown[]) => Promise<unknown[]>>][] = [
  ['pg', async () => async (text, params) => (await sharedPool().query(text, params)).rows],
  [
    'PGlite',
    async () => {
      const db = await sharedPGlite();
      return async (text, params) => (await db.query(text, params)).rows;
    },
  ],
];

describe.each(RAW)('covered ids of a large summary on %s (schema version 8)', (name, raw) => {
  it('are kept in parts and read back whole; rewritten, shrunk or deleted, no part is left over', async () => {
    const tenant = freshTenant();
    const query = await raw();
    const store =
      name === 'pg'
        ? postgresStore({ pool: sharedPool(), tenant })
        : postgresStore({ pglite: await sharedPGlite(), tenant });
    const parts = async (): Promise<number> =>
      (
        (await query('SELECT count(*)::int AS n FROM recallkit_summary_ids WHERE tenant = $1', [tenant])) as {
          n: number;
        }[]
      )[0]!.n;
    const ids = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}-${i}`);
    const covering = (n: number, tag = 'e') => makeSummary('s', 'sum', { originalEntryIds: ids(n, tag) });
    const big = covering(IDS_PER_PART * 2 + 1);
    await store.write('s', {
      meta: makeMeta('s', 1),
      putSummaries: [big, makeSummary('s', 'small')],
      expectVersion: 0,
    });
    expect(await parts()).toBe(3);
    expect((await store.loadSession('s'))?.summaries).toEqual([big, makeSummary('s', 'small')]);
    expect((await store.loadSessionHead!('s', 'recall:'))?.summaries).toEqual([big, makeSummary('s', 'small')]);
    // Rewritten with fewer ids: the parts beyond its new count go.
    const fewer = covering(IDS_PER_PART + 5, 'f');
    await store.write('s', { meta: makeMeta('s', 2), putSummaries: [fewer], expectVersion: 1 });
    expect(await parts()).toBe(2);
    expect((await store.loadSession('s'))?.summaries).toEqual([fewer, makeSummary('s', 'small')]);
    // Rewritten small: its ids back in its row, no part left.
    const few = covering(3, 'g');
    await store.write('s', { meta: makeMeta('s', 3), putSummaries: [few], expectVersion: 2 });
    expect(await parts()).toBe(0);
    expect((await store.loadSession('s'))?.summaries).toEqual([few, makeSummary('s', 'small')]);
    // Large again, then deleted; then again, and the session deleted.
    await store.write('s', { meta: makeMeta('s', 4), putSummaries: [big], expectVersion: 3 });
    expect(await parts()).toBe(3);
    await store.write('s', { meta: makeMeta('s', 5), deleteSummaryIds: ['sum'], expectVersion: 4 });
    expect(await parts()).toBe(0);
    expect((await store.loadSession('s'))?.summaries).toEqual([makeSummary('s', 'small')]);
    await store.write('s', { meta: makeMeta('s', 6), putSummaries: [big], expectVersion: 5 });
    // A session of more than a page of active entries is read in its own snapshot, ids and all.
    const entries = Array.from({ length: ROWS_PER_PAGE + 5 }, (_, i) => makeEntry('s', i));
    await store.write('s', {
      meta: makeMeta('s', 7, { nextSeq: entries.length }),
      putEntries: entries,
      expectVersion: 6,
    });
    const loaded = await store.loadSession('s');
    expect(loaded?.summaries).toEqual([makeSummary('s', 'small'), big]);
    expect(loaded?.activeEntries).toHaveLength(entries.length);
    await store.deleteSession('s');
    expect(await parts()).toBe(0);
    // A replacing write leaves none of the session's parts either.
    await store.write('s', { meta: makeMeta('s', 1), putSummaries: [big], expectVersion: 0 });
    await store.write('s', { meta: makeMeta('s', 2), putEntries: [makeEntry('s', 0)], replace: true });
    expect(await parts()).toBe(0);
    expect((await store.loadSession('s'))?.summaries).toEqual([]);
    await store.close();
  });
});

describe('large summaries on PGlite', () => {
  it('aux values go beside the entries of a statement only as far as its bound, a longer one alone', async () => {
    const db = await sharedPGlite();
    const sizes: number[] = [];
    const total = (params?: unknown[]): number => {
      let size = 0;
      for (const p of params ?? []) if (typeof p === 'string') size += p.length;
      sizes.push(size);
      return size;
    };
    const watched = {
      query: (text: string, params?: unknown[]) => (total(params), db.query(text, params)),
      transaction: <T>(fn: (tx: { query: typeof db.query }) => Promise<T>) =>
        db.transaction((tx) =>
          fn({
            query: ((text: string, params?: unknown[]) => (total(params), tx.query(text, params))) as typeof db.query,
          }),
        ),
      listen: db.listen.bind(db),
      close: async () => undefined,
    };
    const store = postgresStore({ pglite: watched as never, tenant: freshTenant() });
    const count = ROWS_PER_STATEMENT + 500;
    const entries = Array.from({ length: count }, (_, i) => makeEntry('s', i, { content: `entry ${i}` }));
    const aux: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) aux[`recall:seg:${i}`] = { n: i, text: 'x'.repeat(40_000) };
    const long = 'y'.repeat(AUX_CHARS_PER_STATEMENT + 256 * 1024);
    aux['recall:long'] = { text: long };
    await store.write('s', { meta: makeMeta('s', 1, { nextSeq: count }), putEntries: entries, aux, expectVersion: 0 });
    // Aux and entries' texts, plus their rows' keys: within the bound, but for the long value alone.
    const over = sizes.filter((size) => size > AUX_CHARS_PER_STATEMENT + 128 * 1024);
    expect(over).toHaveLength(1);
    expect(over[0]).toBeLessThan(long.length + 1024);
    const loaded = await store.loadSession('s');
    expect(loaded?.activeEntries).toEqual(entries);
    const read = await store.loadAuxPrefix!('s', 'recall:');
    expect(read.size).toBe(41);
    for (const [key, value] of Object.entries(aux)) expect(read.get(key)).toEqual(value);
    await store.close();
  });

  it('no statement carries more than a part of a summary, and the summary reads back whole', async () => {
    const db = await sharedPGlite();
    let largest = 0;
    const sizeOf = (params?: unknown[]): number =>
      Math.max(0, ...(params ?? []).map((p) => (typeof p === 'string' ? p.length : 0)));
    const watched = {
      query: (text: string, params?: unknown[]) => (
        (largest = Math.max(largest, sizeOf(params))),
        db.query(text, params)
      ),
      transaction: <T>(fn: (tx: { query: typeof db.query }) => Promise<T>) =>
        db.transaction((tx) =>
          fn({
            query: ((text: string, params?: unknown[]) => (
              (largest = Math.max(largest, sizeOf(params))),
              tx.query(text, params)
            )) as typeof db.query,
          }),
        ),
      listen: db.listen.bind(db),
      close: async () => undefined,
    };
    const store = postgresStore({ pglite: watched as never, tenant: freshTenant() });
    const summary = makeSummary('s', 'big', {
      originalEntryIds: Array.from(
        { length: 20_000 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      ),
    });
    expect(JSON.stringify(summary).length).toBeGreaterThan(SUMMARY_PART * 5);
    await store.write('s', { meta: makeMeta('s', 1), putSummaries: [summary], expectVersion: 0 });
    expect(largest).toBeLessThanOrEqual(SUMMARY_PART);
    expect((await store.loadSession('s'))?.summaries).toEqual([summary]);
    await store.close();
  });
});
