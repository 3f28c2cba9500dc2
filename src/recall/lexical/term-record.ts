/**
 * A document's indexed terms as one compact string: the form the index keeps them in (for
 * persisting) and the form segments persist. Numbers are little-endian base-64 digits (5 bits
 * and a continuation bit) from the URL-safe base64 alphabet, so a record is plain JSON with
 * nothing to escape, and most numbers take one or two characters.
 * Layout: flags (1 = standalone), the term count of each field, the number of distinct slots,
 * then per slot (ascending) its distance from the previous one and its frequency.
 * @module
 */

import { FIELD_COUNT } from './ranking.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DIGITS: readonly number[] = Array.from(ALPHABET, (ch) => ch.charCodeAt(0));
const VALUES = new Int8Array(128).fill(-1);
DIGITS.forEach((code, d) => {
  VALUES[code] = d;
});
/** Characters per `String.fromCharCode` call (engines cap the argument count). */
const CHUNK = 8192;

/** A read position in a record (or in a segment's run of records). */
export interface Cursor {
  text: string;
  pos: number;
}

/** What a record holds before its terms. */
export interface RecordHead {
  standalone: boolean;
  /** Term count per field. */
  lengths: number[];
  /** Distinct slots (postings) of the document. */
  count: number;
}

/** An empty {@link RecordHead} to read into. */
export function createHead(): RecordHead {
  return { standalone: false, lengths: new Array<number>(FIELD_COUNT).fill(0), count: 0 };
}

const codes: number[] = [];

function put(value: number): void {
  let x = value;
  while (x >= 32) {
    codes.push(DIGITS[32 + (x % 32)] as number);
    x = Math.floor(x / 32);
  }
  codes.push(DIGITS[x] as number);
}

/**
 * The record of a document: `pairs` is `[slot, tf, …]` with `count` slots in ascending order.
 * @example encodeRecord(false, [2, 1, 0], [3, 2, 4, 1], 2) // 'ACBACDCBB'
 */
export function encodeRecord(
  standalone: boolean,
  lengths: ArrayLike<number>,
  pairs: ArrayLike<number>,
  count: number,
): string {
  codes.length = 0;
  put(standalone ? 1 : 0);
  for (let f = 0; f < FIELD_COUNT; f++) put(lengths[f] ?? 0);
  put(count);
  let previous = 0;
  for (let i = 0; i < count; i++) {
    const slot = pairs[2 * i] as number;
    put(slot - previous);
    put(pairs[2 * i + 1] as number);
    previous = slot;
  }
  if (codes.length <= CHUNK) return String.fromCharCode.apply(null, codes);
  let out = '';
  for (let i = 0; i < codes.length; i += CHUNK) out += String.fromCharCode.apply(null, codes.slice(i, i + CHUNK));
  return out;
}

/**
 * Non-negative integers (below 2^50) as one string of the record digits, read back with
 * {@link readNumber}.
 * @example encodeNumbers([0, 33]) // 'AhB'
 */
export function encodeNumbers(values: readonly number[]): string {
  codes.length = 0;
  for (const v of values) put(v);
  let out = '';
  for (let i = 0; i < codes.length; i += CHUNK) out += String.fromCharCode.apply(null, codes.slice(i, i + CHUNK));
  return out;
}

/** The next number at the cursor, or -1 when the text ends or holds a foreign character. */
export function readNumber(c: Cursor): number {
  let value = 0;
  let scale = 1;
  for (;;) {
    const code = c.text.charCodeAt(c.pos++); // NaN past the end: no digit
    const d = code < 128 ? (VALUES[code] as number) : -1;
    if (d < 0) return -1;
    value += (d & 31) * scale;
    if (d < 32) return value;
    scale *= 32;
    if (scale > 2 ** 45) return -1;
  }
}

/** Read a record's head into `head`; false when malformed. */
export function readHead(c: Cursor, head: RecordHead): boolean {
  const flags = readNumber(c);
  if (flags !== 0 && flags !== 1) return false;
  head.standalone = flags === 1;
  for (let f = 0; f < FIELD_COUNT; f++) {
    const n = readNumber(c);
    if (n < 0) return false;
    head.lengths[f] = n;
  }
  head.count = readNumber(c);
  return head.count >= 0;
}

/**
 * Read `count` terms after a head, appending `[slot, tf, …]` to `pairs` when given. False when
 * malformed: slots must ascend and stay below `slotLimit`, frequencies be positive.
 */
export function readTerms(c: Cursor, count: number, slotLimit: number, pairs?: number[]): boolean {
  let slot = 0;
  for (let i = 0; i < count; i++) {
    const delta = readNumber(c);
    const tf = readNumber(c);
    if (delta < 0 || tf < 1 || (i > 0 && delta === 0)) return false;
    slot += delta;
    if (slot >= slotLimit) return false;
    pairs?.push(slot, tf);
  }
  return true;
}

/**
 * {@link readHead} and {@link readTerms} of one record at once, written to `out` from `at` as
 * `flags, lengths…, count, slot, tf, …` (`FIELD_COUNT + 2 + 2 * count` numbers; `out` must hold
 * as many as the record has characters left). Returns where the record's numbers end in `out`,
 * or -1 when it is malformed (as `readTerms` judges it).
 */
export function readRecordInto(c: Cursor, slotLimit: number, out: Int32Array, at: number): number {
  const flags = readNumber(c);
  if (flags !== 0 && flags !== 1) return -1;
  let w = at;
  out[w++] = flags;
  for (let f = 0; f < FIELD_COUNT; f++) {
    const n = readNumber(c);
    if (n < 0 || n > 0x7fffffff) return -1;
    out[w++] = n;
  }
  const count = readNumber(c);
  // Each term takes two characters at least: a count beyond that is malformed (and unbounded).
  if (count < 0 || 2 * count > c.text.length - c.pos) return -1;
  out[w++] = count;
  let slot = 0;
  for (let i = 0; i < count; i++) {
    const delta = readNumber(c);
    const tf = readNumber(c);
    if (delta < 0 || tf < 1 || tf > 0x7fffffff || (i > 0 && delta === 0)) return -1;
    slot += delta;
    if (slot >= slotLimit) return -1;
    out[w++] = slot;
    out[w++] = tf;
  }
  return w;
}
