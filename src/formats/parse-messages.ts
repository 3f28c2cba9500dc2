/**
 * One entry point that validates messages of any supported format into {@link ChatMessage}s.
 * @module
 */
import { ValidationError } from '../errors.js';
import type { ChatMessage } from '../types.js';
import { fromAISDK } from './from-ai-sdk.js';
import { fromAnthropic } from './from-anthropic.js';
import { fromLangChain } from './from-langchain.js';
import { fromOpenAI } from './from-openai.js';
import type { ImportMeta } from './options.js';
import { isRecord, readArray } from './read.js';

/** The message formats RecallKit reads and writes. */
export const MESSAGE_FORMATS = ['openai', 'anthropic', 'ai-sdk', 'langchain'] as const;

/** A message format: `openai` is RecallKit's own `ChatMessage` shape. */
export type MessageFormat = (typeof MESSAGE_FORMATS)[number];

/** A ValidationError for `format` listing the known formats. */
export function checkFormat(format: unknown, field = 'format'): MessageFormat {
  if (!(MESSAGE_FORMATS as readonly unknown[]).includes(format)) {
    throw new ValidationError(field, `one of ${MESSAGE_FORMATS.map((f) => JSON.stringify(f)).join(', ')}`, format);
  }
  return format as MessageFormat;
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
  switch (checkFormat(format)) {
    case 'openai':
      return fromOpenAI(readArray(input, 'messages'));
    case 'anthropic':
      if (isRecord(input)) return fromAnthropic(input['system'], readArray(input['messages'], 'messages'), meta);
      return fromAnthropic(undefined, readArray(input, 'messages'), meta);
    case 'ai-sdk':
      return fromAISDK(readArray(input, 'messages'), meta);
    case 'langchain':
      return fromLangChain(readArray(input, 'messages'), meta);
  }
}
