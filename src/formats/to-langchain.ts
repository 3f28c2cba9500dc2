/**
 * Normalized {@link ChatMessage}s to plain LangChain.js message objects.
 * @module
 */
import type { ChatMessage } from '../types.js';
import type { LangChainMessage, LangChainToolMessage } from './langchain-types.js';
import type { ExportOptions } from './options.js';
import { parseToolArgs } from './tool-args.js';

/**
 * Converts messages to plain objects LangChain.js turns into `SystemMessage`, `HumanMessage`,
 * `AIMessage` (with `tool_calls: [{ id, name, args }]`) and `ToolMessage` (with `tool_call_id`,
 * and `status: 'error'` for ids in `options.toolErrors`). Order and `name` are kept; `null`
 * content becomes `''`.
 * @example
 * const reply = await chatModel.invoke(toLangChain(context.messages));
 */
export function toLangChain(messages: readonly ChatMessage[], options: ExportOptions = {}): LangChainMessage[] {
  return messages.map((message): LangChainMessage => {
    const content = message.content ?? '';
    const named = message.name === undefined ? {} : { name: message.name };
    switch (message.role) {
      case 'system':
      case 'user':
        return { role: message.role, content, ...named };
      case 'assistant': {
        const calls = message.tool_calls ?? [];
        if (calls.length === 0) return { role: 'assistant', content, ...named };
        return {
          role: 'assistant',
          content,
          tool_calls: calls.map((call) => ({
            id: call.id,
            name: call.function.name,
            args: parseToolArgs(call.function.arguments),
            type: 'tool_call',
          })),
          ...named,
        };
      }
      case 'tool': {
        const id = message.tool_call_id ?? '';
        const result: LangChainToolMessage = { role: 'tool', content, tool_call_id: id, ...named };
        if (options.toolErrors?.has(id)) result.status = 'error';
        return result;
      }
    }
  });
}
