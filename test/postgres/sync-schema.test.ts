/** The sync tables: migrated as schema version 3, and their indexes fit the statements a push and a pull send (EXPLAIN). */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pgDriver } from '../../src/store/postgres/driver-pg.js';
import type { Sql } from '../../src/store/postgres/driver.js';
import { migrate, schemaVersion } from '../../src/store/postgres/migrations.js';
import { applyPush, pull } from '../../src/sync/server/log.js';
import type { SyncOp } from '../../src/sync/protocol.js';
import { closeShared, pgUrl, sharedPool } from './support.js';
import { compactOp, dropOp, entryOp, eraseOp } from './sync-support.js';

afterAll(closeShared);

async function freshDatabase(): Promise<pg.Pool> {
  const name = `recallkit_sync_${process.pid}_${Date.now()}`;
  await sharedPool().query(`CREATE DATABASE ${name}`);
  return new pg.Pool({ connectionString: pgUrl().replace('/postgres?', `/${name}?`), max: 4 });
}

describe('sync schema (version 3)', () => {
  it('a database at version 2 with sessions is walked to 3, and pushes and pulls are index scans on a populated log', async () => {
    const pool = await freshDatabase();
    const driver = pgDriver(pool, false);
    await migrate(driver, 2);
    expect(await migrate(driver, 3)).toBe(2);
    expect(await schemaVersion(driver)).toBe(3);
    // 60 tenants x (4 sessions x 100 entries, 80 compactions, 20 erasures, 20 clears).
    for (let t = 0; t < 60; t++) {
      const ops: SyncOp[] = [];
      for (let s = 0; s < 4; s++) for (let i = 0; i < 100; i++) ops.push(entryOp(`s${s}`, `t${t}-s${s}-e${i}`));
      // Every table populated: summaries, rejections (entries never pushed), tombstones, clears.
      for (let i = 0; i < 40; i++)
        ops.push(compactOp('s0', `t${t}-sum${i}`, [`t${t}-s0-e${i}`]), compactOp('s3', `t${t}-bad${i}`, [`ghost${i}`]));
      for (let i = 0; i < 20; i++)
        ops.push(eraseOp('s2', `t${t}-er${i}`, [`t${t}-s2-e${i}`]), {
          opId: `t${t}-clear${i}`,
          sessionId: `c${i}`,
          kind: 'clear',
        });
      await driver.transaction((tx) => applyPush(tx, `t${t}`, 'd', ops));
    }
    await pool.query('ANALYZE');
    // Records the statements a push and a pull send, and EXPLAINs each read.
    const plans: string[] = [];
    const explaining = (sql: Sql): Sql => ({
      async query<R>(text: string, params?: readonly unknown[]) {
        if (/^\s*SELECT/i.test(text))
          plans.push(JSON.stringify((await pool.query(`EXPLAIN (FORMAT JSON) ${text}`, params as unknown[])).rows[0]));
        return sql.query<R>(text, params);
      },
    });
    const push: SyncOp[] = [
      entryOp('s1', 'new'),
      compactOp('s1', 'sum', ['t7-s1-e3', 't7-s1-e4']),
      dropOp('s1', 'drop', 'sum'),
      eraseOp('s1', 'er', ['t7-s1-e5']),
    ];
    const { results } = await driver.transaction((tx) => applyPush(explaining(tx), 't7', 'd', push));
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const page = await pull(explaining(driver), 't7', '450', 10);
    expect(page.ops).toHaveLength(10);
    expect(plans.length).toBeGreaterThanOrEqual(5);
    for (const plan of plans) {
      expect(plan.replace(/"Node Type":"Function Scan"[^}]*/g, ''), plan).not.toMatch(
        /Seq Scan",[^}]*"Relation Name":"recallkit/,
      );
      expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    }
    await pool.end();
  });
});
