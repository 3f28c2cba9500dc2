/**
 * Vercel AI SDK `ModelMessage`s (v5 and v6) to normalized {@link ChatMessage}s.
 * @module
 */
import { ValidationError } from '../errors.js';
import type { ChatMessage, ChatToolCall } from '../types.js';
import { assistantMessage, chatMessage, toolCall, toolMessage } from './chat-message.js';
import { withMedia } from './media-parts.js';
import type { ImportMeta } from './options.js';
import { PART_SEPARATOR, readArray, readContentText, readRecord, readString } from './read.js';
import { stringifyToolArgs } from './tool-args.js';
import { isUIMessage, uiToModelMessages } from './from-ai-sdk-ui.js';

const OUTPUT_TYPES = '"text", "json", "error-text", "error-json" or "content"';

/**
 * Converts AI SDK `ModelMessage`s (v5 and v6) (e.g. `response.messages`) to normalized messages;
 * `UIMessage`s (`useChat`'s `{ id, role, parts }`) are read too, as the `ModelMessage`s the SDK's
 * `convertToModelMessages` makes of them ({@link uiToModelMessages}).
 * `tool-call` parts become `tool_calls` (`input` serialized); each `tool-result` part becomes its
 * own `tool` message, its output as text (`json` outputs serialized); `error-text` /
 * `error-json` results are added to `meta.toolErrors`. Images and files read `[image]` /
 * `[file]`; reasoning parts are skipped.
 * @throws {ValidationError} naming the field path, e.g. `messages[3].content[0].output.type`.
 */
export function fromAISDK(messages: readonly unknown[], meta?: ImportMeta): ChatMessage[] {
  const out: ChatMessage[] = [];
  readArray(messages, 'messages').forEach((value, i) => {
    out.push(...readModelMessage(value, `messages[${i}]`, meta));
  });
  return out;
}

function readModelMessage(value: unknown, field: string, meta: ImportMeta | undefined): ChatMessage[] {
  const message = readRecord(value, field);
  // useChat's messages: read as what convertToModelMessages makes of them.
  if (isUIMessage(message)) return uiToModelMessages(message, field).flatMap((m) => readModelMessage(m, field, meta));
  const role = message['role'];
  const content = message['content'];
  switch (role) {
    case 'system':
    case 'user':
      if (content === undefined || content === null) {
        throw new ValidationError(`${field}.content`, 'a string or an array of parts', content);
      }
      return [withMedia(chatMessage(role, readContentText(content, `${field}.content`)), content)];
    case 'assistant': {
      if (typeof content === 'string') return [assistantMessage(content, [])];
      const parts = readParts(content, `${field}.content`);
      const calls: ChatToolCall[] = [];
      const results: ChatMessage[] = [];
      parts.forEach((part, i) => {
        const path = `${field}.content[${i}]`;
        if (part['type'] === 'tool-call') {
          calls.push(
            toolCall(
              readString(part['toolCallId'], `${path}.toolCallId`),
              readString(part['toolName'], `${path}.toolName`),
              stringifyToolArgs(part['input']),
            ),
          );
        } else if (part['type'] === 'tool-result') {
          results.push(readToolResult(part, path, meta)); // provider-executed tools
        }
      });
      return [assistantMessage(readContentText(parts, `${field}.content`), calls), ...results];
    }
    case 'tool':
      return readParts(content, `${field}.content`).map((part, i) => {
        const path = `${field}.content[${i}]`;
        if (part['type'] !== 'tool-result') throw new ValidationError(`${path}.type`, '"tool-result"', part['type']);
        return readToolResult(part, path, meta);
      });
    default:
      throw new ValidationError(`${field}.role`, '"system", "user", "assistant" or "tool"', role);
  }
}

function readParts(content: unknown, field: string): Record<string, unknown>[] {
  return readArray(content, field).map((part, i) => readRecord(part, `${field}[${i}]`));
}

function readToolResult(part: Record<string, unknown>, field: string, meta: ImportMeta | undefined): ChatMessage {
  const id = readString(part['toolCallId'], `${field}.toolCallId`);
  const output = readRecord(part['output'], `${field}.output`);
  const type = output['type'];
  const value = output['value'];
  let text: string;
  switch (type) {
    case 'text':
    case 'error-text':
      text = readString(value, `${field}.output.value`);
      break;
    case 'json':
    case 'error-json':
      text = JSON.stringify(value) ?? '';
      break;
    case 'content':
      text = readArray(value, `${field}.output.value`)
        .map((item, i) => {
          const entry = readRecord(item, `${field}.output.value[${i}]`);
          if (entry['type'] === 'text') return readString(entry['text'], `${field}.output.value[${i}].text`);
          return typeof entry['mediaType'] === 'string' && entry['mediaType'].startsWith('image/')
            ? '[image]'
            : '[file]';
        })
        .filter((item) => item !== '')
        .join(PART_SEPARATOR);
      break;
    default:
      throw new ValidationError(`${field}.output.type`, OUTPUT_TYPES, type);
  }
  if (type === 'error-text' || type === 'error-json') meta?.toolErrors.add(id);
  return toolMessage(id, text);
}
