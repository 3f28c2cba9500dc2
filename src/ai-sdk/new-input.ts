/**
 * The new input of a `useChat` request: the last posted `UIMessage`, stored once.
 * @module
 */
import type { Memory } from '../memory.js';
import { ValidationError } from '../errors.js';
import { mediaOf } from '../formats/media-parts.js';
import { parseMessages } from '../formats/parse-messages.js';
import { readArray, readRecord, readString } from '../formats/read.js';

/** The metadata key holding the `UIMessage` id a user entry was stored from. */
export const UI_MESSAGE_ID = 'uiMessageId';

/**
 * Store what the last posted message adds, unless it is stored already: a user message (known by
 * its `id`, kept as `metadata.uiMessageId`), or an assistant message whose client-side tools now
 * have outputs (the results of stored calls that have none).
 */
export async function newInput(memory: Memory, sessionId: string, messages: readonly unknown[]): Promise<void> {
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
    const id = readString(last['id'], `${field}.id`);
    const meta = { toolErrors: new Set<string>() };
    const [message] = parseMessages([last], 'ai-sdk', meta);
    const users = await memory.getActiveEntries(sessionId, { types: ['message'], roles: ['user'] });
    if (users.some((e) => e.metadata?.[UI_MESSAGE_ID] === id)) return; // a retry: stored already
    const parts = message && mediaOf(message);
    await memory.addUserMessage(sessionId, message?.content ?? '', {
      [UI_MESSAGE_ID]: id,
      ...(parts ? { parts, partsFormat: 'ai-sdk' } : {}),
    });
    return;
  }
  if (role !== 'assistant')
    throw new ValidationError(`${field}.role`, '"user" (the new turn), or "assistant" with tool outputs', role);
  // Client-side tools: useChat posts the assistant message again once their outputs are added.
  const meta = { toolErrors: new Set<string>() };
  const results = parseMessages([last], 'ai-sdk', meta).filter((m) => m.role === 'tool');
  if (!results.length) return;
  const tools = await memory.getActiveEntries(sessionId, { types: ['tool_call', 'tool_result'] });
  const calls = new Map(tools.filter((e) => e.type === 'tool_call').map((e) => [e.tool!.callId, e.tool!.name]));
  const answered = new Set(tools.filter((e) => e.type === 'tool_result').map((e) => e.tool!.callId));
  for (const r of results) {
    const callId = r.tool_call_id ?? '';
    const name = calls.get(callId);
    if (name === undefined || answered.has(callId)) continue;
    await memory.addToolResult(sessionId, name, r.content ?? '', { callId, isError: meta.toolErrors.has(callId) });
  }
}
