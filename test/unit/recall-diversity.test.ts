import { describe, expect, it } from 'vitest';
import { createRecallIndex } from '../../src/recall/recall-index.js';
import { diversify } from '../../src/recall/lexical/diversify.js';

const at = (day: number, minute: number): string =>
  new Date(Date.UTC(2023, 4, day, 10) + minute * 60_000).toISOString();

/** Sitting 1: eight turns about painting supplies; sittings 2 and 3: one painting turn each, days later. */
function painted() {
  const index = createRecallIndex({ ranking: { sittingCap: 3 } });
  const supplies = [
    'I bought new painting brushes today',
    'Painting supplies are so expensive',
    'The painting store had a sale on canvas',
    'I need more painting paper too',
    'My painting palette broke yesterday',
    'Painting with acrylics needs good brushes',
    'The painting easel was on sale',
    'I keep my painting kit in the attic',
  ];
  supplies.forEach((text, i) => index.add({ id: `s1-${i}`, text, timestamp: at(1, i) }));
  index.add({ id: 's2-0', text: 'How did you get into watercolor painting?', timestamp: at(8, 0) });
  index.add({ id: 's2-1', text: 'A friend took me to a class years ago.', timestamp: at(8, 1) });
  index.add({ id: 's3-0', text: 'My painting of the lake won a prize', timestamp: at(15, 0) });
  return index;
}

describe('spread across sittings', () => {
  it('a sitting takes at most `sittingCap` places while other sittings have turns that scored', () => {
    const index = painted();
    const hits = index.search('painting', { topK: 5 });
    const fromFirst = hits.filter((h) => h.id.startsWith('s1-'));
    expect(fromFirst).toHaveLength(3);
    expect(hits.map((h) => h.id)).toEqual(expect.arrayContaining(['s2-0', 's3-0']));
    // Without the cap the first sitting fills the list.
    const crowded = index.search('painting', { topK: 5, ranking: { sittingCap: 0 } });
    expect(crowded.every((h) => h.id.startsWith('s1-'))).toBe(true);
    // Scores never rise down the list.
    for (let i = 1; i < hits.length; i++) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
  });

  it('fills the list from one sitting when nothing else scores', () => {
    const index = painted();
    // Words of the first sitting only: its turns take every place despite the cap of 3.
    const hits = index.search('supplies brushes canvas paper palette acrylics easel attic', { topK: 8 });
    expect(hits).toHaveLength(8);
    expect(hits.every((h) => h.id.startsWith('s1-'))).toBe(true);
  });

  it('folds a turn that scored only through its neighbour into the listed turn it supports', () => {
    const index = createRecallIndex({ ranking: { foldNeighbours: 1 } });
    index.add({ id: 'q', text: 'Where did you go on the road trip?', timestamp: at(1, 0) });
    index.add({ id: 'a', text: 'We drove along the coast to Big Sur.', timestamp: at(1, 1) });
    index.add({ id: 'far', text: 'Another road trip is planned for June.', timestamp: at(9, 0) });
    index.add({ id: 'farther', text: 'A trip to the mountains next year.', timestamp: at(20, 0) });
    const folded = index.search('road trip', { topK: 3 });
    const plain = index.search('road trip', { topK: 3, ranking: { foldNeighbours: 0 } });
    // Unfolded, the reply (no query word) takes a place; folded, it goes after the turns that matched.
    expect(plain.map((h) => h.id)).toContain('a');
    expect(folded.map((h) => h.id)).toEqual(['q', 'far', 'farther']);
    // Still there when the list has room.
    expect(index.search('road trip', { topK: 4 }).map((h) => h.id)).toContain('a');
  });

  it('diversify() keeps standalone documents and holds back by sitting', () => {
    const ranked = [0, 1, 2, 3, 4].map((ordinal, i) => ({ ordinal, score: 10 - i }));
    const sitting = [0, 0, 0, -1, 1];
    const out = diversify(ranked, 4, { sittingOf: (o) => sitting[o]!, ownMatch: () => true, cap: 1, foldWithin: 0 });
    expect(out.map((r) => r.ordinal)).toEqual([0, 3, 4, 1]);
    expect(out.map((r) => r.score)).toEqual([10, 7, 6, 6]);
  });
});

describe('spread across sittings, defaults', () => {
  it('is off by default: on LoCoMo every form lowered recall@10 held out (bench/eval-locomo-folds.ts)', () => {
    const index = createRecallIndex();
    const supplies = ['painting brushes', 'painting paper', 'painting canvas', 'painting easel'];
    supplies.forEach((text, i) => index.add({ id: `s1-${i}`, text, timestamp: at(1, i) }));
    index.add({ id: 's2-0', text: 'watercolor painting class', timestamp: at(8, 0) });
    const hits = index.search('painting brushes paper canvas easel', { topK: 4 });
    expect(hits.map((h) => h.id)).toEqual(expect.arrayContaining(['s1-0', 's1-1', 's1-2', 's1-3']));
  });
});
