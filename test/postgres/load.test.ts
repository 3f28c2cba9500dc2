import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { freePort, load, startServer, type LoadResult, type ServerProcess } from './server-load.js';
import { closeShared, pgUrl, sharedPool } from './support.js';

afterAll(closeShared);

const USERS = 1000;
/** SIGKILLs under load; each PGlite restart reopens the directory (about 2 s of WASM start), so fewer there. */
const KILLS = { pg: 10, pglite: 5 };
/** The pool the README server makes (createServerMemory's default) and its LISTEN connection. */
const MAX_CONNECTIONS = 10 + 1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Wait until `out` holds `n` more turns than now (however long that takes: the test's timeout detects a hang). */
async function moreTurns(out: LoadResult, n: number): Promise<void> {
  const target = out.acked.length + n;
  while (out.acked.length < target) await sleep(50);
}

/**
 * Turns answered between two kills, and in each half of the memory check. PGlite (one WASM
 * thread) answers fewer requests per second: fewer turns keep its run within the time budget.
 */
const TURNS = { pg: { perKill: 100, memory: 800 }, pglite: { perKill: 20, memory: 150 } };

async function scenario(backend: 'pglite' | 'pg'): Promise<void> {
  const turns = TURNS[backend];
  const cwd = mkdtempSync(join(tmpdir(), 'recallkit-load-'));
  let db = '';
  const env: Record<string, string> = {};
  if (backend === 'pg') {
    db = `recallkit_load_${process.pid}`;
    await sharedPool().query(`CREATE DATABASE ${db}`);
    env['DATABASE_URL'] = pgUrl().replace('/postgres?', `/${db}?`);
  }
  const port = await freePort();
  let server: ServerProcess | undefined;
  let mostConnections = 0;
  let restartedAt = Date.now();
  let restartMs = 0;
  const began = Date.now();
  const watch =
    backend === 'pg'
      ? setInterval(() => {
          const at = Date.now();
          void sharedPool()
            .query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [db])
            .then(({ rows }) => {
              // Right after a SIGKILL, the dead process's connections may still be closing.
              if (at - restartedAt > 1000) mostConnections = Math.max(mostConnections, rows[0].n as number);
            });
        }, 50)
      : undefined;
  try {
    server = await startServer(cwd, env, port);
    const out: LoadResult = { acked: [], failed: 0, leaks: 0, latencies: [] };
    let stopping = false;
    const running = load(
      () => port,
      USERS,
      8,
      () => stopping,
      out,
    );
    for (let k = 0; k < KILLS[backend]; k++) {
      await moreTurns(out, turns.perKill);
      await server.kill('SIGKILL');
      const down = Date.now();
      server = await startServer(cwd, env, port);
      restartedAt = Date.now();
      restartMs += restartedAt - down;
    }
    // Memory after the warm-up (most users seen), then after as many turns again.
    await moreTurns(out, turns.memory);
    const warm = server.rss();
    await moreTurns(out, turns.memory);
    const after = server.rss();
    stopping = true;
    await running;
    await server.kill('SIGTERM');

    expect(out.leaks).toBe(0);
    expect(out.acked.length).toBeGreaterThan(KILLS[backend] * turns.perKill + 2 * turns.memory);
    // Flat: the cache is bounded (a generous margin for the garbage collector's timing).
    expect(after).toBeLessThan(warm * 1.5);
    if (backend === 'pg') expect(mostConnections).toBeLessThanOrEqual(MAX_CONNECTIONS);

    // Every turn answered 200 is there, in its user's chat only (read in one query).
    const rows = await readEntries(backend, env['DATABASE_URL'], join(cwd, 'memory-data'));
    const stored = new Map<string, Set<string>>();
    for (const r of rows) {
      const key = `${r.tenant}\u0000${JSON.parse(r.session_id) as string}`;
      const content = String((JSON.parse(r.entry) as { content: unknown }).content);
      expect(content).toContain(`${r.tenant} says`);
      if (!stored.has(key)) stored.set(key, new Set());
      stored.get(key)!.add(content);
    }
    let missing = 0;
    for (const t of out.acked) {
      const contents = stored.get(`${t.user}\u0000${t.chat}`);
      if (!contents?.has(t.message) || !contents.has(t.reply)) missing++;
    }
    expect(missing).toBe(0);
    console.log(
      `${backend}: ${out.acked.length} turns answered 200, ${out.failed} failed or cut by the ${KILLS[backend]} kills, ` +
        `${KILLS[backend]} restarts took ${(restartMs / 1000).toFixed(1)} s of ${((Date.now() - began) / 1000).toFixed(1)} s, ` +
        `RSS ${(warm / 2 ** 20).toFixed(0)} → ${(after / 2 ** 20).toFixed(0)} MiB` +
        (backend === 'pg' ? `, at most ${mostConnections} connections` : ''),
    );
  } finally {
    if (watch) clearInterval(watch);
    await server?.kill('SIGKILL');
    rmSync(cwd, { recursive: true, force: true });
  }
}

/** Every stored entry (compressed ones too), straight from the database. */
async function readEntries(
  backend: 'pglite' | 'pg',
  url: string | undefined,
  dir: string,
): Promise<{ tenant: string; session_id: string; entry: string }[]> {
  const sql = 'SELECT tenant, session_id, entry FROM recallkit_entries';
  if (backend === 'pg') {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      return (await pool.query(sql)).rows;
    } finally {
      await pool.end();
    }
  }
  const lite = await PGlite.create(dir);
  try {
    return (await lite.query<{ tenant: string; session_id: string; entry: string }>(sql)).rows;
  } finally {
    await lite.close();
  }
}

describe('the README server under load, killed with SIGKILL again and again', () => {
  it('on PGlite (a directory): every turn answered 200 is there, no user sees another, memory flat', async () => {
    await scenario('pglite');
  }, 900_000);

  it('on PostgreSQL: every turn answered 200 is there, no user sees another, connections within the pool', async () => {
    await scenario('pg');
  }, 900_000);
});
