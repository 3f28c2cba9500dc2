/**
 * The "naive splice" baseline: what an app gets by hand today, `recall()` top hits pasted into
 * one system message filling half the budget, the most recent turns filling the rest.
 * @module
 */
import { REPLY_PRIMING, countChatMessages, messageTokens } from 'recallkit/tokens';
import type { ChatMessage, TokenCounter } from 'recallkit';
import type { EvalHit } from './eval-engine.js';

/** A recent message to keep after the spliced block. */
export interface RecentMessage {
  role: 'user' | 'assistant';
  content: string;
}

const HEADER = 'Relevant earlier messages:';

/** A counter that remembers each text's count: the same hits and turns are counted for every budget. */
export function memoCounter(counter: TokenCounter): TokenCounter {
  const known = new Map<string, number>();
  return {
    count(text) {
      let n = known.get(text);
      if (n === undefined) known.set(text, (n = counter.count(text)));
      return n;
    },
  };
}

/**
 * The spliced context: hits in rank order within `budget / 2`, then the newest messages within
 * the rest. Counts are summed per line for speed, then checked exactly (never over `budget`).
 */
export function naiveSplice(
  counter: TokenCounter,
  hits: readonly EvalHit[],
  recent: readonly RecentMessage[],
  budget: number,
): ChatMessage[] {
  const lines: string[] = [];
  let blockTokens = messageTokens(counter, { role: 'system', content: HEADER }) + REPLY_PRIMING;
  for (const h of hits) {
    const line = `${h.entry.role ?? 'user'}: ${h.entry.content}`;
    const cost = counter.count(line) + 1;
    if (blockTokens + cost > budget / 2) continue;
    lines.push(line);
    blockTokens += cost;
  }
  const block = (): ChatMessage => ({ role: 'system', content: `${HEADER}\n${lines.join('\n')}` });
  while (lines.length > 0 && countChatMessages(counter, [block()]) > budget / 2) lines.pop();
  const head: ChatMessage[] = lines.length > 0 ? [block()] : [];
  let used = countChatMessages(counter, head);
  const tail: ChatMessage[] = [];
  for (let i = recent.length - 1; i >= 0; i--) {
    const m: ChatMessage = { role: recent[i]!.role, content: recent[i]!.content };
    const cost = messageTokens(counter, m);
    if (used + cost > budget) break;
    used += cost;
    tail.unshift(m);
  }
  return [...head, ...tail];
}
