/**
 * LlamaIndex.TS's side of the context benchmark, with `Settings.tokenizer` set to o200k_base:
 * - `Memory.getLLM()` (the current API) walks back from the newest message, re-encoding the
 *   joined text of everything kept so far at each step: O(kept²) tokens per call.
 * - `ChatMemoryBuffer.getMessages()` (deprecated) drops the oldest message and re-encodes the
 *   joined text of all the rest, until it fits: O(n²) tokens per call, so it is run once on
 *   the shortest history, stopped at a deadline, and estimated for longer ones.
 * Both count only the joined message texts (no per-message framing).
 * @module
 */
import { get_encoding } from '@dqbd/tiktoken';
import type { ChatMessage, LLM } from '@llamaindex/core/llms';
import { ChatMemoryBuffer, createMemory as createLlamaMemory } from '@llamaindex/core/memory';
import type { GenMessage } from './conversation.js';
import { progress } from './deadline-progress.js';
import { toLlamaIndex, useLlamaIndexTokenizer } from './llamaindex.js';
import { MESSAGE_FRAMING, REPLY_PRIMING, type Count } from './openai-rule.js';
import { oneValue, type PeerResult } from './peer-result.js';
import { DeadlineError, latencyOf, sampleAsync } from './stats.js';
import { fmt, ms } from './table.js';

const BUFFER_DEADLINE_MS = 4_000;
const BUFFER_MAX_SIZE = 1_000;

/** Tokens of LlamaIndex messages by OpenAI's rule (as the matching OpenAI messages). */
function openAITokens(count: Count, messages: readonly ChatMessage[]): number {
  let tokens = REPLY_PRIMING;
  for (const m of messages) {
    tokens += MESSAGE_FRAMING + (typeof m.content === 'string' ? count(m.content) : 0);
    const options = m.options as { toolCall?: { id: string; name: string }[]; toolResult?: { id: string } } | undefined;
    for (const call of options?.toolCall ?? []) tokens += count(call.id) + count(call.name) + 1;
    if (options?.toolResult) tokens += count(options.toolResult.id);
  }
  return tokens;
}

/** `Memory.getLLM()` over `messages`, `tokenLimit` = budget, all of it for short-term messages. */
export async function measureLlamaMemory(
  messages: readonly GenMessage[],
  budget: number,
  count: Count,
): Promise<PeerResult> {
  const encoder = get_encoding('o200k_base');
  try {
    useLlamaIndexTokenizer((text) => encoder.encode_ordinary(text));
    const memory = createLlamaMemory(toLlamaIndex(messages), { tokenLimit: budget, shortTermTokenLimitRatio: 1 });
    const out = await memory.getLLM();
    const samples = await sampleAsync(() => memory.getLLM(), { warmup: 0, runs: 7, budgetMs: 3_000 });
    return {
      latency: latencyOf(samples),
      kept: out.length,
      tokens: openAITokens(count, out),
      note: 'counts joined text only',
    };
  } finally {
    encoder.free();
  }
}

/** Time per encoded character measured on the shortest history, for the estimates of longer ones. */
let bufferMsPerChar = Number.NaN;

/** `ChatMemoryBuffer.getMessages()`: one run with a deadline on short histories, a model estimate beyond. */
export async function measureChatMemoryBuffer(
  messages: readonly GenMessage[],
  budget: number,
  count: Count,
  size: number,
): Promise<PeerResult> {
  const history = toLlamaIndex(messages);
  const model = bufferModel(history, count, budget);
  const keptTokens = openAITokens(count, history.slice(history.length - model.kept));
  if (size > BUFFER_MAX_SIZE) {
    return {
      latency: oneValue(bufferMsPerChar * model.chars),
      estimated: true,
      kept: model.kept,
      tokens: keptTokens,
      note: `not run: O(n²), would encode ${fmt(model.chars / 1e6, 0)}M chars; estimated at the ${fmt(BUFFER_MAX_SIZE)}-message rate`,
    };
  }
  const encoder = get_encoding('o200k_base');
  const check = progress(BUFFER_DEADLINE_MS);
  try {
    useLlamaIndexTokenizer(
      (text) => encoder.encode_ordinary(text),
      (chars) => check.step(chars),
    );
    // Its constructor reads the LLM's context window even when tokenLimit is given.
    const llm = { metadata: { contextWindow: 128_000 } } as unknown as LLM;
    const buffer = new ChatMemoryBuffer({ tokenLimit: budget, chatHistory: history, llm });
    const start = performance.now();
    const out = await buffer.getMessages();
    const elapsed = performance.now() - start;
    bufferMsPerChar = elapsed / model.chars;
    return { latency: oneValue(elapsed), kept: out.length, tokens: openAITokens(count, out), note: 'one run' };
  } catch (error) {
    if (!(error instanceof DeadlineError)) throw error;
    const estimate = check.estimate(model.chars);
    bufferMsPerChar = estimate / model.chars;
    return {
      latency: oneValue(estimate),
      estimated: true,
      kept: model.kept,
      tokens: keptTokens,
      note: `stopped at ${ms(BUFFER_DEADLINE_MS)} after ${fmt(check.stepsDone())} encodes; estimated from its rate (${fmt(model.chars / 1e6, 0)}M chars to encode)`,
    };
  } finally {
    useLlamaIndexTokenizer((text) => new Uint32Array(count(text)));
    encoder.free();
  }
}

/** Replays ChatMemoryBuffer's loop with cached counts: what it keeps and the characters it encodes. */
function bufferModel(history: readonly ChatMessage[], count: Count, budget: number): { kept: number; chars: number } {
  const n = history.length;
  const tokens = new Float64Array(n + 1); // tokens[k] = tokens of the newest k messages
  const chars = new Float64Array(n + 1);
  for (let k = 1; k <= n; k++) {
    const text = String(history[n - k]!.content);
    tokens[k] = tokens[k - 1]! + count(text);
    chars[k] = chars[k - 1]! + text.length + 1;
  }
  let kept = n;
  let encoded = chars[n]!;
  while (tokens[kept]! > budget && kept > 1) {
    kept -= 1;
    if (history[n - kept]?.role === 'assistant') kept -= 1;
    encoded += chars[Math.max(0, kept)]!;
  }
  return { kept: Math.max(0, kept), chars: encoded };
}
