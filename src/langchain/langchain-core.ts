/**
 * The values `recallkit/langchain` takes from `@langchain/core`, an optional peer dependency,
 * imported once when the entry is: without the package, importing the entry rejects with a
 * `MissingPackageError` that names it and the `npm install` to run (a static import would fail
 * with the runtime's bare "Cannot find package"). Types are imported from the package directly.
 * @module
 */
import { MissingPackageError } from '../errors.js';

const [chatHistory, messages, runnables, retrievers, documents] = await Promise.all([
  import('@langchain/core/chat_history'),
  import('@langchain/core/messages'),
  import('@langchain/core/runnables'),
  import('@langchain/core/retrievers'),
  import('@langchain/core/documents'),
]).catch((error: unknown) => {
  throw new MissingPackageError('recallkit/langchain', ['@langchain/core'], error);
});

export const { BaseListChatMessageHistory } = chatHistory;
export const { coerceMessageLikeToMessage } = messages;
export const { RunnableWithMessageHistory } = runnables;
export const { BaseRetriever } = retrievers;
export const { Document } = documents;

/** The instance types of the classes above, under the same names. */
export type Document<Metadata extends Record<string, unknown> = Record<string, unknown>> =
  import('@langchain/core/documents').Document<Metadata>;
export type RunnableWithMessageHistory<I, O> = import('@langchain/core/runnables').RunnableWithMessageHistory<I, O>;
