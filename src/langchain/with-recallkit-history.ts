/**
 * `withRecallKitHistory`: LangChain's `RunnableWithMessageHistory` over RecallKit, recalling
 * for the question being asked.
 * @module
 */
import type { BaseMessage } from '@langchain/core/messages';
import type { Runnable, RunnableConfig } from '@langchain/core/runnables';
import { RunnableWithMessageHistory } from './langchain-core.js';
import type { Memory } from '../memory.js';
import { ValidationError } from '../errors.js';
import { RecallKitChatMessageHistory, type HistoryContextOptions } from './chat-message-history.js';

/** Options of {@link withRecallKitHistory}: exactly one of `memory` or `getMessageHistory`. */
export interface WithRecallKitHistoryFields {
  /** The memory every session lives in (`configurable.sessionId` names the session). */
  memory?: Memory;
  /**
   * Instead of `memory`: the history of a session, for an app with a memory per user
   * (`postgresStore({ tenant })`), e.g.
   * `(sessionId) => new RecallKitChatMessageHistory({ memory: memoryOf(user), sessionId })`.
   */
  getMessageHistory?: (sessionId: string) => RecallKitChatMessageHistory | Promise<RecallKitChatMessageHistory>;
  /** Where the input is in the chain's input object (as in `RunnableWithMessageHistory`). */
  inputMessagesKey?: string;
  /** Where the history goes in the chain's input object (default: before the input messages). */
  historyMessagesKey?: string;
  /** Where the reply is in the chain's output object. */
  outputMessagesKey?: string;
  /** With `memory`: `getContextForLLM` options for every turn (`recall`, `maxTokens`; default none). */
  context?: HistoryContextOptions;
  /** Config bound to the runnable. */
  config?: RunnableConfig;
}

/**
 * `RunnableWithMessageHistory` reads the history before it stores the new input: this one
 * first tells a RecallKit history what is being asked, so recall searches with the question.
 */
class RecallKitRunnableWithMessageHistory<I, O> extends RunnableWithMessageHistory<I, O> {
  override async _enterHistory(input: unknown, kwargs?: RunnableConfig): Promise<BaseMessage[]> {
    const history: unknown = kwargs?.configurable?.messageHistory;
    if (history instanceof RecallKitChatMessageHistory) history.expectInput(this._getInputMessages(input as never));
    return super._enterHistory(input, kwargs);
  }
}

/**
 * Wrap a chain (prompt + model) so each call reads its context from RecallKit and stores the
 * turn after it, like `RunnableWithMessageHistory` (invoke, stream, batch; the session is
 * `configurable.sessionId`), with one difference: with recall on (`contextRecall`, or
 * `context.recall`), recall searches with the input being sent, not the previous question.
 * @example
 * ```ts
 * import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
 * import { withRecallKitHistory } from 'recallkit/langchain';
 *
 * const memory = await createMemory({ contextRecall: { maxTokens: 500 } });
 * const prompt = ChatPromptTemplate.fromMessages([
 *   ['system', 'You are helpful.'],
 *   new MessagesPlaceholder('history'),
 *   ['human', '{input}'],
 * ]);
 * const chain = withRecallKitHistory(prompt.pipe(model), {
 *   memory,
 *   inputMessagesKey: 'input',
 *   historyMessagesKey: 'history',
 * });
 * await chain.invoke({ input: 'What is my passport number?' }, { configurable: { sessionId: 'chat-1' } });
 * ```
 */
export function withRecallKitHistory<I, O>(
  runnable: Runnable<I, O>,
  fields: WithRecallKitHistoryFields,
): RunnableWithMessageHistory<I, O> {
  const { memory, getMessageHistory, context, ...rest } = fields ?? ({} as WithRecallKitHistoryFields);
  if (typeof runnable?.invoke !== 'function')
    throw new ValidationError('runnable', 'a LangChain Runnable (e.g. prompt.pipe(model))', runnable);
  if ((memory === undefined) === (getMessageHistory === undefined))
    throw new ValidationError('fields', 'exactly one of memory or getMessageHistory', fields);
  if (getMessageHistory !== undefined && typeof getMessageHistory !== 'function')
    throw new ValidationError(
      'getMessageHistory',
      'a function (sessionId) => RecallKitChatMessageHistory',
      getMessageHistory,
    );
  // The history's own checks (memory, context), once, before the first call.
  if (memory !== undefined)
    new RecallKitChatMessageHistory({ memory, sessionId: 'check', ...(context ? { context } : {}) });
  return new RecallKitRunnableWithMessageHistory<I, O>({
    ...rest,
    runnable,
    getMessageHistory:
      getMessageHistory ??
      ((sessionId: string) =>
        new RecallKitChatMessageHistory({ memory: memory!, sessionId, ...(context ? { context } : {}) })),
  });
}
