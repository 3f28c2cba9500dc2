/**
 * Options shared by the message-format converters.
 * @module
 */

/** What an exporter needs beyond `ChatMessage`, which has no error flag. */
export interface ExportOptions {
  /** `tool_call_id`s whose results are errors (`is_error`, `error-text`, `status: 'error'`). */
  toolErrors?: ReadonlySet<string>;
}

/**
 * Collects, while importing, what `ChatMessage` cannot carry. Pass the same object to an
 * exporter to write it back.
 * @example
 * const meta = { toolErrors: new Set<string>() };
 * const messages = fromAnthropic(system, anthropicMessages, meta);
 * toAISDK(messages, meta); // the failed tool results stay `error-text`
 */
export interface ImportMeta {
  /** Receives the `tool_call_id` of every tool result the source marks as an error. */
  toolErrors: Set<string>;
}
