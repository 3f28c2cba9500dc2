/**
 * Context assembly benchmark: the messages to send for an 8,000-token budget (o200k_base),
 * over histories of 1,000, 5,000 and 50,000 messages. RecallKit `getContextForLLM` against
 * LangChain `trimMessages` and LlamaIndex.TS chat memory, same messages, same tokenizer.
 * Prints tables; asserts nothing.
 *
 * Run: `npx tsx bench/context.ts`, or `runContextBench()` from bench/run.ts.
 * @module
 */
import { PERFORMANCE_DOC, writeDocTable } from './lib/doc-table.js';
import { pathToFileURL } from 'node:url';
import { loadTiktoken } from 'recallkit/tokens';
import { generateConversation } from './lib/conversation.js';
import { measureLangChain } from './lib/context-langchain.js';
import type { PeerResult } from './lib/peer-result.js';
import { measureChatMemoryBuffer, measureLlamaMemory } from './lib/context-llamaindex.js';
import { measureRecallKit } from './lib/context-recallkit.js';
import { machineHeader } from './lib/machine.js';
import { fmt, markdownTable, ms, ratio, speedup } from './lib/table.js';

/** History lengths measured. */
export const CONTEXT_SIZES = [1_000, 5_000, 50_000] as const;
/** The token budget every side gets. */
export const BUDGET = 8_000;

interface Row {
  size: number;
  subject: string;
  result: PeerResult;
}

/** Runs the benchmark and returns its tables as Markdown text. */
export async function runContextBench(): Promise<string> {
  const counter = await loadTiktoken('o200k_base');
  const count = (text: string): number => counter.count(text);
  const rows: Row[] = [];
  try {
    for (const size of CONTEXT_SIZES) {
      const messages = generateConversation(size, { seed: 7 });
      rows.push({ size, subject: 'RecallKit `getContextForLLM`', result: await measureRecallKit(messages, BUDGET) });
      const lc = await measureLangChain(messages, BUDGET, count, size);
      rows.push({ size, subject: 'LangChain `trimMessages`, cached counts', result: lc.cached });
      if (lc.naive) rows.push({ size, subject: 'LangChain `trimMessages`, naive counter', result: lc.naive });
      rows.push({
        size,
        subject: 'LlamaIndex `Memory.getLLM`',
        result: await measureLlamaMemory(messages, BUDGET, count),
      });
      rows.push({
        size,
        subject: 'LlamaIndex `ChatMemoryBuffer.getMessages`',
        result: await measureChatMemoryBuffer(messages, BUDGET, count, size),
      });
    }
  } finally {
    counter.free();
  }
  return report(rows);
}

function report(rows: readonly Row[]): string {
  const trimOf = (size: number): PeerResult | undefined =>
    rows.find((r) => r.size === size && r.subject.includes('cached'))?.result;
  const rkOf = (size: number): PeerResult | undefined =>
    rows.find((r) => r.size === size && r.subject.startsWith('RecallKit'))?.result;
  const table = markdownTable(
    [
      { header: 'history', align: 'right' },
      { header: 'subject' },
      { header: 'median', align: 'right' },
      { header: 'p95', align: 'right' },
      { header: 'runs', align: 'right' },
      { header: 'vs trimMessages', align: 'right' },
      { header: 'kept msgs', align: 'right' },
      { header: 'tokens (OpenAI rule)', align: 'right' },
      { header: 'note' },
    ],
    rows.map(({ size, subject, result: r }) => {
      const trim = trimOf(size);
      const prefix = r.lowerBound ? '> ' : r.estimated ? '~' : '';
      return [
        fmt(size),
        subject,
        `${prefix}${ms(r.latency.median)}`,
        r.latency.runs > 1 ? ms(r.latency.p95) : '',
        String(r.latency.runs),
        r === trim
          ? '(reference)'
          : trim
            ? `${trim.estimated || r.estimated ? '~' : ''}${speedup(trim.latency.median, r.latency.median)}`
            : '',
        r.kept === undefined ? '' : fmt(r.kept),
        r.tokens === undefined ? '' : fmt(r.tokens),
        r.note ?? '',
      ];
    }),
  );
  const flat = [rkOf(1_000), rkOf(50_000)];
  const growth = flat[0] && flat[1] ? flat[1].latency.median / flat[0].latency.median : Number.NaN;
  const at5k = rkOf(5_000) && trimOf(5_000) ? trimOf(5_000)!.latency.median / rkOf(5_000)!.latency.median : Number.NaN;
  return [
    `## Context assembly: ${fmt(BUDGET)}-token budget (o200k_base)`,
    '',
    'Same seeded conversation for every side (user/assistant messages of 5–200 words, ~15% of turns with a tool call and result), ' +
      'same tokenizer (tiktoken o200k_base, WASM), same budget. Latency of one call once the history is built and every ' +
      'message has been counted once (a first, untimed call warms caches). "tokens" recounts each output with OpenAI\'s chat rule ' +
      '(4 per message + content + tool fields, + 3 per request), the rule RecallKit budgets with.',
    '',
    table,
    '',
    `RecallKit vs cached \`trimMessages\` at 5,000 messages: ${ratio(at5k)} faster (goal ≥ 100x). ` +
      `RecallKit at 50,000 vs 1,000 messages: ${ratio(growth)} (goal: flat).`,
    '',
    'What each side does:',
    "- RecallKit: `createMemory({ store: 'memory', tokenizer: 'o200k_base', profile: { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 8000 }] } })`, " +
      'history loaded with `importSession` (counts every entry once), then `getContextForLLM`. Keeps whole interactions (a user turn with its tool pairs), newest first, ' +
      'and returns OpenAI messages, the text layout and the exact `tokenCount`.',
    "- LangChain: `trimMessages(history, { maxTokens: 8000, strategy: 'last', tokenCounter })`, the counter applying the same OpenAI rule. " +
      '"cached": per-message counts in a `Map` keyed by message id (trimMessages copies the messages, keeping their `id`), so each message is encoded once in its life. ' +
      '"naive": every message encoded on every counter call. Keeps single messages (may start on an assistant or tool message).',
    '- LlamaIndex (`@llamaindex/core/memory`): `createMemory(history, { tokenLimit: 8000, shortTermTokenLimitRatio: 1 }).getLLM()` (its current `Memory` API), and the deprecated ' +
      '`new ChatMemoryBuffer({ tokenLimit: 8000, chatHistory }).getMessages()`, with `Settings.tokenizer` set to the same o200k_base encoder. ' +
      'Both count only the joined message texts (no per-message framing), so they keep more than 8,000 tokens by the OpenAI rule.',
    '- `>` marks a call stopped at its deadline (a lower bound); `~` an estimate from the share of the work done before the deadline.',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runContextBench().then(
    (table) => {
      console.log(`${machineHeader()}\n\n${table}`);
      writeDocTable(PERFORMANCE_DOC, 'context', table, { command: 'npx tsx bench/context.ts' });
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
