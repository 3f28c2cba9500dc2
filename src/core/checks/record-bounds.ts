/**
 * The bounds every stored record keeps, whoever checks it: the engine on an add or an import,
 * the sync client before it pushes and the sync server on what it is pushed. One home, so
 * nothing one side accepts is refused by the other later.
 * @module
 */
import { ValidationError } from '../../errors.js';

/** Longest id (entry, summary, op, device, tool name, tool call id, strategy) a record may carry. */
export const MAX_ID_LENGTH = 512;

/** `value` when it is a non-empty string of at most {@link MAX_ID_LENGTH} characters. */
export function checkId(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ID_LENGTH) {
    throw new ValidationError(field, `a non-empty string of at most ${MAX_ID_LENGTH} characters`, value);
  }
  return value;
}

/**
 * `value` when it is an integer from 0 to 2^53-1: a count or a position that JSON, JavaScript
 * and PostgreSQL's `bigint` all hold exactly.
 */
export function checkCount(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new ValidationError(field, 'an integer from 0 to 2^53-1', value);
  return value;
}

/** Longest key of an entry's or a summary's metadata, at any depth. */
export const MAX_METADATA_KEY_LENGTH = MAX_ID_LENGTH;

/**
 * Longest speaker name (`metadata.speaker`, or `metadata.name`, when a string): recall indexes it
 * and the recalled block shows it before each line, so it is a name, not a text.
 */
export const MAX_SPEAKER_LENGTH = MAX_ID_LENGTH;

/** Longest `source` of `addContext` (a file name, a path or a URL). */
export const MAX_SOURCE_LENGTH = 2048;

/**
 * The size an entry's metadata may have: 4 × the larger of `maxContentLength` and its default,
 * 4,000,000 by default (an image of about 3 MB as a data URL fits). The size counts the length
 * of every key and string, and 1 for every other value (number, boolean, null, object, array).
 * @example metadataSizeCap(1_000_000) // 4_000_000
 */
export function metadataSizeCap(maxContentLength: number): number {
  return 4 * Math.max(maxContentLength, 1_000_000);
}
