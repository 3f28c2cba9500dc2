import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDriver } from '../../src/store/postgres/driver-pglite.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { pgDriver } from '../../src/store/postgres/driver-pg.js';
import type { Sql, SqlDriver } from '../../src/store/postgres/driver.js';
import { MIGRATIONS, SCHEMA_VERSION, migrate, schemaVersion } from '../../src/store/postgres/migrations.js';
import * as q from '../../src/store/postgres/queries.js';
import { fillCoveredIds } from '../../src/store/postgres/covered-ids.js';
import { createSlicer } from '../../src/slices/slicer.js';
import { buildWrite, deleteSession, encodeBatch, writeBatch, writeStatement } from '../../src/store/postgres/write.js';
import { migrateSchema, postgresStore } from '../../src/server/index.js';
import { makeEntry, makeMeta, makeSummary } from '../../src/testing/index.js';
import { closeShared, countingPool, freshTenant, pgUrl, sharedPool } from './support.js';

afterAll(closeShared);

let dbCount = 0;
/** A new, empty database on the cluster; resolves a pool on it. */
async function freshDatabase(): Promise<pg.Pool> {
  const name = `recallkit_${process.pid}_${dbCount++}`;
  await sharedPool().query(`CREATE DATABASE ${name}`);
  const pools: pg.Pool[] = [];
  const pool = new pg.Pool({ connectionString: pgUrl().replace('/postgres?', `/${name}?`), max: 4 });
  pools.push(pool);
  return pool;
}

describe('postgresStore schema: versioned, forward-only migrations', () => {
  it('a new database is migrated through every version on open', async () => {
    const pool = await freshDatabase();
    const store = postgresStore({ pool, tenant: 't' });
    expect(await store.listSessions()).toEqual([]);
    const { rows } = await pool.query('SELECT version FROM recallkit_schema ORDER BY version');
    expect(rows.map((r: { version: number }) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
    await store.close();
    await pool.end();
  });

  it('a database is asked its version in one statement: 0 before any migration, then the version', async () => {
    const pool = await freshDatabase();
    const driver = pgDriver(pool, false);
    const sent: string[] = [];
    const counted: Sql = { query: (text, params) => (sent.push(text), driver.query(text, params)) };
    expect(await schemaVersion(counted)).toBe(0);
    expect(sent).toHaveLength(1);
    expect(await migrate(driver)).toBe(0);
    sent.length = 0;
    expect(await schemaVersion(counted)).toBe(SCHEMA_VERSION);
    expect(sent).toHaveLength(1);
    // A migrated database is opened with that one statement and nothing else.
    const opened = { ...driver, query: counted.query } as SqlDriver;
    sent.length = 0;
    expect(await migrate(opened)).toBe(SCHEMA_VERSION);
    expect(sent).toHaveLength(1);
    await pool.end();
  });

  it('a database left at version 1 with data is walked forward, and its sessions still load', async () => {
    const pool = await freshDatabase();
    const driver = pgDriver(pool, false);
    expect(await migrate(driver, 1)).toBe(0);
    expect(await schemaVersion(driver)).toBe(1);
    const indexes = async () =>
      (
        await pool.query(
          "SELECT indexname FROM pg_indexes WHERE tablename LIKE 'recallkit_%' AND tablename NOT LIKE 'recallkit_sync_%' AND indexname NOT LIKE '%pkey'",
        )
      ).rows.length;
    expect(await indexes()).toBe(0);
    await writeBatch(driver, 't', 's', {
      meta: makeMeta('s', 1, { nextSeq: 2 }),
      putEntries: [makeEntry('s', 0), makeEntry('s', 1, { compressed: true })],
      putSummaries: [makeSummary('s', 'sum')],
    });
    const store = postgresStore({ pool, tenant: 't' });
    const loaded = await store.loadSession('s');
    expect(loaded?.activeEntries).toEqual([makeEntry('s', 0)]);
    expect(loaded?.summaries).toEqual([makeSummary('s', 'sum')]);
    expect(await schemaVersion(driver)).toBe(SCHEMA_VERSION);
    expect(await indexes()).toBe(3);
    await store.close();
    await pool.end();
  });

  it('migrateSchema migrates a new database on its own (a deploy step), and releases its connection', async () => {
    const pool = await freshDatabase();
    const { connectionString } = pool.options as { connectionString: string };
    expect(await migrateSchema({ connectionString })).toBe(SCHEMA_VERSION);
    const { rows } = await pool.query('SELECT version FROM recallkit_schema ORDER BY version');
    expect(rows.map((r: { version: number }) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    await expect(migrateSchema({} as never)).rejects.toThrow(/exactly one of connectionString, pool or pglite/);
    await pool.end();
  });

  it('processes opening one new database at once migrate it once', async () => {
    const pool = await freshDatabase();
    // A pool each, as processes have (the stores of one pool migrate once in-process anyway).
    const { connectionString } = pool.options as { connectionString: string };
    const pools = [pool, ...Array.from({ length: 4 }, () => new pg.Pool({ connectionString, max: 2 }))];
    const stores = pools.map((p, i) => postgresStore({ pool: p, tenant: `t${i}` }));
    await Promise.all(stores.map((s, i) => s.write('s', { meta: makeMeta('s', 1), putEntries: [makeEntry('s', i)] })));
    expect((await pool.query('SELECT count(*)::int AS n FROM recallkit_schema')).rows[0].n).toBe(SCHEMA_VERSION);
    await Promise.all(stores.map((s) => s.close()));
    await Promise.all(pools.map((p) => p.end()));
  });

  it('a database from a newer RecallKit is refused with an error naming both versions, and left as it is', async () => {
    const pool = await freshDatabase();
    await migrate(pgDriver(pool, false));
    await pool.query('INSERT INTO recallkit_schema (version) VALUES ($1)', [SCHEMA_VERSION + 7]);
    const store = postgresStore({ pool, tenant: 't' });
    await expect(store.listSessions()).rejects.toThrow(
      `schema is at version ${SCHEMA_VERSION + 7}, newer than this RecallKit's ${SCHEMA_VERSION}`,
    );
    expect((await pool.query('SELECT max(version)::int AS v FROM recallkit_schema')).rows[0].v).toBe(
      SCHEMA_VERSION + 7,
    );
    await store.close();
    await pool.end();
  });
});

describe('postgresStore rows of a session without foreign keys (version 4)', () => {
  const foreignKeys = async (pool: pg.Pool): Promise<number> =>
    (
      await pool.query(
        "SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text LIKE 'recallkit_%'",
      )
    ).rows[0].n;
  const orphans = async (pool: pg.Pool): Promise<number> =>
    (
      await pool.query(
        `SELECT ((SELECT count(*) FROM recallkit_entries e WHERE NOT EXISTS (SELECT 1 FROM recallkit_sessions s
           WHERE s.tenant = e.tenant AND s.session_id = e.session_id))
         + (SELECT count(*) FROM recallkit_summaries e WHERE NOT EXISTS (SELECT 1 FROM recallkit_sessions s
           WHERE s.tenant = e.tenant AND s.session_id = e.session_id))
         + (SELECT count(*) FROM recallkit_aux e WHERE NOT EXISTS (SELECT 1 FROM recallkit_sessions s
           WHERE s.tenant = e.tenant AND s.session_id = e.session_id)))::int AS n`,
      )
    ).rows[0].n;

  it('a database at version 3 loses its foreign keys on open, and its sessions still load', async () => {
    const pool = await freshDatabase();
    const driver = pgDriver(pool, false);
    await migrate(driver, 3);
    expect(await foreignKeys(pool)).toBe(3);
    await writeBatch(driver, 't', 's', { meta: makeMeta('s', 1, { nextSeq: 1 }), putEntries: [makeEntry('s', 0)] });
    const store = postgresStore({ pool, tenant: 't' });
    expect((await store.loadSession('s'))?.activeEntries).toEqual([makeEntry('s', 0)]);
    expect(await schemaVersion(driver)).toBe(SCHEMA_VERSION);
    expect(await foreignKeys(pool)).toBe(0);
    await store.close();
    await pool.end();
  });

  it('deleteSession deletes every row of the session and nothing of another session or tenant', async () => {
    const pool = await freshDatabase();
    const [a, b] = [postgresStore({ pool, tenant: 'a' }), postgresStore({ pool, tenant: 'b' })];
    const full = (id: string) => ({
      meta: makeMeta(id, 1, { nextSeq: 2 }),
      putEntries: [makeEntry(id, 0), makeEntry(id, 1, { compressed: true })],
      putSummaries: [makeSummary(id, 'sum')],
      aux: { 'recall:x': { n: 1 } },
    });
    for (const store of [a, b]) for (const id of ['s', 't']) await store.write(id, full(id));
    await a.deleteSession('s');
    const rows = async (tenant: string, id: string): Promise<number[]> =>
      Promise.all(
        ['recallkit_sessions', 'recallkit_entries', 'recallkit_summaries', 'recallkit_aux'].map(
          async (table) =>
            (
              await pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE tenant = $1 AND session_id = $2`, [
                tenant,
                JSON.stringify(id),
              ])
            ).rows[0].n,
        ),
      );
    expect(await rows('a', 's')).toEqual([0, 0, 0, 0]);
    expect(await rows('a', 't')).toEqual([1, 2, 1, 1]);
    expect(await rows('b', 's')).toEqual([1, 2, 1, 1]);
    await Promise.all([a.close(), b.close()]);
    await pool.end();
  });

  it('a deletion that meets a write in flight deletes the rows that write adds too', async () => {
    const pool = await freshDatabase();
    const store = postgresStore({ pool, tenant: 't' });
    await store.write('s', { meta: makeMeta('s', 1, { nextSeq: 1 }), putEntries: [makeEntry('s', 0)] });
    // Another process's write, holding the session row until it commits.
    const other = await pool.connect();
    await other.query('BEGIN');
    const { pre, main } = buildWrite('t', 's', {
      meta: makeMeta('s', 2, { nextSeq: 2 }),
      putEntries: [makeEntry('s', 1)],
      putSummaries: [makeSummary('s', 'sum')],
      aux: { k: 1 },
      expectVersion: 1,
    });
    expect(pre).toEqual([]);
    await other.query(main.text, main.params as unknown[]);
    const deleting = store.deleteSession('s');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await other.query('COMMIT');
    other.release();
    await deleting;
    expect(await orphans(pool)).toBe(0);
    expect(await store.loadSession('s')).toBeUndefined();
    await store.close();
    await pool.end();
  });
});

describe('postgresStore indexes fit the queries (EXPLAIN)', () => {
  it('every read, write and deletion of a session finds its rows through indexes, never a sequential scan, on a populated database', async () => {
    const pool = await freshDatabase();
    const driver = pgDriver(pool, false);
    await migrate(driver);
    // 40 tenants x 5 sessions x 200 entries (most compressed), summaries and aux values.
    for (let t = 0; t < 40; t++) {
      for (let s = 0; s < 5; s++) {
        const id = `s${s}`;
        await writeBatch(driver, `t${t}`, id, {
          meta: makeMeta(id, 1, { nextSeq: 200 }),
          putEntries: Array.from({ length: 200 }, (_, i) => makeEntry(id, i, i < 190 ? { compressed: true } : {})),
          putSummaries: Array.from({ length: 5 }, (_, i) => makeSummary(id, `sum${i}`)),
          aux: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`recall:seg:${i}`, i])),
        });
      }
    }
    // Many more sessions without records, so that listing one tenant's is selective.
    await pool.query(
      `INSERT INTO recallkit_sessions (tenant, session_id, version, meta)
       SELECT '"other' || (n / 10) || '"', '"s' || (n % 10) || '"', 1, '{}' FROM generate_series(1, 20000) AS n`,
    );
    // Every summary's covered ids in parts, as a summary of many entries keeps them.
    await pool.query(
      `INSERT INTO recallkit_summary_ids (tenant, session_id, summary_id, part, ids)
       SELECT tenant, session_id, id, part, '[]' FROM recallkit_summaries, generate_series(0, 3) AS part`,
    );
    await pool.query('ANALYZE');
    const plans: string[] = [];
    // Runs EXPLAIN on exactly the statements the store sends.
    const explain: Sql = {
      async query<R>(text: string, params?: readonly unknown[]) {
        const { rows } = await pool.query(`EXPLAIN (FORMAT JSON) ${text}`, params as unknown[]);
        plans.push(JSON.stringify(rows[0]));
        // A deletion in chunks reads the next keys, then deletes them: one key, so both are planned.
        return (/ AS k FROM /.test(text) ? [{ k: '"e1"' }] : []) as R[];
      },
    };
    await q.loadSession(explain, 't7', 's3');
    await q.loadMeta(explain, 't7', 's3');
    await q.loadEntries(explain, 't7', 's3', { fromSeq: 150 });
    await q.loadEntries(explain, 't7', 's3', { includeCompressed: false });
    await q.getEntries(explain, 't7', 's3', ['e1', 'e2']);
    await q.loadAux(explain, 't7', 's3', 'recall:seg:1');
    await q.loadAuxPrefix(explain, 't7', 's3', 'recall:');
    await q.listSessions(explain, 't7');
    expect(plans).toHaveLength(8);
    for (const plan of plans) {
      expect(plan).not.toContain('Seq Scan');
      expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    }
    // Opening a session reads its active entries through the partial index.
    expect(plans[0]).toContain('recallkit_entries_active');
    expect(plans[3]).toContain('recallkit_entries_active');

    // Writes and deletions find the rows they change through indexes too.
    plans.length = 0;
    const batch = encodeBatch(
      't7',
      's3',
      {
        meta: makeMeta('s3', 2, { nextSeq: 201 }),
        expectVersion: 1,
        putEntries: [makeEntry('s3', 200), makeEntry('s3', 10, { compressed: false })],
        putSummaries: [makeSummary('s3', 'sum9')],
        deleteEntryIds: ['e3', 'e4'],
        deleteSummaryIds: ['sum1'],
        aux: { 'recall:seg:1': 5, 'recall:seg:2': null },
      },
      { split: true },
    );
    for (const notify of [false, true]) {
      const { text, params } = writeStatement([batch], notify);
      await explain.query(text, params);
    }
    await deleteSession({ ...explain, kind: 'pg', transaction: (fn) => fn(explain) } as SqlDriver, 't7', 's3');
    // A full group: 64 sessions of 40 tenants in one statement.
    const group = Array.from({ length: 64 }, (_, i) => {
      const id = `s${Math.floor(i / 40)}`;
      return encodeBatch(`t${i % 40}`, id, {
        meta: makeMeta(id, 2, { nextSeq: 201 }),
        expectVersion: 1,
        putEntries: [makeEntry(id, 200)],
        deleteEntryIds: ['e5'],
        aux: { 'recall:seg:3': 1, 'recall:seg:4': null },
      });
    });
    const { text, params } = writeStatement(group, false);
    await explain.query(text, params);
    // A summary's covered ids stored apart, read a page of parts a statement.
    const apart = { ...makeSummary('s3', 'sum0'), originalEntryIds: 2 as unknown as string[] };
    await fillCoveredIds(explain, 't7', '"s3"', [apart], createSlicer());
    // Two writes; the deletion: the session's row, then each of its four tables' keys and rows; the group; the parts.
    expect(plans).toHaveLength(2 + 1 + 4 * 2 + 1 + 1);
    for (const plan of plans) expect(plan).not.toContain('Seq Scan');
    const tables = ['recallkit_sessions', 'recallkit_entries', 'recallkit_summaries', 'recallkit_summary_ids'];
    for (const table of [...tables, 'recallkit_aux']) expect(plans[0]).toContain(table);
    expect(plans[plans.length - 1]).toContain('recallkit_summary_ids_pkey');
    await pool.end();
  });
});

describe('postgresStore: opening a cold 10,000-entry session', () => {
  it('takes one query for its active entries and summaries, plus one for the recall index', async () => {
    const tenant = freshTenant();
    const base = sharedPool();
    const writer = postgresStore({ pool: base, tenant });
    for (let from = 0; from < 10_000; from += 2_000) {
      await writer.write('long', {
        meta: makeMeta('long', from / 2_000 + 1, { nextSeq: from + 2_000, totalEntries: from + 2_000 }),
        putEntries: Array.from({ length: 2_000 }, (_, i) =>
          makeEntry(
            'long',
            from + i,
            from + i < 9_900
              ? { compressed: true, summaryId: 'sum0', content: `old note ${from + i} about topic${(from + i) % 97}` }
              : {},
          ),
        ),
        putSummaries: from === 0 ? [makeSummary('long', 'sum0')] : [],
      });
    }
    // A first memory builds and persists the recall index (reading the history once).
    const first = await createMemory({ store: postgresStore({ pool: base, tenant }) });
    expect((await first.recall('long', 'topic42')).length).toBeGreaterThan(0);
    await first.close();

    // Count the statements a cold memory sends, on a store already connected and migrated.
    let queries = 0;
    const sent: string[] = [];
    // The LISTEN the store sets up once per pool is not a read of the session.
    const counting = countingPool(base, (text) => {
      if (text.startsWith('LISTEN')) return;
      queries++;
      sent.push(text);
    });
    const store = postgresStore({ pool: counting, tenant });
    await store.listSessions();
    const cold = await createMemory({ store });
    queries = 0;
    const context = await cold.getContextForLLM('long');
    expect(queries).toBe(1);
    expect(context.messages).toHaveLength(101); // the summary + 100 active entries
    sent.length = 0;
    const hits = await cold.recall('long', 'topic42');
    expect(hits.length).toBeGreaterThan(0);
    // The version check every read of a shared store makes, ONE read for the whole recall
    // index (no entry is re-read to rebuild it), then the hits' own entries by id.
    expect(sent.map((t) => t.replace(/\s+/g, ' ').slice(0, 40))).toEqual([
      'SELECT meta FROM recallkit_sessions WHER',
      'SELECT key, value FROM recallkit_aux WHE',
      'SELECT id, entry FROM recallkit_entries ',
    ]);
    await cold.close();
  });
});

describe('postgresStore tenant as plain text (version 5)', () => {
  it('a database at version 4 has its JSON-quoted tenants decoded in every table on open, and its sessions still load', async () => {
    const pool = await freshDatabase();
    const driver = pgDriver(pool, false);
    await migrate(driver, 4);
    // As version 4 wrote them: the tenant JSON-quoted.
    const old = (tenant: string): string => JSON.stringify(tenant);
    await writeBatch(driver, old('user-7'), 's', {
      meta: makeMeta('s', 1, { nextSeq: 1 }),
      putEntries: [makeEntry('s', 0)],
      putSummaries: [makeSummary('s', 'sum')],
      aux: { k: 1 },
    });
    await writeBatch(driver, old('a\u0000b'), 's', { meta: makeMeta('s', 1, { nextSeq: 0 }) });
    await pool.query('INSERT INTO recallkit_sync_tenants VALUES ($1, 1)', [old('user-7')]);
    await pool.query(
      `INSERT INTO recallkit_sync_ops VALUES ($1, 1, '"s"', '"op"', 'entry', '"dev"', '{}'),
       ($2, 1, '"s"', '"op"', 'entry', '"dev"', '{}')`,
      [old('user-7'), old('quote"and\\backslash')],
    );
    const store = postgresStore({ pool, tenant: 'user-7' });
    expect((await store.loadSession('s'))?.activeEntries).toEqual([makeEntry('s', 0)]);
    expect(await schemaVersion(driver)).toBe(SCHEMA_VERSION);
    const count = async (table: string, tenant: string): Promise<number> =>
      (await pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE tenant = $1`, [tenant])).rows[0].n;
    for (const table of ['recallkit_sessions', 'recallkit_entries', 'recallkit_summaries', 'recallkit_aux'])
      expect(await count(table, 'user-7')).toBe(1);
    expect(await count('recallkit_sync_tenants', 'user-7')).toBe(1);
    expect(await count('recallkit_sync_ops', 'user-7')).toBe(1);
    expect(await count('recallkit_sync_ops', 'quote"and\\backslash')).toBe(1);
    expect(await count('recallkit_sessions', old('user-7'))).toBe(0);
    // A tenant PostgreSQL text cannot hold stays as it was (and such a tenant is refused now).
    expect(await count('recallkit_sessions', old('a\u0000b'))).toBe(1);
    await store.close();
    await pool.end();
  });
});

describe("postgresStore summaries' covered ids in parts (version 8)", () => {
  /** A database at version 7 holding a summary of 5,000 ids in its row, as version 7 wrote it. */
  async function atVersion7(driver: SqlDriver): Promise<ReturnType<typeof makeSummary>> {
    await migrate(driver, 7);
    const old = makeSummary('s', 'old', { originalEntryIds: Array.from({ length: 5000 }, (_, i) => `id-${i}`) });
    await writeBatch(driver, 'user-8', 's', { meta: makeMeta('s', 1), putSummaries: [old] });
    return old;
  }

  /** Opened by this version: the old summary reads back whole, a new large one goes in parts. */
  async function check(driver: SqlDriver, store: ReturnType<typeof postgresStore>, old: unknown): Promise<void> {
    expect((await store.loadSession('s'))?.summaries).toEqual([old]);
    expect(await schemaVersion(driver)).toBe(SCHEMA_VERSION);
    const parts = async (): Promise<number> =>
      (await driver.query<{ n: number }>('SELECT count(*)::int AS n FROM recallkit_summary_ids'))[0]!.n;
    expect(await parts()).toBe(0);
    const fresh = makeSummary('s', 'new', { originalEntryIds: Array.from({ length: 4500 }, (_, i) => `n-${i}`) });
    await store.write('s', { meta: makeMeta('s', 2), putSummaries: [fresh], expectVersion: 1 });
    expect(await parts()).toBe(3);
    expect((await store.loadSession('s'))?.summaries).toEqual([old, fresh]);
    await store.deleteSession('s');
    expect(await parts()).toBe(0);
  }

  it('a PostgreSQL database at version 7 gains the table of parts on open; its summaries still load whole', async () => {
    const pool = await freshDatabase();
    const driver = pgDriver(pool, false);
    const old = await atVersion7(driver);
    const store = postgresStore({ pool, tenant: 'user-8' });
    await check(driver, store, old);
    await store.close();
    await pool.end();
  });

  it('a PGlite database at version 7 gains the table of parts on open; its summaries still load whole', async () => {
    const db = await PGlite.create();
    const driver = pgliteDriver(db, false);
    const old = await atVersion7(driver);
    const store = postgresStore({ pglite: db, tenant: 'user-8' });
    await check(driver, store, old);
    await store.close();
    await db.close();
  });
});
