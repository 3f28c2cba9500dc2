/**
 * `npm run bench:postgres`: postgresStore on a throwaway local cluster (started and removed
 * here, as the tests do) and on PGlite, against raw parameterized INSERTs over the same pool
 * and against the in-memory store. Prints Markdown tables and writes them into
 * docs/performance.md (`bench:postgres`, and server.ts's `bench:postgres-server`); asserts nothing.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createMemory } from 'recallkit';
import { memoryStore } from 'recallkit';
import { postgresStore } from 'recallkit/postgres';
import type { MemoryEntry, StoreAdapter } from 'recallkit';
import { makeEntry, makeMeta, makeSummary } from 'recallkit/testing';
import { startCluster } from '../../test/postgres/cluster.js';
import { serverBench } from './server.js';
import { postmasterOf, serverCpuMs } from '../lib/pg-cpu.js';
import { PERFORMANCE_DOC, writeDocTable } from '../lib/doc-table.js';
import { machineHeader } from '../lib/machine.js';
import { fmt, markdownTable, ms } from '../lib/table.js';

const SESSIONS = 100;
const WRITERS = 10;
const APPENDS = Number(process.env['APPENDS'] ?? 5000);
const ROUNDS = Number(process.env['ROUNDS'] ?? 5);
/** Unmeasured rounds of each contender first. */
const WARMUP_ROUNDS = Number(process.env['WARMUP_ROUNDS'] ?? 4);

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/** Rates and CPU time per append (this process and the server's), for the appends table. */
interface Run {
  rate: number;
  nodeUs: number;
  serverUs: number;
}
let postmasterPid = 0;

/** Measure `fn` (which makes `count` appends): appends/s and CPU µs per append. */
async function measured(count: number, fn: () => Promise<number>): Promise<Run> {
  const cpu = process.cpuUsage();
  const server = serverCpuMs(postmasterPid);
  const rate = await fn();
  const used = process.cpuUsage(cpu);
  return {
    rate,
    nodeUs: (used.user + used.system) / count,
    serverUs: ((serverCpuMs(postmasterPid) - server) * 1000) / count,
  };
}

/** `WRITERS` loops share `count` jobs over `SESSIONS` sessions; resolves appends per second. */
async function concurrently(count: number, job: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let i = next++; i < count; i = next++) await job(i);
    }),
  );
  return count / ((performance.now() - start) / 1000);
}

/** Appends through the memory (one user message each), autoCompress off: the store path. */
async function memoryAppends(store: StoreAdapter, count = APPENDS): Promise<number> {
  const memory = await createMemory({ store, config: { autoCompress: false } });
  // Each writer appends to the session of its job (job i: session i % 100), as requests of different users.
  const rate = await concurrently(count, async (i) => {
    await memory.addUserMessage(`s${i % SESSIONS}`, `message ${i}: the quick brown fox jumps over the lazy dog`);
  });
  await memory.close();
  return rate;
}

/**
 * A server with a store per user: 100 tenants on the pool, a memory each, one session each
 * (job i: tenant i % 100), autoCompress off.
 */
async function tenantAppends(pool: pg.Pool, tag: string, count = APPENDS): Promise<number> {
  const memories = await Promise.all(
    Array.from({ length: SESSIONS }, (_, t) =>
      createMemory({ store: postgresStore({ pool, tenant: `${tag}-${t}` }), config: { autoCompress: false } }),
    ),
  );
  const rate = await concurrently(count, async (i) => {
    await memories[i % SESSIONS]!.addUserMessage('chat', `message ${i}: the quick brown fox jumps over the lazy dog`);
  });
  await Promise.all(memories.map((m) => m.close()));
  return rate;
}

/** The same rows, as raw parameterized INSERTs of the entry JSON (no version check, no meta), one per append. */
async function rawAppends(pool: pg.Pool, tag: string, count = APPENDS): Promise<number> {
  await pool.query(
    'CREATE TABLE IF NOT EXISTS raw_entries (tenant text, session_id text, id text, seq bigint, entry text, PRIMARY KEY (tenant, session_id, id))',
  );
  const seqs = new Map<number, number>();
  return concurrently(count, async (i) => {
    const s = i % SESSIONS;
    const seq = seqs.get(s) ?? 0;
    seqs.set(s, seq + 1);
    const entry: MemoryEntry = makeEntry(`s${s}`, seq, {
      id: `raw-${i}`,
      content: `message ${i}: the quick brown fox jumps over the lazy dog`,
    });
    await pool.query('INSERT INTO raw_entries (tenant, session_id, id, seq, entry) VALUES ($1, $2, $3, $4, $5)', [
      `"${tag}"`,
      `"s${s}"`,
      `"${entry.id}"`,
      seq,
      JSON.stringify(entry),
    ]);
  });
}

/**
 * The same rows through `postgresStore.write` alone: one append batch per call, as the engine
 * makes it (the session's new meta and the entry, checked against the version before).
 */
async function storeAppends(store: StoreAdapter, count = APPENDS): Promise<number> {
  const seqs = new Map<number, number>();
  const rate = await concurrently(count, async (i) => {
    const s = i % SESSIONS;
    const seq = seqs.get(s) ?? 0;
    seqs.set(s, seq + 1);
    const entry = makeEntry(`s${s}`, seq, {
      id: `w-${i}`,
      content: `message ${i}: the quick brown fox jumps over the lazy dog`,
    });
    await store.write(`s${s}`, {
      meta: makeMeta(`s${s}`, seq + 1, { nextSeq: seq + 1, totalEntries: seq + 1 }),
      putEntries: [entry],
      expectVersion: seq,
    });
  });
  await store.close();
  return rate;
}

/** A 10,000-entry session (100 active, 9,900 compressed, 10 summaries) written straight to the store. */
async function seedLong(store: StoreAdapter, sessionId: string): Promise<void> {
  for (let from = 0; from < 10_000; from += 2_000) {
    await store.write(sessionId, {
      meta: makeMeta(sessionId, from / 2_000 + 1, {
        nextSeq: from + 2_000,
        totalEntries: from + 2_000,
        compressedEntries: Math.min(9_900, from + 2_000),
      }),
      putEntries: Array.from({ length: 2_000 }, (_, i) => {
        const seq = from + i;
        return makeEntry(
          sessionId,
          seq,
          seq < 9_900
            ? { compressed: true, summaryId: `sum${seq % 10}`, content: `note ${seq} about topic${seq % 97}` }
            : { content: `recent ${seq} about topic${seq % 97}` },
        );
      }),
      putSummaries: from === 0 ? Array.from({ length: 10 }, (_, k) => makeSummary(sessionId, `sum${k}`)) : [],
    });
  }
}

/** Cold getContextForLLM (a new memory each time) and a cold recall: p50/p99 in ms. */
async function coldOpens(
  makeStore: () => StoreAdapter,
  runs: number,
): Promise<{ context: number[]; recall: number[] }> {
  const context: number[] = [];
  const recall: number[] = [];
  for (let r = 0; r < runs; r++) {
    const memory = await createMemory({ store: makeStore(), config: { autoCompress: false } });
    await memory.listSessions(); // connected: the open itself is measured, not the pool's first connect
    let t = performance.now();
    await memory.getContextForLLM('long');
    context.push(performance.now() - t);
    t = performance.now();
    await memory.recall('long', 'topic42');
    recall.push(performance.now() - t);
    await memory.close();
  }
  return { context, recall };
}

async function main(): Promise<void> {
  const cluster = startCluster();
  const out: string[] = [
    machineHeader(),
    '',
    `PostgreSQL: throwaway local cluster (Unix socket, fsync off), pool of 10; ${APPENDS} appends per round, ${SESSIONS} sessions, ${WRITERS} concurrent writers, ${WARMUP_ROUNDS} unmeasured rounds of each first.`,
  ];
  const pool = new pg.Pool({ connectionString: cluster.url, max: 10 });
  const lite = await PGlite.create();
  try {
    // 1. Appends per second: a warm-up of each (connections, plans, and the JIT: a server
    // process appends for hours, so its steady state is what counts), then ROUNDS rounds
    // alternating raw and store (the machine is shared: each side meets the same load); medians.
    for (let w = 0; w < WARMUP_ROUNDS; w++) {
      await rawAppends(pool, `warm-${w}`);
      await memoryAppends(postgresStore({ pool, tenant: `bench-warm-${w}` }));
      await storeAppends(postgresStore({ pool, tenant: `bench-warm-store-${w}` }));
      await tenantAppends(pool, `bench-warm-tenants-${w}`);
    }
    postmasterPid = postmasterOf(cluster.dir);
    const rawRuns: Run[] = [];
    const pgRuns: Run[] = [];
    const writeRuns: Run[] = [];
    const tenantRuns: Run[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      rawRuns.push(await measured(APPENDS, () => rawAppends(pool, `raw-${r}`)));
      writeRuns.push(await measured(APPENDS, () => storeAppends(postgresStore({ pool, tenant: `bench-writes-${r}` }))));
      pgRuns.push(await measured(APPENDS, () => memoryAppends(postgresStore({ pool, tenant: `bench-appends-${r}` }))));
      tenantRuns.push(await measured(APPENDS, () => tenantAppends(pool, `bench-tenants-${r}`)));
    }
    const medianOf = (runs: Run[], key: keyof Run): number =>
      quantile(
        runs.map((x) => x[key]),
        0.5,
      );
    const [raw, writeRate, pgRate, tenantRate] = [rawRuns, writeRuns, pgRuns, tenantRuns].map((runs) =>
      medianOf(runs, 'rate'),
    ) as [number, number, number, number];
    const raws = rawRuns.map((x) => x.rate);
    const pgRates = pgRuns.map((x) => x.rate);
    const vsRaw = (rate: number): string =>
      rate <= raw ? `${(raw / rate).toFixed(2)}x slower` : `${(rate / raw).toFixed(2)}x faster`;
    const cpu = (runs: Run[]): string[] => {
      const [node, server] = [medianOf(runs, 'nodeUs'), medianOf(runs, 'serverUs')];
      return [`${fmt(node)} µs`, `${fmt(server)} µs`, `${fmt(node + server)} µs`];
    };
    const liteRate = await memoryAppends(postgresStore({ pglite: lite, tenant: 'bench-appends' }));
    const memRun = await measured(APPENDS, () => memoryAppends(memoryStore()));
    const memRate = memRun.rate;
    out.push(
      '',
      `Appends: median of ${ROUNDS} alternating rounds (raw ${raws.map((x) => fmt(x)).join(' / ')}; write ${writeRuns.map((x) => fmt(x.rate)).join(' / ')}; memory on postgresStore ${pgRates.map((x) => fmt(x)).join(' / ')}; a memory per tenant ${tenantRuns.map((x) => fmt(x.rate)).join(' / ')} appends/s).`,
      '',
      markdownTable(
        [
          { header: 'Appends: 100 sessions, 10 concurrent writers' },
          { header: 'appends/s', align: 'right' },
          { header: 'vs raw INSERT', align: 'right' },
          { header: 'CPU/append: Node', align: 'right' },
          { header: 'server', align: 'right' },
          { header: 'total', align: 'right' },
        ],
        [
          ['raw parameterized INSERT, same rows, same pool', fmt(raw), '1.00x', ...cpu(rawRuns)],
          ['postgresStore.write (pg): one append batch per call', fmt(writeRate), vsRaw(writeRate), ...cpu(writeRuns)],
          ['memory.addUserMessage on postgresStore (pg)', fmt(pgRate), vsRaw(pgRate), ...cpu(pgRuns)],
          [
            'the same, 100 tenants with a memory each, one pool',
            fmt(tenantRate),
            vsRaw(tenantRate),
            ...cpu(tenantRuns),
          ],
          ['memory.addUserMessage on postgresStore (PGlite, in-memory)', fmt(liteRate), '', '', '', ''],
          [
            'memory.addUserMessage on memoryStore (the engine alone)',
            fmt(memRate),
            vsRaw(memRate),
            `${fmt(memRun.nodeUs)} µs`,
            '',
            '',
          ],
        ],
      ),
    );

    if (process.env['BENCH_ONLY'] === 'appends') return;
    // 2. Cold 10,000-entry session.
    await seedLong(postgresStore({ pool, tenant: 'bench-long' }), 'long');
    await seedLong(postgresStore({ pglite: lite, tenant: 'bench-long' }), 'long');
    const mem = memoryStore();
    await seedLong(mem, 'long');
    const keep = (store: StoreAdapter): StoreAdapter => ({ ...store, close: async () => undefined }); // reused across cold memories
    // The first memory builds and persists the recall index; the measured ones reopen it.
    await coldOpens(() => postgresStore({ pool, tenant: 'bench-long' }), 1);
    await coldOpens(() => postgresStore({ pglite: lite, tenant: 'bench-long' }), 1);
    await coldOpens(() => keep(mem), 1);
    const rows: string[][] = [];
    for (const [name, make] of [
      ['postgresStore (pg)', () => postgresStore({ pool, tenant: 'bench-long' })],
      ['postgresStore (PGlite, in-memory)', () => postgresStore({ pglite: lite, tenant: 'bench-long' })],
      ['memoryStore', () => keep(mem)],
    ] as const) {
      const { context, recall } = await coldOpens(make, 40);
      rows.push([
        name,
        ms(quantile(context, 0.5)),
        ms(quantile(context, 0.99)),
        ms(quantile(recall, 0.5)),
        ms(quantile(recall, 0.99)),
      ]);
    }
    out.push(
      '',
      markdownTable(
        [
          { header: 'Cold 10,000-entry session (100 active)' },
          { header: 'getContextForLLM p50', align: 'right' },
          { header: 'p99', align: 'right' },
          { header: 'first recall p50', align: 'right' },
          { header: 'p99', align: 'right' },
        ],
        rows,
      ),
    );

    // 3. Memory after touching 10,000 sessions (20 entries each).
    const tenant = 'bench-many';
    const seedStore = postgresStore({ pool, tenant });
    let n = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let s = n++; s < 10_000; s = n++) {
          const id = `user-${s}`;
          await seedStore.write(id, {
            meta: makeMeta(id, 1, { nextSeq: 20 }),
            putEntries: Array.from({ length: 20 }, (_, i) =>
              makeEntry(id, i, { content: `message ${i} of ${id}: ${'lorem ipsum '.repeat(10)}` }),
            ),
          });
        }
      }),
    );
    // Measured in a child process of its own, so PGlite and the earlier passes are not counted.
    const memRows: string[][] = [];
    for (const max of [1000, 20_000]) {
      const child = fileURLToPath(new URL('./touch-sessions.ts', import.meta.url));
      const stdout = execFileSync(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', child, cluster.url, tenant, String(max)],
        { encoding: 'utf8' },
      );
      const m = JSON.parse(stdout.trim().split('\n').pop()!) as {
        rssBefore: number;
        rssAfter: number;
        heapBefore: number;
        heapAfter: number;
      };
      const mb = (bytes: number): string => `${fmt(bytes / 2 ** 20)} MB`;
      memRows.push([
        max === 1000 ? 'default (maxCachedSessions 1000)' : 'unbounded (maxCachedSessions 20000)',
        mb(m.rssBefore),
        mb(m.rssAfter),
        `${fmt((m.heapAfter - m.heapBefore) / 2 ** 20, 1)} MB`,
      ]);
    }
    out.push(
      '',
      markdownTable(
        [
          { header: 'Touching 10,000 sessions (20 entries each), a server process of its own' },
          { header: 'RSS before', align: 'right' },
          { header: 'RSS after', align: 'right' },
          { header: 'heap growth', align: 'right' },
        ],
        memRows,
      ),
    );
    writeDocTable(PERFORMANCE_DOC, 'postgres', out.join('\n'), { command: 'npm run bench:postgres' });
    // 5. The README server (a node:http route with createServerMemory) against raw SQL, and its
    // memory: server.ts writes its own table.
    out.push('', await serverBench(cluster.url, 'npm run bench:postgres'));
  } finally {
    await Promise.race([pool.end().catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
    await lite.close().catch(() => undefined);
    cluster.stop();
    console.log(out.join('\n'));
  }
}

await main();
