/**
 * LangChain's side of the context benchmark: `trimMessages(history, { maxTokens, strategy:
 * 'last', tokenCounter })` with per-message counts cached (and, on short histories, not).
 * `trimMessages` calls `tokenCounter` once per message it drops, each time on everything left,
 * so a call costs O(n²) counted messages: long histories are stopped at a deadline and estimated.
 * @module
 */
import { trimMessages, type BaseMessage } from '@langchain/core/messages';
import type { GenMessage } from './conversation.js';
import { progress } from './deadline-progress.js';
import { cachedTokenCounter, naiveTokenCounter, toLangChain, type TokenCounterProbe } from './langchain.js';
import { genMessageTokens, REPLY_PRIMING, type Count } from './openai-rule.js';
import { oneValue, type PeerResult } from './peer-result.js';
import { DeadlineError, latencyOf } from './stats.js';
import { fmt, ms } from './table.js';

/** One call may run this long before it is stopped and estimated. */
const CALL_DEADLINE_MS = 12_000;
/** Timed calls stop once this much time was spent on them. */
const SAMPLE_BUDGET_MS = 5_000;
/** The naive counter (no cache) is only run on histories up to this length. */
const NAIVE_MAX_SIZE = 1_000;
const NAIVE_DEADLINE_MS = 3_000;

/** What `strategy: 'last'` keeps: the longest suffix within the budget, and the calls it needs. */
export function expectedTrim(
  messages: readonly GenMessage[],
  count: Count,
  budget: number,
): { kept: number; tokens: number; work: number } {
  let tokens = REPLY_PRIMING;
  let kept = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const t = genMessageTokens(count, messages[i]!);
    if (tokens + t > budget) break;
    tokens += t;
    kept += 1;
  }
  // tokenCounter is called on n, n-1, ..., kept messages.
  const n = messages.length;
  const work = ((n + kept) * (n - kept + 1)) / 2;
  return { kept, tokens, work };
}

/** LangChain results: the cached counter (the main peer) and, on short histories, the naive one. */
export interface LangChainResults {
  cached: PeerResult;
  naive?: PeerResult;
}

/** Measure `trimMessages` over `messages`. */
export async function measureLangChain(
  messages: readonly GenMessage[],
  budget: number,
  count: Count,
  size: number,
): Promise<LangChainResults> {
  const history = toLangChain(messages);
  const expected = expectedTrim(messages, count, budget);
  const trim = (probe: TokenCounterProbe): Promise<BaseMessage[]> =>
    trimMessages(history, { maxTokens: budget, strategy: 'last', tokenCounter: probe.tokenCounter });

  let check = progress(CALL_DEADLINE_MS);
  const cached = cachedTokenCounter(count, (n) => check.step(n));
  const firstStart = performance.now();
  let out: BaseMessage[];
  try {
    out = await trim(cached);
  } catch (error) {
    if (!(error instanceof DeadlineError)) throw error;
    // The first counter call encodes the whole history (cache fill): estimate from the cached calls after it.
    const estimate = check.estimate(expected.work, 1);
    return {
      cached: {
        latency: oneValue(estimate),
        estimated: true,
        kept: expected.kept,
        tokens: expected.tokens,
        note:
          `stopped at ${fmt(CALL_DEADLINE_MS / 1000)} s after ${fmt(check.stepsDone())} of ${fmt(size - expected.kept + 1)} counter calls; ` +
          'estimated from the time per cached count; kept = what the budget allows',
      },
    };
  }
  const firstMs = performance.now() - firstStart;
  const samples: number[] = [];
  const sampling = performance.now();
  while (samples.length < 30 && performance.now() - sampling < SAMPLE_BUDGET_MS) {
    check = progress(CALL_DEADLINE_MS);
    const t = performance.now();
    out = await trim(cached);
    samples.push(performance.now() - t);
  }
  const encodedAfterFirst = cached.encoded - size;
  const result: LangChainResults = {
    cached: {
      latency: latencyOf(samples),
      kept: out.length,
      tokens: await cached.tokenCounter(out),
      note:
        `first call (encodes ${fmt(size)} msgs) ${ms(firstMs)}; ${fmt(cached.calls / (samples.length + 1))} counter calls per trim` +
        (encodedAfterFirst === 0 ? '' : `; ${fmt(encodedAfterFirst)} cache misses after warm-up`),
    },
  };
  if (size <= NAIVE_MAX_SIZE) result.naive = await measureNaive(history, budget, count, expected);
  return result;
}

async function measureNaive(
  history: BaseMessage[],
  budget: number,
  count: Count,
  expected: ReturnType<typeof expectedTrim>,
): Promise<PeerResult> {
  const check = progress(NAIVE_DEADLINE_MS);
  const naive = naiveTokenCounter(count, (n) => check.step(n));
  const start = performance.now();
  try {
    const out = await trimMessages(history, { maxTokens: budget, strategy: 'last', tokenCounter: naive.tokenCounter });
    return { latency: oneValue(performance.now() - start), kept: out.length, tokens: expected.tokens, note: 'one run' };
  } catch (error) {
    if (!(error instanceof DeadlineError)) throw error;
    return {
      latency: oneValue(check.estimate(expected.work)),
      estimated: true,
      kept: expected.kept,
      tokens: expected.tokens,
      note: `stopped at ${fmt(NAIVE_DEADLINE_MS / 1000)} s after ${fmt(check.stepsDone())} counter calls (${fmt(naive.encoded)} messages encoded); estimated`,
    };
  }
}
