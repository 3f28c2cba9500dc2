/**
 * The `openai` format: RecallKit's own `ChatMessage` shape (OpenAI chat messages).
 * @module
 */
import type { ChatMessage } from '../types.js';
import { topLevelId, type FormatCodec } from './format-codec.js';
import { fromOpenAI } from './from-openai.js';
import { readArray } from './read.js';

/**
 * Reads OpenAI chat messages; writes copies. OpenAI's messages carry no time or id: RecallKit
 * reads an input message's `timestamp` as its time and `id` as its id when present.
 */
export const openaiCodec: FormatCodec<{ messages: ChatMessage[] }> = {
  id: 'openai',
  parse: (input) => fromOpenAI(readArray(input, 'messages')),
  write: (messages) => ({ messages: messages.map((message) => ({ ...message })) }),
  timeField: 'timestamp',
  messageId: topLevelId,
};
