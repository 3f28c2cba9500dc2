/**
 * Adding generated messages to a RecallKit session through the public `add*` methods.
 * @module
 */
import type { Memory } from 'recallkit';
import type { GenMessage } from './conversation.js';

/** Add one generated message with the method an app would call for it. */
export async function addMessage(memory: Memory, sessionId: string, m: GenMessage): Promise<void> {
  switch (m.kind) {
    case 'user':
      await memory.addUserMessage(sessionId, m.content);
      return;
    case 'assistant':
      await memory.addAssistantMessage(sessionId, m.content);
      return;
    case 'tool_call':
      await memory.addToolCall(sessionId, m.toolName, m.args, { callId: m.callId });
      return;
    case 'tool_result':
      await memory.addToolResult(sessionId, m.toolName, m.content, { callId: m.callId });
      return;
  }
}
