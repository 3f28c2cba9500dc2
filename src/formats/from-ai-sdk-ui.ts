/**
 * Vercel AI SDK v5 `UIMessage`s (what `useChat` holds: `{ id, role, parts }`, no `content`)
 * to normalized {@link ChatMessage}s.
 * @module
 */
import { ValidationError } from '../errors.js';
import type { ChatMessage, ChatToolCall } from '../types.js';
import { assistantMessage, chatMessage, toolCall, toolMessage } from './chat-message.js';
import { withMedia } from './media-parts.js';
import type { ImportMeta } from './options.js';
import { PART_SEPARATOR, readArray, readContentText, readRecord, readString } from './read.js';
import { stringifyToolArgs } from './tool-args.js';

/** Whether `message` is a UI message: `parts` and no `content`. */
export function isUIMessage(message: Record<string, unknown>): boolean {
  return message['content'] === undefined && Array.isArray(message['parts']);
}

/**
 * One UI message. Text and file parts read as message content (files and images as
 * `[image]` / `[file]`, like the other formats); `tool-<name>` and `dynamic-tool` parts become
 * tool calls, and those with an output (`output-available`, `output-error`) their results;
 * reasoning, source and `data-*` parts are skipped. An assistant message spanning several steps
 * (`step-start` parts) becomes one assistant message per step, each followed by its tool
 * results, as the SDK's `convertToModelMessages` does.
 */
export function readUIMessage(
  message: Record<string, unknown>,
  field: string,
  meta: ImportMeta | undefined,
): ChatMessage[] {
  const role = message['role'];
  const parts = readArray(message['parts'], `${field}.parts`).map((part, i) =>
    readRecord(part, `${field}.parts[${i}]`),
  );
  if (role === 'system' || role === 'user') {
    const content = parts.filter((p) => p['type'] === 'text' || p['type'] === 'file');
    return [withMedia(chatMessage(role, readContentText(content, `${field}.parts`)), content)];
  }
  if (role !== 'assistant')
    throw new ValidationError(`${field}.role`, '"system", "user" or "assistant" (a UI message)', role);

  const out: ChatMessage[] = [];
  let texts: string[] = [];
  let calls: ChatToolCall[] = [];
  let results: ChatMessage[] = [];
  const flush = (): void => {
    if (texts.length || calls.length) out.push(assistantMessage(texts.join(PART_SEPARATOR), calls));
    out.push(...results);
    texts = [];
    calls = [];
    results = [];
  };
  parts.forEach((part, i) => {
    const path = `${field}.parts[${i}]`;
    const type = readString(part['type'], `${path}.type`);
    if (type === 'step-start') return flush();
    if (type === 'text' || type === 'file') {
      const text = readContentText([part], path);
      if (text) texts.push(text);
      return;
    }
    const name =
      type === 'dynamic-tool'
        ? readString(part['toolName'], `${path}.toolName`)
        : type.startsWith('tool-')
          ? type.slice(5)
          : undefined;
    if (name === undefined) return; // reasoning, source-*, data-*
    const id = readString(part['toolCallId'], `${path}.toolCallId`);
    calls.push(toolCall(id, name, stringifyToolArgs(part['input'] ?? {})));
    const state = part['state'];
    if (state === 'output-available') {
      const output = part['output'];
      results.push(toolMessage(id, typeof output === 'string' ? output : (JSON.stringify(output) ?? '')));
    } else if (state === 'output-error') {
      meta?.toolErrors.add(id);
      results.push(toolMessage(id, typeof part['errorText'] === 'string' ? part['errorText'] : 'error'));
    }
  });
  flush();
  return out;
}
