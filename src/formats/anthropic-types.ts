/**
 * Minimal mirrors of the Anthropic Messages API request types RecallKit writes. They are
 * assignable to `@anthropic-ai/sdk`'s `MessageParam` (checked by the tests); the SDK is never
 * imported.
 * @module
 */

/** A text content block. */
export interface AnthropicTextBlock {
  type: 'text';
  text: string;
}

/** A tool call made by the assistant. */
export interface AnthropicToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  /** The parsed arguments; arguments that are not a JSON object are `{ _raw: string }`. */
  input: Record<string, unknown>;
}

/** A tool's result, sent in the user message right after the `tool_use`. */
export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  /** Absent when the result is empty (the API refuses empty text). */
  content?: string;
  is_error?: boolean;
}

/** A content block RecallKit writes. */
export type AnthropicContentBlock = AnthropicTextBlock | AnthropicToolUseBlock | AnthropicToolResultBlock;

/** A message of the Messages API: roles alternate, the first is `user`. */
export interface AnthropicMessageParam {
  role: 'user' | 'assistant';
  content: AnthropicContentBlock[];
}

/** What `toAnthropic` returns: the `system` and `messages` of a `messages.create` request. */
export interface AnthropicPrompt {
  /** Every system message (summaries, context), joined by a blank line; `''` when none. */
  system: string;
  messages: AnthropicMessageParam[];
}
