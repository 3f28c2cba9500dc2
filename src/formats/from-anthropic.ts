/**
 * An Anthropic Messages API conversation to normalized {@link ChatMessage}s.
 * @module
 */
import { ValidationError } from '../errors.js';
import type { ChatMessage, ChatToolCall } from '../types.js';
import { assistantMessage, chatMessage, toolCall, toolMessage } from './chat-message.js';
import { withMedia } from './media-parts.js';
import type { ImportMeta } from './options.js';
import { readArray, readContentText, readRecord, readString } from './read.js';
import { stringifyToolArgs } from './tool-args.js';

/**
 * Converts an Anthropic `system` (string or text blocks, may be absent) and `messages` to
 * normalized messages: the system text first as one `system` message; `tool_use` blocks become
 * `tool_calls` (`input` serialized; `{ _raw }` gives the raw string back); each `tool_result`
 * becomes a `tool` message placed before the rest of its user message's text. `is_error`
 * results are added to `meta.toolErrors`. Images read `[image]`; thinking blocks are skipped.
 * @throws {ValidationError} naming the field path, e.g. `messages[1].content[0].tool_use_id`.
 * @example
 * const meta = { toolErrors: new Set<string>() };
 * const messages = fromAnthropic(request.system, request.messages, meta);
 */
export function fromAnthropic(system: unknown, messages: readonly unknown[], meta?: ImportMeta): ChatMessage[] {
  const out: ChatMessage[] = [];
  const systemText = readContentText(system, 'system');
  if (systemText !== '') out.push(chatMessage('system', systemText));
  readArray(messages, 'messages').forEach((value, i) => {
    out.push(...readAnthropicMessage(value, `messages[${i}]`, meta));
  });
  return out;
}

function readAnthropicMessage(value: unknown, field: string, meta: ImportMeta | undefined): ChatMessage[] {
  const message = readRecord(value, field);
  const role = message['role'];
  const content = message['content'];
  if (role !== 'user' && role !== 'assistant' && role !== 'system') {
    throw new ValidationError(`${field}.role`, '"user", "assistant" or "system"', role);
  }
  if (typeof content === 'string') {
    return [role === 'assistant' ? assistantMessage(content, []) : chatMessage(role, content)];
  }
  const blocks = readArray(content, `${field}.content`).map((block, i) => readRecord(block, `${field}.content[${i}]`));
  const text = readContentText(blocks, `${field}.content`);
  if (role === 'system') return [chatMessage('system', text)];
  if (role === 'assistant') {
    const calls: ChatToolCall[] = [];
    blocks.forEach((block, i) => {
      if (block['type'] !== 'tool_use') return;
      const path = `${field}.content[${i}]`;
      calls.push(
        toolCall(
          readString(block['id'], `${path}.id`),
          readString(block['name'], `${path}.name`),
          stringifyToolArgs(block['input']),
        ),
      );
    });
    return [assistantMessage(text, calls)];
  }
  const out: ChatMessage[] = [];
  blocks.forEach((block, i) => {
    if (block['type'] !== 'tool_result') return;
    const path = `${field}.content[${i}]`;
    const id = readString(block['tool_use_id'], `${path}.tool_use_id`);
    if (block['is_error'] === true) meta?.toolErrors.add(id);
    out.push(toolMessage(id, readContentText(block['content'], `${path}.content`)));
  });
  // A user message that only carried tool results adds no user turn.
  if (out.length < blocks.length) out.push(withMedia(chatMessage('user', text), blocks));
  return out;
}
