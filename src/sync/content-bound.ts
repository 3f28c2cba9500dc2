/**
 * The largest content an entry or a summary may carry in a sync op. One call site
 * (`checkSyncContent`), so the bound can follow the engine's own cap on an entry's content.
 * @module
 */
import { ValidationError } from '../errors.js';

/** Longest content (UTF-16 code units) of an entry or a summary in a sync op. */
export const MAX_SYNC_CONTENT_LENGTH = 1_000_000;

/** `value` when it is a string within {@link MAX_SYNC_CONTENT_LENGTH}; else a `ValidationError` naming `field`. */
export function checkSyncContent(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length > MAX_SYNC_CONTENT_LENGTH)
    throw new ValidationError(field, `a string of at most ${MAX_SYNC_CONTENT_LENGTH} characters`, value);
  return value;
}
