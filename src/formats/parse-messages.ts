/**
 * One entry point that validates messages of any supported format into {@link ChatMessage}s.
 * @module
 */
import type { ChatMessage } from '../types.js';
import { formatCodec } from './format-registry.js';
import type { ImportMeta } from './options.js';

/** The message formats RecallKit reads and writes out of the box (`registerFormat` adds more). */
export const MESSAGE_FORMATS = ['openai', 'anthropic', 'ai-sdk', 'langchain'] as const;

/** A message format: `openai` is RecallKit's own `ChatMessage` shape. */
export type MessageFormat = (typeof MESSAGE_FORMATS)[number];

/** `format` when it is registered, else a ValidationError at `field` listing the known formats. */
export function checkFormat(format: unknown, field = 'format'): MessageFormat {
  return formatCodec(format, field).id as MessageFormat;
}

/**
 * Validates `input` as messages of `format` and returns them normalized (OpenAI shape, tool
 * pairs kept, content parts joined, images `[image]`). For `anthropic`, `input` is either the
 * messages array or `{ system?, messages }`. Failed tool results go to `meta.toolErrors`.
 * @throws {ValidationError} naming the field path (`messages[3].content`), or `format` listing
 * the known formats.
 * @example
 * const messages = parseMessages(await request.json(), 'ai-sdk');
 */
export function parseMessages(input: unknown, format: MessageFormat, meta?: ImportMeta): ChatMessage[] {
  return formatCodec(format).parse(input, meta);
}
