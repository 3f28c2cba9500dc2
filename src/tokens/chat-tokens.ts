/**
 * How RecallKit counts what a chat request costs. Pure: it takes any {@link TokenCounter} and
 * imports no WASM.
 *
 * The rule is OpenAI's published one (openai-cookbook, "How to count tokens with tiktoken",
 * `num_tokens_from_messages` for gpt-4o, gpt-4o-mini, gpt-4 and gpt-3.5-turbo-0125), which
 * matches the `prompt_tokens` the API reports for plain messages:
 *
 * - every message costs {@link MESSAGE_FRAMING} = 4 tokens: 3 for its framing
 *   (`<|start|>{role}<|message|>{content}<|end|>`) plus 1 for the role value (`system`, `user`,
 *   `assistant` and `tool` are one token each in `o200k_base` and `cl100k_base`);
 * - plus the tokens of each of its values: `content` (none when `null`), `tool_call_id`,
 *   and `name` plus {@link NAME_TOKENS} = 1 when a name is present;
 * - plus, for each entry of `tool_calls`: the tokens of its `id`, `function.name` and
 *   `function.arguments` (the JSON text), plus {@link TOOL_CALL_TYPE_TOKENS} = 1 for its
 *   `type` value `"function"`;
 * - every request adds {@link REPLY_PRIMING} = 3 tokens (`<|start|>assistant<|message|>`).
 *
 * Key names are not counted. The role and the `"function"` type are fixed figures, not asked
 * of the counter, so a custom counter gets the same arithmetic.
 *
 * RecallKit caches per entry the tokens of its values ({@link entryTokens}, stored as
 * `MemoryEntry.tokenCount`); a context made of one message per entry then costs
 * `REPLY_PRIMING + Σ (MESSAGE_FRAMING + entry.tokenCount)`, which equals
 * {@link countChatMessages} on the messages sent. A summary sent as a `system` message costs
 * `MESSAGE_FRAMING + summary.tokenCount`.
 * @module
 */
import type { ChatMessage, ChatToolCall, TokenCounter } from '../types.js';

/** Tokens every message costs beyond its values: 3 of framing plus 1 for the role. */
export const MESSAGE_FRAMING = 4;

/** Tokens every request adds: the reply is primed with `<|start|>assistant<|message|>`. */
export const REPLY_PRIMING = 3;

/** Extra token of a message that has a `name` (the cookbook's `tokens_per_name`). */
export const NAME_TOKENS = 1;

/** Tokens of a tool call's `type` value, `"function"` (one token in both encodings). */
export const TOOL_CALL_TYPE_TOKENS = 1;

/** What {@link entryTokens} needs of an entry. */
export interface EntryTokensInput {
  /** `text`: a user, assistant, system or context message; or one side of a tool pair. */
  kind: 'text' | 'tool_call' | 'tool_result';
  /** The text; for a `tool_call`, the JSON-encoded arguments. */
  content: string;
  /** `tool_call` only: the function name (a `tool_result` message carries no name). */
  toolName?: string;
  /** `tool_call` / `tool_result`: the call id (`tool_calls[].id` / `tool_call_id`). */
  callId?: string;
}

/**
 * Tokens of an entry's values once sent as its chat message, framing excluded (add
 * {@link MESSAGE_FRAMING} per message):
 * - `text` → tokens(content);
 * - `tool_result` (a `tool` message) → tokens(content) + tokens(callId);
 * - `tool_call` (an assistant message with one tool call and `content: null`) →
 *   tokens(callId) + tokens(toolName) + tokens(content) + 1.
 * @example
 * ```ts
 * entryTokens(counter, { kind: 'tool_call', content: '{"city":"Paris"}', toolName: 'weather', callId: 'call_1' });
 * ```
 */
export function entryTokens(counter: TokenCounter, entry: EntryTokensInput): number {
  const callId = entry.callId === undefined ? 0 : counter.count(entry.callId);
  switch (entry.kind) {
    case 'text':
      return counter.count(entry.content);
    case 'tool_result':
      return counter.count(entry.content) + callId;
    case 'tool_call': {
      const name = entry.toolName === undefined ? 0 : counter.count(entry.toolName);
      return callId + name + counter.count(entry.content) + TOOL_CALL_TYPE_TOKENS;
    }
  }
}

/** Tokens of one tool call inside an assistant message. */
export function toolCallTokens(counter: TokenCounter, call: ChatToolCall): number {
  return (
    counter.count(call.id) +
    TOOL_CALL_TYPE_TOKENS +
    counter.count(call.function.name) +
    counter.count(call.function.arguments)
  );
}

/** Tokens of one message, its {@link MESSAGE_FRAMING} included (reply priming not). */
export function messageTokens(counter: TokenCounter, message: ChatMessage): number {
  let tokens = MESSAGE_FRAMING;
  if (message.content !== null) tokens += counter.count(message.content);
  if (message.name !== undefined) tokens += counter.count(message.name) + NAME_TOKENS;
  if (message.tool_call_id !== undefined) tokens += counter.count(message.tool_call_id);
  for (const call of message.tool_calls ?? []) tokens += toolCallTokens(counter, call);
  return tokens;
}

/**
 * Tokens a chat request with these messages costs, counted the slow way (every value
 * encoded): the reference that RecallKit's cached per-entry arithmetic equals.
 * {@link REPLY_PRIMING} is included, so an empty list costs 3.
 * @example
 * ```ts
 * countChatMessages(await loadTiktoken('o200k_base'), [{ role: 'user', content: 'Hi' }]); // 8
 * ```
 */
export function countChatMessages(counter: TokenCounter, messages: readonly ChatMessage[]): number {
  let tokens = REPLY_PRIMING;
  for (const message of messages) tokens += messageTokens(counter, message);
  return tokens;
}
