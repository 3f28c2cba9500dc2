/**
 * Normalized {@link ChatMessage}s to Vercel AI SDK `ModelMessage`s (v5 and v6).
 * @module
 */
import { ValidationError } from '../errors.js';
import type { ChatMessage } from '../types.js';
import type { AISDKMessage, AISDKTextPart, AISDKToolCallPart, AISDKToolResultPart } from './ai-sdk-types.js';
import type { ExportOptions } from './options.js';
import { PART_SEPARATOR } from './read.js';
import { parseToolArgs } from './tool-args.js';

/** What {@link toAISDKPrompt} returns: spread it into `generateText` / `streamText`. */
export interface AISDKPrompt {
  /** Every system message (summaries, context), joined by a blank line; absent when none. */
  system?: string;
  /** The conversation without system messages. */
  messages: AISDKMessage[];
}

/**
 * Like {@link toAISDK}, with the system messages moved into the `system` option, as the AI SDK
 * recommends (it warns about system messages inside `messages`, and refuses them with
 * `allowSystemInMessages: false`; some providers refuse system messages after the first turn).
 * @example
 * const { text } = await generateText({ model, ...toAISDKPrompt(context.messages) });
 */
export function toAISDKPrompt(messages: readonly ChatMessage[], options: ExportOptions = {}): AISDKPrompt {
  const converted = toAISDK(messages, options);
  const system = converted.flatMap((m) => (m.role === 'system' && m.content.trim() !== '' ? [m.content] : []));
  const rest = converted.filter((m) => m.role !== 'system');
  return system.length > 0 ? { system: system.join(PART_SEPARATOR), messages: rest } : { messages: rest };
}

/**
 * Converts messages to AI SDK `ModelMessage`s (v5 and v6) for `generateText` / `streamText`.
 * System messages stay in place as `{ role: 'system', content }`; assistant tool calls become
 * `tool-call` parts (`input` parsed; non-object arguments as `{ _raw }`); consecutive tool
 * results share one `role: 'tool'` message, each output `text`, or `error-text` for ids in
 * `options.toolErrors`. A result's `toolName` is taken from its call (or the message's `name`).
 * @throws {ValidationError} when a tool result's call (and so its tool name) cannot be found.
 * @example
 * const { text } = await generateText({ model, messages: toAISDK(context.messages) });
 */
export function toAISDK(messages: readonly ChatMessage[], options: ExportOptions = {}): AISDKMessage[] {
  const out: AISDKMessage[] = [];
  const toolNames = new Map<string, string>();
  messages.forEach((message, i) => {
    const text = message.content ?? '';
    switch (message.role) {
      case 'system':
      case 'user':
        out.push({ role: message.role, content: text });
        return;
      case 'assistant': {
        const calls = message.tool_calls ?? [];
        if (calls.length === 0) {
          out.push({ role: 'assistant', content: text });
          return;
        }
        const parts: Array<AISDKTextPart | AISDKToolCallPart> = text === '' ? [] : [{ type: 'text', text }];
        for (const call of calls) {
          toolNames.set(call.id, call.function.name);
          parts.push({
            type: 'tool-call',
            toolCallId: call.id,
            toolName: call.function.name,
            input: parseToolArgs(call.function.arguments),
          });
        }
        out.push({ role: 'assistant', content: parts });
        return;
      }
      case 'tool': {
        const id = message.tool_call_id ?? '';
        const toolName = toolNames.get(id) ?? message.name;
        if (toolName === undefined) {
          throw new ValidationError(
            `messages[${i}].tool_call_id`,
            'the id of an earlier assistant tool call',
            message.tool_call_id,
          );
        }
        const part: AISDKToolResultPart = {
          type: 'tool-result',
          toolCallId: id,
          toolName,
          output: { type: options.toolErrors?.has(id) ? 'error-text' : 'text', value: text },
        };
        const last = out.at(-1);
        if (last?.role === 'tool') last.content.push(part);
        else out.push({ role: 'tool', content: [part] });
      }
    }
  });
  return out;
}
