/**
 * What facts cost the chat (`npm run bench -- facts`): the same user/assistant turns added with
 * facts off and on, in one run, interleaved and repeated. Facts are read after the add resolves,
 * so the add's latency should not move; the reading costs background time, shown as the wall
 * time of the adds followed by `idle()`. Also the context read with the facts block beside the
 * same read without facts. Memory store, o200k_base; a third of the user turns state a fact
 * (a city, a diet, a pet, a move). Nothing is asserted.
 *
 * Run: `npx tsx bench/facts.ts`, or `npm run bench -- facts`.
 * @module
 */
import { pathToFileURL } from 'node:url';
import { createMemory, type Memory } from 'recallkit';
import { PERFORMANCE_DOC, writeDocTable } from './lib/doc-table.js';
import { machineHeader } from './lib/machine.js';
import { median, quantile } from './lib/stats.js';
import { markdownTable, ms, ratio } from './lib/table.js';

const CITIES = ['Lyon', 'Berlin', 'Porto', 'Oslo', 'Kyoto', 'Quito'];

function userText(i: number): string {
  switch (i % 6) {
    case 0:
      return `Turn ${i}: by the way, I live in ${CITIES[Math.floor(i / 6) % CITIES.length]} now, so plan the trip from there.`;
    case 2:
      return `Turn ${i}: I'm vegetarian, and my dog is called Rex${i}. Can you suggest a dinner?`;
    case 4:
      return `Turn ${i}: we moved from ${CITIES[Math.floor(i / 6) % CITIES.length]} to ${CITIES[(Math.floor(i / 6) + 1) % CITIES.length]} last month.`;
    default:
      return `Turn ${i}: can you check invoice ${1000 + i} for order ${i * 7} and tell me whether it was paid?`;
  }
}
const reply = (i: number): string =>
  `Reply ${i}: invoice ${1000 + i} for order ${i * 7} was paid on day ${i % 28}; the receipt went to the billing address.`;

interface Run {
  latencies: number[];
  adds: number;
  settled: number;
  context: number[];
  facts: number;
}

async function run(facts: boolean, turns: number): Promise<Run> {
  const memory: Memory = await createMemory({
    store: 'memory',
    tokenizer: 'o200k_base',
    config: { autoCompress: false },
    ...(facts ? { facts: {} } : {}),
  });
  try {
    const latencies: number[] = [];
    const start = performance.now();
    for (let i = 0; i < turns; i++) {
      const s = `chat-${i % 5}`;
      let t0 = performance.now();
      await memory.addUserMessage(s, userText(i));
      latencies.push(performance.now() - t0);
      t0 = performance.now();
      await memory.addAssistantMessage(s, reply(i));
      latencies.push(performance.now() - t0);
    }
    const adds = performance.now() - start;
    await memory.idle();
    const settled = performance.now() - start;
    await memory.addUserMessage('ask', 'What is a good weekend trip from where I live, and what should I eat there?');
    const context: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      await memory.getContextForLLM('ask', { maxTokens: 2000 });
      context.push(performance.now() - t0);
    }
    const count = facts ? (await memory.listFacts({ history: true })).length : 0;
    return { latencies, adds, settled, context, facts: count };
  } finally {
    await memory.close();
  }
}

/** Runs the comparison and returns its table as Markdown. */
export async function runFactsBench(): Promise<string> {
  const turns = 150;
  const repetitions = 5;
  await run(true, 30); // warm tiktoken and the JIT
  const runs: Record<'off' | 'on', Run[]> = { off: [], on: [] };
  for (let r = 0; r < repetitions; r++) {
    runs.off.push(await run(false, turns));
    runs.on.push(await run(true, turns));
  }
  const stat = (side: 'off' | 'on', f: (x: Run) => number): number => median(runs[side].map(f));
  const p50 = (x: Run) => quantile(x.latencies, 0.5);
  const p99 = (x: Run) => quantile(x.latencies, 0.99);
  const ctx = (x: Run) => quantile(x.context, 0.5);
  const row = (label: string, f: (x: Run) => number): string[] => [
    label,
    ms(stat('off', f)),
    ms(stat('on', f)),
    ratio(stat('on', f) / stat('off', f)),
  ];
  const table = markdownTable(
    [
      { header: `${turns * 2} adds (${turns} turns, 5 chats)` },
      { header: 'facts off', align: 'right' },
      { header: 'facts on', align: 'right' },
      { header: 'on / off', align: 'right' },
    ],
    [
      row('add latency p50', p50),
      row('add latency p99', p99),
      row('wall time of the adds', (x) => x.adds),
      row('wall time, adds then idle() (facts read)', (x) => x.settled),
      row('getContextForLLM p50 (2,000-token cap)', ctx),
    ],
  );
  return [
    '## Facts: the add path and the context read',
    '',
    `Median of ${repetitions} interleaved runs each, memory store, o200k_base, compression off; ` +
      `a third of the user turns state a fact (${runs.on[0]!.facts} facts with their history at the end of a run). ` +
      'Facts are read after each add resolves: the add latency is the add alone; "adds then idle()" includes the reading.',
    '',
    table,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(machineHeader());
  const table = await runFactsBench();
  console.log(table);
  writeDocTable(PERFORMANCE_DOC, 'facts', table, { command: 'npx tsx bench/facts.ts' });
}
