/**
 * `npm run bench:sync:bounds`: another tenant's poll latency while other tenants send the largest
 * requests the bounds allow, against the same polls on an idle server. The `syncHandler` runs in a
 * process of its own (`server-process.ts`) on a throwaway local PostgreSQL cluster and on PGlite.
 * Tenant B polls back to back (one request in flight, a pull-only round of a small log); heavy
 * tenants send, back to back, (1) the largest push: `MAX_PUSH_OPS` entry ops filling
 * `MAX_SYNC_BODY_BYTES`, (2) the largest erase: `MAX_REQUEST_IDS` ids over ops of `MAX_OP_IDS`;
 * one heavy tenant, then `CONCURRENT` (default 4) at once. Prints Markdown tables; asserts nothing.
 * @module
 */
import { MAX_OP_IDS, MAX_PUSH_OPS, MAX_REQUEST_IDS, MAX_SYNC_BODY_BYTES } from 'recallkit/postgres';
import { startCluster } from '../../test/postgres/cluster.js';
import { startServer } from './start-server.js';
import { machineHeader } from '../lib/machine.js';
import { quantile, median } from '../lib/stats.js';
import { markdownTable, ms } from '../lib/table.js';
import { PERFORMANCE_DOC, recordPrinted, writeDocTable } from '../lib/doc-table.js';

const POLLS = Number(process.env['POLLS'] ?? 400);
const HEAVY = Number(process.env['HEAVY'] ?? 6);
const VARIANTS = (process.env['VARIANTS'] ?? 'pg,pglite').split(',');
const CONCURRENT = (process.env['CONCURRENT'] ?? '1,4').split(',').map(Number);
const T = '2026-01-01T00:00:00.000Z';

async function post(base: string, user: string, body: string): Promise<number> {
  const res = await fetch(`${base}/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user}` },
    body,
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return res.status;
}

const entry = (id: string, content: string) => ({
  opId: id,
  sessionId: 's',
  kind: 'entry',
  entry: {
    id,
    sessionId: 's',
    seq: 0,
    interaction: 0,
    type: 'message',
    role: 'user',
    content,
    timestamp: T,
    tokenCount: 1,
    compressed: false,
  },
});

/** The largest push: MAX_PUSH_OPS entries whose JSON fills the body (round `k` has fresh ids). */
function largestPush(k: number): string {
  const overhead = JSON.stringify(entry(`r${k}-0000`, '')).length + 1;
  const content = 'x'.repeat(Math.floor((MAX_SYNC_BODY_BYTES - 4096) / MAX_PUSH_OPS) - overhead);
  const ops = Array.from({ length: MAX_PUSH_OPS }, (_, i) => entry(`r${k}-${String(i).padStart(4, '0')}`, content));
  const body = JSON.stringify({ v: 1, deviceId: 'heavy', cursor: '0', limit: 1, ops });
  if (Buffer.byteLength(body) > MAX_SYNC_BODY_BYTES) throw new Error('push body over the bound');
  return body;
}

/** The largest erase: MAX_REQUEST_IDS ids (36 characters each) over ops of MAX_OP_IDS. */
function largestErase(k: number): string {
  const ops = Array.from({ length: MAX_REQUEST_IDS / MAX_OP_IDS }, (_, j) => ({
    opId: `erase-${k}-${j}`,
    sessionId: 's',
    kind: 'erase',
    entryIds: Array.from({ length: MAX_OP_IDS }, (_, i) => `${k}-${j}-${i}`.padEnd(36, '-')),
  }));
  return JSON.stringify({ v: 1, deviceId: 'heavy', cursor: '0', limit: 1, ops });
}

/**
 * Poll as B: `min` polls on an idle server, or, under load, every poll that starts before `until`
 * resolves (a poll after the load would only dilute what was measured). Latencies in ms.
 */
async function pollWhile(base: string, until: Promise<unknown> | undefined, min: number): Promise<number[]> {
  let done = until === undefined;
  void until?.finally(() => (done = true));
  const body = JSON.stringify({ v: 1, deviceId: 'b', cursor: '0', ops: [], limit: 50 });
  const out: number[] = [];
  while (until === undefined ? out.length < min : !done) {
    const t = performance.now();
    await post(base, 'tenant-b', body);
    out.push(performance.now() - t);
  }
  return out;
}

/** `streams` heavy tenants at once, each sending its bodies back to back; every request's time (ms). */
async function heavy(base: string, streams: readonly (readonly string[])[]): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    streams.map(async (bodies, tenant) => {
      for (const body of bodies) {
        const t = performance.now();
        await post(base, `tenant-a${tenant}`, body);
        times.push(performance.now() - t);
      }
    }),
  );
  return times;
}

/** The longest event-loop stall of the server process since the last call (ms). */
async function loopMax(base: string): Promise<number> {
  return ((await (await fetch(`${base}/stats`, { method: 'POST' })).json()) as { loopMaxMs: number }).loopMaxMs;
}

async function runVariant(mode: string, url?: string): Promise<string[][]> {
  const { base, child } = await startServer(mode, url);
  try {
    // B's small log, and a warm-up of both kinds of request.
    await post(
      base,
      'tenant-b',
      JSON.stringify({
        v: 1,
        deviceId: 'b',
        cursor: '0',
        ops: Array.from({ length: 50 }, (_, i) => entry(`b${i}`, 'hello')),
      }),
    );
    await pollWhile(base, undefined, 100);
    await post(base, 'tenant-a0', largestPush(9000));
    await post(base, 'tenant-a0', largestErase(9000));
    await loopMax(base);
    const idle = await pollWhile(base, undefined, POLLS);
    const idleStall = await loopMax(base);
    const rows: string[][] = [];
    const [p50idle, p99idle] = [median(idle), quantile(idle, 0.99)];
    const maxIdle = Math.max(...idle);
    rows.push([
      mode,
      'idle',
      '–',
      '–',
      ms(p50idle),
      ms(p99idle),
      ms(maxIdle),
      '1.00x',
      '1.00x',
      String(idle.length),
      ms(idleStall),
    ]);
    let round = 0;
    for (const [label, make] of [
      [`largest push (${MAX_PUSH_OPS} ops, ${(MAX_SYNC_BODY_BYTES / 2 ** 20).toFixed(0)} MiB)`, largestPush],
      [`largest erase (${MAX_REQUEST_IDS.toLocaleString('en-US')} ids)`, largestErase],
    ] as const) {
      for (const concurrent of CONCURRENT) {
        // Made before the clock starts: the load generator shares the machine.
        const streams = Array.from({ length: concurrent }, () =>
          Array.from({ length: HEAVY }, () => make(++round * 10)),
        );
        const load = heavy(base, streams);
        const polls = await pollWhile(base, load, 0);
        const times = await load;
        const stall = await loopMax(base);
        const [p50, p99] = [median(polls), quantile(polls, 0.99)];
        rows.push([
          mode,
          label,
          String(concurrent),
          ms(median(times)),
          ms(p50),
          ms(p99),
          ms(Math.max(...polls)),
          `${(p50 / p50idle).toFixed(2)}x`,
          `${(p99 / p99idle).toFixed(2)}x`,
          String(polls.length),
          ms(stall),
        ]);
      }
    }
    return rows;
  } finally {
    child.kill();
  }
}

const printed = recordPrinted(); // the table goes to docs/performance.md too
console.log(machineHeader());
console.log(
  `\nTenant B polls back to back while each of ${CONCURRENT.join(' or ')} heavy tenants sends ${HEAVY} of the largest legal requests back to back; loopback HTTP, the server in its own process.\n`,
);
const cluster = VARIANTS.includes('pg') ? startCluster() : undefined;
try {
  const rows: string[][] = [];
  for (const mode of VARIANTS) rows.push(...(await runVariant(mode, mode === 'pg' ? cluster!.url : undefined)));
  console.log(
    markdownTable(
      [
        { header: 'server' },
        { header: "heavy tenants' requests" },
        { header: 'heavy tenants at once', align: 'right' },
        { header: 'heavy request p50', align: 'right' },
        { header: 'B poll p50', align: 'right' },
        { header: 'B poll p99', align: 'right' },
        { header: 'B poll max', align: 'right' },
        { header: 'B p50 / idle p50', align: 'right' },
        { header: 'B p99 / idle p99', align: 'right' },
        { header: 'B polls', align: 'right' },
        { header: 'longest server event-loop stall', align: 'right' },
      ],
      rows,
    ),
  );
} finally {
  cluster?.stop();
}
writeDocTable(PERFORMANCE_DOC, 'sync-bounds', printed.stop(), { command: 'npm run bench:sync:bounds' });
