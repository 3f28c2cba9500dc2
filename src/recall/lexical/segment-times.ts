/**
 * A segment's document times (`segments.ts`, format 3) as one string of record digits
 * (`term-record.ts`) instead of a JSON array of epoch milliseconds: per document 0 when the
 * time is unknown (or the document removed), else 1 + the zigzagged difference from the
 * previous known time of the segment. Turns are close in time, so most take a few characters
 * instead of 14. Times that are not whole milliseconds stay an array (format 2's form).
 * @module
 */

import { encodeNumbers, readNumber } from './term-record.js';
import type { Cursor } from './term-record.js';

/** The largest difference written as digits (`readNumber` reads up to 2^50). */
const MAX_DELTA = 2 ** 47;

/** Times (`null`: unknown) as digits, or as they are when one is not a whole number of ms. */
export function encodeTimes(times: readonly (number | null)[]): string | (number | null)[] {
  const out: number[] = [];
  let previous = 0;
  for (const time of times) {
    if (time === null) {
      out.push(0);
      continue;
    }
    const delta = time - previous;
    if (!Number.isSafeInteger(time) || Math.abs(delta) > MAX_DELTA) return [...times];
    out.push(1 + (delta >= 0 ? 2 * delta : -2 * delta - 1));
    previous = time;
  }
  return encodeNumbers(out);
}

/**
 * Read `count` times (from either form) into `out` from `at`, NaN where unknown. False when the
 * value is neither form or holds another count.
 */
export function decodeTimes(value: unknown, count: number, out: Float64Array, at: number): boolean {
  if (Array.isArray(value)) {
    if (value.length !== count) return false;
    for (let i = 0; i < count; i++) {
      const time: unknown = value[i];
      if (time !== null && typeof time !== 'number') return false;
      out[at + i] = time ?? NaN;
    }
    return true;
  }
  if (typeof value !== 'string') return false;
  const cursor: Cursor = { text: value, pos: 0 };
  let previous = 0;
  for (let i = 0; i < count; i++) {
    const n = readNumber(cursor);
    if (n < 0) return false;
    if (n === 0) {
      out[at + i] = NaN;
      continue;
    }
    const zz = n - 1;
    previous += zz % 2 === 0 ? zz / 2 : -(zz + 1) / 2;
    out[at + i] = previous;
  }
  return cursor.pos === value.length;
}
