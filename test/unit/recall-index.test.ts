import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/recall/text/analyze.js';
import { createRecallIndex } from '../../src/recall/recall-index.js';
import { createSlicer } from '../../src/slices/slicer.js';
import type { RankingOptions } from '../../src/recall/lexical/ranking.js';

/** Ranking reduced to plain BM25 over the text. */
const PLAIN: Partial<RankingOptions> = {
  k1: 1.2,
  b: 0.75,
  speakerBoost: 0,
  dateWeight: 0,
  previousWeight: 0,
  nextWeight: 0,
  episodeWeight: 0,
  coordination: 0,
};

interface Doc {
  id: string;
  text: string;
}

/** Brute-force BM25 (Lucene idf) with the index's tie rule: equal scores, newer first. */
function reference(
  docs: readonly Doc[],
  query: string,
  topK: number,
  k1 = 1.2,
  b = 0.75,
): { id: string; score: number }[] {
  const terms = docs.map((d) => analyze(d.text));
  const n = docs.length;
  const avg = terms.reduce((s, t) => s + t.length, 0) / n;
  const repeats = new Map<string, number>();
  for (const t of analyze(query, true)) repeats.set(t, (repeats.get(t) ?? 0) + 1);
  const scores = docs.map(() => 0);
  const touched = new Set<number>();
  for (const [term, repeat] of repeats) {
    const df = terms.filter((t) => t.includes(term)).length;
    if (df === 0) continue;
    const idf = repeat * Math.log(1 + (n - df + 0.5) / (df + 0.5));
    terms.forEach((t, i) => {
      const tf = t.filter((x) => x === term).length;
      if (tf === 0) return;
      const norm = tf / (1 - b + (b / avg) * t.length);
      scores[i] = (scores[i] as number) + (idf * norm * (k1 + 1)) / (k1 + norm);
      touched.add(i);
    });
  }
  return [...touched]
    .sort((i, j) => (scores[j] as number) - (scores[i] as number) || j - i)
    .slice(0, topK)
    .map((i) => ({ id: (docs[i] as Doc).id, score: scores[i] as number }));
}

const WORDS = [
  'apple',
  'river',
  'garden',
  'painting',
  'paint',
  'camping',
  'music',
  'guitar',
  'the',
  'and',
  'blue',
  'tree',
];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 12 }).map((w) => w.join(' '));

describe('recall index: BM25 correctness', () => {
  it('matches a brute-force BM25 after random adds and removals', () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 8 }),
        (texts, removals, queries, topK) => {
          const index = createRecallIndex({ ranking: PLAIN });
          let docs: Doc[] = texts.map((t, i) => ({ id: `d${i}`, text: t }));
          for (const d of docs) index.add(d);
          for (const r of removals) {
            const victim = docs[r % docs.length];
            if (!victim || docs.length === 1) continue;
            expect(index.remove(victim.id)).toBe(true);
            docs = docs.filter((d) => d !== victim);
          }
          expect(index.size).toBe(docs.length);
          for (const words of queries) {
            const query = words.join(' ');
            const got = index.search(query, { topK });
            const want = reference(docs, query, topK);
            expect(got.map((h) => h.id)).toEqual(want.map((h) => h.id));
            got.forEach((h, i) => expect(h.score).toBeCloseTo((want[i] as { score: number }).score, 9));
          }
        },
      ),
      { seed: 20240601, numRuns: 150 },
    );
  });

  it('replaces a document added again under the same id', () => {
    const index = createRecallIndex({ ranking: PLAIN });
    index.add({ id: 'a', text: 'apple river' });
    index.add({ id: 'b', text: 'garden' });
    index.add({ id: 'a', text: 'guitar music' });
    expect(index.size).toBe(2);
    expect(index.search('apple')).toEqual([]);
    expect(index.search('guitar').map((h) => h.id)).toEqual(['a']);
  });

  it('applies topK and the filter, and finds nothing for unknown or stop-word queries', () => {
    const index = createRecallIndex();
    for (let i = 0; i < 20; i++) index.add({ id: `d${i}`, text: `note ${i} about apples` });
    expect(index.search('apples', { topK: 3 })).toHaveLength(3);
    const odd = index.search('apples', { topK: 50, filter: (id) => Number(id.slice(1)) % 2 === 1 });
    expect(odd).toHaveLength(10);
    expect(odd.every((h) => Number(h.id.slice(1)) % 2 === 1)).toBe(true);
    expect(index.search('zebra')).toEqual([]);
    expect(index.search('what is the')).toEqual([]);
    expect(() => index.search('apples', { topK: -1 })).toThrow(/topK/);
  });

  it('keeps working after many removals (postings compaction)', () => {
    const index = createRecallIndex({ ranking: PLAIN });
    const docs: Doc[] = [];
    for (let i = 0; i < 3000; i++)
      docs.push({ id: `d${i}`, text: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} item${i}` });
    for (const d of docs) index.add(d);
    const kept = docs.filter((_, i) => i % 5 === 0);
    for (const d of docs) if (!kept.includes(d)) index.remove(d.id);
    for (const q of ['apple river', 'paint', 'item10 music']) {
      expect(index.search(q, { topK: 7 })).toEqual(
        reference(kept, q, 7).map((h) => ({ id: h.id, score: expect.closeTo(h.score, 9) as unknown as number })),
      );
    }
  });
});

describe('recall index: coordination', () => {
  const build = () => {
    const index = createRecallIndex({ ranking: { ...PLAIN, b: 0.4 } });
    const texts = [
      'A long walk by the river.',
      'Bread again for dinner.',
      'The garden is green.',
      'We skipped the movie.',
      'Rain all day.',
      'The cat slept.',
    ];
    for (let i = 0; i < 3; i++) texts.push(`Lesson ${i} and its price.`);
    texts.forEach((text, i) => index.add({ id: `f${i}`, text }));
    index.add({ id: 'one-rare-word', text: 'My zither arrived.' });
    index.add({ id: 'two-words', text: 'The lesson price went up.' });
    return index;
  };

  it('ranks a turn holding more of the question above one holding a single rarer word', () => {
    const index = build();
    const top = (coordination: number) =>
      index.search('zither lesson price', { topK: 2, ranking: { coordination } }).map((h) => h.id);
    expect(top(0)).toEqual(['one-rare-word', 'two-words']); // plain BM25F: the rare word wins
    expect(top(0.3)[0]).toBe('two-words');
  });

  it('leaves the order of a one-term question as plain BM25F has it', () => {
    const index = build();
    for (const q of ['lesson', 'zither', 'price']) {
      const plain = index.search(q, { topK: 10, ranking: { coordination: 0 } });
      expect(index.search(q, { topK: 10 })).toEqual(plain);
    }
  });
});

describe('toAuxInSlices', () => {
  it('writes the same aux values as toAux, giving the thread back between slices', async () => {
    const make = () => {
      const index = createRecallIndex({ segmentSize: 8 });
      for (let i = 0; i < 200; i++) index.add({ id: `e${i}`, text: `message ${i} about the garden and the lake` });
      return index;
    };
    let pauses = 0;
    const slicer = createSlicer({ units: 1000, ms: Infinity, yieldNow: async () => void pauses++ });
    const sliced = make();
    expect(await sliced.toAuxInSlices(slicer)).toEqual(make().toAux());
    expect(pauses).toBeGreaterThan(5);
    // Nothing is left to flush, as after toAux.
    expect(sliced.flush()).toEqual({});
  });
});
