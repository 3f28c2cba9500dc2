/**
 * The CPU a chat turn costs in this process, without HTTP: the README server's turn
 * (`forUser` → `addUserMessage` → `getContextForLLM` → `addAssistantMessage`) on warm users of
 * 1,000, 24 turns at once, against the same turn in raw SQL (INSERT, SELECT the last 50,
 * INSERT) over a pool of the same size, on a throwaway cluster. Prints µs of user and system
 * CPU per turn, PostgreSQL's, and the bytes this process allocated per turn and its GC pauses
 * (`v8.GCProfiler`): allocation does not depend on the machine's load as CPU time does. With
 * PROFILE_OUT set, the measured turns are CPU-profiled into that file; with ALLOCATIONS_OUT, their
 * allocations are sampled into that `.heapprofile` (both open in Chrome DevTools).
 * `node --import tsx bench/postgres/turn-cpu.ts [recallkit|raw]`
 * @module
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import pg from 'pg';
import { createServerMemory } from 'recallkit/postgres';
import { startCluster } from '../../test/postgres/cluster.js';
import { postmasterOf, serverCpuMs } from '../lib/pg-cpu.js';

const which = process.argv[2] ?? 'recallkit';
// Every statement sent, counted where node-postgres sends it (both routes use pg's clients).
const sent = { statements: 0, bytes: 0 };
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  sent.statements++;
  const config = args[0] as string | { values?: unknown[] };
  const values = typeof config === 'string' ? (args[1] as unknown[] | undefined) : config.values;
  for (const v of values ?? []) sent.bytes += typeof v === 'string' ? v.length : 8;
  return clientQuery.apply(this, args);
} as typeof pg.Client.prototype.query;
const USERS = 1000;
const IN_FLIGHT = 24;
const TURNS = Number(process.env['TURNS'] ?? 6000);
const cluster = startCluster();
try {
  const admin = new pg.Pool({ connectionString: cluster.url, max: 1 });
  await admin.query('CREATE DATABASE turns');
  await admin.end();
  const url = cluster.url.replace('/postgres?', '/turns?');
  let turn: (user: string, chat: string, message: string) => Promise<number>;
  let close: () => Promise<void>;
  if (which === 'raw') {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    await pool.query(
      'CREATE TABLE raw_turns (id bigserial PRIMARY KEY, user_id text NOT NULL, chat_id text NOT NULL, role text NOT NULL, content text NOT NULL)',
    );
    await pool.query('CREATE INDEX raw_turns_chat ON raw_turns (user_id, chat_id, id)');
    const insert = 'INSERT INTO raw_turns (user_id, chat_id, role, content) VALUES ($1, $2, $3, $4)';
    turn = async (user, chat, message) => {
      await pool.query({ name: 'insert', text: insert, values: [user, chat, 'user', message] });
      const { rows } = await pool.query({
        name: 'last',
        text: 'SELECT role, content FROM raw_turns WHERE user_id = $1 AND chat_id = $2 ORDER BY id DESC LIMIT 50',
        values: [user, chat],
      });
      const messages = rows.reverse();
      await pool.query({ name: 'insert', text: insert, values: [user, chat, 'assistant', `echo: ${message}`] });
      return JSON.stringify({ messages }).length;
    };
    close = () => pool.end();
  } else {
    const memories = createServerMemory({ connectionString: url });
    turn = async (user, chat, message) => {
      const memory = memories.forUser(user);
      await memory.addUserMessage(chat, message);
      const { messages } = await memory.getContextForLLM(chat);
      await memory.addAssistantMessage(chat, `echo: ${message}`);
      return JSON.stringify({ messages }).length;
    };
    close = () => memories.close();
  }
  let n = 0;
  const run = async (count: number, pick: (i: number) => number): Promise<void> => {
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        for (let i = next++; i < count; i = next++) {
          const u = pick(i);
          await turn(`user-${u}`, `chat-${u % 3}`, `user-${u} says ${n++}`);
        }
      }),
    );
  };
  await run(USERS, (i) => i); // every user once
  await run(3000, () => Math.floor(Math.random() * USERS)); // warm
  const out = process.env['PROFILE_OUT'];
  const allocationsOut = process.env['ALLOCATIONS_OUT'];
  const session = out || allocationsOut ? new Session() : undefined;
  session?.connect();
  if (session && out) {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  if (session && allocationsOut)
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  const postmaster = postmasterOf(cluster.dir);
  const pg0 = serverCpuMs(postmaster);
  const sent0 = { ...sent };
  const gc = new GCProfiler();
  gc.start();
  const heap0 = getHeapStatistics().used_heap_size;
  const before = process.cpuUsage();
  const started = performance.now();
  await run(TURNS, () => Math.floor(Math.random() * USERS));
  const cpu = process.cpuUsage(before);
  const heap1 = getHeapStatistics().used_heap_size;
  const { statistics } = gc.stop();
  // Allocated: what the heap grew by, plus what each collection freed.
  let allocated = heap1 - heap0;
  let gcUs = 0;
  for (const g of statistics) {
    allocated += g.beforeGC.heapStatistics.usedHeapSize - g.afterGC.heapStatistics.usedHeapSize;
    gcUs += g.cost;
  }
  const pgUs = ((serverCpuMs(postmaster) - pg0) * 1000) / TURNS;
  if (session && out) writeFileSync(out, JSON.stringify((await session.post('Profiler.stop')).profile));
  if (session && allocationsOut)
    writeFileSync(allocationsOut, JSON.stringify((await session.post('HeapProfiler.stopSampling')).profile));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${which}: ${TURNS} turns, ${(TURNS / seconds).toFixed(0)}/s, CPU per turn: ${(cpu.user / TURNS).toFixed(0)} µs user, ` +
      `${(cpu.system / TURNS).toFixed(0)} µs system; PostgreSQL's: ${pgUs.toFixed(0)} µs; statements per turn: ` +
      `${((sent.statements - sent0.statements) / TURNS).toFixed(2)}, parameter bytes per turn: ${((sent.bytes - sent0.bytes) / TURNS).toFixed(0)}; ` +
      `allocated per turn: ${(allocated / TURNS / 1024).toFixed(1)} KiB, GC per turn: ${(gcUs / TURNS).toFixed(0)} µs (${statistics.length} collections)`,
  );
  await close();
} finally {
  cluster.stop();
}
