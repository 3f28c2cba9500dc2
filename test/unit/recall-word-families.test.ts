/**
 * Words of one family: a question's word also searches the other words of its family ("kids"
 * finds "children"), at `ranking.synonymWeight`, in one index and across several with summed
 * statistics (`scope: 'all'`).
 */
import { describe, expect, it } from 'vitest';
import {
  addTermStats,
  analyzeQuery,
  createRecallIndex,
  emptyTermStats,
  type RecallDoc,
  type RecallIndex,
} from '../../src/recall/recall-index.js';
import { analyze } from '../../src/recall/text/analyze.js';
import { relatedTerms } from '../../src/recall/text/word-families.js';
import { DEFAULT_RANKING } from '../../src/recall/lexical/ranking.js';
import { createMemory } from '../../src/index.js';
import type { Embedder } from '../../src/recall/types.js';

/** Turns a day apart: no neighbouring-turn context or sitting between them. */
const day = (i: number): string => new Date(Date.UTC(2024, 4, 1 + i, 10)).toISOString();

function indexOf(texts: readonly string[]): RecallIndex {
  const index = createRecallIndex();
  texts.forEach((text, i) => index.add({ id: `t${i}`, text, timestamp: day(i) }));
  return index;
}

describe('word families', () => {
  it('relate the stems analysis makes, both ways, whatever the inflection', () => {
    const [kid] = analyze('kids');
    const [child] = analyze('children');
    expect(relatedTerms(kid!)).toContain(child);
    expect(relatedTerms(child!)).toContain(kid);
    expect(relatedTerms(analyze('films')[0]!)).toContain(analyze('movie')[0]);
    expect(relatedTerms(analyze('purchased')[0]!)).toContain(analyze('bought')[0]);
    expect(relatedTerms('zither')).toEqual([]);
  });

  it('find a turn that says what the question asks in other words of the family', () => {
    const index = indexOf([
      'We will build a shed next spring.',
      'The children helped me build a sandcastle at the beach.',
      'Rain all day, so we stayed in.',
    ]);
    const top = (synonymWeight?: number) =>
      index
        .search('What did the kids build?', {
          topK: 3,
          ...(synonymWeight === undefined ? {} : { ranking: { synonymWeight } }),
        })
        .map((h) => h.id);
    expect(DEFAULT_RANKING.synonymWeight).toBeGreaterThan(0);
    expect(top()[0]).toBe('t1');
    expect(top(0)[0]).toBe('t0'); // words alone: the shorter turn holding "build" wins
  });

  it("rank the question's own word above a word of its family", () => {
    const index = indexOf(['The children played outside.', 'The kids played outside.']);
    expect(index.search('Where did the kids play?', { topK: 2 }).map((h) => h.id)).toEqual(['t1', 't0']);
  });

  it('score across indexes with summed statistics as one index holding every turn', () => {
    const chats: RecallDoc[][] = [
      ['The kids loved the film.', 'A movie night with the children.', 'We watched the lake.'],
      ['My child drew a dog.', 'The puppy slept all day.', 'Film festival tickets for the kids.'],
      ['Nothing much happened.', 'The children built a fort.', 'We saw a movie about a dog.'],
    ].map((texts, c) => texts.map((text, i) => ({ id: `c${c}-${i}`, text, timestamp: day(c * 10 + i) })));
    const one = createRecallIndex();
    for (const doc of chats.flat()) one.add(doc);
    const each = chats.map((docs) => {
      const index = createRecallIndex();
      for (const doc of docs) index.add(doc);
      return index;
    });
    for (const query of ['Which film did the kids watch?', 'the puppy', 'child and dog']) {
      const terms = analyzeQuery(query);
      const stats = emptyTermStats();
      for (const index of each) addTermStats(stats, index.termStats(terms));
      const got = each
        .flatMap((index) => index.searchTerms(terms, { topK: 10, stats }))
        .sort((a, b) => b.score - a.score);
      const expected = one.search(query, { topK: 10 });
      expect(got.length).toBe(expected.length);
      got.forEach((hit, i) => expect(hit.score).toBeCloseTo(expected[i]!.score, 9));
      expect(new Set(got.map((h) => h.id))).toEqual(new Set(expected.map((h) => h.id)));
    }
  });
});

describe('word families in a memory', () => {
  const TURNS = [
    'We will build a shed next spring.',
    'The children helped me build a sandcastle at the beach.',
    'Rain all day, so we stayed in.',
  ];
  async function filled(options: Parameters<typeof createMemory>[0]) {
    const memory = await createMemory(options);
    for (const [i, text] of TURNS.entries()) await memory.addUserMessage('s', text, undefined, { timestamp: day(i) });
    return memory;
  }

  it('recall without an embedder searches the words of the families; with one, its candidates are searched without them', async () => {
    const lexical = await filled({ store: 'memory' });
    expect((await lexical.recall('s', 'What did the kids build?', { topK: 1 }))[0]!.entry.content).toBe(TURNS[1]);
    await lexical.close();
    // Every vector alike: the vectors move nothing, the lexical candidates' order is the result.
    const alike: Embedder = async (texts) => texts.map(() => [1, 0, 0]);
    const hybrid = await filled({ store: 'memory', embedder: alike, embeddingModel: 'alike' });
    await hybrid.idle('s');
    expect((await hybrid.recall('s', 'What did the kids build?', { topK: 1 }))[0]!.entry.content).toBe(TURNS[0]);
    await hybrid.close();
  });
});
