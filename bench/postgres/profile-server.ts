/**
 * A CPU profile of a server script under the server bench's load: starts a throwaway cluster,
 * runs the script (default the README server) with the profile hook preloaded, sends every user
 * of 1,000 one turn and a few seconds of random users (not profiled), then profiles random users
 * with 24 requests in flight for PROFILE_SECONDS, and prints the CPU time per request and the
 * functions that took the most time, by themselves and with what they call. The `.cpuprofile`
 * stays in PROFILE_DIR (open it in Chrome DevTools).
 * `node --import tsx bench/postgres/profile-server.ts [script]`
 * @module
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startCluster } from '../../test/postgres/cluster.js';
import { freePort, load, README_SERVER, type LoadResult } from '../../test/postgres/server-load.js';
import { postmasterOf, serverCpuMs } from '../lib/pg-cpu.js';

const TSX = createRequire(import.meta.url).resolve('tsx');
const SECONDS = Number(process.env['PROFILE_SECONDS'] ?? 15);
const script = resolve(process.argv[2] ?? README_SERVER);
const out = process.env['PROFILE_DIR'] ?? mkdtempSync(join(tmpdir(), 'recallkit-profile-'));
const cluster = startCluster();
const cwd = mkdtempSync(join(tmpdir(), 'recallkit-profile-cwd-'));
try {
  const admin = new pg.Pool({ connectionString: cluster.url, max: 1 });
  await admin.query('CREATE DATABASE profile');
  const port = await freePort();
  const file = join(out, `server-${Date.now()}.cpuprofile`);
  const hook = fileURLToPath(new URL('./profile-hook.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', TSX, '--import', hook, script], {
    cwd,
    env: {
      ...process.env,
      DATABASE_URL: cluster.url.replace('/postgres?', '/profile?'),
      PORT: String(port),
      PROFILE_OUT: file,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((ok) => child.once('exit', ok));
  for (;;) {
    try {
      await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const fresh = (): LoadResult => ({ acked: [], failed: 0, leaks: 0, latencies: [] });
  // Not profiled: every user once (their engines made), then random users for a while.
  await load(
    () => port,
    1000,
    24,
    () => false,
    fresh(),
    { n: 0 },
    true,
  );
  let warm = false;
  const warming = load(
    () => port,
    1000,
    24,
    () => warm,
    fresh(),
  );
  await new Promise((r) => setTimeout(r, 3000));
  warm = true;
  await warming;
  child.kill('SIGUSR2');
  const commits0 = await commits(admin);
  const cpu0 = cpuTicks(child.pid!);
  const postmaster = postmasterOf(cluster.dir);
  const pg0 = serverCpuMs(postmaster);
  let stop = false;
  const result = fresh();
  const started = performance.now();
  const loadCpu = process.cpuUsage();
  const running = load(
    () => port,
    1000,
    24,
    () => stop,
    result,
  );
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  stop = true;
  await running;
  const rate = result.acked.length / ((performance.now() - started) / 1000);
  const generator = process.cpuUsage(loadCpu);
  const cpu1 = cpuTicks(child.pid!);
  const pgUs = ((serverCpuMs(postmaster) - pg0) * 1000) / result.acked.length;
  // Each statement outside a transaction commits once: statements (and transactions) per request.
  const perRequestCommits = ((await commits(admin)) - commits0) / result.acked.length;
  await admin.end();
  const perRequest = (ticks: number): string => `${((10_000 * ticks) / result.acked.length).toFixed(0)} µs`;
  const profiled = new Promise((ok) => child.once('message', ok));
  child.kill('SIGUSR2');
  await profiled;
  child.kill('SIGTERM');
  await exited;
  console.log(
    `${result.acked.length} requests, ${rate.toFixed(0)}/s; the server's CPU per request: ` +
      `${perRequest(cpu1.user - cpu0.user)} user, ${perRequest(cpu1.system - cpu0.system)} system; ` +
      `PostgreSQL's: ${pgUs.toFixed(0)} µs; the load generator's: ` +
      `${((generator.user + generator.system) / result.acked.length).toFixed(0)} µs; ` +
      `commits (statements outside a transaction) per request: ${perRequestCommits.toFixed(2)}; profile: ${file}`,
  );
  report(JSON.parse(readFileSync(file, 'utf8')) as Profile);
} finally {
  cluster.stop();
  rmSync(cwd, { recursive: true, force: true });
}

/**
 * Transactions committed in the profiled database so far: one per statement sent outside a
 * transaction. An idle backend publishes its counters within 10 s (PGSTAT_IDLE_INTERVAL): this
 * waits a little longer first.
 */
async function commits(admin: pg.Pool): Promise<number> {
  await new Promise((r) => setTimeout(r, 11_000));
  await admin.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await admin.query<{ n: string }>(
    "SELECT xact_commit AS n FROM pg_stat_database WHERE datname = 'profile'",
  );
  return Number(rows[0]?.n ?? 0);
}

/** User and system CPU ticks (1/100 s) of a process, from /proc. */
function cpuTicks(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]), system: Number(fields[12]) };
}

interface Profile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount: number;
    children?: number[];
  }[];
}

/** The top functions by self time, and by time with their callees (RecallKit's and the route's). */
function report(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number): string => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(src|node_modules|test|bench)\//, '$1/')}:${f.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    total += n.hitCount;
    self.set(name(n.id), (self.get(name(n.id)) ?? 0) + n.hitCount);
    if (!n.hitCount) continue;
    const seen = new Set<string>();
    for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
      const key = name(id);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + n.hitCount);
    }
  }
  const print = (title: string, rows: [string, number][]): void => {
    console.log(title);
    for (const [where, hits] of rows) console.log(`${((100 * hits) / total).toFixed(1).padStart(5)}%  ${where}`);
  };
  print('self:', [...self].sort((a, b) => b[1] - a[1]).slice(0, 30));
  print(
    'with callees (src/ and the route):',
    [...inclusive]
      .filter(([k]) => /(src|test|bench)\//.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40),
  );
}
