/**
 * Where a first call after a reopen spends its time (#35): a 1,000-turn chat on the memory store
 * and on PGlite, reopened each round; the first call and one warm call are CPU-profiled
 * (`node:inspector`), and the functions' self and total times summed over the rounds. Prints the
 * top functions of each; asserts nothing, writes no doc.
 *
 * Run: `npx tsx bench/profile-first-call.ts` (PROFILE_ROUNDS, default 8; PROFILE_ONLY=memory|pglite;
 * PROFILE_PATH=recall|context|recall-per-call).
 * @module
 */
import { Session } from 'node:inspector/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemory, memoryStore } from 'recallkit';
import type { Memory, StoreAdapter } from 'recallkit';
import { postgresStore } from 'recallkit/postgres';
import { loadConversations } from './eval-locomo.js';

const ROUNDS = Number(process.env['PROFILE_ROUNDS'] ?? 8);
const ONLY = process.env['PROFILE_ONLY'];
const PATH = process.env['PROFILE_PATH'] ?? 'recall';
const SESSION = 'chat-1000';
const TOP = Number(process.env['PROFILE_TOP'] ?? 40);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

/** One profile cut to the samples inside `[from, to]` (µs, the monotonic clock). */
function window(p: Profile, from: number, to: number): Profile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    const d = p.timeDeltas[i] ?? 0;
    t += d;
    if (t > from && t <= to) {
      samples.push(p.samples[i]!);
      timeDeltas.push(d);
    }
  }
  return { ...p, samples, timeDeltas };
}
const now = (): number => Number(process.hrtime.bigint() / 1000n);

const keepOpen = (store: StoreAdapter): StoreAdapter => ({ ...store, close: async () => undefined });
const name = (n: Node) => {
  const url = n.callFrame.url.replace(/^.*\/(src|node_modules)\//, '$1/');
  return `${n.callFrame.functionName || '(anon)'} ${url}:${n.callFrame.lineNumber + 1}`;
};

/** Self and total ms by function over profiles. */
function summarize(profiles: Profile[]): { self: Map<string, number>; total: Map<string, number>; all: number } {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  for (const p of profiles) {
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const selfUs = new Map<number, number>();
    for (let i = 0; i < p.samples.length; i++) {
      const id = p.samples[i]!;
      selfUs.set(id, (selfUs.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
    }
    for (const [id, us] of selfUs) {
      const n = byId.get(id)!;
      const fn = name(n);
      if (fn.startsWith('(idle)')) continue;
      all += us / 1000;
      self.set(fn, (self.get(fn) ?? 0) + us / 1000);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const f = name(byId.get(at)!);
        if (seen.has(f)) continue;
        seen.add(f);
        total.set(f, (total.get(f) ?? 0) + us / 1000);
      }
    }
  }
  return { self, total, all };
}

function print(label: string, profiles: Profile[]): void {
  const { self, total, all } = summarize(profiles);
  const k = profiles.length;
  console.log(`\n== ${label}: ${(all / k).toFixed(2)} ms sampled per call (${k} calls)`);
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([f, v]) => `  ${(v / k).toFixed(2).padStart(7)} ms ${((100 * v) / all).toFixed(1).padStart(5)}%  ${f}`)
      .join('\n');
  console.log(' total (inclusive):\n' + rows(total));
  console.log(' self:\n' + rows(self));
}

const call = (m: Memory, q: string): Promise<unknown> =>
  PATH === 'context'
    ? m.getContextForLLM(SESSION, { query: q })
    : PATH === 'recall-per-call'
      ? m.getContextForLLM(SESSION, { query: q, recall: { maxTokens: 1000 } })
      : m.recall(SESSION, q, { topK: 10 });
const options = PATH === 'context' ? { contextRecall: { maxTokens: 1000 } } : {};

async function run(label: string, store: () => StoreAdapter, questions: string[]): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: Number(process.env['PROFILE_INTERVAL'] ?? 200) });
  const firstAt: [number, number][] = [];
  const warmAt: [number, number][] = [];
  // One profile over every round (starting the profiler recompiles code), cut by time after.
  await session.post('Profiler.start');
  for (let r = 0; r < ROUNDS + 1; r++) {
    const m = await createMemory({ store: store(), ...options });
    let t = now();
    await call(m, questions[r * 3]!);
    if (r > 0) firstAt.push([t, now()]); // round 0 is the process's first: code not yet compiled
    await call(m, questions[r * 3 + 1]!);
    t = now();
    await call(m, questions[r * 3 + 2]!);
    if (r > 0) warmAt.push([t, now()]);
    await m.close();
  }
  const profile = (await session.post('Profiler.stop')).profile as unknown as Profile;
  const first = firstAt.map(([a, b]) => window(profile, a, b));
  const warm = warmAt.map(([a, b]) => window(profile, a, b));
  print(`${label} ${PATH} first call`, first);
  print(`${label} ${PATH} warm call`, warm);
  session.disconnect();
}

const convs = loadConversations();
const docs = convs.flatMap((c) => c.docs).slice(0, 1000);
const questions = convs.flatMap((c) => c.questions).map((q) => q.question);
async function ingest(m: Memory): Promise<void> {
  for (const d of docs) {
    const metadata = { ...d.metadata, speaker: d.speaker };
    const at = typeof d.timestamp === 'string' ? { timestamp: d.timestamp } : {};
    if (d.role === 'user') await m.addUserMessage(SESSION, d.text, metadata, at);
    else await m.addAssistantMessage(SESSION, d.text, metadata, at);
  }
  await m.idle();
  await m.close();
}

if (ONLY !== 'pglite') {
  const store = memoryStore();
  await ingest(await createMemory({ store: keepOpen(store) }));
  await run('memory store', () => keepOpen(store), questions);
}
if (ONLY !== 'memory') {
  const dir = mkdtempSync(join(tmpdir(), 'recallkit-profile-'));
  try {
    await ingest(await createMemory({ store: postgresStore({ pglite: dir, tenant: 'u' }) }));
    await run('PGlite', () => postgresStore({ pglite: dir, tenant: 'u' }), questions);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
