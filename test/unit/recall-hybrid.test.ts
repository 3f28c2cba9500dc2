import { describe, expect, it } from 'vitest';
import { cosine, cosineTopK, hybridSearch, reciprocalRankFusion } from '../../src/recall/vectors/hybrid.js';
import type { Embedder } from '../../src/recall/vectors/hybrid.js';
import { createRecallIndex } from '../../src/recall/recall-index.js';
import { createVectorIndex, loadVectorIndex } from '../../src/recall/vectors/vector-index.js';

/** A toy embedder: counts of a few concept words, with synonyms folded together. */
const CONCEPTS = [
  ['car', 'automobile', 'vehicle'],
  ['dog', 'puppy', 'hound'],
  ['music', 'song', 'guitar'],
];
const embed: Embedder = async (texts) =>
  texts.map((t) => CONCEPTS.map((words) => words.filter((w) => t.toLowerCase().includes(w)).length));

// A day apart: separate conversations, so no neighbouring-turn context between them.
const DOCS = [
  { id: 'a', text: 'I washed the automobile today', timestamp: '2024-05-01T10:00:00Z' },
  { id: 'b', text: 'My puppy chewed a song book', timestamp: '2024-05-02T10:00:00Z' },
  { id: 'c', text: 'The car needs new tyres', timestamp: '2024-05-03T10:00:00Z' },
  { id: 'd', text: 'Guitar lessons start on Monday', timestamp: '2024-05-04T10:00:00Z' },
];

async function setup() {
  // Words alone, without the words of their families ("car" would find "automobile").
  const lexical = createRecallIndex({ ranking: { synonymWeight: 0 } });
  const vectors = createVectorIndex();
  for (const d of DOCS) lexical.add(d);
  const embedded = await embed(DOCS.map((d) => d.text));
  DOCS.forEach((d, i) => vectors.add(d.id, embedded[i] as number[]));
  return { lexical, vectors };
}

describe('hybrid recall', () => {
  it('computes cosine similarity and ranks stored vectors by it', () => {
    expect(cosine([1, 0], [1, 0])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 2])).toBeCloseTo(0);
    expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1);
    expect(cosine([0, 0], [1, 1])).toBe(0);
    expect(cosine([1], [1, 2])).toBe(0);
    const top = cosineTopK(
      [1, 0],
      [
        ['x', [0, 1]],
        ['y', [1, 0.1]],
        ['z', [1, 1]],
      ],
      2,
    );
    expect(top.map((h) => h.id)).toEqual(['y', 'z']);
  });

  it('fuses rankings by reciprocal rank', () => {
    const fused = reciprocalRankFusion(
      [
        [
          { id: 'x', score: 9 },
          { id: 'y', score: 5 },
        ],
        [
          { id: 'y', score: 0.9 },
          { id: 'z', score: 0.8 },
        ],
      ],
      { k: 60 },
    );
    expect(fused.map((h) => h.id)).toEqual(['y', 'x', 'z']);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    const weighted = reciprocalRankFusion([[{ id: 'x', score: 1 }], [{ id: 'z', score: 1 }]], {
      weights: [1, 3],
      topK: 1,
    });
    expect(weighted.map((h) => h.id)).toEqual(['z']);
  });

  it('finds by meaning what words miss, and keeps the lexical hits', async () => {
    const { lexical, vectors } = await setup();
    const query = 'Where is my car?';
    expect(lexical.search(query).map((h) => h.id)).toEqual(['c']);
    const result = await hybridSearch({
      query,
      lexical: lexical.search(query, { topK: 30 }),
      embedder: embed,
      vectors: vectors.entries(),
      topK: 3,
    });
    expect(result.mode).toBe('hybrid');
    expect(
      result.hits
        .map((h) => h.id)
        .slice(0, 2)
        .sort(),
    ).toEqual(['a', 'c']);
  });

  it('falls back to the lexical hits when the embedder throws, rejects or answers nonsense', async () => {
    const { lexical, vectors } = await setup();
    const hits = lexical.search('car tyres', { topK: 30 });
    const failing: Embedder[] = [
      () => {
        throw new Error('model not loaded');
      },
      () => Promise.reject(new Error('offline')),
      async () => [],
      async () => [[Number.NaN, 1, 2]],
    ];
    for (const embedder of failing) {
      const errors: Error[] = [];
      const result = await hybridSearch({
        query: 'car tyres',
        lexical: hits,
        embedder,
        vectors: vectors.entries(),
        topK: 2,
        onError: (e) => errors.push(e),
      });
      expect(result).toEqual({ hits: hits.slice(0, 2), mode: 'lexical' });
      expect(errors).toHaveLength(1);
    }
  });

  it('persists vectors in segments and reloads them', async () => {
    const store = new Map<string, unknown>();
    const write = (aux: Record<string, unknown>) =>
      Object.entries(aux).forEach(([k, v]) => (v === null ? store.delete(k) : store.set(k, structuredClone(v))));
    const vectors = createVectorIndex({ segmentSize: 2 });
    vectors.add('a', [1, 0, 0]);
    write(vectors.flush());
    vectors.add('b', [0, 1, 0]);
    vectors.add('c', [0, 0, 1]);
    const flushed = vectors.flush();
    expect(Object.keys(flushed).sort()).toEqual(['vectors:manifest', 'vectors:seg:0', 'vectors:seg:1']);
    write(flushed);
    vectors.remove('b');
    write(vectors.flush());
    const reloaded = (await loadVectorIndex(async (k) => store.get(k)))!;
    expect([...reloaded.entries()].map(([id, v]) => [id, [...v]])).toEqual([
      ['a', [1, 0, 0]],
      ['c', [0, 0, 1]],
    ]);
    expect(() => reloaded.add('d', [1, 2])).toThrow(/vector/);
  });
});
