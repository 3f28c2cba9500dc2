/**
 * Builders of normalized {@link ChatMessage}s: the one shape every importer returns.
 * @module
 */
import type { ChatMessage, ChatToolCall } from '../types.js';

/**
 * A normalized message: `name` only when given; an assistant message with tool calls and no
 * text has `content: null` (OpenAI's convention); `tool_calls` only when non-empty.
 */
export function chatMessage(role: 'system' | 'user', content: string, name?: string): ChatMessage {
  return name === undefined ? { role, content } : { role, content, name };
}

/** A normalized assistant message (see {@link chatMessage}). */
export function assistantMessage(content: string, toolCalls: readonly ChatToolCall[], name?: string): ChatMessage {
  const message: ChatMessage = {
    role: 'assistant',
    content: content === '' && toolCalls.length > 0 ? null : content,
  };
  if (toolCalls.length > 0) message.tool_calls = [...toolCalls];
  if (name !== undefined) message.name = name;
  return message;
}

/** A normalized tool result message. */
export function toolMessage(toolCallId: string, content: string, name?: string): ChatMessage {
  const message: ChatMessage = { role: 'tool', content, tool_call_id: toolCallId };
  if (name !== undefined) message.name = name;
  return message;
}

/** An OpenAI tool call. */
export function toolCall(id: string, name: string, args: string): ChatToolCall {
  return { id, type: 'function', function: { name, arguments: args } };
}
