/**
 * Cold start: from spawning a server process to its first turn answered 200, for the README
 * server (test/postgres/fixtures/readme-server.ts) on PostgreSQL and on PGlite, against a raw
 * route doing the same work (peers/raw-server.ts with `pg`, raw-pglite-server.ts with PGlite),
 * spawned in turn, several rounds. Each process is started twice per variant before the rounds
 * (schema made, files cached), as a redeployed server finds them. Two ways to run each script:
 * `node` on the built package (`dist/`, what an app deploys; run `npm run build` first) and
 * `tsx` on the sources (how the tests run them). Prints a table, writes it to
 * docs/performance.md (region `cold-start`); asserts nothing.
 *
 * `npm run bench:cold-start` (env COLD_ROUNDS, default 5; COLD_START_BASELINE=<another checkout, built>
 * adds that checkout's README server on PostgreSQL, to compare two versions in one run;
 * COLD_RUNNERS=node skips the `tsx` runs). The docs' table is written by a run with neither.
 * @module
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startCluster } from '../../test/postgres/cluster.js';
import { freePort } from '../../test/postgres/server-load.js';
import { PERFORMANCE_DOC, writeDocTable } from '../lib/doc-table.js';
import { markdownTable } from '../lib/table.js';
import { builtScript, REPO } from './built-script.js';

const ROUNDS = Number(process.env['COLD_ROUNDS'] ?? 5);
const TSX = createRequire(import.meta.url).resolve('tsx');
const CACHE = join(REPO, 'bench/.cache/cold-start');

type Runner = 'node' | 'tsx';

interface Variant {
  name: string;
  /** The server script (TypeScript), and the checkout whose `src/` and `dist/` it uses. */
  script: string;
  repo: string;
  database?: string;
  /** The raw route this one is compared with, by name. */
  peer?: string;
}

interface Sample {
  /** Spawn → first 200, ms. */
  total: number;
  /** Spawn → the server accepted a connection, ms. */
  listening: number;
  /** The first request that got an answer → its 200, ms. */
  firstRequest: number;
  /** CPU time the server process used up to its first 200, ms (what a busy machine does not inflate). */
  cpu: number;
}

/** User + system CPU time of process `pid` so far, in ms (Linux /proc; 10 ms ticks). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The script on the checkout's built package (`built-script.ts`). */
const compiled = (variant: Variant): string => builtScript(variant.script, CACHE, variant.repo, variant.name);

/** POST one turn; resolves with the status, or rejects when no connection could be made. */
function postTurn(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ message: 'Hello! What can you remember for me?' });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/?chat=cold',
        agent: false,
        headers: { 'x-user-id': 'cold-user', 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Spawns `argv`, sends turns until one is answered 200, stops the process. */
async function coldStart(argv: string[], env: Record<string, string>, cwd: string): Promise<Sample> {
  const port = await freePort();
  const start = performance.now();
  const child = spawn(process.execPath, argv, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-3000)));
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  let listening = 0;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
      if (performance.now() - start > 120_000) throw new Error(`no 200 within 120 s: ${stderr}`);
      const sent = performance.now();
      const status = await postTurn(port).catch(() => 0);
      if (status === 0) {
        await new Promise((r) => setTimeout(r, 5));
        continue;
      }
      listening ||= sent - start;
      if (status === 200) {
        const now = performance.now();
        return { total: now - start, listening, firstRequest: now - sent, cpu: cpuMs(child.pid!) };
      }
    }
  } finally {
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** Runs the bench and returns the table. */
export async function coldStartBench(): Promise<string> {
  const cluster = startCluster();
  const work = mkdtempSync(join(tmpdir(), 'recallkit-cold-start-'));
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    const variants: Variant[] = [
      {
        name: 'raw pg route',
        script: join(REPO, 'bench/postgres/peers/raw-server.ts'),
        repo: REPO,
        database: 'cold_raw',
      },
      {
        name: 'README server, PostgreSQL',
        script: join(REPO, 'test/postgres/fixtures/readme-server.ts'),
        repo: REPO,
        database: 'cold_readme',
        peer: 'raw pg route',
      },
      { name: 'raw PGlite route', script: join(REPO, 'bench/postgres/raw-pglite-server.ts'), repo: REPO },
      {
        name: 'README server, PGlite',
        script: join(REPO, 'test/postgres/fixtures/readme-server.ts'),
        repo: REPO,
        peer: 'raw PGlite route',
      },
    ];
    const baseline = process.env['COLD_START_BASELINE'];
    if (baseline) {
      variants.push({
        name: `README server, PostgreSQL (${baseline})`,
        script: join(baseline, 'test/postgres/fixtures/readme-server.ts'),
        repo: baseline,
        database: 'cold_baseline',
        peer: 'raw pg route',
      });
    }
    if (!existsSync(join(REPO, 'dist/server/index.js'))) throw new Error('cold-start: run `npm run build` first');
    const runners: Runner[] = process.env['COLD_RUNNERS'] === 'node' ? ['node'] : ['node', 'tsx'];
    const scripts = new Map(variants.map((v) => [v, compiled(v)]));
    const dirs = new Map(variants.map((v) => [v, mkdtempSync(join(work, 'app-'))]));
    for (const v of variants) if (v.database) await admin.query(`CREATE DATABASE ${v.database}`);
    const envOf = (v: Variant): Record<string, string> =>
      v.database ? { DATABASE_URL: cluster.url.replace(/\/postgres(\?|$)/, `/${v.database}$1`) } : {};
    const argv = (v: Variant, runner: Runner): string[] =>
      runner === 'node' ? [scripts.get(v)!] : ['--import', TSX, v.script];

    // Twice per variant and runner, untimed: the schema or data directory exists, tsx's cache
    // and the file cache are warm, as for a redeployed server.
    for (const runner of runners)
      for (const v of variants) for (let i = 0; i < 2; i++) await coldStart(argv(v, runner), envOf(v), dirs.get(v)!);

    const samples = new Map<string, Sample[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const runner of runners) {
        for (const v of variants) {
          const sample = await coldStart(argv(v, runner), envOf(v), dirs.get(v)!);
          const key = `${runner}|${v.name}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          console.log(`round ${round + 1} ${runner.padEnd(4)} ${v.name}: ${s(sample.total)}, CPU ${sample.cpu} ms`);
        }
      }
    }
    await admin.end();

    const rows: string[][] = [];
    for (const runner of runners) {
      for (const v of variants) {
        const mine = samples.get(`${runner}|${v.name}`)!;
        const totals = mine.map((x) => x.total);
        const peer = v.peer ? samples.get(`${runner}|${v.peer}`)! : undefined;
        const rawPg = samples.get(`${runner}|raw pg route`)!;
        const ratio = (of: Sample[]) => `${(median(totals) / median(of.map((x) => x.total))).toFixed(2)}x`;
        rows.push([
          runner === 'node' ? '`node`, built package' : '`tsx`, sources',
          v.name,
          s(median(totals)),
          `${s(Math.min(...totals))} – ${s(Math.max(...totals))}`,
          s(median(mine.map((x) => x.listening))),
          `${median(mine.map((x) => x.firstRequest)).toFixed(0)} ms`,
          v.name === 'raw pg route' ? '1.00x' : ratio(rawPg),
          peer && v.peer !== 'raw pg route' ? ratio(peer) : '',
          `${median(mine.map((x) => x.cpu)).toFixed(0)} ms`,
          `${(median(mine.map((x) => x.cpu)) / median(rawPg.map((x) => x.cpu))).toFixed(2)}x`,
        ]);
      }
    }
    const table = markdownTable(
      [
        { header: 'run with' },
        { header: 'server' },
        { header: 'spawn → first 200 (median)', align: 'right' },
        { header: 'min – max', align: 'right' },
        { header: 'spawn → listening', align: 'right' },
        { header: 'first request', align: 'right' },
        { header: 'vs raw pg route', align: 'right' },
        { header: 'vs raw PGlite route', align: 'right' },
        { header: 'CPU to first 200', align: 'right' },
        { header: 'CPU vs raw pg', align: 'right' },
      ],
      rows,
    );
    return [
      '#### Cold start: spawn to the first turn answered 200',
      '',
      `${ROUNDS} rounds, the variants in turn within each round, after two untimed starts of each (schema or PGlite`,
      'directory made, caches warm: a redeployed server). One turn: `POST /?chat=…` with the user message; the README',
      'server adds it, builds the context (token counts included) and adds the reply; the raw routes SELECT the last',
      'messages and INSERT both. Medians; "first request": from the first request the server answered to its 200;',
      '"CPU to first 200": user + system time of the server process until then (a busy machine stretches wall times,',
      'not this).',
      '',
      table,
    ].join('\n');
  } finally {
    cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const table = await coldStartBench();
  console.log(`\n${table}`);
  if (!process.env['COLD_START_BASELINE'] && !process.env['COLD_RUNNERS']) {
    writeDocTable(PERFORMANCE_DOC, 'cold-start', table, { command: 'npm run bench:cold-start' });
  }
}
