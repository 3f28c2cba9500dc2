/**
 * The server bench: one chat turn per request (store the user's message, read the chat's
 * context, store the reply; an echo stands for the model) through four `node:http` routes, each
 * in a child process on its own database of one throwaway cluster, pools of 10, each script run
 * as plain JavaScript by `node` (RecallKit's on the built package: `npm run build` first):
 * - raw: three parameterized statements (INSERT, SELECT the last 50, INSERT), the floor
 *   (peers/raw-server.ts);
 * - the README server (test/postgres/fixtures/readme-server.ts, as the README shows it);
 * - Mastra: `@mastra/memory` over `@mastra/pg` (peers/mastra-server.ts);
 * - LangGraph: a `MessagesAnnotation` graph with `PostgresSaver` (peers/langgraph-server.ts).
 * Each is warmed (every user of 1,000 once, then some seconds of random users), then measured in
 * rounds that take turns between the routes (so a busy machine's drift falls on all alike):
 * requests/s, p50, p99 with 24 requests in flight from random users of 1,000. Then 10,000 users
 * never seen before, one request each, and the route's RSS after them. Prints a Markdown table
 * and writes it to docs/performance.md (region `postgres-server`); asserts nothing.
 * `node --import tsx bench/postgres/server.ts` (also the last part of `npm run bench:postgres`).
 * Env: SERVER_ROUNDS (3), SERVER_SECONDS per round (5), SERVER_WARMUP_SECONDS (5),
 * SERVER_USERS (new users, 10,000), SERVER_ONLY (comma-separated route names), SERVER_TSX (adds
 * `recallkit-tsx`), SERVER_BASELINE (a built checkout whose README server joins as
 * `recallkit-baseline`). The docs' table is written by a run with neither.
 * @module
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startCluster } from '../../test/postgres/cluster.js';
import { freePort, load, README_SERVER, startServer, type LoadResult } from '../../test/postgres/server-load.js';
import { fmt, markdownTable } from '../lib/table.js';
import { PERFORMANCE_DOC, writeDocTable } from '../lib/doc-table.js';
import { builtScript, REPO } from './built-script.js';

const ROUNDS = Number(process.env['SERVER_ROUNDS'] ?? 3);
const SECONDS = Number(process.env['SERVER_SECONDS'] ?? 5);
const WARMUP_SECONDS = Number(process.env['SERVER_WARMUP_SECONDS'] ?? 5);
const NEW_USERS = Number(process.env['SERVER_USERS'] ?? 10_000);
const CONCURRENCY = 24;
/** Users the measured requests come from (each request: a random one). */
const USERS = 1000;
const peer = (file: string): string => fileURLToPath(new URL(`./peers/${file}`, import.meta.url));

/** Another checkout, built, whose README server joins the run (before/after a change). */
const BASELINE = process.env['SERVER_BASELINE'];
/** Where the routes' scripts are written as plain JavaScript (`built-script.ts`). */
const CACHE = join(REPO, 'bench/.cache/server');

/**
 * The routes, the floor first: each script as plain JavaScript run by `node` (RecallKit's on the
 * built package, as an app deploys it). SERVER_TSX=1 adds the README server on the sources
 * under tsx (how the tests run it), for comparison.
 */
const ROUTES = [
  { name: 'raw', label: 'raw SQL: INSERT, SELECT last 50, INSERT', script: peer('raw-server.ts') },
  { name: 'recallkit', label: 'RecallKit: the README server', script: README_SERVER },
  ...(process.env['SERVER_TSX']
    ? [{ name: 'recallkit-tsx', label: 'RecallKit: the README server, sources under tsx', script: README_SERVER }]
    : []),
  ...(BASELINE
    ? [
        {
          name: 'recallkit-baseline',
          label: `RecallKit: the README server of ${BASELINE}`,
          script: join(BASELINE, 'test/postgres/fixtures/readme-server.ts'),
        },
      ]
    : []),
  { name: 'mastra', label: 'Mastra: @mastra/memory + @mastra/pg', script: peer('mastra-server.ts') },
  {
    name: 'langgraph',
    label: 'LangGraph: PostgresSaver (a MessagesAnnotation graph)',
    script: peer('langgraph-server.ts'),
  },
].filter((r) => !process.env['SERVER_ONLY'] || process.env['SERVER_ONLY'].split(',').includes(r.name));

/** The script a route runs: plain JavaScript (`node`), or the TypeScript itself (tsx) for `recallkit-tsx`. */
const runnable = (route: (typeof ROUTES)[number]): string =>
  route.name.endsWith('-tsx')
    ? route.script
    : builtScript(route.script, CACHE, route.name.endsWith('-baseline') ? BASELINE : REPO, route.name);

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const median = (xs: number[]): number => quantile(xs, 0.5);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fresh = (): LoadResult => ({ acked: [], failed: 0, leaks: 0, latencies: [] });

/** What one route did. */
interface Figures {
  rates: number[];
  latencies: number[];
  failed: number;
  leaks: number;
  newRate: number;
  newLatencies: number[];
  rssWarm: number;
  rssAfter: number;
}

/** Random users of {@link USERS} for `seconds`, {@link CONCURRENCY} in flight. */
async function window(port: number, seconds: number, out: LoadResult): Promise<number> {
  let stop = false;
  const start = performance.now();
  const before = out.acked.length;
  const running = load(
    () => port,
    USERS,
    CONCURRENCY,
    () => stop,
    out,
  );
  await sleep(seconds * 1000);
  stop = true;
  await running;
  return (out.acked.length - before) / ((performance.now() - start) / 1000);
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
  const cwd = mkdtempSync(join(tmpdir(), 'recallkit-bench-server-'));
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    if (!existsSync(join(REPO, 'dist/server/index.js'))) throw new Error('server bench: run `npm run build` first');
    // Every route up, each on its own database, and warmed: every user once, then random users.
    for (const route of ROUTES) {
      const db = `bench_server_${route.name.replace(/\W/g, '_')}`;
      await admin.query(`DROP DATABASE IF EXISTS ${db}`);
      await admin.query(`CREATE DATABASE ${db}`);
      servers.push(
        await startServer(
          cwd,
          { DATABASE_URL: base.replace('/postgres?', `/${db}?`) },
          await freePort(),
          runnable(route),
        ),
      );
    }
    const figures: Figures[] = ROUTES.map(() => ({
      rates: [],
      latencies: [],
      failed: 0,
      leaks: 0,
      newRate: 0,
      newLatencies: [],
      rssWarm: 0,
      rssAfter: 0,
    }));
    for (const [i, server] of servers.entries()) {
      await load(
        () => server.port,
        USERS,
        CONCURRENCY,
        () => false,
        fresh(),
        { n: 0 },
        true,
      );
      await window(server.port, WARMUP_SECONDS, fresh());
      figures[i]!.rssWarm = server.rss();
    }
    // Measured rounds, taking turns.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, server] of servers.entries()) {
        const out = fresh();
        figures[i]!.rates.push(await window(server.port, SECONDS, out));
        figures[i]!.latencies.push(...out.latencies);
        figures[i]!.failed += out.failed;
        figures[i]!.leaks += out.leaks;
      }
    }
    // Users never seen before, one request each; the RSS after them.
    for (const [i, server] of servers.entries()) {
      const out = fresh();
      const start = performance.now();
      await load(
        () => server.port,
        USERS + NEW_USERS,
        CONCURRENCY,
        () => false,
        out,
        { n: USERS },
        true,
      );
      figures[i]!.newRate = out.acked.length / ((performance.now() - start) / 1000);
      figures[i]!.newLatencies = out.latencies;
      figures[i]!.failed += out.failed;
      figures[i]!.leaks += out.leaks;
      figures[i]!.rssAfter = server.rss();
    }
    const table = render(figures);
    // A comparison run (an extra route) prints its table only.
    if (!process.env['SERVER_TSX'] && !BASELINE) writeDocTable(PERFORMANCE_DOC, 'postgres-server', table, { command });
    return table;
  } finally {
    for (const server of servers) await server.kill('SIGTERM');
    await admin.end();
    rmSync(cwd, { recursive: true, force: true });
    cluster?.stop();
  }
}

const ms = (x: number): string => `${fmt(x, 1)} ms`;
const mib = (b: number): string => `${fmt(b / 2 ** 20)} MiB`;

function render(figures: Figures[]): string {
  const floor = median(figures[0]!.rates);
  const rows = ROUTES.map((route, i) => {
    const f = figures[i]!;
    const rate = median(f.rates);
    return [
      route.label,
      fmt(rate),
      i === 0 ? '1' : `${fmt(rate / floor, 2)}x`,
      ms(quantile(f.latencies, 0.5)),
      ms(quantile(f.latencies, 0.99)),
      fmt(f.newRate),
      ms(quantile(f.newLatencies, 0.5)),
      ms(quantile(f.newLatencies, 0.99)),
      mib(f.rssWarm),
      mib(f.rssAfter),
      fmt(f.failed + f.leaks),
    ];
  });
  return [
    `Server bench: one chat turn per request (store the message, read the context, store the reply; an echo stands for the model) ` +
      `through a node:http route in a child process, each route on its own database of one throwaway local cluster, pools of 10; ` +
      `each route's script runs as plain JavaScript under node, RecallKit's on its built package (dist/, as an app deploys it). ` +
      `Warm: ${CONCURRENCY} requests in flight from random users of ${fmt(USERS)} after a warm-up (every user once, then ${WARMUP_SECONDS} s), ` +
      `${ROUNDS} rounds of ${SECONDS} s taking turns between the routes (requests/s: the median round; vs raw: the ratio to the raw route's). ` +
      `New: ${fmt(NEW_USERS)} users never seen before, one request each; RSS after them. The load generator runs on the same 2 cores.`,
    '',
    markdownTable(
      [
        { header: 'Route' },
        { header: 'warm requests/s', align: 'right' },
        { header: 'vs raw', align: 'right' },
        { header: 'p50', align: 'right' },
        { header: 'p99', align: 'right' },
        { header: `new users/s`, align: 'right' },
        { header: 'p50', align: 'right' },
        { header: 'p99', align: 'right' },
        { header: `RSS after ${fmt(USERS)} users`, align: 'right' },
        { header: `RSS after ${fmt(NEW_USERS)} more`, align: 'right' },
        { header: 'not 200', align: 'right' },
      ],
      rows,
    ),
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) console.log(await serverBench());
