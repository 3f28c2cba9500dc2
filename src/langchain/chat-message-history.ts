/**
 * RecallKit as a LangChain.js chat message history. `@langchain/core` is an optional peer
 * dependency: only the `recallkit/langchain` entry imports it.
 * @module
 */
import type { BaseMessage } from '@langchain/core/messages';
import { BaseListChatMessageHistory, coerceMessageLikeToMessage } from './langchain-core.js';
import type { ContextOptions, Memory } from '../memory.js';
import { ValidationError } from '../errors.js';
import { isPlainObject } from '../core/checks/validate.js';

/** What {@link RecallKitChatMessageHistory} asks `getContextForLLM` for, besides the format and the query. */
export type HistoryContextOptions = Pick<ContextOptions, 'recall' | 'maxTokens'>;

/** Options of {@link RecallKitChatMessageHistory}. */
export interface RecallKitChatMessageHistoryFields {
  /** A memory from `createMemory` or `createWorkerMemory`. */
  memory: Memory;
  /** The RecallKit session this history reads and writes. */
  sessionId: string;
  /**
   * Passed to every `getContextForLLM` (default: none, so the memory's `contextRecall` and
   * profile decide): `recall` settings (or `false`), a `maxTokens` cap.
   */
  context?: HistoryContextOptions;
}

/**
 * A LangChain.js `BaseListChatMessageHistory` over one RecallKit session. Messages added by
 * `RunnableWithMessageHistory` (or by hand) are stored with `addMessages(…, { format:
 * 'langchain' })`, tool calls and results paired; `getMessages()` gives back LangChain message
 * instances of the compressed context; `clear()` clears the session.
 *
 * `RunnableWithMessageHistory` reads the history before it stores the new input, so on its own
 * the history cannot recall for the question being asked: build the chain with
 * `withRecallKitHistory`, which tells the history the pending input ({@link expectInput}).
 * @example
 * ```ts
 * const history = new RecallKitChatMessageHistory({ memory, sessionId: 'chat-1' });
 * await history.addMessages([new HumanMessage('Hi!'), new AIMessage('Hello!')]);
 * const messages = await history.getMessages(); // the context RecallKit would send
 * ```
 */
export class RecallKitChatMessageHistory extends BaseListChatMessageHistory {
  lc_namespace = ['recallkit', 'langchain'];
  readonly memory: Memory;
  readonly sessionId: string;
  readonly context: HistoryContextOptions;
  /** The turn about to be sent, until it is stored: its query, and the context given for it. */
  #turn: { query: string; messages?: BaseMessage[] } | undefined;

  constructor(fields: RecallKitChatMessageHistoryFields) {
    super(fields);
    if (typeof fields?.memory?.addMessages !== 'function')
      throw new ValidationError('memory', 'a RecallKit memory (createMemory / createWorkerMemory)', fields?.memory);
    if (typeof fields.sessionId !== 'string' || fields.sessionId === '')
      throw new ValidationError('sessionId', 'a non-empty string', fields.sessionId);
    if (fields.context !== undefined && !isPlainObject(fields.context))
      throw new ValidationError('context', 'an object { recall?, maxTokens? }', fields.context);
    this.memory = fields.memory;
    this.sessionId = fields.sessionId;
    this.context = { ...fields.context };
  }

  /**
   * Announce the input about to be sent, before `getMessages()`: recall then searches with its
   * text (its last human message) instead of the newest stored user message, and until the turn
   * is stored `getMessages()` gives back the same messages (`RunnableWithMessageHistory`
   * reads the history again after the run to tell the input apart). `withRecallKitHistory`
   * calls it; call it yourself when you read the history before storing the turn.
   */
  expectInput(input: string | BaseMessage | BaseMessage[]): void {
    const messages = typeof input === 'string' ? [input] : Array.isArray(input) ? input : [input];
    const texts = messages.map((m) => (typeof m === 'string' ? { human: true, text: m } : textOf(m)));
    const asked = texts.filter((t) => t.human && t.text.trim()).pop() ?? texts.filter((t) => t.text.trim()).pop();
    this.#turn = { query: asked?.text ?? '' };
  }

  /**
   * What RecallKit would send the model now, as LangChain message instances: summaries as
   * system messages, what recall finds for the question (with recall on), then the kept
   * history, within the profile's budget. Long conversations stay short here; the whole
   * history stays searchable with `memory.recall`.
   */
  async getMessages(): Promise<BaseMessage[]> {
    const turn = this.#turn;
    if (turn?.messages) return [...turn.messages];
    const options: ContextOptions<'langchain'> = { ...this.context, format: 'langchain' };
    if (turn?.query) options.query = turn.query;
    const { messages } = await this.memory.getContextForLLM(this.sessionId, options);
    if (turn && messages.at(-1)?.role === 'user' && (await this.#replied())) {
      // The engine keeps the newest stored user message whatever the budget, as the question
      // being asked; here that question is the pending input, and the stored one is the previous
      // turn, whose reply did not fit: without it the model would see two questions in a row.
      messages.pop();
    }
    const out = messages.map((m) => coerceMessageLikeToMessage(m));
    if (turn && this.#turn === turn) turn.messages = out;
    return [...out];
  }

  /** Whether the session's newest entry comes after its newest user message (a reply, a tool call). */
  async #replied(): Promise<boolean> {
    const active = await this.memory.getActiveEntries(this.sessionId);
    const last = active.at(-1);
    return last !== undefined && !(last.type === 'message' && last.role === 'user');
  }

  async addMessage(message: BaseMessage): Promise<void> {
    await this.addMessages([message]);
  }

  /**
   * Stores the messages in one call (one write; a tool call and its result arrive together),
   * each under its LangChain `id` where it has one. After a human message with an id, the
   * messages answering it are stored under ids derived from it (`<id>:reply:<n>`), so a retried
   * turn (`RunnableWithMessageHistory` stores the input with the reply) stores nothing twice:
   * the same reply again is found, another one is not stored and the reply stored first stays.
   */
  override async addMessages(messages: BaseMessage[]): Promise<void> {
    const { keyed, derived } = withTurnIds(messages);
    try {
      await this.memory.addMessages(this.sessionId, keyed, { format: 'langchain' });
    } catch (error) {
      // A reply under ids derived from its question's, stored before with other content: kept.
      const at = error instanceof ValidationError ? /^messages\[(\d+)\]\.(?:data\.)?id$/.exec(error.field) : null;
      if (!at || !derived.has(Number(at[1]))) throw error;
    }
    this.#turn = undefined;
  }

  override async clear(): Promise<void> {
    this.#turn = undefined;
    await this.memory.clearSession(this.sessionId);
  }
}

/**
 * The messages, those after a human message that has an id re-keyed to ids derived from it
 * (`<id>:reply:<n>`, as stored messages: the caller's objects are not changed).
 */
function withTurnIds(messages: readonly BaseMessage[]): { keyed: unknown[]; derived: Set<number> } {
  let question: string | undefined;
  let n = 0;
  const derived = new Set<number>();
  const keyed = messages.map((m, i) => {
    if (m.getType() === 'human') {
      question = typeof m.id === 'string' && m.id !== '' ? m.id : undefined;
      n = 0;
      return m;
    }
    if (question === undefined) return m;
    derived.add(i);
    const stored = m.toDict();
    return { ...stored, data: { ...stored.data, id: `${question}:reply:${n++}` } };
  });
  return { keyed, derived };
}

/** A message's text (its text parts) and whether a person wrote it. */
function textOf(m: BaseMessage): { human: boolean; text: string } {
  const content: unknown = m.content;
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content
            .map((p: unknown) =>
              isPlainObject(p) && p.type === 'text' && typeof p.text === 'string'
                ? p.text
                : typeof p === 'string'
                  ? p
                  : '',
            )
            .filter(Boolean)
            .join('\n')
        : '';
  return { human: m.getType() === 'human', text };
}
