/**
 * An encoding's rank table in memory, read from RecallKit's compact rank file (written by
 * `scripts/copy-ranks.mjs`: a header, each token's byte length, the tokens' bytes, in rank
 * order). Nothing is decoded token by token: the file's bytes are kept as they are and an
 * open-addressing hash table of the ranks is built over them in two passes (tens of
 * milliseconds for `o200k_base`'s 200,000 tokens in a worker that just started, its code not yet
 * optimized; tiktoken's WASM build takes hundreds to build its map).
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
  const built = tableBuilder(bytes, encoding);
  for (const step of built.steps) step();
  return built.table();
}

/**
 * {@link readRankTable} in a few slices with `pause()` awaited between them (default: a
 * zero-delay timer), so that what else the thread is starting (a database opening, files
 * listed) goes on between the slices instead of waiting for the whole table.
 * @throws {RecallKitError} when the bytes are not a rank file of `encoding`.
 */
export async function buildRankTable(
  bytes: Uint8Array,
  encoding: TiktokenEncoding,
  pause: () => Promise<void> = nextTask,
): Promise<RankTable> {
  const built = tableBuilder(bytes, encoding);
  for (const [i, step] of built.steps.entries()) {
    if (i > 0) await pause();
    step();
  }
  return built.table();
}

// Few pauses: from the fifth nested zero-delay timer on, a browser holds each 4 ms.
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** A rank file's header, and its token lengths and bytes. */
function readFile(bytes: Uint8Array, encoding: TiktokenEncoding) {
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
  if (lengths.length !== n) throw bad('token bytes do not add up');
  // Slots hold rank + 1 (0: empty); at most half full, so a probe ends fast.
  let size = 1;
  while (size < n * 2) size <<= 1;
  return { bad, header, n, lengths, data, size };
}

/** What a built table is made of: kept by `rank-cache.ts` so a later start need not build it. */
export interface RankTableParts {
  /** The rank file's bytes (inflated). */
  file: Uint8Array;
  /** The hash table: rank + 1 per slot, 0 for an empty one. */
  slots: Int32Array;
  /** Where each token's bytes start in the file's token bytes (one more than the tokens). */
  offsets: Uint32Array;
  longest: number;
}

const partsOf = new WeakMap<RankTable, RankTableParts>();

/** The parts of a table this module built. */
export function rankTableParts(table: RankTable): RankTableParts | undefined {
  return partsOf.get(table);
}

/**
 * A table from parts kept earlier, checked: the sizes must be those of the file, and a sample
 * of tokens must be found at their ranks.
 * @throws {RecallKitError} when the parts are not a table of `encoding`'s file.
 */
export function rankTableFromParts(parts: RankTableParts, encoding: TiktokenEncoding): RankTable {
  const { bad, header, n, data, size } = readFile(parts.file, encoding);
  const { slots, offsets, longest } = parts;
  if (slots.length !== size || offsets.length !== n + 1 || offsets[n] !== data.length || !(longest > 0))
    throw bad('its kept table does not fit it');
  // An empty slot ends every lookup of bytes that are not a token: without one, a lookup never would.
  if (slots.indexOf(0) === -1) throw bad('its kept table has no empty slot');
  const table = rankTable(header, longest, size - 1, slots, offsets, data);
  for (let r = 0; r < n; r += 997) {
    const token = table.token(r);
    if (table.rank(token, 0, token.length) !== r) throw bad('its kept table does not fit it');
  }
  partsOf.set(table, parts);
  return table;
}

/**
 * Where each token's bytes start in the rank file's token bytes (one more than the tokens: the
 * last is their end), and the longest token: the running sum and the largest of the file's token lengths.
 * @throws {RecallKitError} when the bytes are not a rank file of `encoding`.
 */
export function tokenOffsets(file: Uint8Array, encoding: TiktokenEncoding): { offsets: Uint32Array; longest: number } {
  const { n, lengths } = readFile(file, encoding);
  const offsets = new Uint32Array(n + 1);
  let at = 0;
  let longest = 0;
  for (let r = 0; r < n; r++) {
    const length = lengths[r]!;
    if (length > longest) longest = length;
    offsets[r + 1] = at += length;
  }
  return { offsets, longest };
}

/** A table's construction as steps to run in order, then the table. */
function tableBuilder(
  bytes: Uint8Array,
  encoding: TiktokenEncoding,
): { steps: (() => void)[]; table: () => RankTable } {
  const { bad, header, n, lengths, data, size } = readFile(bytes, encoding);
  const mask = size - 1;
  // Two passes: one reads the tokens in order (offsets, each token's home slot), the other only
  // places ranks. Hashing while placing (random writes into 2 MB between the reads) took twice as long.
  const offsets = new Uint32Array(n + 1);
  let homes: Uint32Array | undefined = new Uint32Array(n);
  const slots = new Int32Array(size);
  let longest = 0;
  const hashRanks = (from: number, to: number): void => {
    const home = homes!;
    let at = offsets[from]!;
    let most = longest;
    for (let r = from; r < to; r++) {
      const length = lengths[r]!;
      if (length > most) most = length;
      const end = at + length;
      let h = 0x811c9dc5; // FNV-1a, as hashOf
      for (; at < end; at++) h = Math.imul(h ^ data[at]!, 0x01000193);
      offsets[r + 1] = end;
      home[r] = (h >>> 0) & mask;
    }
    longest = most;
  };
  const placeRanks = (from: number, to: number): void => {
    const home = homes!;
    for (let r = from; r < to; r++) {
      let slot = home[r]!;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = r + 1;
    }
  };
  const half = n >>> 1;
  const steps = [
    () => hashRanks(0, half),
    () => {
      hashRanks(half, n);
      if (offsets[n] !== data.length) throw bad('token bytes do not add up');
      placeRanks(0, half);
    },
    () => {
      placeRanks(half, n);
      homes = undefined;
    },
  ];
  return {
    steps,
    table: () => {
      const table = rankTable(header, longest, mask, slots, offsets, data);
      partsOf.set(table, { file: bytes, slots, offsets, longest });
      return table;
    },
  };
}

function rankTable(
  header: RankFileHeader,
  longest: number,
  mask: number,
  slots: Int32Array,
  offsets: Uint32Array,
  data: Uint8Array,
): RankTable {
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
