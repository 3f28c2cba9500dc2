/**
 * tiktoken's pre-tokenizer in JavaScript: where each piece of a text ends, exactly as the regular
 * expression of `o200k_base` or `cl100k_base` cuts it in tiktoken's WASM build. Hand-written
 * instead of a `RegExp` for two reasons: the classes are those of tiktoken's Unicode tables
 * (`char-classes.ts`), never the engine's own `\p{…}` (Node 20 has Unicode 17, browsers vary, so
 * some texts would split differently), and a `RegExp` spelling those tables out runs 8x slower.
 *
 * Each function follows its pattern alternative by alternative, in order, with the choices a
 * backtracking engine makes (both Rust's and JavaScript's take the first alternative that
 * matches, quantifiers greedy). `test/unit/tokens-pre-tokenizer.test.ts` compares the pieces with
 * the patterns run as `RegExp`s on random and adversarial text.
 *
 * A lone surrogate (U+FFFD once encoded in UTF-8) has no class, as U+FFFD. Linear in the text's
 * length: a piece's end is found by looking at most across the run of one class that it ends in.
 * @module
 */
import { BREAK, charClasses, LETTER, LOWER, NUMBER, SPACE, UPPER } from './char-classes.js';

/** Where the piece starting at `at` ends (`at` < text length; the result is > `at`). */
export type PieceEnd = (text: string, at: number) => number;

const CONTRACTION = "(?i:'s|'t|'re|'ve|'m|'ll|'d)";
const UPPER_CLASS = '[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]';
const LOWER_CLASS = '[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]';
const PREFIX = '[^\\r\\n\\p{L}\\p{N}]?';

/** `o200k_base`'s pattern, as its rank file spells it. */
export const O200K_PATTERN =
  `${PREFIX}${UPPER_CLASS}*${LOWER_CLASS}+${CONTRACTION}?|${PREFIX}${UPPER_CLASS}+${LOWER_CLASS}*${CONTRACTION}?` +
  '|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+';

/** `cl100k_base`'s pattern, as its rank file spells it. */
export const CL100K_PATTERN =
  `${CONTRACTION}|${PREFIX}\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*` + '|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+';

const APOSTROPHE = 0x27;

/** The end of `(?i:'s|'t|'re|'ve|'m|'ll|'d)` at `at`, or `at` when it does not match there. */
function contractionEnd(text: string, at: number): number {
  if (text.charCodeAt(at) !== APOSTROPHE) return at;
  const a = text.charCodeAt(at + 1) | 0x20; // ASCII lower case; NaN | 0x20 is 0x20
  // 's 't 'm 'd, and 'ſ (U+017F folds to s)
  if (a === 0x73 || a === 0x74 || a === 0x6d || a === 0x64 || text.charCodeAt(at + 1) === 0x17f) return at + 2;
  const b = text.charCodeAt(at + 2) | 0x20;
  if ((a === 0x72 || a === 0x76) && b === 0x65) return at + 3; // re ve
  if (a === 0x6c && b === 0x6c) return at + 3; // ll
  return at;
}

/**
 * A pre-tokenizer for `o200k_base`'s pattern, alternatives in order:
 * 1. `P? U* W+ C?` and 2. `P? U+ W* C?`, where P = `[^\r\n\p{L}\p{N}]`,
 *    U = `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`, W = `[\p{Ll}\p{Lm}\p{Lo}\p{M}]`, C = a contraction;
 * 3. `\p{N}{1,3}`; 4. ` ?[^\s\p{L}\p{N}]+[\r\n/]*`; 5. `\s*[\r\n]+`; 6. `\s+(?!\S)`; 7. `\s+`.
 */
function o200kPieceEnd(classes: Uint8Array): PieceEnd {
  const flagsAt = (text: string, i: number): number => classes[text.codePointAt(i)!]!;
  const widthAt = (text: string, i: number): number => (text.codePointAt(i)! > 0xffff ? 2 : 1);
  /** End of the run of code points having one of `flags`, from `i`. */
  const runEnd = (text: string, i: number, flags: number): number => {
    while (i < text.length) {
      const c = text.codePointAt(i)!;
      if ((classes[c]! & flags) === 0) break;
      i += c > 0xffff ? 2 : 1;
    }
    return i;
  };

  /** `U* W+ C?` from `s`: greedy U*, then the first place backwards where W+ can start. */
  const upperThenLower = (text: string, s: number): number => {
    const u = runEnd(text, s, UPPER);
    if (u < text.length && flagsAt(text, u) & LOWER) return contractionEnd(text, runEnd(text, u, LOWER));
    // Give back U one code point at a time; W+ then takes the code point given back, if it is W
    // (nothing after it is: the one after is either not W or the one that ended U*).
    for (let k = u; k > s;) {
      const low = text.charCodeAt(k - 1);
      k -= low >= 0xdc00 && low <= 0xdfff && k - 2 >= s && text.codePointAt(k - 2)! > 0xffff ? 2 : 1;
      if (flagsAt(text, k) & LOWER) return contractionEnd(text, k + widthAt(text, k));
    }
    return -1;
  };

  return (text, at) => {
    const first = flagsAt(text, at);
    const width = widthAt(text, at);
    const prefix = (first & (BREAK | LETTER | NUMBER)) === 0;
    // 1. [P] U* W+ C?
    if (prefix && at + width < text.length) {
      const end = upperThenLower(text, at + width);
      if (end >= 0) return end;
    }
    let end = upperThenLower(text, at);
    if (end >= 0) return end;
    // 2. [P] U+ W* C?
    if (prefix && at + width < text.length && flagsAt(text, at + width) & UPPER) {
      return contractionEnd(text, runEnd(text, runEnd(text, at + width, UPPER), LOWER));
    }
    if (first & UPPER) return contractionEnd(text, runEnd(text, runEnd(text, at, UPPER), LOWER));
    // 3. \p{N}{1,3}
    if (first & NUMBER) {
      end = at + width;
      for (let n = 1; n < 3 && end < text.length && flagsAt(text, end) & NUMBER; n++) end += widthAt(text, end);
      return end;
    }
    // 4. ` ?[^\s\p{L}\p{N}]+[\r\n/]*`
    const punctuation = SPACE | LETTER | NUMBER;
    let from = -1;
    if (text.charCodeAt(at) === 0x20 && at + 1 < text.length && (flagsAt(text, at + 1) & punctuation) === 0) {
      from = at + 1;
    } else if ((first & punctuation) === 0) from = at;
    if (from >= 0) {
      end = punctuationEnd(text, from, classes);
      while (end < text.length) {
        const c = text.charCodeAt(end);
        if (c !== 0x0d && c !== 0x0a && c !== 0x2f) break;
        end++;
      }
      return end;
    }
    return spaceEnd(text, at, classes);
  };
}

/** End of the run of `[^\s\p{L}\p{N}]` from `i`. */
function punctuationEnd(text: string, i: number, classes: Uint8Array): number {
  while (i < text.length) {
    const c = text.codePointAt(i)!;
    if (classes[c]! & (SPACE | LETTER | NUMBER)) break;
    i += c > 0xffff ? 2 : 1;
  }
  return i;
}

/**
 * The last three alternatives of both patterns, at a white-space character: `\s*[\r\n]+` (up to
 * the run's last line break), else `\s+(?!\S)` (the run but its last character, unless the run
 * ends the text), else `\s+`. White space is all in the Basic Multilingual Plane.
 */
function spaceEnd(text: string, at: number, classes: Uint8Array): number {
  let w = at;
  let lastBreak = -1;
  while (w < text.length) {
    const flags = classes[text.charCodeAt(w)]!;
    if ((flags & SPACE) === 0) break;
    if (flags & BREAK) lastBreak = w;
    w++;
  }
  if (lastBreak >= 0) return lastBreak + 1;
  if (w === text.length || w - 1 === at) return w;
  return w - 1;
}

/**
 * A pre-tokenizer for `cl100k_base`'s pattern, alternatives in order: 1. a contraction;
 * 2. `[^\r\n\p{L}\p{N}]?\p{L}+`; 3. `\p{N}{1,3}`; 4. ` ?[^\s\p{L}\p{N}]+[\r\n]*`;
 * 5. `\s*[\r\n]+`; 6. `\s+(?!\S)`; 7. `\s+`.
 */
function cl100kPieceEnd(classes: Uint8Array): PieceEnd {
  const letterEnd = (text: string, i: number): number => {
    while (i < text.length) {
      const c = text.codePointAt(i)!;
      if ((classes[c]! & LETTER) === 0) break;
      i += c > 0xffff ? 2 : 1;
    }
    return i;
  };
  return (text, at) => {
    const code = text.codePointAt(at)!;
    const first = classes[code]!;
    const width = code > 0xffff ? 2 : 1;
    // 1. a contraction
    const contraction = contractionEnd(text, at);
    if (contraction > at) return contraction;
    // 2. [^\r\n\p{L}\p{N}]?\p{L}+
    if ((first & (BREAK | LETTER | NUMBER)) === 0 && at + width < text.length) {
      const next = text.codePointAt(at + width)!;
      if (classes[next]! & LETTER) return letterEnd(text, at + width);
    }
    if (first & LETTER) return letterEnd(text, at);
    // 3. \p{N}{1,3}
    if (first & NUMBER) {
      let end = at + width;
      for (let n = 1; n < 3 && end < text.length; n++) {
        const c = text.codePointAt(end)!;
        if ((classes[c]! & NUMBER) === 0) break;
        end += c > 0xffff ? 2 : 1;
      }
      return end;
    }
    // 4. ` ?[^\s\p{L}\p{N}]+[\r\n]*`
    const punctuation = SPACE | LETTER | NUMBER;
    let from = -1;
    if (code === 0x20 && at + 1 < text.length && (classes[text.codePointAt(at + 1)!]! & punctuation) === 0) {
      from = at + 1;
    } else if ((first & punctuation) === 0) from = at;
    if (from >= 0) {
      let end = punctuationEnd(text, from, classes);
      while (end < text.length) {
        const c = text.charCodeAt(end);
        if (c !== 0x0d && c !== 0x0a) break;
        end++;
      }
      return end;
    }
    return spaceEnd(text, at, classes);
  };
}

/**
 * The pre-tokenizer of a tiktoken pattern: `o200k_base`'s or `cl100k_base`'s (any other
 * pattern is refused).
 * @example
 * ```ts
 * const end = pieceEnd(O200K_PATTERN);
 * end('Hello world', 0); // 5: 'Hello'
 * ```
 */
export function pieceEnd(pattern: string): PieceEnd {
  if (pattern === O200K_PATTERN) return o200kPieceEnd(charClasses());
  if (pattern === CL100K_PATTERN) return cl100kPieceEnd(charClasses());
  throw new Error(`pre-tokenizer: no pre-tokenizer for the pattern ${JSON.stringify(pattern.slice(0, 60))}…`);
}
