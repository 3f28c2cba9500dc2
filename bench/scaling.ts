/**
 * Scaling benchmark: RecallKit `add*` and `getContextForLLM` latency on top of a 1,000-message
 * session and a 50,000-message session (goal: 50,000 within 2x of 1,000), for the default
 * Memory Manager and for `max_tokens` profiles. Prints tables; asserts nothing.
 *
 * Run: `npx tsx bench/scaling.ts`, or `runScalingBench()` from bench/run.ts.
 * @module
 */
import { PERFORMANCE_DOC, writeDocTable } from './lib/doc-table.js';
import { pathToFileURL } from 'node:url';
import type { MemoryOptions } from 'recallkit';
import type { SessionState } from 'recallkit';
import { generateConversation, type GenMessage } from './lib/conversation.js';
import { machineHeader } from './lib/machine.js';
import { timeSession, type SessionTiming } from './lib/scaling-session.js';
import { fmt, markdownTable, ms, ratio } from './lib/table.js';
import { activeState, managerState } from './lib/to-state.js';

const SIZES = [1_000, 50_000] as const;
const STEPS = { warmup: 30, steps: 300, budgetMs: 6_000 };

interface Config {
  name: string;
  options: MemoryOptions;
  state: (sessionId: string, messages: readonly GenMessage[]) => SessionState;
}

const maxTokens = (conditions: string[]) => ({
  short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens' as const, memory_max_tokens: 8000, conditions }],
});

const CONFIGS: readonly Config[] = [
  {
    name: 'default Memory Manager (heuristic summarizer)',
    options: { store: 'memory', tokenizer: 'o200k_base' },
    state: managerState,
  },
  {
    name: '`max_tokens` 8,000',
    options: { store: 'memory', tokenizer: 'o200k_base', profile: maxTokens([]) },
    state: activeState,
  },
  {
    name: '`max_tokens` 8,000 + `conditions: ["message.role != \'tool\'"]`',
    options: { store: 'memory', tokenizer: 'o200k_base', profile: maxTokens(["message.role != 'tool'"]) },
    state: activeState,
  },
];

/** Runs the benchmark and returns its tables as Markdown text. */
export async function runScalingBench(): Promise<string> {
  const history = generateConversation(Math.max(...SIZES), { seed: 11 });
  const tail = generateConversation(2 * (STEPS.warmup + STEPS.steps), { seed: 12, callPrefix: 'tail_' });
  const results: { config: Config; size: number; t: SessionTiming }[] = [];
  for (const config of CONFIGS) {
    for (const size of SIZES) {
      const state = config.state(`scale-${size}`, history.slice(0, size));
      results.push({ config, size, t: await timeSession(config.options, state, tail, STEPS) });
    }
  }
  const detail = markdownTable(
    [
      { header: 'config' },
      { header: 'history', align: 'right' },
      { header: 'import + open', align: 'right' },
      { header: 'add alone: median', align: 'right' },
      { header: 'p95', align: 'right' },
      { header: 'add after get: median', align: 'right' },
      { header: 'p95', align: 'right' },
      { header: 'get: median', align: 'right' },
      { header: 'p95', align: 'right' },
      { header: 'steps', align: 'right' },
      { header: 'active / summaries', align: 'right' },
      { header: 'context msgs / tokens', align: 'right' },
    ],
    results.map(({ config, size, t }) => [
      config.name,
      fmt(size),
      ms(t.openMs),
      ms(t.addAlone.median),
      ms(t.addAlone.p95),
      ms(t.add.median),
      ms(t.add.p95),
      ms(t.get.median),
      ms(t.get.p95),
      String(t.add.runs),
      `${fmt(t.activeEntries)} / ${fmt(t.summaries)}`,
      `${fmt(t.contextMessages)} / ${fmt(t.contextTokens)}`,
    ]),
  );
  const growth = markdownTable(
    [
      { header: 'config' },
      { header: 'add alone: 50k / 1k', align: 'right' },
      { header: 'add after get: 50k / 1k', align: 'right' },
      { header: 'get: 50k / 1k', align: 'right' },
      { header: 'goal ≤ 2x' },
    ],
    CONFIGS.map((config) => {
      const [small, large] = SIZES.map((size) => results.find((r) => r.config === config && r.size === size)!.t);
      const alone = large!.addAlone.median / small!.addAlone.median;
      const add = large!.add.median / small!.add.median;
      const get = large!.get.median / small!.get.median;
      const missed = [alone > 2 ? 'add alone' : '', add > 2 ? 'add after get' : '', get > 2 ? 'get' : ''].filter(
        Boolean,
      );
      return [
        config.name,
        ratio(alone),
        ratio(add),
        ratio(get),
        missed.length ? `missed (${missed.join(', ')})` : 'met',
      ];
    }),
  );
  return [
    '## Scaling: 1,000 vs 50,000 messages of history',
    '',
    `Each session is imported (\`importSession\`, store 'memory', o200k_base). Then ${STEPS.steps} \`add*\` calls in a row are timed ("add alone"), ` +
      `then ${STEPS.steps} steps of one \`add*\` and one \`getContextForLLM\` (fewer if a session spends ${fmt(STEPS.budgetMs / 1000)} s), each phase after ${STEPS.warmup} untimed calls. ` +
      'Adds are of the next generated messages (user, assistant, tool call or result). ' +
      'The default-config history is the state the Memory Manager leaves (every 91 entries summarized by the heuristic summarizer, as maxEntries 100 / recentWindow 10 do); ' +
      'the `max_tokens` histories keep every entry active. Medians and 95th percentiles per call.',
    '',
    detail,
    '',
    growth,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runScalingBench().then(
    (table) => {
      console.log(`${machineHeader()}\n\n${table}`);
      writeDocTable(PERFORMANCE_DOC, 'scaling', table, { command: 'npx tsx bench/scaling.ts' });
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
