/**
 * tiktoken's count (`encode_ordinary(text).length`) in plain JavaScript, from the same rank file
 * and pattern, ready as soon as the ranks are read: no WASM encoder to build. Used in browsers
 * while tiktoken's WASM encoder builds (hundreds of ms in a worker), so a start does not wait
 * for it. The algorithm is tiktoken's own: the text is cut into pieces by the encoding's
 * pattern, a piece that is a token counts 1, any other is merged pair by pair, always the pair of
 * lowest rank first (the leftmost of equals), and counts its parts.
 *
 * Declines (returns `undefined`) where it could differ from the WASM build: characters whose
 * Unicode category may differ between the two engines' Unicode versions (letters, digits and
 * marks assigned in recent versions, lone surrogates), and pieces so long that pairwise merging
 * would take long.
 * @module
 */
import type { TiktokenRanks } from './types.js';

/** A counter that may decline a text. */
export interface JsBpe {
  /** tiktoken's count of `text`, or `undefined` when this counter cannot vouch for it. */
  count(text: string): number | undefined;
}

/** Pieces longer than this (in UTF-8 bytes) that are not a token are left to the WASM build. */
const LONGEST_MERGED_PIECE = 256;

/** Unicode White_Space, as Rust's `\s` in tiktoken's pattern (JavaScript's `\s` differs on U+0085, U+FEFF). */
const WHITE_SPACE = '\\t\\n\\v\\f\\r \\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000';

/**
 * Characters the two engines' Unicode tables may class differently: blocks that received
 * letters or digits in Unicode 14–16 (Cyrillic Extended-C, Latin Extended-D), everything beyond
 * the Basic Multilingual Plane but the emoji and symbol blocks (U+1F000–U+1FBFF), and lone
 * surrogates (UTF-8 turns them into U+FFFD before tiktoken sees them).
 */
const UNSURE = /[\u1C80-\u1C8F\uA7C0-\uA7FF\u{10000}-\u{1EFFF}\u{1FC00}-\u{10FFFF}\p{Cs}]/u;

/**
 * The rank file as a map from a token's base64 (as the file spells it, so no token is decoded
 * to build it: a lookup encodes the bytes it asks about instead) to its rank.
 */
function rankMap(bpeRanks: string): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const line of bpeRanks.split('\n')) {
    if (!line) continue;
    const parts = line.split(' ');
    if (bpeRanks.startsWith('!')) {
      // "! <offset> <token> <token> …": ranks offset, offset + 1, …
      const offset = Number(parts[1]);
      for (let i = 2; i < parts.length; i++) ranks.set(parts[i]!, offset + i - 2);
    } else {
      ranks.set(parts[0]!, Number(parts[1]));
    }
  }
  return ranks;
}

/**
 * The encoding's pattern for JavaScript: `(?i:…)` spelled out (with U+017F, which Rust's
 * case-insensitive `s` also matches), `\s` and `\S` as Unicode White_Space.
 */
export function jsPattern(patStr: string): RegExp {
  let out = patStr.replace(/\(\?i:([^)]*)\)/g, (_, body: string) => `(?:${caseless(body)})`);
  let inClass = false;
  let result = '';
  for (let i = 0; i < out.length; i++) {
    const c = out[i]!;
    if (c === '\\') {
      const next = out[i + 1];
      if (next === 's') result += inClass ? WHITE_SPACE : `[${WHITE_SPACE}]`;
      else if (next === 'S') result += `[^${WHITE_SPACE}]`;
      else result += c + (next ?? '');
      i++;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    result += c;
  }
  out = result;
  return new RegExp(out, 'gu');
}

function caseless(body: string): string {
  return body.replace(/[a-z]/g, (ch) => (ch === 's' ? '[sS\\u017F]' : `[${ch}${ch.toUpperCase()}]`));
}

/** A char other than printable ASCII, tab and line breaks: a text of those alone is its own UTF-8 bytes. */
const NOT_PLAIN = /[^\t\n\r -~]/;

/** A UTF-8 byte string of `text`: one char (0–255) per byte. */
function utf8Bytes(text: string): string {
  if (!NOT_PLAIN.test(text)) return text;
  const bytes = encoder.encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}
const encoder = new TextEncoder();

/** The number of tokens tiktoken's byte-pair merge makes of `piece` (bytes, not itself a token). */
function mergedCount(piece: string, ranks: Map<string, number>): number {
  // starts[i]: where part i begins; pair[i]: rank of parts i and i + 1 joined (Infinity if none).
  const starts: number[] = [];
  for (let i = 0; i <= piece.length; i++) starts.push(i);
  const rankOf = (i: number, skip: number): number => {
    if (i + skip + 2 >= starts.length) return Infinity;
    return ranks.get(btoa(piece.slice(starts[i]!, starts[i + skip + 2]!))) ?? Infinity;
  };
  const pair: number[] = [];
  for (let i = 0; i < starts.length; i++) pair.push(rankOf(i, 0));
  while (starts.length > 1) {
    let min = Infinity;
    let at = 0;
    for (let i = 0; i < starts.length - 1; i++) {
      if (pair[i]! < min) {
        min = pair[i]!;
        at = i;
      }
    }
    if (min === Infinity) break;
    pair[at] = rankOf(at, 1);
    if (at > 0) pair[at - 1] = rankOf(at - 1, 1);
    starts.splice(at + 1, 1);
    pair.splice(at + 1, 1);
  }
  return starts.length - 1;
}

/**
 * A JavaScript counter over an encoding's ranks (as `loadRanks` reads them).
 * @example
 * ```ts
 * const bpe = createJsBpe(await loadRanks('o200k_base'));
 * bpe.count('Hello, world!'); // 4
 * ```
 */
export function createJsBpe(ranks: TiktokenRanks): JsBpe {
  const map = rankMap(ranks.bpe_ranks);
  const pattern = jsPattern(ranks.pat_str);
  return {
    count(text: string): number | undefined {
      if (UNSURE.test(text)) return undefined;
      let n = 0;
      for (const match of text.matchAll(pattern)) {
        const piece = utf8Bytes(match[0]);
        if (map.has(btoa(piece))) n += 1;
        else if (piece.length > LONGEST_MERGED_PIECE) return undefined;
        else n += mergedCount(piece, map);
      }
      return n;
    },
  };
}
