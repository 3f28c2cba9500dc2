/**
 * A CPU profile of a server script under the server bench's load: starts a throwaway cluster,
 * runs the script (default the README server) with `node --cpu-prof`, sends every user of 1,000
 * one turn, then random users with 24 requests in flight for some seconds, stops it with SIGTERM
 * and prints the functions that took the most self time. The `.cpuprofile` stays in PROFILE_DIR
 * (open it in Chrome DevTools). `node --import tsx bench/postgres/profile-server.ts [script]`
 * @module
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startCluster } from '../../test/postgres/cluster.js';
import { freePort, load, README_SERVER, type LoadResult } from '../../test/postgres/server-load.js';

const TSX = createRequire(import.meta.url).resolve('tsx');
const SECONDS = Number(process.env['PROFILE_SECONDS'] ?? 15);
const script = resolve(process.argv[2] ?? README_SERVER);
const out = process.env['PROFILE_DIR'] ?? mkdtempSync(join(tmpdir(), 'recallkit-profile-'));
const cluster = startCluster();
const cwd = mkdtempSync(join(tmpdir(), 'recallkit-profile-cwd-'));
try {
  const admin = new pg.Pool({ connectionString: cluster.url, max: 1 });
  await admin.query('CREATE DATABASE profile');
  await admin.end();
  const port = await freePort();
  const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir', out, '--import', TSX, script], {
    cwd,
    env: { ...process.env, DATABASE_URL: cluster.url.replace('/postgres?', '/profile?'), PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
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
  await load(
    () => port,
    1000,
    24,
    () => false,
    fresh(),
    { n: 0 },
    true,
  );
  let stop = false;
  const result = fresh();
  const started = performance.now();
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
  child.kill('SIGTERM');
  await exited;
  const file = readdirSync(out).find((f) => f.endsWith('.cpuprofile'))!;
  const profile = JSON.parse(readFileSync(join(out, file), 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number }[];
  };
  const self = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const where = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(src|node_modules)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
    self.set(where, (self.get(where) ?? 0) + n.hitCount);
    total += n.hitCount;
  }
  console.log(`${result.acked.length} requests, ${rate.toFixed(0)}/s; profile: ${join(out, file)}`);
  for (const [where, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`${((100 * hits) / total).toFixed(1).padStart(5)}%  ${where}`);
} finally {
  cluster.stop();
  rmSync(cwd, { recursive: true, force: true });
}
