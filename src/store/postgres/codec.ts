/**
 * How values and ids are written to PostgreSQL: as JSON text. `JSON.stringify` escapes NUL and
 * lone surrogates, which PostgreSQL text cannot hold, so every string round-trips exactly.
 * @module
 */
import { StoreError } from '../../errors.js';

/** An id (tenant, session, entry, summary, aux key) as stored. Prefix-preserving per code unit. */
export const encodeKey = (id: string): string => JSON.stringify(id);

/** An id read back. */
export const decodeKey = (text: string): string => JSON.parse(text) as string;

/**
 * A value as stored; refuses what JSON cannot carry (functions, symbols, bigints, cycles).
 * `what` names the value in the error (a function: made only then).
 */
export function encodeValue(value: unknown, what: string | (() => string)): string {
  try {
    // Native JSON.stringify throws on cycles and bigints but drops functions and symbols: a walk
    // of what it wrote refuses those (much cheaper than a replacer called for every value).
    const text = JSON.stringify(value);
    refuseDropped(value, '');
    return text;
  } catch (error) {
    const name = typeof what === 'string' ? what : what();
    throw new StoreError(
      `postgresStore: cannot write ${name}: a value is not JSON data (${(error as Error).message})`,
      { cause: error },
    );
  }
}

/**
 * Throw on a function or symbol among the values JSON.stringify would write (after `toJSON`, as
 * it does); called once it succeeded, so the value holds no cycle.
 */
function refuseDropped(value: unknown, key: string): void {
  let v = value;
  if (typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function')
    v = (v as { toJSON: (key: string) => unknown }).toJSON(key);
  if (typeof v === 'function' || typeof v === 'symbol') throw new TypeError(`a ${typeof v} is not JSON data`);
  if (typeof v !== 'object' || v === null) return;
  // Strings, numbers, booleans and null are JSON data as they are: only the others are walked
  // (an array of numbers, a recall segment's, costs one type check per item).
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (walked(v[i])) refuseDropped(v[i], String(i));
    return;
  }
  for (const k of Object.keys(v)) {
    const item = (v as Record<string, unknown>)[k];
    if (walked(item)) refuseDropped(item, k);
  }
}

/** Whether a value needs {@link refuseDropped}'s look: an object (maybe with `toJSON`), a function or a symbol. */
const walked = (v: unknown): boolean =>
  (typeof v === 'object' && v !== null) || typeof v === 'function' || typeof v === 'symbol';

/** A value read back (a fresh copy each time). */
export const decodeValue = <T>(text: string): T => JSON.parse(text) as T;
