/**
 * Recall in the context, speed (issue 13, item 4): `recall(s, q, { scope: 'all' })` over 100
 * chats of 1,000 entries (goal ≤ 10 ms mean), opening a memory over that store without
 * rebuilding an index (cold open, first recall, next recalls; beside a full index rebuild in the
 * same run), and `getContextForLLM(s, { query })` with `contextRecall` over a 50,000-entry
 * session (goal ≤ 5 ms mean), beside the same call without recall. Prints tables; asserts
 * nothing. Features the engine lacks are detected and printed as "not supported".
 *
 * Corpus: seeded generated chats (bench/lib/conversation.ts, tool calls included), imported with
 * `importSession`. Run: `npx tsx bench/recall-context.ts`, or `npm run bench -- recall-context`.
 * @module
 */
import { PERFORMANCE_DOC, writeDocTable } from './lib/doc-table.js';
import { pathToFileURL } from 'node:url';
import { createMemory } from 'recallkit';
import { memoryStore } from 'recallkit';
import { createRecallIndex } from 'recallkit/recall';
import { entryDoc } from 'recallkit/recall';
import type { StoreAdapter } from 'recallkit';
import { detectFeatures, type EvalMemory } from './lib/eval-engine.js';
import { generateConversation, type GenMessage } from './lib/conversation.js';
import { seededRandom } from './lib/prng.js';
import { quantile, sampleAsync } from './lib/stats.js';
import { markdownTable, ms } from './lib/table.js';
import { activeState } from './lib/to-state.js';

const CHATS = 100;
const PER_CHAT = 1_000;
const BIG_SESSION = 50_000;
const QUERIES = 200;

/** Questions made of 2–5 consecutive words of random user messages. */
function questions(chats: readonly GenMessage[][], count: number, seed = 5): string[] {
  const r = seededRandom(seed);
  const out: string[] = [];
  while (out.length < count) {
    const m = r.pick(r.pick(chats));
    if (m.kind !== 'user') continue;
    const words = m.content.split(/\s+/);
    const start = r.int(0, Math.max(0, words.length - 5));
    out.push(`What about ${words.slice(start, start + r.int(2, 5)).join(' ')}?`);
  }
  return out;
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
/** Wall-time samples and the CPU time per call over the same calls. */
interface Samples {
  wall: number[];
  cpuPerCall: number;
}

/** `sampleAsync`, with the process's CPU time per call beside it (steadier on a shared machine). */
async function sample(fn: () => Promise<unknown>, runs: number, budgetMs: number): Promise<Samples> {
  for (let i = 0; i < 10; i++) await fn(); // warm-up
  const cpu = process.cpuUsage();
  const wall = await sampleAsync(fn, { warmup: 0, runs, budgetMs });
  const used = process.cpuUsage(cpu);
  return { wall, cpuPerCall: (used.user + used.system) / 1000 / wall.length };
}

const row = (label: string, s: Samples, goal: string): string[] => [
  label,
  String(s.wall.length),
  ms(mean(s.wall)),
  ms(quantile(s.wall, 0.5)),
  ms(quantile(s.wall, 0.99)),
  ms(s.cpuPerCall),
  goal,
];
const COLUMNS = [
  { header: 'measure' },
  { header: 'runs', align: 'right' as const },
  { header: 'mean', align: 'right' as const },
  { header: 'p50', align: 'right' as const },
  { header: 'p99', align: 'right' as const },
  { header: 'CPU mean', align: 'right' as const },
  { header: 'goal' },
];

/** Wall and CPU time (ms) of one call: CPU time is steadier on a shared machine. */
interface Timed {
  wall: number;
  cpu: number;
}
async function timed(fn: () => Promise<unknown>): Promise<Timed> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

/** A store whose `close()` leaves the data for the next memory opened on it. */
const shared = (store: StoreAdapter): StoreAdapter => ({ ...store, close: async () => {} });

async function acrossChats(scopeAll: boolean): Promise<string> {
  const chats = Array.from({ length: CHATS }, (_, i) =>
    generateConversation(PER_CHAT, { seed: 1000 + i, callPrefix: `c${i}_` }),
  );
  const qs = questions(chats, QUERIES);
  const store = memoryStore();
  const first = (await createMemory({ store: shared(store), tokenizer: 'o200k_base' })) as unknown as EvalMemory & {
    importSession(s: unknown): Promise<void>;
  };
  const t0 = performance.now();
  for (const [i, chat] of chats.entries()) await first.importSession(activeState(`chat-${i}`, chat));
  const importMs = performance.now() - t0;
  const scope = scopeAll ? { scope: 'all' as const } : {};
  const label = scopeAll
    ? `recall(s, q, { scope: 'all' }), ${CHATS} chats × ${PER_CHAT.toLocaleString('en-US')}`
    : `recall(s, q) in one chat of ${PER_CHAT.toLocaleString('en-US')} (scope 'all' not supported)`;
  // The first recall builds the indexes (entries were imported, not added one by one).
  const build = await timed(() => first.recall('chat-0', qs[0]!, { topK: 10, ...scope }));
  let q = 0;
  const steady = await sample(
    () => first.recall('chat-0', qs[q++ % qs.length]!, { topK: 10, ...scope }),
    QUERIES,
    20_000,
  );
  await first.close();
  // Which chats' indexes were written to the store (meta.recallSeq): those a reload can read instead of rebuilding.
  let stored = 0;
  for (let i = 0; i < CHATS; i++) if (((await store.loadMeta(`chat-${i}`))?.recallSeq ?? 0) > 0) stored++;

  // A second memory on the same store: what a page reload costs.
  let second: EvalMemory | undefined;
  const open = await timed(async () => {
    second = (await createMemory({ store: shared(store), tokenizer: 'o200k_base' })) as unknown as EvalMemory;
  });
  const reopened = second!;
  const firstRecall = await timed(() => reopened.recall('chat-0', qs[1]!, { topK: 10, ...scope }));
  const next = await sampleAsync(() => reopened.recall('chat-0', qs[q++ % qs.length]!, { topK: 10, ...scope }), {
    warmup: 0,
    runs: 20,
  });
  await reopened.close();

  // The reference: rebuilding every index from the stored entries.
  const entries = (scopeAll ? chats : chats.slice(0, 1)).flatMap((chat, i) => activeState(`chat-${i}`, chat).entries);
  const rebuild = await timed(async () => {
    const index = createRecallIndex();
    for (const e of entries) index.add(entryDoc(e));
  });

  const table = markdownTable(COLUMNS, [row(label, steady, scopeAll ? '≤ 10 ms mean' : '')]);
  const both = (t: Timed): [string, string] => [ms(t.wall), ms(t.cpu)];
  const reopen = markdownTable(
    [
      { header: 'opening a memory over that store' },
      { header: 'wall', align: 'right' },
      { header: 'CPU', align: 'right' },
    ],
    [
      ['import (importSession, all chats)', ms(importMs), ''],
      ['first recall after import (indexes built)', ...both(build)],
      [`reopen: createMemory on the same store`, ...both(open)],
      [
        `reopen: first recall (indexes stored for ${stored} of ${CHATS} chats; any other is rebuilt)`,
        ...both(firstRecall),
      ],
      ['reopen: next recalls, mean', ms(mean(next)), ''],
      [
        `reference: rebuild the index${scopeAll ? 'es' : ''} from ${entries.length.toLocaleString('en-US')} entries`,
        ...both(rebuild),
      ],
    ],
  );
  return `${table}\n\n${reopen}`;
}

async function bigSession(contextRecall: boolean): Promise<string> {
  const chat = generateConversation(BIG_SESSION, { seed: 77 });
  const qs = questions([chat], QUERIES, 9);
  const profile = { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 2000 }] };
  const open = async (recall: boolean) => {
    const options = {
      store: 'memory',
      tokenizer: 'o200k_base',
      profile,
      ...(recall ? { contextRecall: { maxTokens: 1000 } } : {}),
    };
    const memory = (await createMemory(options as Parameters<typeof createMemory>[0])) as unknown as EvalMemory & {
      importSession(s: unknown): Promise<void>;
    };
    await memory.importSession(activeState('big', chat));
    return memory;
  };
  const rows: string[][] = [];
  const plain = await open(false);
  rows.push(
    row(
      `getContextForLLM(s), ${BIG_SESSION.toLocaleString('en-US')} entries, max_tokens 2,000, no recall`,
      await sample(() => plain.getContextForLLM('big'), QUERIES, 10_000),
      'reference',
    ),
  );
  await plain.close();
  if (!contextRecall) {
    rows.push([`getContextForLLM(s, { query }) with contextRecall`, '', 'not supported', '', '', '', '≤ 5 ms mean']);
  } else {
    const memory = await open(true);
    let i = 0;
    const first = await memory.getContextForLLM('big', { query: qs[0]! });
    if (!Array.isArray(first.recalled)) throw new Error('contextRecall: getContextForLLM returned no `recalled`');
    const samples = await sample(
      () => memory.getContextForLLM('big', { query: qs[i++ % qs.length]! }),
      QUERIES,
      20_000,
    );
    rows.push(row(`getContextForLLM(s, { query }), contextRecall 1,000 of 2,000 tokens`, samples, '≤ 5 ms mean'));
    await memory.close();
  }
  return markdownTable(COLUMNS, rows);
}

/** Run the three measures and return their tables. */
export async function runRecallContextBench(): Promise<string> {
  const features = await detectFeatures();
  const parts = [
    `## Recall in the context: speed\n\nEngine: scope 'all' ${features.scopeAll ? 'supported' : 'NOT SUPPORTED'}, context recall ${features.contextRecall ? 'supported' : 'NOT SUPPORTED'}. Wall time (mean, p50, p99) and CPU time per call, Node ${process.version}.`,
    await acrossChats(features.scopeAll),
    await bigSession(features.contextRecall),
  ];
  return parts.join('\n\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runRecallContextBench().then(
    (t) => {
      console.log(t);
      writeDocTable(PERFORMANCE_DOC, 'recall-context', t, { command: 'npx tsx bench/recall-context.ts' });
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
