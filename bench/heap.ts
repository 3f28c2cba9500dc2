/**
 * Heap benchmark: what a 100,000-entry session holds in memory, step by step — the memory
 * store, the engine's session cache, and the recall index once `recall` has loaded it.
 * Retained heap after forced garbage collection (no flag needed: see lib/gc.ts).
 * Prints a table; asserts nothing.
 *
 * Run: `npx tsx bench/heap.ts`, or `runHeapBench()` from bench/run.ts.
 * @module
 */
import { PERFORMANCE_DOC, writeDocTable } from './lib/doc-table.js';
import { pathToFileURL } from 'node:url';
import { createMemory, type MemoryOptions } from 'recallkit';
import type { Memory } from 'recallkit';
import type { SessionState } from 'recallkit';
import { generateConversation, textLength, type GenMessage } from './lib/conversation.js';
import { settledHeap } from './lib/gc.js';
import { machineHeader } from './lib/machine.js';
import { median } from './lib/stats.js';
import { fmt, markdownTable, ms } from './lib/table.js';
import { activeState, managerState } from './lib/to-state.js';

const ENTRIES = 100_000;
const SESSION = 'heap';
const MB = 1024 * 1024;
const QUERIES = [
  'refund invoice Paris',
  'Hiroshi HTTP 502',
  'getUserById() timeout',
  'schema migration lock',
  'calendar meeting Keiko',
];

interface Step {
  config: string;
  step: string;
  heap: number;
  delta: number;
  timeMs?: number;
}

/** Runs the benchmark and returns its table as Markdown text. */
export async function runHeapBench(): Promise<string> {
  let messages: GenMessage[] | undefined = generateConversation(ENTRIES, { seed: 21 });
  const chars = textLength(messages);
  const steps: Step[] = [];
  const profile = {
    short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens' as const, memory_max_tokens: 8000 }],
  };
  steps.push(
    ...(await measure(
      '`max_tokens` 8,000 (all entries active)',
      { profile },
      () => activeState(SESSION, messages!),
      true,
    )),
  );
  steps.push(...(await measure('default Memory Manager', {}, () => managerState(SESSION, messages!), false)));
  messages = undefined;
  const table = markdownTable(
    [
      { header: 'config' },
      { header: 'step' },
      { header: 'heap used', align: 'right' },
      { header: 'added', align: 'right' },
      { header: 'per entry', align: 'right' },
      { header: 'time', align: 'right' },
    ],
    steps.map((s) => [
      s.config,
      s.step,
      `${fmt(s.heap / MB, 1)} MB`,
      `${fmt(s.delta / MB, 1)} MB`,
      `${fmt(s.delta / ENTRIES)} B`,
      s.timeMs === undefined ? '' : ms(s.timeMs),
    ]),
  );
  return [
    `## Heap: one ${fmt(ENTRIES)}-entry session`,
    '',
    `A generated conversation of ${fmt(ENTRIES)} entries (${fmt(chars / MB, 1)} MB of text, ~${fmt(chars / ENTRIES)} characters per entry), ` +
      "imported into `createMemory({ store: 'memory' })`. Heap used after forced garbage collection, measured after each step; " +
      '"added" is the growth over the previous step. The tiktoken WASM memory is outside the JS heap and not counted.',
    '',
    table,
    '',
    'Steps: `importSession` (the memory store holds every entry and summary); the first `getContextForLLM` (the engine caches the active entries, ' +
      'grouped by interaction); the first `recall` (the lexical index over the whole history, also written to the store as aux records); ' +
      'later `recall`s (time only). The recall index covers the whole history whatever the config, so it is measured once. ' +
      'Token counts come from an approximate counter (length / 4) to keep the import quick; they do not change what is held.',
  ].join('\n');
}

/**
 * Token counts do not change what is held (a number per entry either way), so an approximate
 * counter keeps the import fast; the context and recall steps never count tokens.
 */
const approxCounter = { count: (text: string): number => Math.ceil(text.length / 4) };

/** One engine, measured step by step; nothing of it is reachable once this returns. */
async function measure(
  config: string,
  options: MemoryOptions,
  state: () => SessionState,
  withRecall: boolean,
): Promise<Step[]> {
  const memory = await createMemory({ store: 'memory', tokenizer: approxCounter, ...options });
  try {
    await memory.getStats('warm-up'); // load lazily imported modules before the baseline
    return await steps(config, memory, state, withRecall);
  } finally {
    await memory.close();
  }
}

async function steps(config: string, memory: Memory, state: () => SessionState, withRecall: boolean): Promise<Step[]> {
  const out: Step[] = [];
  let last = await settledHeap();
  const record = async (step: string, timeMs?: number): Promise<void> => {
    const heap = await settledHeap();
    out.push({ config, step, heap, delta: heap - last, ...(timeMs === undefined ? {} : { timeMs }) });
    last = heap;
  };
  let t: number;
  await memory.importSession(state());
  await record('`importSession` → memory store');
  t = performance.now();
  await memory.getContextForLLM(SESSION);
  await record('first `getContextForLLM` → engine cache', performance.now() - t);
  const stats = await memory.getStats(SESSION);
  out[out.length - 1]!.step += ` (${fmt(stats.activeEntries)} active, ${fmt(stats.summaries)} summaries)`;
  if (!withRecall) return out;
  t = performance.now();
  await memory.recall(SESSION, 'database migration timeout Alice');
  await record('first `recall` → recall index', performance.now() - t);
  const times: number[] = [];
  for (const query of QUERIES) {
    t = performance.now();
    await memory.recall(SESSION, query);
    times.push(performance.now() - t);
  }
  out.push({
    config,
    step: `later \`recall\` (median of ${QUERIES.length} queries)`,
    heap: last,
    delta: 0,
    timeMs: median(times),
  });
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runHeapBench().then(
    (table) => {
      console.log(`${machineHeader()}\n\n${table}`);
      writeDocTable(PERFORMANCE_DOC, 'heap', table, { command: 'npx tsx bench/heap.ts' });
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
