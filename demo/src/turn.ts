/**
 * One chat turn against a `Memory`: store the user's message, read the context the model would
 * be sent for it, let the local assistant answer from that (storing its tool call and result
 * when it uses a tool), store the reply.
 * @module
 */
import type { ContextOptions, Memory } from 'recallkit';
import { respond, type AssistantTurn } from './assistant.js';
import { searchNotes } from './search-notes.js';

/**
 * Play one turn of `text` in `sessionId`. `onStored` runs once the user message is stored
 * (after any summarization it triggered). `recall` is the context's recall, as "What the model
 * sees" shows it (default: the memory's own `contextRecall`). Resolves to what the assistant did.
 */
export async function playTurn(
  memory: Memory,
  sessionId: string,
  text: string,
  onStored?: () => void,
  recall?: ContextOptions['recall'],
): Promise<AssistantTurn> {
  const user = await memory.addUserMessage(sessionId, text);
  onStored?.();
  const { messages } = await memory.getContextForLLM(sessionId, recall === undefined ? {} : { recall });
  const tools = { searchNotes: (query: string) => searchNotes(memory, sessionId, query, user.id) };
  const turn = await respond(text, tools, messages);
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
