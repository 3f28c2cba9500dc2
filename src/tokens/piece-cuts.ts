/**
 * Cutting a long line into parts tiktoken encodes in linear time. tiktoken's merge step is
 * quadratic in the length of one pre-tokenizer piece (20k characters of `z` take ~0.4 s,
 * 200k ~40 s) and its regex gives up near a million, so a line longer than
 * {@link SEGMENT_LENGTH} is encoded in parts:
 *
 * - cut where a piece is sure to end (`o200k_base` and `cl100k_base` alike): after a letter
 *   followed by neither a letter, a mark, nor `'`; after a digit followed by no digit; after
 *   any non-space followed by a space or a tab. The count of the parts is then exactly the
 *   count of the line;
 * - a stretch of more than {@link SEGMENT_LENGTH} characters without such a place (one run of
 *   a letter, of punctuation or of spaces: a long `zzzz…`, `=====…`, or a blank run) is one
 *   piece or a few; it is encoded in chunks of {@link RUN_CHUNK} UTF-8 bytes, which may count a
 *   few tokens more or less than tiktoken would (the bound is in the docs, measured by
 *   `bench/tokens.ts`).
 * @module
 */

import { pieceChunks } from './piece-chunks.js';

/** Longest part handed to tiktoken whole; a longer stretch without a sure piece end is chunked. */
export const SEGMENT_LENGTH = 1024;

/**
 * UTF-8 bytes of the chunks a stretch without a sure piece end is encoded in (tiktoken merges
 * bytes, so its time grows with the square of a chunk's bytes, not characters).
 */
export const RUN_CHUNK = 128;

// Character classes, conservative where JavaScript's Unicode tables and tiktoken's may differ.
const UNKNOWN = 0;
const SPACE = 1; // JavaScript's \s plus U+0085: a superset of the Unicode White_Space tiktoken uses
const LETTER = 2;
const MARK = 3;
const DIGIT = 4;
const OTHER = 5;
const SURROGATE = 6; // half of an astral character: could be a letter, so never a sure end

const classes = new Uint8Array(0x10000);
const IS_SPACE = /[\s\u0085]/;
const IS_LETTER = /\p{L}/u;
const IS_MARK = /\p{M}/u;
const IS_DIGIT = /\p{N}/u;

function classOf(code: number): number {
  const known = classes[code]!;
  if (known !== UNKNOWN) return known;
  const c = String.fromCharCode(code);
  const cls =
    code >= 0xd800 && code <= 0xdfff
      ? SURROGATE
      : IS_SPACE.test(c)
        ? SPACE
        : IS_LETTER.test(c)
          ? LETTER
          : IS_MARK.test(c)
            ? MARK
            : IS_DIGIT.test(c)
              ? DIGIT
              : OTHER;
  classes[code] = cls;
  return cls;
}

const APOSTROPHE = 0x27;
const SPACE_CHAR = 0x20;
const TAB = 0x09;

/** True when every tiktoken piece of either encoding ends between `text[i - 1]` and `text[i]`. */
function sureEnd(text: string, i: number): boolean {
  const b = text.charCodeAt(i);
  const before = classOf(text.charCodeAt(i - 1));
  if (b === SPACE_CHAR || b === TAB) return before !== SPACE;
  const after = classOf(b);
  if (before === LETTER) return after !== LETTER && after !== MARK && after !== SURROGATE && b !== APOSTROPHE;
  if (before === DIGIT) return after !== DIGIT && after !== SURROGATE;
  return false;
}

/**
 * Where a chunk from `start` ends, and whether that is a sure piece end: at the next sure
 * end, or after {@link RUN_CHUNK} UTF-8 bytes (at least one character, never inside a
 * surrogate pair), or at the end of the text (sure).
 */
function chunkEnd(text: string, start: number): [cut: number, sure: boolean] {
  let bytes = 0;
  let i = start;
  while (i < text.length) {
    if (i > start && sureEnd(text, i)) return [i, true];
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > RUN_CHUNK && i > start) return [i, false];
    bytes += size;
    i += pair ? 2 : 1;
  }
  return [i, true];
}

/**
 * The parts a line is encoded in: itself when it has at most {@link SEGMENT_LENGTH}
 * characters; else parts of at most that length cut where a piece surely ends, and
 * chunks of {@link RUN_CHUNK} UTF-8 bytes of any longer stretch without such a place. Linear in
 * the line's length, and lazy: a caller may pause between parts. The parts join back to the line.
 */
export function* pieceCuts(line: string): Generator<string> {
  if (line.length <= SEGMENT_LENGTH) {
    yield line;
    return;
  }
  let start = 0;
  let lastEnd = 0; // the newest sure piece end after start (0: none yet)
  for (let i = 1; i < line.length; i++) {
    if (sureEnd(line, i)) lastEnd = i;
    if (i - start < SEGMENT_LENGTH) continue;
    if (lastEnd > start) {
      yield line.slice(start, lastEnd);
      start = lastEnd;
      continue;
    }
    // No sure end within SEGMENT_LENGTH: chunk this stretch up to its next sure end.
    for (let sure = false; !sure;) {
      const [cut, atEnd] = chunkEnd(line, start);
      yield line.slice(start, cut);
      start = cut;
      sure = atEnd;
    }
    lastEnd = start;
    i = start;
  }
  if (start < line.length) yield line.slice(start);
}

/**
 * The parts a text is counted by: the sum of their counts equals the whole text's count, as
 * they are cut where tiktoken's pieces end (after line breaks, `piece-chunks.ts`, then in long
 * lines, {@link pieceCuts}); a long stretch without such a place is counted in chunks.
 * @example
 * ```ts
 * let n = 0;
 * for (const part of countingParts(text)) n += encode(part).length;
 * ```
 */
export function* countingParts(text: string): Generator<string> {
  for (const line of pieceChunks(text)) yield* pieceCuts(line);
}
