/**
 * Checks of one field of untrusted JSON (an imported session, a pushed sync op): each returns the
 * value typed, or throws a `ValidationError` naming the field and what was expected.
 * @module
 */
import { ValidationError } from '../../errors.js';

/** `v` when it is a boolean; else a `ValidationError` naming `field`. */
export function bool(v: unknown, field: string): boolean {
  if (typeof v !== 'boolean') throw new ValidationError(field, 'a boolean', v);
  return v;
}
/** `v` when it is a finite number >= 0; else a `ValidationError` naming `field`. */
export function num(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new ValidationError(field, 'a number >= 0', v);
  return v;
}
/** `v` when it is one of `allowed`; else a `ValidationError` naming `field` and listing them. */
export function oneOf<T extends string>(v: unknown, allowed: readonly T[], field: string): T {
  if (!allowed.includes(v as T))
    throw new ValidationError(field, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, v);
  return v as T;
}

/**
 * The longest content one entry may have by default, in characters (UTF-16 code units, as
 * `string.length` counts them): 1,000,000, about 250,000 tokens of English text (more than a
 * whole 128k–200k-token model context) and at most 3 MB of UTF-8. Larger content could never
 * be sent to a model in one piece; refusing it keeps one add's work (counting, indexing,
 * storing, syncing) bounded. Change it with `createMemory({ maxContentLength })`.
 */
export const DEFAULT_MAX_CONTENT_LENGTH = 1_000_000;

/**
 * `content` when it has at most `max` characters (default {@link DEFAULT_MAX_CONTENT_LENGTH});
 * else a `ValidationError` naming `field`. Constant time: it reads `length` only. Adds,
 * imports and sync records check one entry's content with it, so every boundary refuses alike.
 * @example
 * ```ts
 * checkContentLength(text, 'state.entries[3].content'); // throws above 1,000,000 characters
 * ```
 */
export function checkContentLength(content: string, field: string, max = DEFAULT_MAX_CONTENT_LENGTH): string {
  if (content.length > max) {
    throw new ValidationError(
      field,
      `at most ${max.toLocaleString('en-US')} characters (the content size cap, option maxContentLength)`,
      content,
    );
  }
  return content;
}
