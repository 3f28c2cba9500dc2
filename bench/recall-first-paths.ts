/**
 * The first recall after a reopen as a user meets it (#35), per path: a 1,000-turn chat built
 * from LoCoMo conversations is added once per store, then, each round, a new memory is opened
 * over the same store and its first call is timed right after the open resolves (nothing else
 * before it), against warm calls of other questions on the same memory. Paths: `recall` through
 * `createMemory`, `getContextForLLM` with `contextRecall`, `getContextForLLM` with `recall` per
 * call, and `recall` through `createServerMemory(...).forUser` (PGlite only). Stores: the memory
 * store and PGlite (a data directory; each round starts a new instance on it). Also times the
 * open itself. Times are wall and this process's CPU (the machine is shared). Prints a table and
 * writes it into docs/recall.md; asserts nothing.
 *
 * Run: `npm run bench:first-paths` (data: ../shared/data/locomo, or LOCOMO_DIR;
 * FIRST_PATHS_ROUNDS, default 5; FIRST_PATHS_ONLY=memory|pglite runs one store and writes no doc).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMemory, memoryStore } from 'recallkit';
import type { Memory, StoreAdapter } from 'recallkit';
import { createServerMemory, postgresStore, type UserMemory } from 'recallkit/postgres';
import { loadConversations, type Conversation } from './eval-locomo.js';
import { writeDocTable } from './lib/doc-table.js';
import { machineHeader } from './lib/machine.js';
import { median } from './lib/stats.js';
import { fmt, markdownTable, ms } from './lib/table.js';

/** The doc the table goes into. */
const RECALL_DOC = join(fileURLToPath(new URL('../', import.meta.url)), 'docs/recall.md');
const ROUNDS = Number(process.env['FIRST_PATHS_ROUNDS'] ?? 5);
const ONLY = process.env['FIRST_PATHS_ONLY'];
const TURNS = 1000;
const WARM_QUERIES = 15;
const SESSION = 'chat-1000';
const USER = 'user-1';

/** A store whose `close` keeps its data, so a second memory over it is a reopen. */
const keepOpen = (store: StoreAdapter): StoreAdapter => ({ ...store, close: async () => undefined });

/** The calls a path makes: open a memory, ask it one question, close it. */
interface Path {
  name: string;
  open(): Promise<{ ask(q: string): Promise<unknown>; close(): Promise<void> }>;
}

/** A path through `createMemory` over `store()`: `call` is what a user's first call is. */
function memoryPath(
  name: string,
  store: () => StoreAdapter,
  call: (m: Memory, q: string) => Promise<unknown>,
  options: Record<string, unknown> = {},
): Path {
  return {
    name,
    async open() {
      const memory = await createMemory({ store: store(), ...options });
      return { ask: (q) => call(memory, q), close: () => memory.close() };
    },
  };
}

const paths = (store: () => StoreAdapter): Path[] => [
  memoryPath('recall', store, (m, q) => m.recall(SESSION, q, { topK: 10 })),
  memoryPath('getContextForLLM, contextRecall', store, (m, q) => m.getContextForLLM(SESSION, { query: q }), {
    contextRecall: { maxTokens: 1000 },
  }),
  memoryPath('getContextForLLM, recall per call', store, (m, q) =>
    m.getContextForLLM(SESSION, { query: q, recall: { maxTokens: 1000 } }),
  ),
];

/** The 1,000-turn chat: LoCoMo conversations one after the other, cut at {@link TURNS}. */
function chat(): Conversation {
  const convs = loadConversations();
  const docs = convs.flatMap((c) => c.docs).slice(0, TURNS);
  // Every conversation's questions: some answers lie past the cut, and only time is measured.
  const questions = convs.flatMap((c) => c.questions);
  return { name: SESSION, docs, questions };
}

/** Add the chat's turns through a memory-like add API. */
async function ingest(m: Pick<Memory, 'addUserMessage' | 'addAssistantMessage'>, conv: Conversation): Promise<void> {
  for (const d of conv.docs) {
    const metadata = { ...d.metadata, speaker: d.speaker };
    const at = typeof d.timestamp === 'string' ? { timestamp: d.timestamp } : {};
    if (d.role === 'user') await m.addUserMessage(SESSION, d.text, metadata, at);
    else await m.addAssistantMessage(SESSION, d.text, metadata, at);
  }
}

interface Sample {
  open: number;
  first: number;
  warm: number;
  firstCpu: number;
  warmCpu: number;
}

/** This process's CPU time in ms (the machine is shared: wall times carry others' load). */
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** One round: open, the first call, warm calls; `round` picks different questions each round. */
async function round(path: Path, questions: string[], r: number): Promise<Sample> {
  const pick = (i: number) => questions[(r * (WARM_QUERIES + 1) + i) % questions.length]!;
  let t = performance.now();
  const memory = await path.open();
  const open = performance.now() - t;
  t = performance.now();
  let c = cpu();
  await memory.ask(pick(0));
  const first = performance.now() - t;
  const firstCpu = cpu() - c;
  const warm: number[] = [];
  const warmCpu: number[] = [];
  for (let i = 1; i <= WARM_QUERIES; i++) {
    t = performance.now();
    c = cpu();
    await memory.ask(pick(i));
    warm.push(performance.now() - t);
    warmCpu.push(cpu() - c);
  }
  await memory.close();
  return { open, first, warm: median(warm), firstCpu, warmCpu: median(warmCpu) };
}

/** Rounds of every path, interleaved so the machine's load falls on each alike. */
async function measure(store: string, list: Path[], questions: string[], rows: string[][]): Promise<void> {
  // The first round of each path is the process's first call of its kind, as after a server's
  // restart (code run for the first time, not yet compiled): shown apart, not in the medians.
  const fresh: Sample[] = [];
  for (const p of list) fresh.push(await round(p, questions, ROUNDS));
  const samples = list.map(() => [] as Sample[]);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, p] of list.entries()) samples[i]!.push(await round(p, questions, r));
  }
  for (const [i, p] of list.entries()) {
    const s = samples[i]!;
    const open = median(s.map((x) => x.open));
    const first = median(s.map((x) => x.first));
    const warm = median(s.map((x) => x.warm));
    const firstCpu = median(s.map((x) => x.firstCpu));
    const warmCpu = median(s.map((x) => x.warmCpu));
    rows.push([
      store,
      p.name,
      ms(open),
      ms(first),
      ms(warm),
      `${fmt(first / warm, 2)}x`,
      ms(firstCpu),
      ms(warmCpu),
      `${fmt(firstCpu / warmCpu, 2)}x`,
      `${ms(fresh[i]!.firstCpu)} / ${ms(fresh[i]!.warmCpu)}`,
    ]);
    console.error(
      `${store} / ${p.name}: open ${ms(open)}, first ${ms(first)} (CPU ${ms(firstCpu)}), warm ${ms(warm)} (CPU ${ms(warmCpu)})`,
    );
  }
}

const conv = chat();
const questions = conv.questions.map((q) => q.question);
const rows: string[][] = [];

if (ONLY !== 'pglite') {
  const store = memoryStore();
  const m = await createMemory({ store: keepOpen(store) });
  await ingest(m, conv);
  await m.idle();
  await m.close();
  await measure(
    'memory store',
    paths(() => keepOpen(store)),
    questions,
    rows,
  );
  await store.close();
}

if (ONLY !== 'memory') {
  const dir = mkdtempSync(join(tmpdir(), 'recallkit-firstpg-paths-'));
  const serverDir = mkdtempSync(join(tmpdir(), 'recallkit-firstpg-server-'));
  try {
    const m = await createMemory({ store: postgresStore({ pglite: dir, tenant: USER }) });
    await ingest(m, conv);
    await m.idle();
    await m.close();
    const writer = createServerMemory({ pglite: serverDir });
    await ingest(writer.forUser(USER), conv);
    await writer.close();
    /** The server's database open (another user's call answered): this user's first call opens their engine. */
    const serverPath = (name: string, call: (m: UserMemory, q: string) => Promise<unknown>, options = {}): Path => ({
      name,
      async open() {
        const s = createServerMemory({ pglite: serverDir, ...options });
        await s.forUser('someone-else').listSessions();
        return { ask: (q) => call(s.forUser(USER), q), close: () => s.close() };
      },
    });
    const server = [
      serverPath('createServerMemory().forUser(): recall', (m, q) => m.recall(SESSION, q, { topK: 10 })),
      serverPath(
        'createServerMemory().forUser(): getContextForLLM, contextRecall',
        (m, q) => m.getContextForLLM(SESSION, { query: q }),
        { contextRecall: { maxTokens: 1000 } },
      ),
    ];
    await measure('PGlite', [...paths(() => postgresStore({ pglite: dir, tenant: USER })), ...server], questions, rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(serverDir, { recursive: true, force: true });
  }
}

const table = [
  `A ${fmt(TURNS)}-turn chat; medians of ${ROUNDS} rounds after one round per path (its figures in the last column: the process's first call of that path); the first call right after the open resolves; CPU: this process's CPU time (the machine is shared).`,
  '',
  markdownTable(
    [
      { header: 'store' },
      { header: 'path' },
      { header: 'open', align: 'right' },
      { header: 'first call', align: 'right' },
      { header: 'warm (median)', align: 'right' },
      { header: 'first / warm', align: 'right' },
      { header: 'first, CPU', align: 'right' },
      { header: 'warm, CPU', align: 'right' },
      { header: 'first / warm, CPU', align: 'right' },
      { header: "process's first round: first / warm, CPU", align: 'right' },
    ],
    rows,
  ),
].join('\n');
console.log(`${machineHeader()}\n\n${table}`);
if (ONLY === undefined) writeDocTable(RECALL_DOC, 'first-paths', table, { command: 'npm run bench:first-paths' });
