/**
 * The character classes tiktoken's pre-tokenizer patterns test, one byte of flags per code
 * point, from the Unicode tables of tiktoken's regex engine (`unicode-classes.ts`, Unicode 16.0).
 * Built on first use (about a millisecond), shared by both encodings.
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
  for (const name of Object.keys(FLAGS) as UnicodeClass[]) {
    const flags = FLAGS[name];
    for (const [first, last] of decodeRanges(UNICODE_CLASSES[name])) {
      built.fill(flags, first, last + 1); // the classes do not overlap
    }
  }
  built[13] = built[13]! | BREAK;
  built[10] = built[10]! | BREAK;
  return (table = built);
}
