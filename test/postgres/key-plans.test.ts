/**
 * Lookups and deletions by key stay key lookups on a table never analyzed (#31). PGlite has no
 * autovacuum, and PostgreSQL analyzes a table only after enough changes: until then the planner
 * estimates any session at a few rows, and `id = ANY($3)` was planned as a scan of the whole
 * session through the index of entries by seq (a first recall on a 100,000-entry session read all
 * of it to find ten entries, holding PGlite's thread for a tenth of a second). Schema 7 makes that
 * index serve only statements that name seq. Each statement is EXPLAINed here on a fresh
 * database: by key, it searches the primary key; by seq, the seq index; never a scan of the session.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresStore } from '../../src/server/index.js';
import { encodeKey } from '../../src/store/postgres/codec.js';
import {
  ENTRIES_BY_ID,
  IDS_PER_LOOKUP,
  ROWS_PER_PAGE,
  SESSION_FIRST_PAGE,
  SESSIONS_PER_PAGE,
} from '../../src/store/postgres/queries.js';
import { deleteKeyRange } from '../../src/store/postgres/write.js';
import { makeEntry, makeMeta } from '../../src/testing/index.js';
import type { StoreAdapter } from '../../src/types.js';

const COUNT = 3000;
let db: PGlite;
let store: StoreAdapter;
let ids: string[];

beforeAll(async () => {
  db = await PGlite.create();
  store = postgresStore({ pglite: db, tenant: 'plans' });
  const entries = Array.from({ length: COUNT }, (_, i) => makeEntry('big', i, { content: `entry ${i}` }));
  await store.write('big', { meta: makeMeta('big', 1, { nextSeq: COUNT }), putEntries: entries, expectVersion: 0 });
  ids = entries.map((e) => e.id);
});

afterAll(async () => {
  await store?.close();
  await db?.close();
});

/** The plan of `text` with `params`, as one string. */
async function plan(text: string, params: unknown[]): Promise<string> {
  const rows = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params)).rows;
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

const keys = (from: number, count: number) => ids.slice(from, from + count).map(encodeKey);

describe('statements by key on a table never analyzed (PGlite)', () => {
  it('looks entries up by id with one primary-key search each', async () => {
    const text = await plan(ENTRIES_BY_ID, ['plans', encodeKey('big'), keys(1000, 10)]);
    expect(text).toContain('Index Scan using recallkit_entries_pkey');
    expect(text).not.toMatch(/Seq Scan|Bitmap|recallkit_entries_seq|recallkit_entries_active/);
  });

  it('deletes ids a batch puts again by the primary key', async () => {
    const text = await plan(
      'DELETE FROM recallkit_entries WHERE tenant = $1 AND session_id = $2 AND id = ANY($3::text[])',
      ['plans', encodeKey('big'), keys(5, 50)],
    );
    expect(text).toContain('recallkit_entries_pkey');
    expect(text).not.toMatch(/Seq Scan|Bitmap|recallkit_entries_seq|recallkit_entries_active/);
  });

  it('reads entries from a seq through the seq index, with the seq known or not (a generic plan)', async () => {
    const read =
      'SELECT entry FROM recallkit_entries WHERE tenant = $1 AND session_id = $2 AND seq >= $3 ORDER BY seq LIMIT $4';
    const custom = await plan(read, ['plans', encodeKey('big'), 1500, 100]);
    expect(custom).toContain('Index Scan using recallkit_entries_seq');
    await db.query(`PREPARE by_seq (text, text, bigint, int) AS ${read}`);
    await db.query('SET plan_cache_mode = force_generic_plan');
    try {
      const generic = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE by_seq ('plans', '"big"', 1500, 100)`))
        .rows;
      const text = generic.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toContain('Index Scan using recallkit_entries_seq');
      expect(text).not.toMatch(/Sort|Seq Scan/);
    } finally {
      await db.query('RESET plan_cache_mode');
      await db.query('DEALLOCATE by_seq');
    }
  });

  it("reads a session's first page of active entries along an index by seq, not all of them sorted", async () => {
    const text = await plan(SESSION_FIRST_PAGE, ['plans', encodeKey('big'), ROWS_PER_PAGE + 1]);
    expect(text).toMatch(/Index Scan using recallkit_entries_(active|seq)/);
    expect(text).not.toMatch(/Seq Scan|Bitmap|Sort Key: recallkit_entries\.seq/);
    // Every active entry of the session is there to read: the first page is the first by seq.
    const rows = (await db.query<{ k: number; o: string }>(SESSION_FIRST_PAGE, ['plans', encodeKey('big'), 5])).rows;
    expect(rows.map((r) => [r.k, Number(r.o)])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
    ]);
  });

  it("deletes a chunk of a session's rows as a range of the primary key", async () => {
    const sorted = ids.map(encodeKey).sort();
    const text = await plan(deleteKeyRange('recallkit_entries', 'id'), ['plans', encodeKey('big'), '', sorted[999]]);
    expect(text).toContain('Index Scan using recallkit_entries_pkey');
    expect(text).not.toMatch(/Seq Scan|Bitmap|recallkit_entries_seq|recallkit_entries_active/);
  });
});

describe('reads by key in several statements (PGlite)', () => {
  it('returns entries for more ids than one statement looks up, in the order asked, with gaps and repeats', async () => {
    const asked = [...ids.slice(0, IDS_PER_LOOKUP * 2 + 3).reverse(), 'missing', ids[7]!];
    const got = await store.getEntries!('big', asked);
    expect(got).toHaveLength(asked.length);
    expect(got.map((e) => e?.id)).toEqual([...asked.slice(0, -2), undefined, ids[7]]);
  });

  it('lists more sessions than one page, each once, in session order', async () => {
    const own = postgresStore({ pglite: db, tenant: 'many' });
    const count = SESSIONS_PER_PAGE * 2 + 3;
    for (let i = 0; i < count; i += 200) {
      await Promise.all(
        Array.from({ length: Math.min(200, count - i) }, (_, j) =>
          own.write(`s-${i + j}`, { meta: makeMeta(`s-${i + j}`, 1), expectVersion: 0 }),
        ),
      );
    }
    const listed = await own.listSessions();
    expect(listed.map((m) => m.sessionId)).toEqual(
      Array.from({ length: count }, (_, i) => `s-${i}`).sort((a, b) => (encodeKey(a) < encodeKey(b) ? -1 : 1)),
    );
    await own.close();
  });
});
