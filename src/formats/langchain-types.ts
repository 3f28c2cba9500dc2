/**
 * Plain message objects LangChain.js accepts wherever it takes a `BaseMessageLike`
 * (`model.invoke(messages)`, `coerceMessageLikeToMessage`). Declared as type aliases, not
 * interfaces, so they satisfy LangChain's `Record<string, unknown>`-based types (checked by the
 * tests); `@langchain/core` is never imported.
 * @module
 */

/** A LangChain tool call (`AIMessage.tool_calls[n]`). */
export type LangChainToolCall = {
  id: string;
  name: string;
  /** The parsed arguments; arguments that are not a JSON object are `{ _raw: string }`. */
  args: Record<string, unknown>;
  type: 'tool_call';
};

/** Becomes a `SystemMessage`. */
export type LangChainSystemMessage = { role: 'system'; content: string; name?: string };

/** Becomes a `HumanMessage`. */
export type LangChainUserMessage = { role: 'user'; content: string; name?: string };

/** Becomes an `AIMessage`. */
export type LangChainAssistantMessage = {
  role: 'assistant';
  content: string;
  tool_calls?: LangChainToolCall[];
  name?: string;
};

/** Becomes a `ToolMessage`; `status: 'error'` marks a failed tool. */
export type LangChainToolMessage = {
  role: 'tool';
  content: string;
  tool_call_id: string;
  status?: 'error';
  name?: string;
};

/** A plain message object for LangChain.js. */
export type LangChainMessage =
  LangChainSystemMessage | LangChainUserMessage | LangChainAssistantMessage | LangChainToolMessage;
