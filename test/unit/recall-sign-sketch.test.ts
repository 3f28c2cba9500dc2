/**
 * The sign sketch behind a dense search (`sign-sketch.ts`, `vector-index.ts`): every vector is
 * ranked by the Hamming distance of its sketch, the best few by exact cosine.
 */
import { describe, expect, it } from 'vitest';
import { hamming, popcount, sketchInto, sketchWords } from '../../src/recall/vectors/sign-sketch.js';
import { createVectorIndex } from '../../src/recall/vectors/vector-index.js';

/** A seeded source of floats in [-0.5, 0.5) (mulberry32). */
function floats(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
}
const vector = (next: () => number, dims: number): number[] => Array.from({ length: dims }, next);
const cos = (a: number[], b: number[]): number => {
  let d = 0;
  let x = 0;
  let y = 0;
  a.forEach((v, i) => ((d += v * b[i]!), (x += v * v), (y += b[i]! ** 2)));
  return d / Math.sqrt(x * y);
};
const exactTop = (q: number[], all: number[][], k: number): string[] =>
  all
    .map((v, i) => ({ id: `e${i}`, s: cos(q, v) }))
    .sort((a, b) => b.s - a.s)
    .slice(0, k)
    .map((h) => h.id);

describe('sign sketch', () => {
  it('counts bits and distances exactly, across word bounds', () => {
    expect(popcount(0)).toBe(0);
    expect(popcount(-1)).toBe(32);
    expect(popcount(0x80000001 | 0)).toBe(2);
    const next = floats(1);
    const dims = 70;
    expect(sketchWords(dims)).toBe(3);
    const a = vector(next, dims);
    const b = vector(next, dims);
    const sa = new Int32Array(3);
    const sb = new Int32Array(6);
    sketchInto(a, 0, dims, sa, 0);
    sketchInto([0, ...b], 1, dims, sb, 3);
    expect(hamming(sa, sb, 3)).toBe(a.filter((x, i) => x > 0 !== b[i]! > 0).length);
    expect(hamming(sa, sa, 0)).toBe(0);
  });

  it('a search finds the vector a question is close to among 5,000, first, as the exact cosine does', () => {
    const next = floats(7);
    const dims = 512;
    const all = Array.from({ length: 5000 }, () => vector(next, dims));
    const index = createVectorIndex({ model: 'm' });
    all.forEach((v, i) => index.add(`e${i}`, v));
    for (const target of [0, 1234, 2500, 4999]) {
      // A question at cosine about 0.6 to its turn.
      const q = all[target]!.map((x) => x + 1.3 * next());
      const hits = index.search(q, 3);
      expect(hits[0]!.id).toBe(`e${target}`);
      expect(hits[0]!.id).toBe(exactTop(q, all, 1)[0]);
      expect(hits[0]!.score).toBeCloseTo(cos(q, all[target]!), 2);
    }
  });

  it('with no more vectors than it rescores, a search is the exact ranking', () => {
    const next = floats(3);
    const all = Array.from({ length: 60 }, () => vector(next, 24));
    const index = createVectorIndex({ model: 'm' });
    all.forEach((v, i) => index.add(`e${i}`, v));
    const q = vector(next, 24);
    expect(index.search(q, 8).map((h) => h.id)).toEqual(exactTop(q, all, 8));
  });
});
