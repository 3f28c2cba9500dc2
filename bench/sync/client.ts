/**
 * `npm run bench:sync`: the sync client (createMemory in Node, memory store) against the real
 * `syncHandler` over node-postgres on a throwaway local cluster, all on loopback.
 * 1. First sync of a 10,000-entry session to a new device, beside its peers: the same ops pulled
 *    raw over HTTP (no client work) and the same session imported locally (no network).
 * 2. Steady state: an add on device A until it is stored on device B (B polling back to back;
 *    A pushing 20 ms after the add), p50/p99; and the cost of one round in a small and in the
 *    10,000-entry session. Prints Markdown tables; asserts nothing.
 * @module
 */
import pg from 'pg';
import { createMemory } from 'recallkit';
import type { Memory } from 'recallkit';
import { startCluster } from '../../test/postgres/cluster.js';
import { pullAll, startSyncServer, type SyncServer } from '../../test/postgres/sync-support.js';
import { capturePrinted, PERFORMANCE_DOC, writeDocTable } from '../lib/doc-table.js';
import { machineHeader } from '../lib/machine.js';
import { fmt, markdownTable, ms } from '../lib/table.js';

const ENTRIES = Number(process.env['ENTRIES'] ?? 10_000);
const ADDS = Number(process.env['ADDS'] ?? 200);
const counter = { count: (t: string) => Math.ceil(t.length / 4) };

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

async function device(server: SyncServer, token: string, intervalMs = 0): Promise<Memory> {
  return createMemory({
    store: 'memory',
    tokenizer: counter,
    config: { autoCompress: false },
    sync: { url: server.url, headers: { authorization: `Bearer ${token}` }, intervalMs },
  });
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await fn();
  return [value, performance.now() - t];
}

async function main(): Promise<void> {
  const cluster = startCluster();
  const pool = new pg.Pool({ connectionString: cluster.url, max: 10 });
  const server = await startSyncServer({ pool });
  server.tokens.set('bench', 'bench-tenant');
  const out: string[] = [
    machineHeader(),
    '',
    `syncHandler over node-postgres (pool of 10) on a throwaway local cluster (Unix socket, fsync off); HTTP on 127.0.0.1; devices are createMemory({ store: 'memory', sync }) in this process.`,
  ];
  const closing: Memory[] = [];
  try {
    // 1. First sync of a big session.
    const a = await device(server, 'bench');
    closing.push(a);
    const messages = Array.from({ length: ENTRIES }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `message ${i}: the quick brown fox jumps over the lazy dog, about topic ${i % 97}`,
    }));
    for (let i = 0; i < ENTRIES; i += 500) await a.addMessages('big', messages.slice(i, i + 500));
    const [, pushMs] = await timed(() => a.sync());
    const [rawOps, rawMs] = await timed(() => pullAll(server.url, 'bench', '0', 1000));
    const b = await device(server, 'bench');
    closing.push(b);
    const [, firstMs] = await timed(() => b.sync());
    const same = JSON.stringify(await a.exportSession('big')) === JSON.stringify(await b.exportSession('big'));
    const state = await a.exportSession('big');
    const local = await createMemory({ store: 'memory', tokenizer: counter, config: { autoCompress: false } });
    const [, importMs] = await timed(() => local.importSession(state));
    await local.close();
    out.push(
      '',
      markdownTable(
        [
          { header: `First sync of a ${fmt(ENTRIES)}-entry session` },
          { header: 'time', align: 'right' },
          { header: 'entries/s', align: 'right' },
        ],
        [
          [
            'device A pushes it (sync(): pushes of up to 1,000 ops, pulls its own back, rebases)',
            ms(pushMs),
            fmt(ENTRIES / (pushMs / 1000)),
          ],
          [
            `**new device B: sync()** (pull 1,000 ops a request, rebase, store)${same ? ', export identical to A' : ', EXPORT DIFFERS'}`,
            ms(firstMs),
            fmt(ENTRIES / (firstMs / 1000)),
          ],
          [
            `peer: the same ${fmt(rawOps.length)} ops pulled raw over HTTP (handler + PostgreSQL only)`,
            ms(rawMs),
            fmt(ENTRIES / (rawMs / 1000)),
          ],
          [
            'peer: importSession of the same export (local, no network)',
            ms(importMs),
            fmt(ENTRIES / (importMs / 1000)),
          ],
        ],
      ),
    );

    // 2. Steady state: add on A until stored on B.
    const rows: string[][] = [];
    for (const [label, session, warm] of [
      ['a small session (grows from 0)', 'small', 0],
      [`the ${fmt(ENTRIES)}-entry session`, 'big', ENTRIES],
    ] as const) {
      void warm;
      const latencies: number[] = [];
      let polling = true;
      const arrived = new Map<string, () => void>();
      const stop = b.on('change', () => {
        for (const [content, done] of arrived)
          void b
            .getActiveEntries(session)
            .then((es) => es.some((e) => e.content === content) && (arrived.delete(content), done()));
      });
      const poller = (async () => {
        while (polling) await b.sync().catch(() => undefined);
      })();
      const adds = session === 'big' ? Math.min(ADDS, 50) : ADDS;
      for (let i = 0; i < adds; i++) {
        const content = `${session} steady ${i}`;
        const got = new Promise<void>((resolve) => arrived.set(content, resolve));
        const t = performance.now();
        await a.addUserMessage(session, content);
        await got;
        latencies.push(performance.now() - t);
      }
      polling = false;
      await poller;
      stop();
      // One explicit round each side, nothing else running.
      const rounds: number[] = [];
      for (let i = 0; i < 10; i++) {
        await a.addUserMessage(session, `${session} round ${i}`);
        const t = performance.now();
        await a.sync();
        await b.sync();
        rounds.push(performance.now() - t);
      }
      rows.push([
        label,
        fmt(adds),
        ms(quantile(latencies, 0.5)),
        ms(quantile(latencies, 0.99)),
        ms(quantile(rounds, 0.5)),
      ]);
    }
    out.push(
      '',
      markdownTable(
        [
          { header: 'Steady state: addUserMessage on A until stored on B (B polls back to back)' },
          { header: 'adds', align: 'right' },
          { header: 'p50', align: 'right' },
          { header: 'p99', align: 'right' },
          { header: 'A.sync() + B.sync(), one entry, p50', align: 'right' },
        ],
        rows,
      ),
    );
  } finally {
    for (const m of closing) await m.close().catch(() => undefined);
    await server.close().catch(() => undefined);
    await Promise.race([pool.end().catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
    cluster.stop();
    console.log(out.join('\n'));
  }
}

writeDocTable(PERFORMANCE_DOC, 'sync-client', await capturePrinted(main), { command: 'npm run bench:sync' });
