/**
 * The `ai-sdk` format: the Vercel AI SDK's model messages (UI messages are read too).
 * @module
 */
import type { AISDKMessage } from './ai-sdk-types.js';
import { topLevelId, type FormatCodec } from './format-codec.js';
import { fromAISDK } from './from-ai-sdk.js';
import { readArray } from './read.js';
import { toAISDK } from './to-ai-sdk.js';

/**
 * Reads AI SDK messages (an input message's `createdAt` is its time, a UI message's `id` its id);
 * writes model messages.
 */
export const aiSDKCodec: FormatCodec<{ messages: AISDKMessage[] }> = {
  id: 'ai-sdk',
  parse: (input, meta) => fromAISDK(readArray(input, 'messages'), meta),
  write: (messages, options) => ({ messages: toAISDK(messages, options) }),
  timeField: 'createdAt',
  messageId: topLevelId,
};
