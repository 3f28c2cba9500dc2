/**
 * `recallkit/langchain`: RecallKit for LangChain.js. A chat message history, a chain wrapper
 * that recalls for the question being asked, and a retriever over `recall`.
 * `@langchain/core` is an optional peer dependency: only this entry imports it.
 * @module
 */
export { RecallKitChatMessageHistory } from './chat-message-history.js';
export type { RecallKitChatMessageHistoryFields, HistoryContextOptions } from './chat-message-history.js';
export { withRecallKitHistory } from './with-recallkit-history.js';
export type { WithRecallKitHistoryFields } from './with-recallkit-history.js';
export { RecallKitRetriever } from './recallkit-retriever.js';
export type { RecallKitRetrieverFields } from './recallkit-retriever.js';
