/**
 * The README server (test/postgres/fixtures/readme-server.ts) against the same route storing the
 * same turn with one raw parameterized SELECT + INSERT per request over a pool of the same size
 * (fixtures/raw-server.ts), each in a child process on a throwaway cluster: requests/s, p50,
 * p99 (16 requests in flight, random users of 1,000, after a warm-up that sends every user one
 * turn, then some seconds of random users), then the README server's RSS after 10,000
 * distinct users. Prints a Markdown table and writes it to docs/performance.md (region
 * `postgres-server`); asserts nothing.
 * `node --import tsx bench/postgres/server.ts` (also the last part of `npm run bench:postgres`).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startCluster } from '../../test/postgres/cluster.js';
import { freePort, load, startServer, type LoadResult } from '../../test/postgres/server-load.js';
import { fmt, markdownTable } from '../lib/table.js';
import { PERFORMANCE_DOC, writeDocTable } from '../lib/doc-table.js';

const SECONDS = Number(process.env['SERVER_SECONDS'] ?? 15);
const WARMUP_SECONDS = Number(process.env['SERVER_WARMUP_SECONDS'] ?? 5);
const DISTINCT_USERS = Number(process.env['SERVER_USERS'] ?? 10_000);
const CONCURRENCY = 16;
/** Users the requests come from (each request: a random one). */
const USERS = 1000;
/** Users never seen before, each sending one request, after the random users' run. */
const NEW_USERS = Number(process.env['SERVER_NEW_USERS'] ?? 2000);
const RAW = fileURLToPath(new URL('../../test/postgres/fixtures/raw-server.ts', import.meta.url));

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fresh = (): LoadResult => ({ acked: [], failed: 0, leaks: 0, latencies: [] });

/** Requests/s, p50, p99 and requests not answered 200 of one run. */
interface Figures {
  rate: number;
  p50: number;
  p99: number;
  failed: number;
}

const figures = (out: LoadResult, took: number): Figures => ({
  rate: out.acked.length / took,
  p50: quantile(out.latencies, 0.5),
  p99: quantile(out.latencies, 0.99),
  failed: out.failed,
});

/**
 * Figures of a server script: random users of {@link USERS} over `seconds` after a warm-up,
 * then {@link NEW_USERS} users never seen before, one request each.
 */
async function measure(url: string, script: string | undefined): Promise<{ warm: Figures; cold: Figures }> {
  const cwd = mkdtempSync(join(tmpdir(), 'recallkit-bench-'));
  const port = await freePort();
  const server = await startServer(cwd, { DATABASE_URL: url }, port, script);
  try {
    // Every user once (both servers: the README server's caches and the raw table's pages warm
    // alike), then random users for a while.
    await load(
      () => port,
      USERS,
      CONCURRENCY,
      () => false,
      fresh(),
      { n: 0 },
      true,
    );
    let stop = false;
    const warm = fresh();
    const warming = load(
      () => port,
      USERS,
      CONCURRENCY,
      () => stop,
      warm,
    );
    await sleep(WARMUP_SECONDS * 1000);
    stop = true;
    await warming;
    stop = false;
    const out = fresh();
    const start = performance.now();
    const running = load(
      () => port,
      USERS,
      CONCURRENCY,
      () => stop,
      out,
    );
    await sleep(SECONDS * 1000);
    stop = true;
    await running;
    const took = (performance.now() - start) / 1000;
    const fresh2 = fresh();
    const coldStart = performance.now();
    await load(
      () => port,
      USERS + NEW_USERS,
      CONCURRENCY,
      () => false,
      fresh2,
      { n: USERS },
      true,
    );
    return { warm: figures(out, took), cold: figures(fresh2, (performance.now() - coldStart) / 1000) };
  } finally {
    await server.kill('SIGTERM');
    rmSync(cwd, { recursive: true, force: true });
  }
}

/** The rows of one run: raw, README, ratio. */
function rows(what: string, raw: Figures, rk: Figures): string[][] {
  return [
    [`${what}: raw SELECT + INSERT of the turn`, fmt(raw.rate), ms(raw.p50), ms(raw.p99), fmt(raw.failed)],
    [`${what}: README server`, fmt(rk.rate), ms(rk.p50), ms(rk.p99), fmt(rk.failed)],
    [
      `${what}: ratio (README / raw)`,
      `${fmt(raw.rate / rk.rate, 2)}x slower`,
      `${fmt(rk.p50 / raw.p50, 2)}x`,
      `${fmt(rk.p99 / raw.p99, 2)}x`,
      '',
    ],
  ];
}

const ms = (x: number): string => `${fmt(x, 1)} ms`;

/** The README server's RSS after a warm-up of 1,000 users, and after `users` distinct users. */
async function memory(url: string, users: number): Promise<{ before: number; after: number; took: number }> {
  const cwd = mkdtempSync(join(tmpdir(), 'recallkit-bench-'));
  const port = await freePort();
  const server = await startServer(cwd, { DATABASE_URL: url }, port);
  try {
    await load(
      () => port,
      1000,
      CONCURRENCY,
      () => false,
      fresh(),
      { n: 0 },
      true,
    );
    const before = server.rss();
    const start = performance.now();
    await load(
      () => port,
      users,
      CONCURRENCY,
      () => false,
      fresh(),
      { n: 0 },
      true,
    );
    return { before, after: server.rss(), took: (performance.now() - start) / 1000 };
  } finally {
    await server.kill('SIGTERM');
    rmSync(cwd, { recursive: true, force: true });
  }
}

/**
 * Run the server bench on `clusterUrl` (a throwaway cluster of its own when absent); writes the
 * table to docs/performance.md (stamped with `command`) and resolves it.
 */
export async function serverBench(
  clusterUrl?: string,
  command = 'node --import tsx bench/postgres/server.ts',
): Promise<string> {
  const cluster = clusterUrl ? undefined : startCluster();
  const base = clusterUrl ?? cluster!.url;
  const admin = new pg.Pool({ connectionString: base, max: 1 });
  const database = async (name: string): Promise<string> => {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    return base.replace('/postgres?', `/${name}?`);
  };
  try {
    const raw = await measure(await database('bench_server_raw'), RAW);
    const rk = await measure(await database('bench_server_recallkit'), undefined);
    const mem = await memory(await database('bench_server_users'), DISTINCT_USERS);
    const mib = (b: number) => `${fmt(b / 2 ** 20)} MiB`;
    const table = [
      `Server bench: a node:http route in a child process, ${CONCURRENCY} requests in flight from random users of ${fmt(USERS)}, ` +
        `a warm-up (every user once, then ${WARMUP_SECONDS} s) then ${SECONDS} s measured, then ${fmt(NEW_USERS)} users never seen before; pool of 10 on a throwaway local cluster.`,
      '',
      markdownTable(
        [
          { header: 'Per request' },
          { header: 'requests/s', align: 'right' },
          { header: 'p50', align: 'right' },
          { header: 'p99', align: 'right' },
          { header: 'not 200', align: 'right' },
        ],
        [
          ...rows(`random users of ${fmt(USERS)}`, raw.warm, rk.warm),
          ...rows(`${fmt(NEW_USERS)} new users, one request each`, raw.cold, rk.cold),
        ],
      ),
      '',
      markdownTable(
        [
          { header: `README server, ${fmt(DISTINCT_USERS)} distinct users (one turn each)` },
          { header: 'RSS after 1,000 users', align: 'right' },
          { header: `RSS after ${fmt(DISTINCT_USERS)} more`, align: 'right' },
          { header: 'time', align: 'right' },
        ],
        [
          [
            'createServerMemory defaults (1,000 users cached)',
            mib(mem.before),
            mib(mem.after),
            `${fmt(mem.took, 1)} s`,
          ],
        ],
      ),
    ].join('\n');
    writeDocTable(PERFORMANCE_DOC, 'postgres-server', table, { command });
    return table;
  } finally {
    await admin.end();
    cluster?.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) console.log(await serverBench());
