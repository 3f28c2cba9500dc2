/**
 * Writes {@link ChatMessage}s in a chosen format (what `getContextForLLM(s, { format })` uses).
 * @module
 */
import type { ChatMessage } from '../types.js';
import type { AISDKMessage } from './ai-sdk-types.js';
import type { AnthropicPrompt } from './anthropic-types.js';
import type { LangChainMessage } from './langchain-types.js';
import type { MessageFormat } from './parse-messages.js';
import { formatCodec } from './format-registry.js';
import type { AnthropicExportOptions } from './to-anthropic.js';

/** What {@link toFormat} returns for each format. */
export interface FormattedMessages {
  openai: { messages: ChatMessage[] };
  anthropic: AnthropicPrompt;
  'ai-sdk': { messages: AISDKMessage[] };
  langchain: { messages: LangChainMessage[] };
}

/**
 * Converts messages to `format`: `{ messages }`, plus `system` for `anthropic`.
 * @throws {ValidationError} for an unknown format, listing the known ones.
 * @example
 * const { system, messages } = toFormat(context.messages, 'anthropic', { toolErrors });
 */
export function toFormat<F extends MessageFormat>(
  messages: readonly ChatMessage[],
  format: F,
  options: AnthropicExportOptions = {},
): FormattedMessages[F] {
  return formatCodec(format).write(messages, options) as FormattedMessages[F];
}
