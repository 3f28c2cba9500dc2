import { describe, expect, it } from 'vitest';
import {
  addTermStats,
  analyzeQuery,
  createRecallIndex,
  emptyTermStats,
  type RecallDoc,
  type RecallIndex,
} from '../../src/recall/recall-index.js';

const WORDS = [
  'paint',
  'sunrise',
  'lake',
  'hiking',
  'dog',
  'camping',
  'guitar',
  'pottery',
  'adoption',
  'race',
  'charity',
  'book',
  'museum',
  'beach',
  'family',
];

/** Chats of turns a minute apart, chats days apart (so no sitting spans two of them). */
function chats(count: number, turns: number): RecallDoc[][] {
  let seed = 7;
  const rand = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  return Array.from({ length: count }, (_, c) =>
    Array.from({ length: turns }, (_, t) => ({
      id: `c${c}-t${t}`,
      text: Array.from({ length: 3 + rand(8) }, () => WORDS[rand(WORDS.length)]).join(' '),
      speaker: t % 2 ? 'Melanie' : 'Caroline',
      timestamp: new Date(Date.UTC(2023, 0, 1 + c * 3) + t * 60_000).toISOString(),
    })),
  );
}

/** Search several indexes with their summed statistics and merge the hits by score. */
function searchAcross(indexes: RecallIndex[], query: string, topK: number): { id: string; score: number }[] {
  const terms = analyzeQuery(query);
  const stats = emptyTermStats();
  for (const index of indexes) addTermStats(stats, index.termStats(terms));
  return indexes
    .flatMap((index) => index.searchTerms(terms, { topK, stats }))
    .sort((a, b) => b.score - a.score)
    .slice(0, topK);
}

describe('recall over several indexes with summed statistics', () => {
  it('ranks and scores exactly as one index holding every document', () => {
    const all = chats(5, 40);
    const one = createRecallIndex();
    for (const doc of all.flat()) one.add(doc);
    const each = all.map((docs) => {
      const index = createRecallIndex();
      for (const doc of docs) index.add(doc);
      return index;
    });
    for (const query of [
      'What did Melanie paint at sunrise?',
      'camping by the lake',
      'guitar',
      'pottery adoption race',
      'When did Caroline go hiking with the dog?',
    ]) {
      const expected = one.search(query, { topK: 10 });
      const got = searchAcross(each, query, 10);
      expect(got.length).toBe(expected.length);
      expect(expected.length).toBeGreaterThan(0);
      got.forEach((hit, i) => expect(hit.score).toBeCloseTo(expected[i]!.score, 9));
      expect(new Set(got.map((h) => h.id))).toEqual(new Set(expected.map((h) => h.id)));
    }
  });

  it("differs from each index's own scores: a word rare in the store counts more than one common in a chat", () => {
    const index = createRecallIndex();
    const other = createRecallIndex();
    index.add({ id: 'a1', text: 'guitar lesson', timestamp: '2023-01-01T10:00:00Z' });
    index.add({ id: 'a2', text: 'guitar again', timestamp: '2023-01-03T10:00:00Z' });
    for (let i = 0; i < 20; i++)
      other.add({
        id: `b${i}`,
        text: `museum visit ${i}`,
        timestamp: new Date(Date.UTC(2023, 1, 1 + i)).toISOString(),
      });
    const own = index.search('guitar', { topK: 1 })[0]!.score;
    const across = searchAcross([index, other], 'guitar', 1)[0]!.score;
    expect(across).toBeGreaterThan(own);
  });
});
