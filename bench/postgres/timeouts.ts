/**
 * `npm run bench:postgres:timeouts`: how long a call waits before it fails when the database
 * is stopped, silent (a TCP listener that accepts and never answers) or frozen (a real
 * PostgreSQL paused with SIGSTOP, the pool warm), RecallKit's defaults beside a node-postgres
 * pool with its own defaults doing the same read; then how long the README server takes to
 * exit after SIGTERM under keep-alive load, and whether a turn answered 200 went missing.
 * Prints a Markdown table and writes it to docs/postgres.md (region `postgres-timeouts`);
 * asserts nothing.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createServerMemory, DEFAULT_TIMEOUTS } from 'recallkit/postgres';
import { startCluster, type Cluster } from '../../test/postgres/cluster.js';
import { keepAliveLoad, type KeepAliveResult } from '../../test/postgres/keep-alive-load.js';
import { freePort, startServer } from '../../test/postgres/server-load.js';
import { writeDocTable } from '../lib/doc-table.js';
import { markdownTable, ms } from '../lib/table.js';

/** Attempts of each case (the slowest is shown). */
const RUNS = Number(process.env['TIMEOUT_RUNS'] ?? 3);
/** A peer that has not failed by then is reported as still waiting. */
const GIVE_UP_MS = 30_000;
const POSTGRES_DOC = fileURLToPath(new URL('../../docs/postgres.md', import.meta.url));

/** How long `call` took to fail (or `Infinity` when it was still waiting at {@link GIVE_UP_MS}); what it said. */
async function timeToFail(call: () => Promise<unknown>): Promise<{ ms: number; error: string }> {
  const start = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<'gave up'>((ok) => (timer = setTimeout(() => ok('gave up'), GIVE_UP_MS)));
  try {
    const outcome = await Promise.race([
      call().then(
        () => 'succeeded',
        (e: unknown) => e,
      ),
      gaveUp,
    ]);
    if (outcome === 'gave up') return { ms: Infinity, error: `still waiting after ${GIVE_UP_MS / 1000} s` };
    if (outcome === 'succeeded') return { ms: NaN, error: 'succeeded' };
    const e = outcome as Error & { retryable?: boolean };
    return {
      ms: performance.now() - start,
      error: `${e.name}${e.retryable === undefined ? '' : ` (retryable: ${e.retryable})`}`,
    };
  } finally {
    clearTimeout(timer);
  }
}

interface Row {
  database: string;
  who: string;
  worst: number;
  error: string;
}

/** Run `make` (a fresh attempt) {@link RUNS} times; the slowest failure. */
async function measure(database: string, who: string, make: () => Promise<() => Promise<unknown>>): Promise<Row> {
  let worst = -Infinity;
  let error = '';
  for (let i = 0; i < RUNS; i++) {
    const call = await make();
    const r = await timeToFail(call);
    if (!(r.ms <= worst)) worst = r.ms;
    error = r.error;
    if (r.ms === Infinity) break; // once is enough to say it never fails
  }
  const row = { database, who, worst, error };
  console.log(`${database} | ${who}: ${ms(worst)} (${error})`);
  return row;
}

/** RecallKit's call: a new user's read through `createServerMemory` (defaults), its memory closed in the background. */
function recallkit(url: string): () => Promise<unknown> {
  const memories = createServerMemory({ connectionString: url });
  return () =>
    memories
      .forUser('someone')
      .getActiveEntries('chat')
      .finally(() => void memories.close());
}

/** The peer's call: `SELECT 1` on a node-postgres pool with its own defaults. */
function rawPg(url: string, warm?: pg.Pool): () => Promise<unknown> {
  const pool = warm ?? new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined);
  return () => pool.query('SELECT 1').finally(() => void pool.end().catch(() => undefined));
}

/** The database cases. */
async function waits(cluster: Cluster): Promise<Row[]> {
  const rows: Row[] = [];
  // The tokenizer is loaded once per process: loaded here, so the first case measures the wait alone.
  const warmup = createServerMemory({ connectionString: cluster.url });
  await warmup.forUser('warm').listSessions();
  await warmup.close();

  cluster.down();
  try {
    rows.push(await measure('stopped', 'RecallKit', async () => recallkit(cluster.url)));
    rows.push(await measure('stopped', 'pg.Pool, defaults', async () => rawPg(cluster.url)));
  } finally {
    cluster.start();
  }

  const sockets: Socket[] = [];
  const silent = createServer((s) => void sockets.push(s));
  await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
  const silentUrl = `postgres://app@127.0.0.1:${(silent.address() as { port: number }).port}/app`;
  try {
    rows.push(await measure('silent listener', 'RecallKit', async () => recallkit(silentUrl)));
    rows.push(await measure('silent listener', 'pg.Pool, defaults', async () => rawPg(silentUrl)));
  } finally {
    for (const s of sockets) s.destroy();
    silent.close();
  }

  // Frozen with a warm pool: the server's connections are open and idle when it stops answering.
  const frozen = async (who: string, make: () => Promise<() => Promise<unknown>>): Promise<Row> => {
    let worst = -Infinity;
    let error = '';
    for (let i = 0; i < RUNS; i++) {
      const call = await make();
      cluster.pause();
      try {
        const r = await timeToFail(call);
        if (!(r.ms <= worst)) worst = r.ms;
        error = r.error;
      } finally {
        cluster.resume();
      }
      await new Promise((r) => setTimeout(r, 500));
      if (worst === Infinity) break;
    }
    console.log(`frozen (SIGSTOP) | ${who}: ${ms(worst)} (${error})`);
    return { database: 'frozen (SIGSTOP), pool warm', who, worst, error };
  };
  rows.push(
    await frozen('RecallKit', async () => {
      const memories = createServerMemory({ connectionString: cluster.url });
      await memories.forUser('someone').getActiveEntries('chat');
      return () =>
        memories
          .forUser('someone')
          .addUserMessage('chat', 'hello')
          .finally(() => void memories.close());
    }),
  );
  rows.push(
    await frozen('pg.Pool, defaults', async () => {
      const pool = new pg.Pool({ connectionString: cluster.url, max: 10 });
      await pool.query('SELECT 1');
      return rawPg(cluster.url, pool);
    }),
  );
  return rows;
}

/** The README server under keep-alive load: SIGTERM to exit, and turns answered 200 missing afterwards. */
async function shutdown(cluster: Cluster, backend: 'PGlite' | 'PostgreSQL'): Promise<string[]> {
  const cwd = mkdtempSync(join(tmpdir(), 'recallkit-server-ops-bench-'));
  let url: string | undefined;
  try {
    if (backend === 'PostgreSQL') {
      const admin = new pg.Pool({ connectionString: cluster.url, max: 1 });
      const db = `recallkit_shutdown_${process.pid}_${Date.now()}`;
      await admin.query(`CREATE DATABASE ${db}`);
      await admin.end();
      url = cluster.url.replace('/postgres?', `/${db}?`);
    }
    const server = await startServer(cwd, url ? { DATABASE_URL: url } : {}, await freePort());
    const out: KeepAliveResult = { acked: [], failed: 0, statuses: new Map() };
    let exited = false;
    void server.exited.then(() => (exited = true));
    const load = keepAliveLoad(server.port, 1000, 24, () => exited, out);
    while (out.acked.length < 300) await new Promise((r) => setTimeout(r, 20));
    const before = out.acked.length;
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    const exit = await Promise.race([
      server.exited,
      new Promise<'hung'>((ok) => setTimeout(() => ok('hung'), GIVE_UP_MS).unref()),
    ]);
    const took = performance.now() - signalled;
    if (exit === 'hung') await server.kill('SIGKILL');
    await load;
    const stored = await contents(url, join(cwd, 'memory-data'));
    const missing = out.acked.filter(
      (t) => !stored.has(`${t.user}\u0000${t.message}`) || !stored.has(`${t.user}\u0000${t.reply}`),
    ).length;
    const row = [
      `README server on ${backend}, 24 keep-alive requests in flight`,
      exit === 'hung' ? `still running after ${GIVE_UP_MS / 1000} s` : ms(took),
      exit === 'hung' ? 'SIGKILLed' : `exit code ${exit.code}`,
      String(out.acked.length - before),
      String(missing),
    ];
    console.log(row.join(' | '));
    return row;
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

/** Every stored entry's tenant and content. */
async function contents(url: string | undefined, dir: string): Promise<Set<string>> {
  const sql = 'SELECT tenant, entry FROM recallkit_entries';
  let rows: { tenant: string; entry: string }[];
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    rows = (await pool.query(sql)).rows;
    await pool.end();
  } else {
    const lite = await PGlite.create(dir);
    rows = (await lite.query<{ tenant: string; entry: string }>(sql)).rows;
    await lite.close();
  }
  return new Set(rows.map((r) => `${r.tenant}\u0000${(JSON.parse(r.entry) as { content: string }).content}`));
}

const cluster = startCluster();
try {
  const rows = await waits(cluster);
  const exits = [await shutdown(cluster, 'PGlite'), await shutdown(cluster, 'PostgreSQL')];
  const table = [
    `Defaults: \`connectTimeoutMs\` ${DEFAULT_TIMEOUTS.connectTimeoutMs}, \`acquireTimeoutMs\` ` +
      `${DEFAULT_TIMEOUTS.acquireTimeoutMs}, \`statementTimeoutMs\` ${DEFAULT_TIMEOUTS.statementTimeoutMs} ` +
      `(a store call: at most ${(DEFAULT_TIMEOUTS.acquireTimeoutMs + DEFAULT_TIMEOUTS.statementTimeoutMs) / 1000} s ` +
      `without an answer). The slowest of ${RUNS} attempts; ` +
      `"pg.Pool, defaults" is a node-postgres pool with no timeouts set, sending \`SELECT 1\`.`,
    '',
    markdownTable(
      [{ header: 'database' }, { header: 'caller' }, { header: 'fails after', align: 'right' }, { header: 'with' }],
      rows.map((r) => [
        r.database,
        r.who,
        r.worst === Infinity ? `not after ${GIVE_UP_MS / 1000} s` : ms(r.worst),
        r.error,
      ]),
    ),
    '',
    markdownTable(
      [
        { header: 'SIGTERM under load' },
        { header: 'exits after', align: 'right' },
        { header: 'how' },
        { header: '200s after SIGTERM', align: 'right' },
        { header: 'answered 200, not stored', align: 'right' },
      ],
      exits,
    ),
  ].join('\n');
  console.log(`\n${table}`);
  writeDocTable(POSTGRES_DOC, 'postgres-timeouts', table, { command: 'npm run bench:postgres:timeouts' });
} finally {
  cluster.stop();
}
