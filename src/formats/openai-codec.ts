/**
 * The `openai` format: RecallKit's own `ChatMessage` shape (OpenAI chat messages).
 * @module
 */
import type { ChatMessage } from '../types.js';
import type { FormatCodec } from './format-codec.js';
import { fromOpenAI } from './from-openai.js';
import { readArray } from './read.js';

/** Reads OpenAI chat messages (an input message's `timestamp` is its time); writes copies. */
export const openaiCodec: FormatCodec<{ messages: ChatMessage[] }> = {
  id: 'openai',
  parse: (input) => fromOpenAI(readArray(input, 'messages')),
  write: (messages) => ({ messages: messages.map((message) => ({ ...message })) }),
  timeField: 'timestamp',
};
