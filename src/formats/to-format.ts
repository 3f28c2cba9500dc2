/**
 * Writes {@link ChatMessage}s in a chosen format (what `getContextForLLM(s, { format })` uses).
 * @module
 */
import type { ChatMessage } from '../types.js';
import type { AISDKMessage } from './ai-sdk-types.js';
import type { AnthropicPrompt } from './anthropic-types.js';
import type { LangChainMessage } from './langchain-types.js';
import type { MessageFormat } from './parse-messages.js';
import { checkFormat } from './parse-messages.js';
import { toAISDK } from './to-ai-sdk.js';
import { toAnthropic, type AnthropicExportOptions } from './to-anthropic.js';
import { toLangChain } from './to-langchain.js';

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
  const formatted: FormattedMessages[MessageFormat] = convert(messages, checkFormat(format), options);
  return formatted as FormattedMessages[F];
}

function convert(messages: readonly ChatMessage[], format: MessageFormat, options: AnthropicExportOptions): FormattedMessages[MessageFormat] {
  switch (format) {
    case 'openai':
      return { messages: messages.map((message) => ({ ...message })) };
    case 'anthropic':
      return toAnthropic(messages, options);
    case 'ai-sdk':
      return { messages: toAISDK(messages, options) };
    case 'langchain':
      return { messages: toLangChain(messages, options) };
  }
}
