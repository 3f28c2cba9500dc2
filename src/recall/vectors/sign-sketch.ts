/**
 * One bit per dimension (the sign of each int8 code), 64 bytes for 512 dimensions: the Hamming
 * distance between two sketches tracks the angle between the vectors, and costs about a
 * fiftieth of an int8 dot product. A dense search ranks every vector by sketch, then computes
 * the exact cosine of only the best few (`vector-index.ts`). Kept in memory only, made from the
 * stored codes. Pure, no DOM.
 * @module
 */

/** 32-bit words per sketch of `dims` dimensions. */
export const sketchWords = (dims: number): number => Math.ceil(dims / 32);

/** Write the sketch of `values[from .. from + dims)` (positive: bit set) into `out` at `at`. */
export function sketchInto(values: ArrayLike<number>, from: number, dims: number, out: Int32Array, at: number): void {
  const words = sketchWords(dims);
  for (let w = 0; w < words; w++) out[at + w] = 0;
  for (let d = 0; d < dims; d++) if ((values[from + d] as number) > 0) out[at + (d >> 5)]! |= 1 << (d & 31);
}

/** Bits set in a 32-bit word. */
export function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** Hamming distance between the sketch `q` and the one in `sketches` at `at`. */
export function hamming(q: Int32Array, sketches: Int32Array, at: number): number {
  let distance = 0;
  for (let w = 0; w < q.length; w++) distance += popcount((q[w] as number) ^ (sketches[at + w] as number));
  return distance;
}
