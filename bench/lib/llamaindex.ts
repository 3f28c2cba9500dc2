/**
 * The LlamaIndex.TS peer: generated messages as `@llamaindex/core` chat messages, and its
 * global tokenizer set to the same o200k_base tiktoken as RecallKit.
 * @module
 */
import { Settings } from '@llamaindex/core/global';
import type { ChatMessage } from '@llamaindex/core/llms';
import type { GenMessage } from './conversation.js';

/**
 * LlamaIndex chat messages. LlamaIndex counts only `content` text, so a tool call carries its
 * JSON arguments as content (and the call in `options.toolCall`), a result its JSON as content.
 */
export function toLlamaIndex(messages: readonly GenMessage[]): ChatMessage[] {
  return messages.map((m): ChatMessage => {
    switch (m.kind) {
      case 'user':
      case 'assistant':
        return { role: m.kind, content: m.content };
      case 'tool_call':
        return {
          role: 'assistant',
          content: m.args,
          options: { toolCall: [{ id: m.callId, name: m.toolName, input: m.args }] },
        };
      case 'tool_result':
        return {
          role: 'user',
          content: m.content,
          options: { toolResult: { id: m.callId, result: m.content, isError: false } },
        };
    }
  });
}

/**
 * Make LlamaIndex count with `encode` (o200k_base) instead of its default cl100k_base.
 * `check` is called on every encode with the text's length (to stop a run past its deadline).
 */
export function useLlamaIndexTokenizer(
  encode: (text: string) => Uint32Array,
  check: (chars: number) => void = () => {},
): void {
  Settings.tokenizer = {
    encode: (text: string) => {
      check(text.length);
      return encode(text);
    },
    decode: () => {
      throw new Error('decode is not used by the benchmark');
    },
  };
}
