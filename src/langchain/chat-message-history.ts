/**
 * `recallkit/langchain`: RecallKit as a LangChain.js chat message history, so
 * `RunnableWithMessageHistory` users drop it in. `@langchain/core` is an optional peer
 * dependency: only this subpath imports it.
 * @module
 */
import { BaseListChatMessageHistory } from '@langchain/core/chat_history';
import { coerceMessageLikeToMessage, type BaseMessage } from '@langchain/core/messages';
import type { Memory } from '../memory.js';
import { ValidationError } from '../errors.js';

/** Options of {@link RecallKitChatMessageHistory}. */
export interface RecallKitChatMessageHistoryFields {
  /** A memory from `createMemory` or `createWorkerMemory`. */
  memory: Memory;
  /** The RecallKit session this history reads and writes. */
  sessionId: string;
}

/**
 * A LangChain.js `BaseListChatMessageHistory` over one RecallKit session. Messages added by
 * `RunnableWithMessageHistory` (or by hand) are stored with `addMessages(…, { format:
 * 'langchain' })`, tool calls and results paired; `getMessages()` gives back LangChain message
 * instances of the compressed context; `clear()` clears the session.
 * @example
 * ```ts
 * import { RunnableWithMessageHistory } from '@langchain/core/runnables';
 * import { RecallKitChatMessageHistory } from 'recallkit/langchain';
 *
 * const chain = new RunnableWithMessageHistory({
 *   runnable: prompt.pipe(model),
 *   getMessageHistory: (sessionId) => new RecallKitChatMessageHistory({ memory, sessionId }),
 *   inputMessagesKey: 'input',
 *   historyMessagesKey: 'history',
 * });
 * await chain.invoke({ input: 'Hi!' }, { configurable: { sessionId: 'chat-1' } });
 * ```
 */
export class RecallKitChatMessageHistory extends BaseListChatMessageHistory {
  lc_namespace = ['recallkit', 'langchain'];
  readonly memory: Memory;
  readonly sessionId: string;

  constructor(fields: RecallKitChatMessageHistoryFields) {
    super(fields);
    if (typeof fields?.memory?.addMessages !== 'function')
      throw new ValidationError('memory', 'a RecallKit memory (createMemory / createWorkerMemory)', fields?.memory);
    if (typeof fields.sessionId !== 'string' || fields.sessionId === '')
      throw new ValidationError('sessionId', 'a non-empty string', fields.sessionId);
    this.memory = fields.memory;
    this.sessionId = fields.sessionId;
  }

  /**
   * What RecallKit would send the model now, as LangChain message instances: summaries as
   * system messages, then the kept history, within the profile's budget. Long conversations
   * stay short here; the whole history stays searchable with `memory.recall`.
   */
  async getMessages(): Promise<BaseMessage[]> {
    const { messages } = await this.memory.getContextForLLM(this.sessionId, { format: 'langchain' });
    return messages.map((m) => coerceMessageLikeToMessage(m as never));
  }

  async addMessage(message: BaseMessage): Promise<void> {
    await this.memory.addMessages(this.sessionId, [message], { format: 'langchain' });
  }

  /** Stores the messages in one call (one write; a tool call and its result arrive together). */
  override async addMessages(messages: BaseMessage[]): Promise<void> {
    await this.memory.addMessages(this.sessionId, messages, { format: 'langchain' });
  }

  override async clear(): Promise<void> {
    await this.memory.clearSession(this.sessionId);
  }
}
