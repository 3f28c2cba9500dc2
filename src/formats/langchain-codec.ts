/**
 * The `langchain` format: LangChain's serialized message objects.
 * @module
 */
import type { FormatCodec } from './format-codec.js';
import { fromLangChain, langChainMessageId } from './from-langchain.js';
import type { LangChainMessage } from './langchain-types.js';
import { readArray } from './read.js';
import { toLangChain } from './to-langchain.js';

/** Reads and writes LangChain messages (a message's `id`, where it has one, is its id). */
export const langChainCodec: FormatCodec<{ messages: LangChainMessage[] }> = {
  id: 'langchain',
  parse: (input, meta) => fromLangChain(readArray(input, 'messages'), meta),
  write: (messages, options) => ({ messages: toLangChain(messages, options) }),
  messageId: langChainMessageId,
};
