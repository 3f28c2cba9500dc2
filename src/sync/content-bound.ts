/**
 * The largest content an entry or a summary may carry in a sync op: the engine's own default cap
 * on an entry's content (`maxContentLength`), so a record the client accepts by default is never
 * refused by the server for its size.
 * @module
 */
import { ValidationError } from '../errors.js';
import { checkContentLength, DEFAULT_MAX_CONTENT_LENGTH } from '../core/checks/field-checks.js';

/** Longest content (UTF-16 code units) of an entry or a summary in a sync op. */
export const MAX_SYNC_CONTENT_LENGTH = DEFAULT_MAX_CONTENT_LENGTH;

/** `value` when it is a string within {@link MAX_SYNC_CONTENT_LENGTH}; else a `ValidationError` naming `field`. */
export function checkSyncContent(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new ValidationError(field, 'a string', value);
  return checkContentLength(value, field, MAX_SYNC_CONTENT_LENGTH);
}
