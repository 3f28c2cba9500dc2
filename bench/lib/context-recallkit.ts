/**
 * RecallKit's side of the context benchmark: a `max_tokens` profile over an imported history.
 * @module
 */
import { createMemory } from 'recallkit';
import type { ChatMessage } from 'recallkit';
import { countChatMessages } from 'recallkit/tokens';
import { loadTiktoken } from 'recallkit/tokens';
import type { GenMessage } from './conversation.js';
import type { PeerResult } from './peer-result.js';
import { latencyOf, sampleAsync } from './stats.js';
import { ms } from './table.js';
import { activeState } from './to-state.js';

/** The profile measured: Alquimia's `max_tokens` short-term strategy alone. */
export function maxTokensProfile(budget: number) {
  return { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens' as const, memory_max_tokens: budget }] };
}

/** Median/p95 of `getContextForLLM` once `messages` are imported and the engine cache is warm. */
export async function measureRecallKit(messages: readonly GenMessage[], budget: number): Promise<PeerResult> {
  const memory = await createMemory({ store: 'memory', tokenizer: 'o200k_base', profile: maxTokensProfile(budget) });
  const counter = await loadTiktoken('o200k_base');
  try {
    await memory.importSession(activeState('ctx', messages));
    const coldStart = performance.now();
    const first = await memory.getContextForLLM('ctx'); // loads the session into the engine cache
    const coldMs = performance.now() - coldStart;
    const samples = await sampleAsync(() => memory.getContextForLLM('ctx'), { warmup: 20, runs: 300, budgetMs: 4_000 });
    const recount = countChatMessages(counter, first.messages as ChatMessage[]);
    const exact = recount === first.tokenCount ? 'tokenCount exact' : `tokenCount ${first.tokenCount} ≠ ${recount}`;
    return {
      latency: latencyOf(samples),
      kept: first.messages.length,
      tokens: recount,
      note: `${exact}; first call (loads the session) ${ms(coldMs)}`,
    };
  } finally {
    counter.free();
    await memory.close();
  }
}
