/**
 * Minimal mirrors of the Vercel AI SDK `ModelMessage` types RecallKit writes. They are
 * assignable to `ModelMessage` from `ai` v5 and v6 (checked by the tests); `ai` is never imported.
 * @module
 */

/** A text part. */
export interface AISDKTextPart {
  type: 'text';
  text: string;
}

/** A tool call made by the assistant. */
export interface AISDKToolCallPart {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  /** The parsed arguments; arguments that are not a JSON object are `{ _raw: string }`. */
  input: Record<string, unknown>;
}

/** A tool result's output: `error-text` for a failed tool. */
export type AISDKToolResultOutput = { type: 'text'; value: string } | { type: 'error-text'; value: string };

/** A tool result. */
export interface AISDKToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  output: AISDKToolResultOutput;
}

/** A system message (kept where it is in the conversation). */
export interface AISDKSystemMessage {
  role: 'system';
  content: string;
}

/** A user message. */
export interface AISDKUserMessage {
  role: 'user';
  content: string;
}

/** An assistant message: a string, or text and tool-call parts when it calls tools. */
export interface AISDKAssistantMessage {
  role: 'assistant';
  content: string | Array<AISDKTextPart | AISDKToolCallPart>;
}

/** The results of consecutive tool messages, in one message as the AI SDK itself writes them. */
export interface AISDKToolMessage {
  role: 'tool';
  content: AISDKToolResultPart[];
}

/** A message RecallKit writes for the AI SDK (a subset of `ModelMessage`). */
export type AISDKMessage = AISDKSystemMessage | AISDKUserMessage | AISDKAssistantMessage | AISDKToolMessage;
