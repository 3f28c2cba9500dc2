/**
 * LangChain.js messages (instances, plain objects, stored or serialized forms) to normalized
 * {@link ChatMessage}s.
 * @module
 */
import { ValidationError } from '../errors.js';
import type { ChatMessage, ChatToolCall } from '../types.js';
import { assistantMessage, chatMessage, toolCall, toolMessage } from './chat-message.js';
import { withMedia } from './media-parts.js';
import type { ImportMeta } from './options.js';
import { isRecord, readArray, readContentText, readOptionalString, readRecord, readString } from './read.js';
import { stringifyToolArgs } from './tool-args.js';

const KINDS: Record<string, ChatMessage['role']> = {
  human: 'user',
  user: 'user',
  HumanMessage: 'user',
  HumanMessageChunk: 'user',
  ai: 'assistant',
  assistant: 'assistant',
  AIMessage: 'assistant',
  AIMessageChunk: 'assistant',
  system: 'system',
  developer: 'system',
  SystemMessage: 'system',
  SystemMessageChunk: 'system',
  tool: 'tool',
  ToolMessage: 'tool',
  ToolMessageChunk: 'tool',
};
const KNOWN = '"human", "user", "ai", "assistant", "system", "developer" or "tool"';

/**
 * Converts LangChain.js messages to normalized messages. Accepts `BaseMessage` instances,
 * plain `{ role | type, content, … }` objects, `StoredMessage`s (`mapChatMessagesToStoredMessages`),
 * serialized messages (`JSON.stringify(message)`), `[type, content]` tuples and strings (human).
 * `tool_calls` (LangChain `{ id, name, args }` or OpenAI shape) become OpenAI tool calls, then
 * `invalid_tool_calls` (raw `args` kept); a `ToolMessage` with `status: 'error'` is added to
 * `meta.toolErrors`. Content blocks become text (images `[image]`).
 * @throws {ValidationError} naming the field path, e.g. `messages[2].tool_calls[0].id`.
 */
export function fromLangChain(messages: readonly unknown[], meta?: ImportMeta): ChatMessage[] {
  return readArray(messages, 'messages').map((value, i) => readLangChainMessage(value, `messages[${i}]`, meta));
}

function readLangChainMessage(value: unknown, field: string, meta: ImportMeta | undefined): ChatMessage {
  const { kind, kindField, fields, path } = unwrap(value, field);
  const role = typeof kind === 'string' && Object.hasOwn(KINDS, kind) ? KINDS[kind] : undefined;
  if (role === undefined) throw new ValidationError(kindField, KNOWN, kind);
  const name = readOptionalString(fields['name'], `${path}.name`);
  const text = readContentText(fields['content'], `${path}.content`);
  switch (role) {
    case 'system':
    case 'user':
      return withMedia(chatMessage(role, text, name), fields['content']);
    case 'assistant':
      return assistantMessage(text, readCalls(fields, path), name);
    case 'tool': {
      const id = readString(fields['tool_call_id'], `${path}.tool_call_id`);
      if (fields['status'] === 'error') meta?.toolErrors.add(id);
      return toolMessage(id, text, name);
    }
  }
}

/**
 * A LangChain message's `id` (a `BaseMessage`'s, a plain object's, `data.id` of a stored
 * message, `kwargs.id` of a serialized one) with its path; `undefined` when it has none.
 */
export function langChainMessageId(value: unknown, field: string): { id: unknown; field: string } | undefined {
  if (typeof value === 'string' || Array.isArray(value) || !isRecord(value)) return undefined;
  const { fields, path } = unwrap(value, field);
  const id = Object.hasOwn(fields, 'id') || 'id' in fields ? fields['id'] : undefined;
  return id === undefined || id === null ? undefined : { id, field: `${path}.id` };
}

/** The message kind and the object holding its fields, whatever form it came in. */
function unwrap(value: unknown, field: string): Unwrapped {
  if (typeof value === 'string') return { kind: 'human', kindField: field, fields: { content: value }, path: field };
  if (Array.isArray(value)) {
    return { kind: value[0], kindField: `${field}[0]`, fields: { content: value[1] }, path: field };
  }
  const message = readRecord(value, field);
  if (message['lc'] === 1 && Array.isArray(message['id']) && isRecord(message['kwargs'])) {
    return { kind: message['id'].at(-1), kindField: `${field}.id`, fields: message['kwargs'], path: `${field}.kwargs` };
  }
  if (typeof message['type'] === 'string' && isRecord(message['data'])) {
    return { kind: message['type'], kindField: `${field}.type`, fields: message['data'], path: `${field}.data` };
  }
  // `role` first: a generic `ChatMessage` instance has `type: 'generic'` and the real `role`.
  if (message['role'] !== undefined)
    return { kind: message['role'], kindField: `${field}.role`, fields: message, path: field };
  return { kind: message['type'], kindField: `${field}.type`, fields: message, path: field };
}

interface Unwrapped {
  kind: unknown;
  /** Where the kind was read, for errors. */
  kindField: string;
  fields: Record<string, unknown>;
  /** Path of `fields`, for errors. */
  path: string;
}

function readCalls(fields: Record<string, unknown>, path: string): ChatToolCall[] {
  const calls: ChatToolCall[] = [];
  for (const key of ['tool_calls', 'invalid_tool_calls']) {
    const list = fields[key];
    if (list === undefined || list === null) continue;
    readArray(list, `${path}.${key}`).forEach((item, i) => {
      const at = `${path}.${key}[${i}]`;
      const call = readRecord(item, at);
      if (isRecord(call['function'])) {
        const fn = call['function'];
        calls.push(
          toolCall(
            readString(call['id'], `${at}.id`),
            readString(fn['name'], `${at}.function.name`),
            readString(fn['arguments'], `${at}.function.arguments`),
          ),
        );
        return;
      }
      const args = call['args'];
      calls.push(
        toolCall(
          readString(call['id'], `${at}.id`),
          readString(call['name'], `${at}.name`),
          typeof args === 'string' ? args : stringifyToolArgs(args),
        ),
      );
    });
  }
  return calls;
}
