/**
 * The character classes tiktoken's pre-tokenizer patterns test, one byte of flags per code
 * point, from the Unicode tables of tiktoken's regex engine (`unicode-classes.ts`, Unicode 16.0).
 * Built on first use, shared by both encodings: the ranges are read digit by digit straight into
 * the table (a split and two `parseInt` per range took most of a worker's first count).
 * @module
 */
import { UNICODE_CLASSES, type UnicodeClass } from './unicode-classes.js';

/** In `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`: `o200k_base`'s upper-case side of a word. */
export const UPPER = 1;
/** In `[\p{Ll}\p{Lm}\p{Lo}\p{M}]`: `o200k_base`'s lower-case side of a word. */
export const LOWER = 2;
/** In `\p{L}`. */
export const LETTER = 4;
/** In `\p{N}`. */
export const NUMBER = 8;
/** In `\s` (Unicode White_Space). */
export const SPACE = 16;
/** `\r` or `\n`. */
export const BREAK = 32;

/** Flags of each class of the tables. */
const FLAGS: Record<UnicodeClass, number> = {
  Lu: UPPER | LETTER,
  Lt: UPPER | LETTER,
  Ll: LOWER | LETTER,
  Lm: UPPER | LOWER | LETTER,
  Lo: UPPER | LOWER | LETTER,
  M: UPPER | LOWER,
  N: NUMBER,
  White_Space: SPACE,
};

/** The ranges `scripts/unicode-classes.mjs` encoded (`gap.length` in base 36, joined by `,`). */
export function decodeRanges(encoded: string): [first: number, last: number][] {
  const out: [number, number][] = [];
  let previous = -1;
  for (const part of encoded.split(',')) {
    const dot = part.indexOf('.');
    const first = previous + 1 + parseInt(part.slice(0, dot), 36);
    previous = first + parseInt(part.slice(dot + 1), 36);
    out.push([first, previous]);
  }
  return out;
}

let table: Uint8Array | undefined;

/**
 * Flags of every code point, indexed by code point (0 to U+10FFFF). Surrogates (a lone one
 * becomes U+FFFD in UTF-8) and unassigned code points have none, as U+FFFD.
 */
export function charClasses(): Uint8Array {
  if (table) return table;
  const built = new Uint8Array(0x110000);
  for (const name of Object.keys(FLAGS) as UnicodeClass[]) fillRanges(built, FLAGS[name], UNICODE_CLASSES[name]);
  built[13] = built[13]! | BREAK;
  built[10] = built[10]! | BREAK;
  return (table = built);
}

/** {@link decodeRanges} without the arrays: sets `flags` on every code point of `encoded`'s ranges. */
function fillRanges(table: Uint8Array, flags: number, encoded: string): void {
  let previous = -1;
  let gap = 0;
  let value = 0;
  for (let i = 0; i <= encoded.length; i++) {
    const c = i < encoded.length ? encoded.charCodeAt(i) : 44;
    if (c === 46) {
      // '.': the gap is read, the length follows
      gap = value;
      value = 0;
    } else if (c === 44) {
      // ',' (or the end): one range; the classes do not overlap
      const first = previous + 1 + gap;
      previous = first + value;
      table.fill(flags, first, previous + 1);
      value = 0;
    } else {
      value = value * 36 + (c <= 57 ? c - 48 : c - 87); // '0'-'9', 'a'-'z'
    }
  }
}
