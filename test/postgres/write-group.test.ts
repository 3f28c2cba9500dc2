import { afterAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { PgPoolLike } from '../../src/store/postgres/driver-pg.js';
import { postgresStore } from '../../src/server/index.js';
import { makeEntry, makeMeta } from '../../src/testing/index.js';
import pg from 'pg';
import { DRIVERS, closeShared, countingPool as counting, freshTenant, pgUrl, sharedPool } from './support.js';
import { until } from '../support/until.js';

afterAll(closeShared);

/** The shared pool, counting the write statements and session loads sent through it. */
function countingPool(): { pool: PgPoolLike; writes: () => number; loads: () => number } {
  const base = sharedPool();
  let writes = 0;
  let loads = 0;
  const pool = counting(base, (text) => {
    if (text.includes('INSERT INTO recallkit_entries')) writes++;
    if (text.startsWith('SELECT 0 AS k')) loads++;
  });
  return { pool, writes: () => writes, loads: () => loads };
}

const append = (id: string, seq: number, content = `m${seq}`) => ({
  meta: makeMeta(id, seq + 1, { nextSeq: seq + 1 }),
  putEntries: [makeEntry(id, seq, { content })],
  expectVersion: seq,
});

describe('postgresStore group commit (pg): concurrent writes share statements', () => {
  it('50 sessions written at once go in two statements (one being built while the other runs), every write stored and heard', async () => {
    const { pool, writes } = countingPool();
    const store = postgresStore({ pool, tenant: freshTenant() });
    await store.listSessions();
    const heard = new Map<string, number[]>();
    const stops = Array.from({ length: 50 }, (_, s) =>
      store.subscribe!(`s${s}`, (v) => heard.set(`s${s}`, [...(heard.get(`s${s}`) ?? []), v])),
    );
    await store.listSessions(); // LISTEN in place
    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: 50 }, (_, s) => store.write(`s${s}`, append(`s${s}`, round))));
    }
    expect(writes()).toBe(6);
    for (let s = 0; s < 50; s++) {
      expect((await store.loadEntries(`s${s}`)).map((e) => e.content)).toEqual(['m0', 'm1', 'm2']);
      expect((await store.loadMeta(`s${s}`))?.version).toBe(3);
    }
    for (let i = 0; i < 200 && [...heard.values()].flat().length < 150; i++)
      await new Promise((r) => setTimeout(r, 10));
    for (let s = 0; s < 50; s++) expect(heard.get(`s${s}`)).toEqual([1, 2, 3]);
    for (const stop of stops) stop();
    await store.close();
  });

  it('a memory appending from 10 writers to 20 sessions loads each session once: its own notifications never make it reload', async () => {
    const { pool, writes, loads } = countingPool();
    const memory = await createMemory({
      store: postgresStore({ pool, tenant: freshTenant() }),
      config: { autoCompress: false },
    });
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = next++; i < 400; i = next++) await memory.addUserMessage(`s${i % 20}`, `message ${i}`);
      }),
    );
    expect(loads()).toBe(20);
    expect(writes()).toBeLessThan(400);
    for (let s = 0; s < 20; s++) {
      const { messages } = await memory.getContextForLLM(`s${s}`);
      expect(messages.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, k) => `message ${k * 20 + s}`));
    }
    await memory.close();
  });
});

describe('postgresStore group commit (pg): two writers on the same sessions', () => {
  it('two memories on pools of their own append to 20 shared sessions in opposite orders: every message lands, each memory in its order', async () => {
    const tenant = freshTenant();
    const pools = [
      new pg.Pool({ connectionString: pgUrl(), max: 5 }),
      new pg.Pool({ connectionString: pgUrl(), max: 5 }),
    ];
    const memories = await Promise.all(
      pools.map((pool) => createMemory({ store: postgresStore({ pool, tenant }), config: { autoCompress: false } })),
    );
    await Promise.all(
      memories.map(async (memory, m) => {
        let next = 0;
        // Five writers per memory; memory 0 walks the sessions up, memory 1 down.
        await Promise.all(
          Array.from({ length: 5 }, async () => {
            for (let i = next++; i < 200; i = next++) {
              const s = m === 0 ? i % 20 : 19 - (i % 20);
              await memory.addUserMessage(`s${s}`, `m${m} #${Math.floor(i / 20)}`);
            }
          }),
        );
      }),
    );
    const store = postgresStore({ pool: sharedPool(), tenant });
    for (let s = 0; s < 20; s++) {
      const entries = await store.loadEntries(`s${s}`);
      expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, k) => k));
      for (const m of [0, 1]) {
        expect(entries.filter((e) => e.content.startsWith(`m${m} `)).map((e) => e.content)).toEqual(
          Array.from({ length: 10 }, (_, k) => `m${m} #${k}`),
        );
      }
    }
    await store.close();
    await Promise.all(memories.map((memory) => memory.close()));
    await Promise.all(pools.map((pool) => pool.end()));
  });
});

describe.each(DRIVERS)('postgresStore group commit (%s): each batch keeps its own outcome', (_name, makeStore) => {
  it('a stale batch among concurrent ones fails alone with ConflictError; the others are written', async () => {
    const store = await makeStore(freshTenant());
    await Promise.all(Array.from({ length: 10 }, (_, s) => store.write(`s${s}`, append(`s${s}`, 0))));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, s) =>
        store.write(`s${s}`, s === 4 ? { ...append('s4', 1), expectVersion: 7 } : append(`s${s}`, 1)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(
      Array.from({ length: 10 }, (_, s) => (s === 4 ? 'rejected' : 'fulfilled')),
    );
    expect((results[4] as PromiseRejectedResult).reason).toMatchObject({ name: 'ConflictError' });
    expect((await store.loadEntries('s4')).map((e) => e.seq)).toEqual([0]);
    expect((await store.loadMeta('s4'))?.version).toBe(1);
    for (const s of [0, 3, 5, 9]) expect((await store.loadEntries(`s${s}`)).map((e) => e.seq)).toEqual([0, 1]);
    await store.close();
  });

  it('a batch the database refuses fails alone; the batches sent with it are written', async () => {
    const store = await makeStore(freshTenant());
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, s) =>
        // 1e19 does not fit a bigint seq: PostgreSQL refuses the statement it is in.
        store.write(
          `s${s}`,
          s === 2
            ? { meta: makeMeta('s2', 1), putEntries: [{ ...makeEntry('s2', 0), seq: 1e19 }] }
            : append(`s${s}`, 0),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(
      Array.from({ length: 8 }, (_, s) => (s === 2 ? 'rejected' : 'fulfilled')),
    );
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ name: 'StoreError' });
    expect(await store.loadMeta('s2')).toBeUndefined();
    for (const s of [0, 1, 3, 7]) expect((await store.loadEntries(`s${s}`)).map((e) => e.content)).toEqual(['m0']);
    await store.close();
  });

  it('writes of one session made at once are applied one at a time, in call order', async () => {
    const store = await makeStore(freshTenant());
    const writes = [
      store.write('s', { meta: makeMeta('s', 1), putEntries: [makeEntry('s', 0, { content: 'first' })] }),
      store.write('s', { meta: makeMeta('s', 2), putEntries: [makeEntry('s', 0, { content: 'second' })] }),
      store.write('t', { meta: makeMeta('t', 1), putEntries: [makeEntry('t', 0)] }),
      store.write('s', { meta: makeMeta('s', 3), putEntries: [makeEntry('s', 1)], expectVersion: 2 }),
      store.write('s', {
        meta: makeMeta('s', 9),
        replace: true,
        putEntries: [makeEntry('s', 5, { content: 'replaced' })],
        expectVersion: 3,
      }),
    ];
    await Promise.all(writes);
    expect((await store.loadEntries('s')).map((e) => e.content)).toEqual(['replaced']);
    expect((await store.loadMeta('s'))?.version).toBe(9);
    expect(await store.loadEntries('t')).toHaveLength(1);
    await store.close();
  });
});

describe('postgresStore on one pool, a store per tenant (a server with many users)', () => {
  it("20 tenants' stores writing at once share statements; each row is its tenant's; a stale batch fails alone", async () => {
    const { pool, writes } = countingPool();
    const tenants = Array.from({ length: 20 }, () => freshTenant());
    const stores = tenants.map((tenant) => postgresStore({ pool, tenant }));
    await Promise.all(stores.map((s) => s.listSessions()));
    // The same session id under every tenant, written in one turn.
    await Promise.all(stores.map((store, t) => store.write('chat', append('chat', 0, `t${t}-m0`))));
    const before = writes();
    const results = await Promise.allSettled(
      stores.map((store, t) =>
        store.write('chat', t === 7 ? { ...append('chat', 1), expectVersion: 5 } : append('chat', 1, `t${t}-m1`)),
      ),
    );
    expect(writes() - before).toBeLessThanOrEqual(2);
    expect(results.map((r) => r.status)).toEqual(tenants.map((_, t) => (t === 7 ? 'rejected' : 'fulfilled')));
    expect((results[7] as PromiseRejectedResult).reason).toMatchObject({ name: 'ConflictError' });
    for (const [t, store] of stores.entries()) {
      const expected = t === 7 ? ['t7-m0'] : [`t${t}-m0`, `t${t}-m1`];
      expect((await store.loadEntries('chat')).map((e) => e.content)).toEqual(expected);
      expect((await store.loadMeta('chat'))?.version).toBe(t === 7 ? 1 : 2);
    }
    await Promise.all(stores.map((s) => s.close()));
  });

  it('the stores hold one LISTEN connection; each hears only its tenant; one closing leaves the others hearing', async () => {
    // Named: other test files listen on the same database at the same time.
    const name = `write-group-${process.pid}`;
    const base = new pg.Pool({ connectionString: pgUrl(), max: 6, application_name: name });
    const tenants = Array.from({ length: 12 }, () => freshTenant());
    const stores = tenants.map((tenant) => postgresStore({ pool: base, tenant }));
    const heard = tenants.map(() => [] as number[]);
    const stops = stores.map((store, t) => store.subscribe!('chat', (v) => heard[t]!.push(v)));
    await Promise.all(stores.map((s) => s.listSessions())); // LISTEN in place
    const listening = async (): Promise<number> =>
      (
        await base.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND application_name = $1",
          [name],
        )
      ).rows[0].n;
    expect(await listening()).toBe(1);
    const writer = postgresStore({ pool: sharedPool(), tenant: tenants[3]! });
    await writer.write('chat', append('chat', 0));
    const settle = (check: () => boolean): Promise<void> => until(check);
    await settle(() => heard[3]!.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.map((h) => h.length)).toEqual(tenants.map((_, t) => (t === 3 ? 1 : 0)));
    // The store through which the pool's LISTEN was made closes: the others still hear.
    stops[0]!();
    await stores[0]!.close();
    await writer.write('chat', append('chat', 1));
    await settle(() => heard[3]!.length > 1);
    expect(heard[3]).toEqual([1, 2]);
    for (const stop of stops.slice(1)) stop();
    await Promise.all([...stores.slice(1).map((s) => s.close()), writer.close()]);
    await base.end();
  });
});
