/**
 * OpenAI chat-completions messages to normalized {@link ChatMessage}s.
 * @module
 */
import { ValidationError } from '../errors.js';
import type { ChatMessage, ChatToolCall } from '../types.js';
import { assistantMessage, chatMessage, toolCall, toolMessage } from './chat-message.js';
import { withMedia } from './media-parts.js';
import { readArray, readContentText, readOptionalString, readRecord, readString } from './read.js';

const ROLES = '"system", "developer", "user", "assistant" or "tool"';

/**
 * Validates and normalizes OpenAI chat-completions messages: content part arrays become text
 * (images `[image]`), `developer` becomes `system`, an assistant message with tool calls and no
 * text gets `content: null`. Tool-call `arguments` are kept verbatim.
 * @throws {ValidationError} naming the field path, e.g. `messages[2].tool_calls[0].function.name`.
 * @example
 * fromOpenAI([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
 * // [{ role: 'user', content: 'Hi' }]
 */
export function fromOpenAI(messages: readonly unknown[]): ChatMessage[] {
  return readArray(messages, 'messages').map((value, i) => readOpenAIMessage(value, `messages[${i}]`));
}

function readOpenAIMessage(value: unknown, field: string): ChatMessage {
  const message = readRecord(value, field);
  const role = message['role'];
  const name = readOptionalString(message['name'], `${field}.name`);
  const text = (): string => readContentText(message['content'], `${field}.content`);
  switch (role) {
    case 'system':
    case 'developer':
      return chatMessage('system', text(), name);
    case 'user':
      if (message['content'] === undefined || message['content'] === null) {
        throw new ValidationError(`${field}.content`, 'a string or an array of content parts', message['content']);
      }
      return withMedia(chatMessage('user', text(), name), message['content']);
    case 'assistant':
      return assistantMessage(text(), readToolCalls(message['tool_calls'], `${field}.tool_calls`), name);
    case 'tool':
      return toolMessage(readString(message['tool_call_id'], `${field}.tool_call_id`), text(), name);
    default:
      throw new ValidationError(`${field}.role`, ROLES, role);
  }
}

function readToolCalls(value: unknown, field: string): ChatToolCall[] {
  if (value === undefined || value === null) return [];
  return readArray(value, field).map((item, i) => {
    const path = `${field}[${i}]`;
    const call = readRecord(item, path);
    if (call['type'] !== undefined && call['type'] !== 'function') {
      throw new ValidationError(`${path}.type`, '"function"', call['type']);
    }
    const fn = readRecord(call['function'], `${path}.function`);
    return toolCall(
      readString(call['id'], `${path}.id`),
      readString(fn['name'], `${path}.function.name`),
      readString(fn['arguments'], `${path}.function.arguments`),
    );
  });
}
