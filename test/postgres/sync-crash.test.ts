/** The server killed (or the connection cut) mid-request: the log stays consistent and a retry completes. */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgDriver } from '../../src/store/postgres/driver-pg.js';
import { migrate } from '../../src/store/postgres/migrations.js';
import type { SyncOp } from '../../src/sync/protocol.js';
import { pushChunks } from '../../src/sync/server/push-chunks.js';
import { closeShared, freshTenant, pgUrl, sharedPool } from './support.js';
import { SYNC_DRIVERS, entryOp, pullAll, round, startSyncServer } from './sync-support.js';
import { until } from '../support/until.js';

afterAll(closeShared);

const SCRIPT = resolve(__dirname, 'fixtures/sync-server-process.ts');
const TSX = createRequire(import.meta.url).resolve('tsx');

/** Start the fixture server in its own process; resolves once it listens. */
function spawnServer(tenant: string): Promise<{ url: string; child: ChildProcess }> {
  // Named, so the test can see this server's transactions in pg_stat_activity.
  const url = `${pgUrl()}&application_name=${encodeURIComponent(appName(tenant))}`;
  const child = spawn(process.execPath, ['--import', TSX, SCRIPT, url, tenant], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /port (\d+)/.exec(out);
      if (m) ok({ url: `http://127.0.0.1:${m[1]}/sync`, child });
    });
    child.on('exit', (code) => fail(new Error(`sync server exited (${code})`)));
  });
}

const appName = (tenant: string): string => `sync-crash-${tenant}`.slice(0, 60);

/** Resolves once the server's push transaction has written (holds the tenant lock, rows inserted, not committed). */
async function inTransaction(tenant: string): Promise<void> {
  for (;;) {
    const { rows } = await sharedPool().query(
      "SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND backend_xid IS NOT NULL AND state <> 'idle'",
      [appName(tenant)],
    );
    if (rows.length) return;
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** POST `body`; once it is fully sent, wait `delay` ms and run `cut`. Resolves the status, or 'cut' when no answer came. */
function postThenCut(
  url: string,
  body: string,
  delay: number | Promise<void>,
  cut: () => void,
): Promise<number | 'cut'> {
  return new Promise((ok) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: 'Bearer tok',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => ok(res.statusCode ?? 0));
        res.on('error', () => ok('cut'));
      },
    );
    req.on('error', () => ok('cut'));
    req.end(body, () => (typeof delay === 'number' ? setTimeout(cut, delay) : void delay.then(cut)));
  });
}

/**
 * The ops kept after the push was cut: whole transactions of it (push-chunks.ts), so a prefix of
 * the ops ending on a chunk boundary.
 */
const chunkEnds = (ops: SyncOp[]): number[] => {
  const ends = [0];
  for (const chunk of pushChunks(ops)) ends.push(ends[ends.length - 1]! + chunk.length);
  return ends;
};

/** The tenant's log and state rows: whole transactions of a push, seqs 1..n with no gap. */
async function checkConsistent(tenant: string, ops: SyncOp[]): Promise<number> {
  const t = tenant;
  const pool = sharedPool();
  const seqs = (
    await pool.query('SELECT seq::int AS seq, op_id FROM recallkit_sync_ops WHERE tenant = $1 ORDER BY seq', [t])
  ).rows as { seq: number; op_id: string }[];
  expect(chunkEnds(ops)).toContain(seqs.length);
  expect(seqs.map((r) => r.seq)).toEqual(seqs.map((_, i) => i + 1));
  expect(seqs.map((r) => JSON.parse(r.op_id))).toEqual(ops.slice(0, seqs.length).map((o) => o.opId));
  const last =
    (await pool.query('SELECT last_seq::int AS v FROM recallkit_sync_tenants WHERE tenant = $1', [t])).rows[0]?.v ?? 0;
  expect(last).toBe(seqs.length);
  const state = (await pool.query('SELECT count(*)::int AS n FROM recallkit_sync_entries WHERE tenant = $1', [t]))
    .rows[0].n;
  const stored = (await pool.query('SELECT count(*)::int AS n FROM recallkit_entries WHERE tenant = $1', [t])).rows[0]
    .n;
  expect([state, stored]).toEqual([seqs.length, seqs.length]);
  return seqs.length;
}

/** The largest legal push: 1,000 ops within the 4 MiB body. */
const bigPush = (tag: string): SyncOp[] =>
  Array.from({ length: 1000 }, (_, i) => entryOp('s', `${tag}-${i}`, { content: `${i} ${'x'.repeat(3600)}` }));

describe('syncHandler: the server killed mid-request', () => {
  // A server that ran before: the schema is in place when the first kill lands.
  beforeAll(async () => {
    await migrate(pgDriver(sharedPool(), false));
  });
  it('kill -9 of the server process during a 1,000-op push leaves whole transactions of it; after a restart the retry completes', async () => {
    let cutMidRequest = 0;
    let cutMidTransaction = 0;
    for (const when of [0, 10, 40, 'in-transaction', 'in-transaction'] as const) {
      const tenant = freshTenant();
      const ops = bigPush(`k-${when}`);
      const delay = when === 'in-transaction' ? inTransaction(tenant) : when;
      const body = JSON.stringify({ v: 1, deviceId: 'd1', cursor: '0', ops });
      const first = await spawnServer(tenant);
      const exited = new Promise((r) => first.child.once('exit', r));
      const outcome = await postThenCut(first.url, body, delay, () => first.child.kill('SIGKILL'));
      await exited;
      if (outcome === 'cut') cutMidRequest += 1;
      if (outcome === 'cut' && when === 'in-transaction') cutMidTransaction += 1;
      // PostgreSQL rolls back the dead connection's transaction (or it committed whole): wait
      // until none of the killed server's backends is left, however long that takes here.
      await until(
        async () =>
          (await sharedPool().query('SELECT 1 FROM pg_stat_activity WHERE application_name = $1', [appName(tenant)]))
            .rows.length === 0,
        20,
      );
      const before = await checkConsistent(tenant, ops);
      if (when === 'in-transaction') expect(before).toBeLessThan(ops.length);
      const second = await spawnServer(tenant);
      try {
        const retry = await round(second.url, 'tok', ops, '0', { limit: 5000 });
        expect(retry.results.map((r) => r.status)).toEqual(ops.map((_, i) => (i < before ? 'duplicate' : 'applied')));
        expect(retry.results.map((r) => r.seq)).toEqual(ops.map((_, i) => String(i + 1)));
        expect(await checkConsistent(tenant, ops)).toBe(1000);
        expect((await pullAll(second.url, 'tok')).map((o) => o.opId)).toEqual(ops.map((o) => o.opId));
      } finally {
        second.child.kill('SIGKILL');
      }
    }
    // At least one kill landed while the request was in flight (no answer came back).
    expect(cutMidRequest).toBeGreaterThan(0);
    // And the kills timed on an open transaction landed inside it (rolled back: the push not all kept).
    expect(cutMidTransaction).toBe(2);
  });
});

for (const [driver, connection] of SYNC_DRIVERS) {
  describe(`syncHandler (${driver}): the connection cut mid-request`, () => {
    it('a client that drops the connection and retries at once gets every op exactly once', async () => {
      const server = await startSyncServer(await connection());
      const tenant = freshTenant();
      server.tokens.set('tok', tenant);
      const ops = bigPush('cut').slice(0, 300);
      const body = JSON.stringify({ v: 1, deviceId: 'd1', cursor: '0', ops });
      let req: ReturnType<typeof request> | undefined;
      const outcome = await new Promise<number | 'cut'>((ok) => {
        req = request(
          server.url,
          { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer tok' } },
          (res) => {
            res.resume();
            res.on('end', () => ok(res.statusCode ?? 0));
          },
        );
        req.on('error', () => ok('cut'));
        req.end(body, () => req!.destroy());
      });
      expect(outcome).toBe('cut');
      // The retry races the first attempt still running on the server: the tenant lock orders them.
      const retry = await round(server.url, 'tok', ops, '0', { limit: 5000 });
      expect(retry.results.map((r) => r.seq)).toEqual(ops.map((_, i) => String(i + 1)));
      expect(retry.ops.map((o) => o.opId)).toEqual(ops.map((o) => o.opId));
      await server.close();
    });
  });
}
