/**
 * The LangChain peer: generated messages as `@langchain/core` messages, and the token
 * counters an app hands to `trimMessages` (OpenAI's rule, same tokenizer as RecallKit).
 * @module
 */
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { GenMessage } from './conversation.js';
import { MESSAGE_FRAMING, REPLY_PRIMING, type Count } from './openai-rule.js';

/** LangChain messages, each with an `id` (trimMessages copies messages but keeps their id). */
export function toLangChain(messages: readonly GenMessage[]): BaseMessage[] {
  return messages.map((m, i) => {
    const id = `m${i}`;
    switch (m.kind) {
      case 'user':
        return new HumanMessage({ id, content: m.content });
      case 'assistant':
        return new AIMessage({ id, content: m.content });
      case 'tool_call':
        return new AIMessage({
          id,
          content: '',
          tool_calls: [
            { id: m.callId, name: m.toolName, args: JSON.parse(m.args) as Record<string, unknown>, type: 'tool_call' },
          ],
        });
      case 'tool_result':
        return new ToolMessage({ id, content: m.content, tool_call_id: m.callId });
    }
  });
}

/** Tokens of one LangChain message by OpenAI's rule (framing included, reply priming not). */
export function langChainMessageTokens(count: Count, m: BaseMessage): number {
  let tokens = MESSAGE_FRAMING;
  if (typeof m.content === 'string' && m.content.length > 0) tokens += count(m.content);
  if (ToolMessage.isInstance(m)) tokens += count(m.tool_call_id);
  if (AIMessage.isInstance(m)) {
    for (const call of m.tool_calls ?? [])
      tokens += count(call.id ?? '') + count(call.name) + count(JSON.stringify(call.args)) + 1;
  }
  return tokens;
}

/** A `tokenCounter` for `trimMessages`, with how many messages it had to encode. */
export interface TokenCounterProbe {
  tokenCounter: (messages: BaseMessage[]) => Promise<number>;
  /** Messages encoded so far (cache misses for the cached counter). */
  encoded: number;
  /** tokenCounter calls so far. */
  calls: number;
}

/** Called at the start of every tokenCounter call with the number of messages passed. */
export type CounterCheck = (messages: number) => void;

/**
 * What a careful app passes: per-message counts cached in a Map keyed by message id, so a
 * message is encoded once in its life and every later call only adds cached numbers.
 * `check` is called on every tokenCounter call (to stop a run past its deadline).
 */
export function cachedTokenCounter(count: Count, check: CounterCheck = () => {}): TokenCounterProbe {
  const cache = new Map<string, number>();
  const probe: TokenCounterProbe = {
    encoded: 0,
    calls: 0,
    tokenCounter: async (messages) => {
      check(messages.length);
      probe.calls += 1;
      let total = REPLY_PRIMING;
      for (const m of messages) {
        const key = m.id ?? '';
        let t = cache.get(key);
        if (t === undefined) {
          t = langChainMessageTokens(count, m);
          probe.encoded += 1;
          if (m.id !== undefined) cache.set(key, t);
        }
        total += t;
      }
      return total;
    },
  };
  return probe;
}

/** What the LangChain docs' examples do: encode every message on every tokenCounter call. */
export function naiveTokenCounter(count: Count, check: CounterCheck = () => {}): TokenCounterProbe {
  const probe: TokenCounterProbe = {
    encoded: 0,
    calls: 0,
    tokenCounter: async (messages) => {
      check(messages.length);
      probe.calls += 1;
      let total = REPLY_PRIMING;
      for (const m of messages) total += langChainMessageTokens(count, m);
      probe.encoded += messages.length;
      return total;
    },
  };
  return probe;
}
