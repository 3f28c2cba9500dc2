/**
 * `recallkit/formats`: convert messages between RecallKit's `ChatMessage` (OpenAI shape) and
 * other libraries' shapes, and add a format of your own with `registerFormat`.
 * @example
 * ```ts
 * import { parseMessages, toFormat } from 'recallkit/formats';
 * const messages = parseMessages(await request.json(), 'ai-sdk');
 * const { system, messages: anthropic } = toFormat(messages, 'anthropic');
 * ```
 * @module
 */
export { registerFormat, formatIds, formatCodec } from './format-registry.js';
export type { FormatCodec, FormattedPrompt } from './format-codec.js';
export { toFormat, type FormattedMessages } from './to-format.js';
export { parseMessages, checkFormat, MESSAGE_FORMATS, type MessageFormat } from './parse-messages.js';
export { toAnthropic, type AnthropicExportOptions } from './to-anthropic.js';
export { fromAnthropic } from './from-anthropic.js';
export { toAISDK, toAISDKPrompt, type AISDKPrompt } from './to-ai-sdk.js';
export { fromAISDK } from './from-ai-sdk.js';
export { toLangChain } from './to-langchain.js';
export { fromLangChain } from './from-langchain.js';
export { fromOpenAI } from './from-openai.js';
export { parseToolArgs, stringifyToolArgs, RAW_ARGS_KEY } from './tool-args.js';
export type { ExportOptions, ImportMeta } from './options.js';
export type {
  AnthropicPrompt,
  AnthropicMessageParam,
  AnthropicContentBlock,
  AnthropicTextBlock,
  AnthropicToolUseBlock,
  AnthropicToolResultBlock,
} from './anthropic-types.js';
export type {
  AISDKMessage,
  AISDKTextPart,
  AISDKToolCallPart,
  AISDKToolResultPart,
  AISDKToolResultOutput,
} from './ai-sdk-types.js';
export type { LangChainMessage, LangChainToolCall } from './langchain-types.js';
