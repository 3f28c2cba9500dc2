/**
 * The new input of a `useChat` request: the last posted `UIMessage`, stored once.
 * @module
 */
import type { Memory } from '../memory.js';
import { ValidationError } from '../errors.js';
import { mediaOf } from '../formats/media-parts.js';
import { parseMessages } from '../formats/parse-messages.js';
import { isRecord, readArray, readRecord, readString } from '../formats/read.js';
import { checkCallerId, isCallerId } from '../core/checks/caller-ids.js';

/** The metadata key holding the `UIMessage` id a user entry was stored from (also the entry's id). */
export const UI_MESSAGE_ID = 'uiMessageId';

/** What the new input was, and the id the reply to it is stored under. */
export interface NewInput {
  /** `'user'`: a question; `'tools'`: an assistant message whose client-side tools now have outputs. */
  kind: 'user' | 'tools';
  /**
   * The id the reply's messages derive theirs from (`<replyId>:<n>`): the question's `UIMessage`
   * id (`<id>:reply`); after client-side tools, the id of the question they answer with the
   * number of outputs posted (`<id>:reply-<outputs>`, one per round). A retried request derives
   * the same ids, so its reply is stored once. `undefined` when the posted question has no usable id.
   */
  replyId: string | undefined;
}

/**
 * Store what the last posted message adds, unless it is stored already: a user message (stored
 * under its `UIMessage` id, so a retry finds it; kept in `metadata.uiMessageId` too), or an
 * assistant message whose client-side tools now have outputs (the results of stored calls that
 * have none). A user message whose id is stored already is not stored again, whatever its words.
 */
export async function newInput(memory: Memory, sessionId: string, messages: readonly unknown[]): Promise<NewInput> {
  const list = readArray(messages, 'messages');
  if (!list.length) throw new ValidationError('messages', "a non-empty array of UIMessages (useChat's messages)", list);
  const field = `messages[${list.length - 1}]`;
  const last = readRecord(list[list.length - 1], field);
  if (!Array.isArray(last['parts'])) {
    // An OpenAI / ModelMessage { role, content } posted where useChat's messages were expected.
    const keys = Object.keys(last).slice(0, 6).join(', ');
    throw new ValidationError(field, {
      problem:
        `expected a useChat UIMessage { id, role, parts } (what useChat posts), received { ${keys} }; ` +
        "other message shapes go to memory.addMessages(sessionId, messages, { format: 'openai' | 'ai-sdk' | … })",
    });
  }
  const role = last['role'];
  if (role === 'user') {
    const id = checkCallerId(readString(last['id'], `${field}.id`), `${field}.id`);
    const meta = { toolErrors: new Set<string>() };
    const [message] = parseMessages([last], 'ai-sdk', meta);
    const parts = message && mediaOf(message);
    const metadata = { [UI_MESSAGE_ID]: id, ...(parts ? { parts, partsFormat: 'ai-sdk' } : {}) };
    try {
      await memory.addUserMessage(sessionId, message?.content ?? '', metadata, { id });
    } catch (error) {
      // Stored under this id with other words (useChat's edit of a sent message keeps its id):
      // the message stored first stays, as a retry's would (the id was checked above, so this is that).
      if (!(error instanceof ValidationError && error.field === 'options.id')) throw error;
    }
    return { kind: 'user', replyId: `${id}:reply` };
  }
  if (role !== 'assistant')
    throw new ValidationError(`${field}.role`, '"user" (the new turn), or "assistant" with tool outputs', role);
  // Client-side tools: useChat posts the assistant message again once their outputs are added.
  const meta = { toolErrors: new Set<string>() };
  const results = parseMessages([last], 'ai-sdk', meta).filter((m) => m.role === 'tool');
  const question = list.findLast((m) => isRecord(m) && m['role'] === 'user') as Record<string, unknown> | undefined;
  const asked = question?.['id'];
  const replyId = isCallerId(asked) ? `${asked}:reply-${results.length}` : undefined;
  if (!results.length) return { kind: 'tools', replyId };
  const tools = await memory.getActiveEntries(sessionId, { types: ['tool_call', 'tool_result'] });
  const calls = new Map(tools.filter((e) => e.type === 'tool_call').map((e) => [e.tool!.callId, e.tool!.name]));
  const answered = new Set(tools.filter((e) => e.type === 'tool_result').map((e) => e.tool!.callId));
  for (const r of results) {
    const callId = r.tool_call_id ?? '';
    const name = calls.get(callId);
    if (name === undefined || answered.has(callId)) continue;
    await memory.addToolResult(sessionId, name, r.content ?? '', { callId, isError: meta.toolErrors.has(callId) });
  }
  return { kind: 'tools', replyId };
}
