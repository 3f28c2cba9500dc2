import { describe, expect, it } from 'vitest';
import { createVectorIndex, loadVectorIndex } from '../../src/recall/vectors/vector-index.js';
import { denseRerank } from '../../src/recall/vectors/dense-rerank.js';
import { fromBase64, toBase64 } from '../../src/recall/vectors/int8-codec.js';

const vector = (seed: number, dims = 24): number[] =>
  Array.from({ length: dims }, (_, i) => Math.sin(seed * 12.9898 + i * 78.233) * 3);
const cos = (a: number[], b: number[]): number => {
  let d = 0;
  let x = 0;
  let y = 0;
  a.forEach((v, i) => ((d += v * b[i]!), (x += v * v), (y += b[i]! ** 2)));
  return d / Math.sqrt(x * y);
};

describe('vector index (int8)', () => {
  it('keeps cosines within 0.01 and survives a store round trip across chunk and segment bounds', async () => {
    const index = createVectorIndex({ segmentSize: 50, model: 'm1' });
    for (let i = 0; i < 600; i++) index.add(`e${i}`, vector(i));
    index.remove('e7');
    const stored = new Map(Object.entries(JSON.parse(JSON.stringify(index.toAux())) as Record<string, unknown>));
    const back = (await loadVectorIndex(async (k) => stored.get(k)))!;
    expect(back.model).toBe('m1');
    expect(back.dims).toBe(24);
    expect(back.size).toBe(599);
    expect(back.has('e7')).toBe(false);
    const q = vector(1000);
    const sims = back.similarities(q, ['e0', 'e300', 'e599']);
    for (const id of ['e0', 'e300', 'e599'])
      expect(Math.abs(sims.get(id)! - cos(q, vector(Number(id.slice(1)))))).toBeLessThan(0.01);
    const best = back.search(vector(300), 1);
    expect(best[0]!.id).toBe('e300');
    expect(back.byteLength).toBeLessThan(600 * 28 * 1.5);
  });

  it('a loaded index, read vector by vector, gives the same cosines and saves the same segments', async () => {
    // 25 dimensions: vectors start mid base64 group, segments (7) straddle chunks (256).
    const index = createVectorIndex({ segmentSize: 7, model: 'm1' });
    for (let i = 0; i < 300; i++) index.add(`e${i}`, vector(i, 25));
    index.remove('e3');
    const aux = JSON.parse(JSON.stringify(index.toAux())) as Record<string, unknown>;
    const stored = new Map(Object.entries(aux));
    const back = (await loadVectorIndex(async (k) => stored.get(k)))!;
    const q = vector(999, 25);
    const ids = Array.from({ length: 300 }, (_, i) => `e${i}`);
    // A few first (the rest still undecoded), then all, then a search over every vector.
    for (const some of [['e299', 'e0', 'e150'], ids])
      expect([...back.similarities(q, some)]).toEqual([...index.similarities(q, some)]);
    expect(back.search(q, 20)).toEqual(index.search(q, 20));
    const other = (await loadVectorIndex(async (k) => stored.get(k)))!;
    other.similarities(q, ['e10']);
    expect(JSON.parse(JSON.stringify(other.toAux()))).toEqual(aux);
  });

  it('refuses to load vectors whose stored codes are not base64', async () => {
    const index = createVectorIndex({ segmentSize: 4 });
    for (let i = 0; i < 10; i++) index.add(`e${i}`, vector(i));
    const aux = JSON.parse(JSON.stringify(index.toAux())) as Record<string, { codes?: string }>;
    const seg = aux['vectors:seg:1']!;
    seg.codes = '!' + seg.codes!.slice(1);
    expect(await loadVectorIndex(async (k) => aux[k])).toBeUndefined();
  });

  it('refuses a vector of another dimension with a ValidationError, changing nothing', () => {
    const index = createVectorIndex();
    index.add('a', vector(1));
    expect(() => index.add('b', [1, 2, 3])).toThrow(/vector/);
    expect(index.size).toBe(1);
  });

  it('base64 round-trips every byte value', () => {
    const bytes = Uint8Array.from({ length: 257 }, (_, i) => i % 256);
    expect([...fromBase64(toBase64(bytes), bytes.length)!]).toEqual([...bytes]);
    expect(fromBase64('not base64!', 3)).toBeUndefined();
  });
});

describe('denseRerank', () => {
  it('moves a semantically close candidate up, in lexical units, and leaves the list alone without signal', () => {
    const lexical = [
      { id: 'a', score: 10 },
      { id: 'b', score: 9.9 },
      { id: 'c', score: 5 },
    ];
    const sims = new Map([
      ['a', 0.1],
      ['b', 0.9],
      ['c', 0.1],
    ]);
    expect(denseRerank(lexical, sims, () => []).map((h) => h.id)).toEqual(['b', 'a', 'c']);
    const flat = new Map([
      ['a', 0.5],
      ['b', 0.5],
      ['c', 0.5],
    ]);
    expect(denseRerank(lexical, flat, () => [])).toEqual(lexical);
  });

  it("by default a candidate's own cosine counts more than its neighbour's (a quarter of it)", () => {
    // a matches the question itself; b only through the turn beside it (n); c neither.
    const lexical = [
      { id: 'c', score: 10 },
      { id: 'b', score: 10 },
      { id: 'a', score: 10 },
    ];
    const sims = new Map([
      ['a', 0.6],
      ['b', 0.2],
      ['c', 0.1],
      ['n', 0.5],
    ]);
    const near = (id: string): string[] => (id === 'b' ? ['n'] : []);
    expect(denseRerank(lexical, sims, near).map((h) => h.id)).toEqual(['a', 'b', 'c']);
    // With the neighbour's whole cosine (the weight before #35's question form), b would lead.
    expect(denseRerank(lexical, sims, near, { neighbourWeight: 1 }).map((h) => h.id)).toEqual(['b', 'a', 'c']);
  });
});
