/**
 * Images, files and audio of a message, kept as the source wrote them. `ChatMessage` holds text
 * (a part reads `[image]` / `[file]` / `[audio]` there); the parts themselves ride along with
 * the normalized message, and `addMessages` stores them in the entry's `metadata.parts`, so an
 * export gives them back verbatim.
 * @module
 */
import type { ChatMessage } from '../types.js';

const MEDIA = /^(image|image_url|input_image|file|document|input_file|audio|input_audio)$/u;
const kept = new WeakMap<ChatMessage, unknown[]>();

/** The media parts of `content` (an array of parts), or `undefined` when it has none. */
export function mediaParts(content: unknown): unknown[] | undefined {
  if (!Array.isArray(content)) return undefined;
  const parts = content.filter(
    (p) =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as { type?: unknown }).type === 'string' &&
      MEDIA.test((p as { type: string }).type),
  );
  return parts.length ? parts : undefined;
}

/** `message`, remembering the media parts of its source `content` (if any). */
export function withMedia(message: ChatMessage, content: unknown): ChatMessage {
  const parts = mediaParts(content);
  if (parts) kept.set(message, structuredClone(parts));
  return message;
}

/** The media parts a reader kept for `message`. */
export function mediaOf(message: ChatMessage): unknown[] | undefined {
  return kept.get(message);
}
