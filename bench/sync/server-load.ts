/**
 * `npm run bench:sync:server`: the sync server's CPU time and RSS per 1,000 connected devices.
 * A bounded loopback load test: 1,000 simulated devices (500 users with two devices each) sync
 * over HTTP with a real `syncHandler` in a process of its own, on a throwaway local PostgreSQL
 * cluster (started and removed here, as the tests do) and on PGlite, against the floor of the
 * same Node HTTP server parsing the JSON and answering an empty round. Each device makes
 * ROUNDS rounds that push 2 entries (a question and its answer) and pull what its other device
 * wrote, then a catch-up pull and an idle poll with at most CONCURRENCY requests in flight, and
 * last an idle poll of every device at once (as many connections as devices). Prints Markdown tables; asserts nothing.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { SyncOp, SyncResponse } from 'recallkit/postgres';
import { startCluster } from '../../test/postgres/cluster.js';
import { startServer } from './start-server.js';
import { PERFORMANCE_DOC, recordPrinted, writeDocTable } from '../lib/doc-table.js';
import { machineHeader } from '../lib/machine.js';
import { fmt, markdownTable, ms } from '../lib/table.js';

const DEVICES = Number(process.env['DEVICES'] ?? 1000);
const ROUNDS = Number(process.env['ROUNDS'] ?? 3);
const CONCURRENCY = Number(process.env['CONCURRENCY'] ?? 50);
const VARIANTS = (process.env['VARIANTS'] ?? 'echo,pg,pglite').split(',');

interface Stats {
  cpu: { user: number; system: number };
  rss: number;
  maxRss: number;
}
interface Phase {
  requests: number;
  wallMs: number;
  serverCpuMs: number;
  pgCpuMs: number;
  latencies: number[];
  /** Measured on the PostgreSQL cluster. */
  pg: boolean;
}

/** Start the server process; resolves its base URL. */
const stats = async (base: string): Promise<Stats> =>
  (await (await fetch(`${base}/stats`, { method: 'POST' })).json()) as Stats;
const cpuMs = (s: Stats): number => (s.cpu.user + s.cpu.system) / 1000;

/** CPU time (ms) of the PostgreSQL cluster: the postmaster, the backends it reaped, and its live backends. */
function clusterCpuMs(dataDir: string | undefined): number {
  if (!dataDir) return 0;
  const tick = 10; // ms per clock tick (CLK_TCK 100 on Linux)
  const stat = (pid: string): string[] | undefined => {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return text.slice(text.lastIndexOf(')') + 2).split(' ');
    } catch {
      return undefined;
    }
  };
  let postmaster: string | undefined;
  const pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir)) postmaster = pid;
    } catch {
      // gone
    }
  }
  const pm = postmaster ? stat(postmaster) : undefined;
  if (!postmaster || !pm) return 0;
  // Fields after the name: [0]=state [1]=ppid … [11]=utime [12]=stime [13]=cutime [14]=cstime.
  let ticks = Number(pm[11]) + Number(pm[12]) + Number(pm[13]) + Number(pm[14]);
  for (const pid of pids) {
    const s = stat(pid);
    if (s && s[1] === postmaster) ticks += Number(s[11]) + Number(s[12]);
  }
  return ticks * tick;
}

/** Run `jobs` with at most CONCURRENCY in flight. */
async function bounded(jobs: (() => Promise<void>)[], limit = CONCURRENCY): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let i = next++; i < jobs.length; i = next++) await jobs[i]!();
    }),
  );
}

/** One simulated device: its user, id and cursor. */
interface Device {
  user: string;
  id: string;
  cursor: string;
  n: number;
}

async function syncRound(url: string, d: Device, ops: SyncOp[], latencies: number[]): Promise<void> {
  const start = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${d.user}` },
    body: JSON.stringify({ v: 1, deviceId: d.id, ops, cursor: d.cursor }),
  });
  const body = (await res.json()) as SyncResponse;
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  latencies.push(performance.now() - start);
  d.cursor = body.cursor;
}

const T = new Date().toISOString();
function entries(d: Device): SyncOp[] {
  return (['user', 'assistant'] as const).map((role) => {
    const id = `${d.id}-${d.n++}`;
    const entry = {
      id,
      sessionId: 'chat',
      seq: 0,
      interaction: 0,
      type: 'message' as const,
      role,
      content: `${role} message ${id}: the quick brown fox jumps over the lazy dog`,
      timestamp: T,
      tokenCount: 14,
      compressed: false,
    };
    return { opId: id, sessionId: 'chat', kind: 'entry' as const, entry };
  });
}

async function phase(
  base: string,
  dataDir: string | undefined,
  jobs: (() => Promise<void>)[],
  latencies: number[],
  limit = CONCURRENCY,
): Promise<Phase> {
  const s0 = await stats(base);
  const pg0 = clusterCpuMs(dataDir);
  const start = performance.now();
  await bounded(jobs, limit);
  const wallMs = performance.now() - start;
  const s1 = await stats(base);
  return {
    requests: jobs.length,
    wallMs,
    serverCpuMs: cpuMs(s1) - cpuMs(s0),
    pgCpuMs: clusterCpuMs(dataDir) - pg0,
    latencies,
    pg: dataDir !== undefined,
  };
}

const quantile = (xs: number[], q: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

async function runVariant(mode: string, url: string | undefined, dataDir: string | undefined): Promise<string[][]> {
  const { base, child } = await startServer(mode, url);
  try {
    const sync = `${base}/sync`;
    const devices: Device[] = Array.from({ length: DEVICES }, (_, i) => ({
      user: `user-${mode}-${Math.floor(i / 2)}`,
      id: `dev-${i}`,
      cursor: '0',
      n: 0,
    }));
    // Warm up (connect, migrate, JIT) with a device that is not counted.
    const warm: Device = { user: 'warmup', id: 'warm', cursor: '0', n: 0 };
    await bounded(Array.from({ length: 300 }, (_, i) => () => syncRound(sync, warm, i % 3 ? [] : entries(warm), [])));
    const idle = await stats(base);
    const rows: string[][] = [];
    const label =
      {
        echo: 'bare node:http + JSON (floor, no database)',
        pg: 'syncHandler on PostgreSQL (pg, 10 connections)',
        pglite: 'syncHandler on PGlite (in the server process)',
      }[mode] ?? mode;
    const pushLat: number[] = [];
    const pushJobs = Array.from({ length: ROUNDS }, () =>
      devices.map((d) => () => syncRound(sync, d, entries(d), pushLat)),
    ).flat();
    rows.push(row(label, `push 2 + pull (×${ROUNDS} per device)`, await phase(base, dataDir, pushJobs, pushLat)));
    const catchLat: number[] = [];
    rows.push(
      row(
        label,
        'pull only (catch up)',
        await phase(
          base,
          dataDir,
          devices.map((d) => () => syncRound(sync, d, [], catchLat)),
          catchLat,
        ),
      ),
    );
    const idleLat: number[] = [];
    rows.push(
      row(
        label,
        'idle poll (nothing new)',
        await phase(
          base,
          dataDir,
          devices.map((d) => () => syncRound(sync, d, [], idleLat)),
          idleLat,
        ),
      ),
    );
    // Every device at once: as many connections as devices, the peak a server must hold.
    const burstLat: number[] = [];
    rows.push(
      row(
        label,
        `idle poll, all ${DEVICES} at once`,
        await phase(
          base,
          dataDir,
          devices.map((d) => () => syncRound(sync, d, [], burstLat)),
          burstLat,
          DEVICES,
        ),
      ),
    );
    const end = await stats(base);
    memRows.push([
      label,
      `${fmt(idle.rss / 2 ** 20, 1)} MB`,
      `${fmt(end.maxRss / 2 ** 20, 1)} MB`,
      `${fmt((end.maxRss - idle.rss) / 2 ** 20, 1)} MB`,
    ]);
    return rows;
  } finally {
    child.kill('SIGKILL');
  }
}
const memRows: string[][] = [];

function row(label: string, what: string, p: Phase): string[] {
  const perThousand = (x: number): number => (x / p.requests) * 1000;
  return [
    label,
    what,
    fmt(p.requests),
    fmt(p.requests / (p.wallMs / 1000)),
    ms(quantile(p.latencies, 0.5)),
    ms(quantile(p.latencies, 0.99)),
    ms(perThousand(p.serverCpuMs)),
    p.pg ? ms(perThousand(p.pgCpuMs)) : '–',
  ];
}

const printed = recordPrinted(); // the tables below go to docs/performance.md too
console.log(machineHeader());
console.log(
  `\n${DEVICES} devices (${DEVICES / 2} users × 2), ${ROUNDS} push rounds each, at most ${CONCURRENCY} requests in flight, loopback HTTP; the load generator shares the machine.\n`,
);
const cluster = VARIANTS.includes('pg') ? startCluster() : undefined;
try {
  const rows: string[][] = [];
  for (const mode of VARIANTS) {
    rows.push(
      ...(await runVariant(
        mode,
        mode === 'pg' ? cluster!.url : undefined,
        mode === 'pg' ? `${cluster!.dir}/data` : undefined,
      )),
    );
  }
  console.log(
    markdownTable(
      [
        { header: 'server' },
        { header: 'round' },
        { header: 'requests', align: 'right' },
        { header: 'rounds/s', align: 'right' },
        { header: 'p50', align: 'right' },
        { header: 'p99', align: 'right' },
        { header: 'server CPU per 1,000 rounds (1,000 devices syncing once)', align: 'right' },
        { header: 'PostgreSQL CPU per 1,000 rounds', align: 'right' },
      ],
      rows,
    ),
  );
  console.log(`\nServer process memory (RSS) for ${DEVICES} devices:\n`);
  console.log(
    markdownTable(
      [
        { header: 'server' },
        { header: 'RSS idle (warmed up)', align: 'right' },
        { header: 'peak RSS under load', align: 'right' },
        { header: 'added by the load', align: 'right' },
      ],
      memRows,
    ),
  );
} finally {
  cluster?.stop();
}
const tables = printed.stop();
// A partial run (fewer variants or devices) must not replace the full table.
if (VARIANTS.join() === 'echo,pg,pglite' && DEVICES === 1000)
  writeDocTable(PERFORMANCE_DOC, 'sync-server', tables, { command: 'npm run bench:sync:server' });
