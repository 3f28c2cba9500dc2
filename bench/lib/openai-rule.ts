/**
 * The token rule used for every peer's output, so budgets and results compare exactly:
 * OpenAI's cookbook rule, the one RecallKit's `tokenCount` follows (see src/tokens/chat-tokens.ts).
 * @module
 */
import { MESSAGE_FRAMING, REPLY_PRIMING, TOOL_CALL_TYPE_TOKENS } from 'recallkit/tokens';
import type { GenMessage } from './conversation.js';

export { MESSAGE_FRAMING, REPLY_PRIMING };

/** Something that counts the tokens of a text. */
export type Count = (text: string) => number;

/** Tokens one generated message costs as an OpenAI chat message (framing included). */
export function genMessageTokens(count: Count, m: GenMessage): number {
  switch (m.kind) {
    case 'user':
    case 'assistant':
      return MESSAGE_FRAMING + count(m.content);
    case 'tool_call':
      return MESSAGE_FRAMING + count(m.callId) + count(m.toolName) + count(m.args) + TOOL_CALL_TYPE_TOKENS;
    case 'tool_result':
      return MESSAGE_FRAMING + count(m.content) + count(m.callId);
  }
}
