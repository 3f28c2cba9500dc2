/**
 * A caller's id on an add (`addUserMessage(s, text, metadata, { id })`, the tool and context
 * adds, `addMessages` items): the stored entry's id, so a retried add finds the turn it stored.
 * One home for what such an id may be, so every boundary (the engine, the worker, the server
 * routes) refuses alike.
 * @module
 */
import { ValidationError } from '../../errors.js';
import { MAX_ID_LENGTH } from './record-bounds.js';
import { RESERVED_SESSION_PREFIX } from './reserved-ids.js';

/**
 * The longest caller id: half of a record id's bound ({@link MAX_ID_LENGTH}), so ids RecallKit
 * derives from it (the drafts of one message, `chatTurn`'s reply) stay within the record bound.
 */
export const MAX_CALLER_ID_LENGTH = MAX_ID_LENGTH / 2;

/**
 * Prefixes of ids RecallKit gives its own records: the reserved sessions' prefix and the recall
 * index's summary documents (`summary:<id>`).
 */
export const RESERVED_ID_PREFIXES: readonly string[] = [RESERVED_SESSION_PREFIX, 'summary:'];

/** The character that marks ids RecallKit derives (sync's compaction, erase and drop ops): never in a caller id. */
export const DERIVED_ID_MARK = '~';

const expected =
  `a non-empty string of at most ${MAX_CALLER_ID_LENGTH} characters, without '${DERIVED_ID_MARK}' ` +
  `and not beginning with ${RESERVED_ID_PREFIXES.map((p) => `'${p}'`).join(' or ')} (reserved for RecallKit)`;

/** Whether `value` is a caller id RecallKit accepts. */
export function isCallerId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_CALLER_ID_LENGTH &&
    !value.includes(DERIVED_ID_MARK) &&
    !RESERVED_ID_PREFIXES.some((p) => value.startsWith(p))
  );
}

/** `value` when it is a caller id RecallKit accepts; else a `ValidationError` naming `field`. */
export function checkCallerId(value: unknown, field: string): string {
  if (!isCallerId(value)) throw new ValidationError(field, expected, value);
  return value;
}

/** `value` as a caller id, or `undefined` when it is `undefined` (no id: the engine makes one). */
export function optionalCallerId(value: unknown, field: string): string | undefined {
  return value === undefined ? undefined : checkCallerId(value, field);
}
