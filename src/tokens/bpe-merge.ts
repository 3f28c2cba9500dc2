/**
 * tiktoken's byte-pair merge of one piece, counted: the piece's bytes start as one part each;
 * while two neighbouring parts join into a token, the pair of lowest rank is joined (the leftmost
 * of equal ranks); the count is the number of parts left. tiktoken scans every pair on every
 * merge (quadratic in the piece's length: 20,000 letters without a space take 0.4 s, 200,000
 * take 40 s); here a short piece does the same and a long one keeps its pairs in a heap ordered
 * by (rank, position), which picks the same pair at every step in O(log n). The count is
 * tiktoken's, whatever the length.
 * @module
 */
import type { RankTable } from './rank-table.js';

/** Pieces of up to this many bytes are merged as tiktoken does; longer ones through a heap. */
export const HEAP_FROM = 128;

/** Merges (or pairs looked up) between two yields of {@link heapMergeSteps}: well under a millisecond. */
const MERGES_PER_STEP = 1 << 9;

// Scratch of shortMergeCount, shared: counting is synchronous.
const starts = new Int32Array(HEAP_FROM + 2);
const pairs = new Int32Array(HEAP_FROM + 2);

/**
 * The number of tokens of `bytes[0..length)`, a piece of at most {@link HEAP_FROM} bytes that
 * is not itself a token: tiktoken's own loop.
 */
export function shortMergeCount(table: RankTable, bytes: Uint8Array, length: number): number {
  // starts[i]: where part i begins (starts[parts] = length); pairs[i]: rank of parts i and i + 1 joined.
  let parts = length;
  for (let i = 0; i <= length; i++) starts[i] = i;
  for (let i = 0; i < parts - 1; i++) pairs[i] = table.rank(bytes, i, i + 2);
  for (;;) {
    let min = -1;
    let at = -1;
    for (let i = 0; i < parts - 1; i++) {
      const r = pairs[i]!;
      if (r >= 0 && (min < 0 || r < min)) {
        min = r;
        at = i;
      }
    }
    if (at < 0) return parts;
    // Part at + 1 joins part at: shift the arrays left by one from at + 1.
    starts.copyWithin(at + 1, at + 2, parts + 1);
    pairs.copyWithin(at + 1, at + 2, parts);
    parts -= 1;
    pairs[at] = at + 2 <= parts ? table.rank(bytes, starts[at]!, starts[at + 2]!) : -1;
    if (at > 0) pairs[at - 1] = table.rank(bytes, starts[at - 1]!, starts[at + 1]!);
  }
}

/**
 * The number of tokens of `bytes[0..length)`, a piece of any length that is not itself a
 * token, yielding every 512 merges (and pairs looked up) so a caller can give the thread back inside a very long
 * piece. Returns the same count as {@link shortMergeCount}.
 */
export function* heapMergeSteps(table: RankTable, bytes: Uint8Array, length: number): Generator<void, number> {
  // Parts are a linked list over their first byte; rank[i]: part i joined with the next (-1: none).
  const next = new Int32Array(length + 1);
  const prev = new Int32Array(length + 1);
  const rank = new Int32Array(length + 1);
  next[length] = length + 1;
  prev[length] = length - 1;
  // A min-heap of rank * 2^32 + position (exact in a double: ranks < 2^21, positions < 2^32).
  let heap = new Float64Array(length + 16);
  let size = 0;
  const push = (key: number): void => {
    if (size === heap.length) {
      const grown = new Float64Array(heap.length * 2);
      grown.set(heap);
      heap = grown;
    }
    let i = size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]! <= key) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = key;
  };
  const pop = (): number => {
    const top = heap[0]!;
    const last = heap[--size]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && heap[child + 1]! < heap[child]!) child++;
      if (heap[child]! >= last) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
    return top;
  };
  const SHIFT = 2 ** 32;
  const pairRank = (i: number): number => {
    const end = next[next[i]!]!;
    return end > length ? -1 : table.rank(bytes, i, end);
  };
  for (let i = 0; i < length; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
    if (i === length - 1) break;
    rank[i] = table.rank(bytes, i, i + 2);
    if (rank[i]! >= 0) push(rank[i]! * SHIFT + i);
    if ((i + 1) % MERGES_PER_STEP === 0) yield;
  }
  rank[length - 1] = -1;
  let parts = length;
  let merges = 0;
  while (size > 0) {
    const key = pop();
    const r = Math.floor(key / SHIFT);
    const i = key - r * SHIFT;
    // Stale: part i was joined into its neighbour, or its pair's rank changed since.
    if (rank[i] !== r || prev[i] === -2) continue;
    const j = next[i]!;
    next[i] = next[j]!;
    if (next[j]! <= length) prev[next[j]!] = i;
    prev[j] = -2;
    parts -= 1;
    rank[i] = pairRank(i);
    if (rank[i]! >= 0) push(rank[i]! * SHIFT + i);
    const before = prev[i]!;
    if (before >= 0) {
      rank[before] = pairRank(before);
      if (rank[before]! >= 0) push(rank[before]! * SHIFT + before);
    }
    if (++merges % MERGES_PER_STEP === 0) yield;
  }
  return parts;
}

/**
 * The tokens of `bytes[0..length)`, one pre-tokenizer piece: 1 when it is a token, else its
 * merge count (through the heap past {@link HEAP_FROM} bytes, without yielding).
 */
export function mergeCount(table: RankTable, bytes: Uint8Array, length: number): number {
  if (length <= 1) return length;
  if (table.rank(bytes, 0, length) >= 0) return 1;
  if (length <= HEAP_FROM) return shortMergeCount(table, bytes, length);
  const steps = heapMergeSteps(table, bytes, length);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
