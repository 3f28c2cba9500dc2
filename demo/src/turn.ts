/**
 * One chat turn against a `Memory`: store the user's message, let the local assistant answer
 * (storing its tool call and result when it uses a tool), store the reply.
 * @module
 */
import type { Memory } from 'recallkit';
import { respond, type AssistantTurn } from './assistant.js';
import { searchNotes } from './search-notes.js';

/**
 * Play one turn of `text` in `sessionId`. `onStored` runs once the user message is stored
 * (after any summarization it triggered). Resolves to what the assistant did.
 */
export async function playTurn(
  memory: Memory,
  sessionId: string,
  text: string,
  onStored?: () => void,
): Promise<AssistantTurn> {
  const user = await memory.addUserMessage(sessionId, text);
  onStored?.();
  const turn = await respond(text, { searchNotes: (query) => searchNotes(memory, sessionId, query, user.id) });
  if (turn.tool) {
    const call = await memory.addToolCall(sessionId, turn.tool.name, turn.tool.args);
    const callId = call.tool?.callId;
    await memory.addToolResult(sessionId, turn.tool.name, turn.tool.result, {
      ...(callId ? { callId } : {}),
      isError: turn.tool.isError,
    });
  }
  await memory.addAssistantMessage(sessionId, turn.reply);
  return turn;
}
