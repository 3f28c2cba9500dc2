/**
 * One scaling measurement: import a long session, then time `add*` and `getContextForLLM`
 * calls made on top of it, one add then one get per step, as a chat app does.
 * @module
 */
import { createMemory, type MemoryOptions } from 'recallkit';
import type { SessionState } from 'recallkit';
import type { GenMessage } from './conversation.js';
import { addMessage } from './replay.js';
import { latencyOf, type Latency } from './stats.js';

/** What one session measured. */
export interface SessionTiming {
  /** Import + first `getContextForLLM` (loads the session into the engine cache), ms. */
  openMs: number;
  /** `add*` calls in a row, no get between them. */
  addAlone: Latency;
  /** `add*` calls, each after a get (as a chat app interleaves them). */
  add: Latency;
  get: Latency;
  /** Context after the last step. */
  contextMessages: number;
  contextTokens: number;
  summaries: number;
  activeEntries: number;
}

/** Options of {@link timeSession}. */
export interface TimeSessionOptions {
  /** Steps not timed first (JIT warm-up). */
  warmup: number;
  /** Timed steps, at most. */
  steps: number;
  /** Stop timing once this much time was spent (at least 30 steps are timed). */
  budgetMs: number;
}

/**
 * Import `state`, then add `tail` messages one by one: the first half alone (adds only), the
 * second half each followed by a get, timing every call.
 */
export async function timeSession(
  options: MemoryOptions,
  state: SessionState,
  tail: readonly GenMessage[],
  o: TimeSessionOptions,
): Promise<SessionTiming> {
  const memory = await createMemory(options);
  const s = state.sessionId;
  try {
    const openStart = performance.now();
    await memory.importSession(state);
    await memory.getContextForLLM(s);
    const openMs = performance.now() - openStart;
    const half = Math.floor(tail.length / 2);
    const alone: number[] = [];
    for (const [i, m] of tail.slice(0, half).entries()) {
      const t = performance.now();
      await addMessage(memory, s, m);
      if (i >= o.warmup) alone.push(performance.now() - t);
    }
    const adds: number[] = [];
    const gets: number[] = [];
    const start = performance.now();
    for (const [i, m] of tail.slice(half).entries()) {
      const timed = i >= o.warmup;
      if (timed && adds.length >= 30 && (adds.length >= o.steps || performance.now() - start > o.budgetMs)) break;
      let t = performance.now();
      await addMessage(memory, s, m);
      if (timed) adds.push(performance.now() - t);
      t = performance.now();
      await memory.getContextForLLM(s);
      if (timed) gets.push(performance.now() - t);
    }
    const ctx = await memory.getContextForLLM(s);
    const stats = await memory.getStats(s);
    return {
      openMs,
      addAlone: latencyOf(alone),
      add: latencyOf(adds),
      get: latencyOf(gets),
      contextMessages: ctx.messages.length,
      contextTokens: ctx.tokenCount,
      summaries: stats.summaries,
      activeEntries: stats.activeEntries,
    };
  } finally {
    await memory.close();
  }
}
