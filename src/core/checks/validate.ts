import type { InteractionInput } from '../../types.js';
import { ValidationError } from '../../errors.js';
import { refuseReservedSessionId } from './reserved-ids.js';
import { checkIsoTimestamp } from './iso-timestamp.js';
import { MAX_METADATA_KEY_LENGTH, MAX_SPEAKER_LENGTH, metadataSizeCap } from './record-bounds.js';

/** Longest accepted session id. */
export const MAX_SESSION_ID_LENGTH = 512;

/** True for `{}`-style objects (not arrays, null, class instances like Date or Map). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Refuse anything but a non-empty session id string of at most 512 characters, not reserved by RecallKit. */
export function checkSessionId(sessionId: unknown, field = 'sessionId'): string {
  if (typeof sessionId !== 'string' || sessionId.length === 0) {
    throw new ValidationError(field, 'a non-empty string', sessionId);
  }
  if (sessionId.length > MAX_SESSION_ID_LENGTH) {
    throw new ValidationError(field, `a string of at most ${MAX_SESSION_ID_LENGTH} characters`, sessionId);
  }
  refuseReservedSessionId(sessionId, field);
  return sessionId;
}

/** Refuse non-string content. */
export function checkContent(content: unknown, field = 'content'): string {
  if (typeof content !== 'string') throw new ValidationError(field, 'a string', content);
  return content;
}

/** Refuse a non-empty-string name (tool names, sources). */
export function checkName(name: unknown, field: string): string {
  if (typeof name !== 'string' || name.trim().length === 0) {
    throw new ValidationError(field, 'a non-empty string', name);
  }
  return name;
}

/**
 * Metadata must be a plain object of data that survives a structured clone and JSON (no
 * functions, symbols, class instances other than Date, or cycles), within the record bounds:
 * keys of at most {@link MAX_METADATA_KEY_LENGTH} characters, a speaker name (`speaker`, `name`)
 * of at most {@link MAX_SPEAKER_LENGTH}, and a size within {@link metadataSizeCap} of
 * `maxContentLength` (default 1,000,000).
 */
export function checkMetadata(
  metadata: unknown,
  field = 'metadata',
  maxContentLength = 1_000_000,
): Record<string, unknown> | undefined {
  if (metadata === undefined) return undefined;
  if (!readable(field, () => isPlainObject(metadata))) throw new ValidationError(field, 'a plain object', metadata);
  const max = metadataSizeCap(maxContentLength);
  checkData(metadata, field, new Set(), 0, { left: max, max, field });
  const record = metadata as Record<string, unknown>;
  for (const key of ['speaker', 'name']) {
    const value = Object.hasOwn(record, key) ? record[key] : undefined;
    if (typeof value === 'string' && value.length > MAX_SPEAKER_LENGTH)
      throw new ValidationError(`${field}.${key}`, `a speaker name of at most ${MAX_SPEAKER_LENGTH} characters`, value);
  }
  return record;
}

/** What metadata may still hold while {@link checkData} walks it (see {@link metadataSizeCap}). */
export interface SizeBudget {
  left: number;
  readonly max: number;
  /** The metadata's own field, named when it is too large. */
  readonly field: string;
}

function spend(budget: SizeBudget | undefined, size: number): void {
  if (budget === undefined) return;
  budget.left -= size;
  if (budget.left < 0)
    throw new ValidationError(
      budget.field,
      `at most ${budget.max.toLocaleString('en-US')} characters of metadata in its keys and strings ` +
        '(images and files included; 4 × maxContentLength, every other value counts 1)',
    );
}

/**
 * `read()`'s result; an error it throws (a getter, a proxy trap) becomes a `ValidationError`
 * naming `field`, with the thrown message and the error as `cause`.
 */
function readable<T>(field: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const thrown = error instanceof Error ? error.message : typeof error === 'string' ? error : 'a non-Error value';
    const reason = thrown.length > 200 ? `${thrown.slice(0, 200)}…` : thrown;
    const refused = new ValidationError(field, `plain data that can be read (reading it threw: ${reason})`);
    refused.cause = error;
    throw refused;
  }
}

/**
 * Refuse values that cannot be stored and exported as JSON-like data. With a `budget` (metadata),
 * keys longer than {@link MAX_METADATA_KEY_LENGTH} and a size past the budget are refused too.
 */
export function checkData(value: unknown, field: string, seen: Set<object>, depth: number, budget?: SizeBudget): void {
  if (depth > 64) throw new ValidationError(field, 'data nested at most 64 levels deep');
  switch (typeof value) {
    case 'string':
      spend(budget, value.length);
      return;
    case 'boolean':
    case 'undefined':
      spend(budget, 1);
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new ValidationError(field, 'a finite number', value);
      spend(budget, 1);
      return;
    case 'object': {
      spend(budget, 1);
      if (value === null || value instanceof Date) return;
      if (seen.has(value)) throw new ValidationError(field, 'data without cycles');
      const array = readable(field, () => Array.isArray(value));
      if (!array && !readable(field, () => isPlainObject(value)))
        throw new ValidationError(field, 'plain data (objects, arrays, strings, numbers, booleans, null)', value);
      seen.add(value);
      const record = value as Record<string, unknown>;
      const keys = readable(field, () =>
        array ? Array.from(record as unknown as unknown[], (_, i) => String(i)) : Object.keys(record),
      );
      for (const k of keys) {
        if (budget && !array) {
          if (k.length > MAX_METADATA_KEY_LENGTH)
            throw new ValidationError(field, `keys of at most ${MAX_METADATA_KEY_LENGTH} characters`, k);
          spend(budget, k.length);
        }
        const path = array ? `${field}[${k}]` : `${field}.${k}`;
        checkData(
          readable(path, () => record[k]),
          path,
          seen,
          depth + 1,
          budget,
        );
      }
      seen.delete(value);
      return;
    }
    default:
      throw new ValidationError(field, 'plain data (objects, arrays, strings, numbers, booleans, null)', value);
  }
}

/** Encode a tool call's arguments or a JSON request as text; strings pass through as they are. */
export function toJsonText(value: unknown, field: string): string {
  if (typeof value === 'string') return value;
  checkData(value, field, new Set(), 0);
  const text = readable(field, () => JSON.stringify(value));
  if (text === undefined) throw new ValidationError(field, 'a JSON value', value);
  return text;
}

/** A strict ISO 8601 timestamp or a valid Date, as an ISO string (`checkIsoTimestamp`); now when `undefined`. */
export function checkTimestamp(ts: unknown, field: string, now: () => Date): string {
  if (ts === undefined) return now().toISOString();
  return checkIsoTimestamp(ts, field);
}

/** Validate `addInteraction`'s `{ userRequest, aiResponse, ts }`. */
export function checkInteractionInput(input: unknown): InteractionInput {
  if (!isPlainObject(input))
    throw new ValidationError('interaction', 'an object { userRequest, aiResponse, ts? }', input);
  if (input.userRequest === undefined || input.userRequest === null) {
    throw new ValidationError('interaction.userRequest', 'a string or JSON value', input.userRequest);
  }
  if (input.aiResponse === undefined || input.aiResponse === null) {
    throw new ValidationError('interaction.aiResponse', 'a string or JSON value', input.aiResponse);
  }
  for (const key of Object.keys(input)) {
    if (!['userRequest', 'aiResponse', 'ts'].includes(key)) {
      throw new ValidationError(`interaction.${key}`, 'only userRequest, aiResponse and ts', key);
    }
  }
  return input as unknown as InteractionInput;
}
