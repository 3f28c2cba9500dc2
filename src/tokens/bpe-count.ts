/**
 * tiktoken's count of a text (`encode_ordinary(text).length`) in JavaScript: the text is cut
 * into pieces by the encoding's pre-tokenizer (`pre-tokenizer.ts`), each piece is encoded in
 * UTF-8 and counted by tiktoken's byte-pair merge (`bpe-merge.ts`) over the encoding's ranks
 * (`rank-table.ts`). Every step is tiktoken's own, so the count is exact for any text (checked
 * against `@dqbd/tiktoken` by the token tests), and the time is linear in the text's length but
 * for a log factor inside a piece of thousands of bytes. Recent pieces' counts are remembered.
 * @module
 */
import { HEAP_FROM, heapMergeSteps, mergeCount } from './bpe-merge.js';
import { pieceEnd } from './pre-tokenizer.js';
import type { RankTable } from './rank-table.js';

/** A counter of tiktoken's exact counts. */
export interface BpeCounter {
  /** tiktoken's count of `text`. */
  count(text: string): number;
  /**
   * The same count, as steps: the generator yields after every few thousand characters and
   * inside a long piece's merge, so a caller can give the thread back; it returns the count.
   */
  countSteps(text: string): Generator<void, number>;
}

/** Pieces of at most this many characters have their counts remembered. */
const CACHED_LONGEST = 32;
/** Remembered piece counts, forgotten all at once past this many. */
const CACHE_LIMIT = 50_000;
/** Characters counted between two yields of `countSteps`. */
const CHARS_PER_STEP = 2048;

/**
 * Writes the UTF-8 bytes of `text[start..end)` into `out` (at least 3 bytes per code unit) and
 * returns how many: a lone surrogate becomes U+FFFD, as `TextEncoder` and tiktoken's input have it.
 */
export function utf8Into(text: string, start: number, end: number, out: Uint8Array): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
      continue;
    }
    if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const low = i + 1 < end ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        out[n++] = 0xf0 | (c >> 18);
        out[n++] = 0x80 | ((c >> 12) & 0x3f);
        out[n++] = 0x80 | ((c >> 6) & 0x3f);
        out[n++] = 0x80 | (c & 0x3f);
        i++;
        continue;
      }
      c = 0xfffd;
    }
    out[n++] = 0xe0 | (c >> 12);
    out[n++] = 0x80 | ((c >> 6) & 0x3f);
    out[n++] = 0x80 | (c & 0x3f);
  }
  return n;
}

/**
 * A counter over an encoding's rank table (its header names the pattern).
 * @example
 * ```ts
 * const bpe = createBpeCounter(readRankTable(bytes, 'o200k_base'));
 * bpe.count('Hello, world!'); // 4
 * ```
 */
export function createBpeCounter(table: RankTable): BpeCounter {
  const end = pieceEnd(table.header.pat_str);
  const known = new Map<string, number>();
  let scratch = new Uint8Array(3 * 1024);

  /** Tokens of the piece `text[start..stop)`, without yielding. */
  const pieceTokens = (text: string, start: number, stop: number): number => {
    const length = stop - start;
    if (length === 1 && text.charCodeAt(start) < 0x80) return 1;
    const key = length <= CACHED_LONGEST ? text.slice(start, stop) : undefined;
    if (key !== undefined) {
      const n = known.get(key);
      if (n !== undefined) return n;
    }
    if (scratch.length < 3 * length) scratch = new Uint8Array(3 * length);
    const n = mergeCount(table, scratch, utf8Into(text, start, stop, scratch));
    if (key !== undefined) {
      if (known.size >= CACHE_LIMIT) known.clear();
      known.set(key, n);
    }
    return n;
  };

  return {
    count(text) {
      let n = 0;
      for (let i = 0; i < text.length;) {
        const stop = end(text, i);
        n += pieceTokens(text, i, stop);
        i = stop;
      }
      return n;
    },
    *countSteps(text) {
      let n = 0;
      let since = 0;
      for (let i = 0; i < text.length;) {
        const stop = end(text, i);
        if (stop - i > HEAP_FROM / 4) {
          // Possibly a long merge: its own bytes (the shared scratch may be reused while paused).
          if (stop - i > CHARS_PER_STEP) yield; // finding the piece's end took a while
          const bytes = new Uint8Array(3 * (stop - i));
          const length = utf8Into(text, i, stop, bytes);
          if (stop - i > CHARS_PER_STEP) yield;
          n +=
            length > HEAP_FROM && table.rank(bytes, 0, length) < 0
              ? yield* heapMergeSteps(table, bytes, length)
              : mergeCount(table, bytes, length);
        } else {
          n += pieceTokens(text, i, stop);
        }
        since += stop - i;
        i = stop;
        if (since >= CHARS_PER_STEP) {
          since = 0;
          yield;
        }
      }
      return n;
    },
  };
}
