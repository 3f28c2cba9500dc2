/**
 * An encoding's rank table in memory, read from RecallKit's compact rank file (written by
 * `scripts/copy-ranks.mjs`: a header, each token's byte length, the tokens' bytes, in rank
 * order). Nothing is decoded token by token: the file's bytes are kept as they are and an
 * open-addressing hash table of the ranks is built over them in one pass (a few milliseconds
 * for `o200k_base`'s 200,000 tokens, where tiktoken's WASM build takes hundreds to build its map).
 * @module
 */
import { RecallKitError } from '../errors.js';
import type { TiktokenEncoding } from './types.js';

/** What a rank file says besides the tokens. */
export interface RankFileHeader {
  encoding: TiktokenEncoding;
  /** Number of tokens; their ranks are 0 to `tokens - 1`. */
  tokens: number;
  /** The encoding's pre-tokenizer pattern, as tiktoken spells it. */
  pat_str: string;
  special_tokens: Record<string, number>;
}

/** Ranks by token bytes. */
export interface RankTable {
  readonly header: RankFileHeader;
  /** The longest token, in bytes: no longer byte string has a rank. */
  readonly longest: number;
  /** The rank of `bytes[start..end)`, or -1 when those bytes are not a token. */
  rank(bytes: Uint8Array, start: number, end: number): number;
  /** The bytes of the token of rank `rank` (a view, not a copy). */
  token(rank: number): Uint8Array;
}

const MAGIC = [0x52, 0x4b, 0x52, 0x31]; // "RKR1"

/** FNV-1a of `bytes[start..end)`. */
function hashOf(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/**
 * Reads a rank file's bytes (already decompressed) into a {@link RankTable}.
 * @throws {RecallKitError} when the bytes are not a rank file of `encoding`.
 */
export function readRankTable(bytes: Uint8Array, encoding: TiktokenEncoding): RankTable {
  const bad = (why: string): RecallKitError =>
    new RecallKitError(`tokenizer: the ${encoding} rank file is not valid (${why}); reinstall recallkit`);
  if (bytes.length < 8 || MAGIC.some((b, i) => bytes[i] !== b)) throw bad('no RKR1 header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerEnd = 8 + view.getUint32(4, true);
  if (headerEnd > bytes.length) throw bad('truncated header');
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, headerEnd))) as RankFileHeader;
  if (header.encoding !== encoding) throw bad(`it holds ${String(header.encoding)}`);
  const n = header.tokens;
  const lengths = bytes.subarray(headerEnd, headerEnd + n);
  const data = bytes.subarray(headerEnd + n);
  const offsets = new Uint32Array(n + 1);
  let longest = 0;
  for (let r = 0; r < n; r++) {
    const length = lengths[r]!;
    if (length > longest) longest = length;
    offsets[r + 1] = offsets[r]! + length;
  }
  if (lengths.length !== n || offsets[n] !== data.length) throw bad('token bytes do not add up');

  // Slots hold rank + 1 (0: empty); at most half full, so a probe ends fast.
  let size = 1;
  while (size < n * 2) size <<= 1;
  const mask = size - 1;
  const slots = new Int32Array(size);
  for (let r = 0; r < n; r++) {
    let slot = hashOf(data, offsets[r]!, offsets[r + 1]!) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = r + 1;
  }

  return {
    header,
    longest,
    rank(key, start, end) {
      const length = end - start;
      if (length > longest) return -1;
      let slot = hashOf(key, start, end) & mask;
      for (;;) {
        const found = slots[slot]!;
        if (found === 0) return -1;
        const from = offsets[found - 1]!;
        if (offsets[found]! - from === length) {
          let i = 0;
          while (i < length && data[from + i] === key[start + i]) i++;
          if (i === length) return found - 1;
        }
        slot = (slot + 1) & mask;
      }
    },
    token(rank) {
      return data.subarray(offsets[rank]!, offsets[rank + 1]!);
    },
  };
}
