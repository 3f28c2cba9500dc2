/**
 * The shape of a message format: one codec `{ id, parse, write }` per format, each in its own
 * file, all behind the format registry (`registerFormat`).
 * @module
 */
import type { ChatMessage } from '../types.js';
import type { ImportMeta } from './options.js';
import type { AnthropicExportOptions } from './to-anthropic.js';

/** What a codec writes: the messages in its shape, plus any field the format keeps apart (`system`). */
export interface FormattedPrompt<M = unknown> {
  messages: M[];
  system?: string;
}

/** Reads and writes one message format. */
export interface FormatCodec<Out extends FormattedPrompt = FormattedPrompt> {
  /** The name given as `format` (`'anthropic'`). */
  readonly id: string;
  /**
   * Validate `input` as messages of this format and return them as `ChatMessage`s (tool pairs
   * kept). Failed tool results go to `meta.toolErrors`.
   * @throws ValidationError naming the field path (`messages[3].content`).
   */
  parse(input: unknown, meta?: ImportMeta): ChatMessage[];
  /** Write `ChatMessage`s in this format (`options.toolErrors` marks failed tool results). */
  write(messages: readonly ChatMessage[], options: AnthropicExportOptions): Out;
  /**
   * For a format that keeps the system prompt apart: the input `parse` takes when
   * `addMessages(s, messages, { system })` gives it separately.
   */
  withSystem?(messages: readonly unknown[], system: unknown): unknown;
  /** The field of an input message that carries its time (ISO string or Date), if the format has one. */
  readonly timeField?: string;
  /**
   * The id an input message carries, if the format has one, with its path for errors (`field` is
   * the message's own path, `messages[3]`); `undefined` for a message without one. `addMessages`
   * stores the message under it, so adding the message again stores nothing twice.
   */
  messageId?(message: unknown, field: string): { id: unknown; field: string } | undefined;
}

/** A message's `id` member (`undefined` and `null`: none), for formats that keep it at the top level. */
export function topLevelId(message: unknown, field: string): { id: unknown; field: string } | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const id = Object.hasOwn(message, 'id') ? (message as { id?: unknown }).id : undefined;
  return id === undefined || id === null ? undefined : { id, field: `${field}.id` };
}
