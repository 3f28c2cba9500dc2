/**
 * `chatTurn`: one request of an AI SDK chat route (`useChat` → `streamText`) over RecallKit.
 * @module
 */
import type { ContextOptions, Memory } from '../memory.js';
import type { LLMContext, MemoryEntry } from '../types.js';
import type { AISDKMessage } from '../formats/ai-sdk-types.js';
import { ValidationError } from '../errors.js';
import { isPlainObject } from '../core/checks/validate.js';
import { PART_SEPARATOR } from '../formats/read.js';
import { newInput } from './new-input.js';

/** Options of {@link chatTurn}. */
export interface ChatTurnOptions {
  /** The RecallKit session of this chat (useChat posts its `id`). */
  sessionId: string;
  /** What `useChat` posted: the chat's `UIMessage`s; only the last one is read (the new turn). */
  messages: readonly unknown[];
  /**
   * `useChat`'s `trigger`. `'regenerate-message'`: the question is answered again, and the
   * prompt ends at it (the earlier reply stays stored). Default `'submit-message'`.
   */
  trigger?: 'submit-message' | 'regenerate-message' | undefined;
  /** The app's system prompt, placed before RecallKit's summaries and recalled turns. */
  system?: string | undefined;
  /** `getContextForLLM` options for this turn (`recall`, `maxTokens`; default none). */
  context?: Pick<ContextOptions, 'recall' | 'maxTokens'> | undefined;
}

/** The part of a `streamText` step result the reply is stored from. */
export interface ChatTurnStep {
  response: { messages: readonly unknown[] };
}

/** What {@link chatTurn} returns: spread it into `streamText`. */
export interface ChatTurn {
  /** The app's system prompt, then the summaries and the recalled block; absent when none. */
  system?: string;
  /** The conversation as RecallKit keeps it (no system messages), ending with the new turn. */
  messages: AISDKMessage[];
  /** `streamText`'s `onFinish`: stores the reply (every step: text, tool calls and results). */
  onFinish: (event: ChatTurnStep) => Promise<void>;
  /** `streamText`'s `onAbort`: stores the steps that finished, not the one being streamed. */
  onAbort: (event: { steps: readonly ChatTurnStep[] }) => Promise<void>;
}

/** {@link chatTurn}'s result and what it read: the context, and the reply once stored. */
export interface ChatTurnResult extends ChatTurn {
  /** The context the prompt was made from (`recalled`, `tokenCount`, `summaries`). */
  context: LLMContext<AISDKMessage>;
  /** The entries of the reply, once `onFinish` or `onAbort` stored it (pending until one runs). */
  stored: Promise<MemoryEntry[]>;
}

/**
 * Prepare one request of a `useChat` route: store the new turn (the last posted `UIMessage`:
 * a user message, once, known by its id; or, with client-side tools, the tool results it
 * carries that are not stored yet), then build the prompt from RecallKit's context (with
 * recall, for that question), and store the reply when `streamText` finishes.
 *
 * Retries store nothing twice: the user message is stored under its `UIMessage` id (a retry
 * finds it, even in another process), and the reply under ids derived from it (`<id>:reply:<n>`),
 * so a retried request stores its reply once; when the question was answered before the retry,
 * the prompt ends at it and the reply stored first is kept. A reply is stored once per request
 * too (`onFinish` also runs after an abort: the first call stores). An
 * aborted stream (pass `abortSignal`) stores the steps that finished (each tool call with its
 * result) and drops the text of the step that was streaming; the question stays stored, so a
 * regenerate answers it without storing it again.
 * @example
 * ```ts
 * export async function POST(req: Request) {
 *   const { id, messages, trigger } = await req.json();
 *   const turn = await chatTurn(memory, { sessionId: id, messages, trigger, system: 'You are helpful.' });
 *   const result = streamText({ model, tools, ...turn, abortSignal: req.signal });
 *   return result.toUIMessageStreamResponse();
 * }
 * ```
 */
export async function chatTurn(memory: Memory, options: ChatTurnOptions): Promise<ChatTurnResult> {
  if (typeof memory?.addMessages !== 'function')
    throw new ValidationError('memory', 'a RecallKit memory (createMemory / createWorkerMemory)', memory);
  if (!isPlainObject(options))
    throw new ValidationError('options', 'an object { sessionId, messages, trigger?, system?, context? }', options);
  const { sessionId, messages, trigger = 'submit-message', system, context } = options;
  if (trigger !== 'submit-message' && trigger !== 'regenerate-message')
    throw new ValidationError('trigger', "'submit-message' or 'regenerate-message' (useChat's trigger)", trigger);
  if (system !== undefined && typeof system !== 'string') throw new ValidationError('system', 'a string', system);
  if (context !== undefined && !isPlainObject(context))
    throw new ValidationError('context', 'an object { recall?, maxTokens? }', context);

  const input = await newInput(memory, sessionId, messages);
  const ctx = await memory.getContextForLLM(sessionId, { ...context, format: 'ai-sdk' });
  const systems = system?.trim() ? [system] : [];
  let rest: AISDKMessage[] = [];
  for (const m of ctx.messages) {
    if (m.role !== 'system') rest.push(m);
    else if (m.content.trim()) systems.push(m.content);
  }
  const question = rest.findLastIndex((m) => m.role === 'user');
  // A question with a reply after it was answered before this request (a retry of a request
  // whose reply was stored): as for a regenerate, the prompt ends at the question.
  const answered = input.kind === 'user' && question >= 0 && question < rest.length - 1;
  if (trigger === 'regenerate-message' || answered) rest = rest.slice(0, question + 1);

  let store: Promise<MemoryEntry[]> | undefined;
  let settle: (entries: Promise<MemoryEntry[]>) => void = () => undefined;
  const stored = new Promise<MemoryEntry[]>((resolve) => (settle = resolve));
  stored.catch(() => undefined); // a failed store reaches whoever awaits `stored`, never as unhandled
  const keep = (reply: readonly unknown[]): Promise<void> => {
    // Once: after an abort, streamText calls onAbort and then onFinish with the same steps.
    store ??= reply.length ? storeReply(memory, sessionId, reply, trigger, input.replyId) : Promise.resolve([]);
    settle(store);
    return store.then(() => undefined);
  };
  const turn: ChatTurnResult = {
    messages: rest,
    onFinish: (event) => keep(event.response.messages),
    // streamText does not await onAbort: a failure is reported through `stored` only.
    onAbort: (event) => keep(event.steps.at(-1)?.response.messages ?? []).catch(() => undefined),
    context: ctx,
    stored,
  };
  if (systems.length) turn.system = systems.join(PART_SEPARATOR);
  return turn;
}

/**
 * Store a reply's messages. A submitted turn's reply is stored under ids derived from the
 * question's (`<replyId>:<n>`), so a retried request stores it once: the same reply again is
 * found, and another one (the model answered differently) is not stored, the reply stored first
 * is kept (resolves with none). A regenerate is a new answer, stored under new ids.
 */
async function storeReply(
  memory: Memory,
  sessionId: string,
  reply: readonly unknown[],
  trigger: 'submit-message' | 'regenerate-message',
  replyId: string | undefined,
): Promise<MemoryEntry[]> {
  const messages =
    trigger === 'regenerate-message' || replyId === undefined
      ? reply
      : reply.map((m, n) => (isPlainObject(m) ? { ...m, id: `${replyId}:${n}` } : m));
  try {
    return await memory.addMessages(sessionId, messages, { format: 'ai-sdk' });
  } catch (error) {
    if (error instanceof ValidationError && /^messages\[\d+\]\.id$/.test(error.field)) return [];
    throw error;
  }
}
