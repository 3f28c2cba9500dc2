/**
 * Dense candidates fused with lexical ones (`rerank` in core/recall/recall.ts): the nearest turns
 * by vector join the lexical candidates, and the fusion weight moves lexical candidates by their
 * cosine; the bench's leave-one-conversation-out search (bench/eval-locomo-folds.ts) overrides both.
 */
import { describe, expect, it } from 'vitest';
import { createRecallIndex } from '../../src/recall/recall-index.js';
import { createVectorIndex } from '../../src/recall/vectors/vector-index.js';
import { DENSE_CANDIDATES, rerank } from '../../src/core/recall/recall.js';

const at = (minute: number): string => new Date(Date.UTC(2023, 4, 1, 10) + minute * 60_000).toISOString();
/** A unit vector along axis `axis` of 8, tilted a little towards axis 7. */
const along = (axis: number, tilt = 0.1): number[] =>
  Array.from({ length: 8 }, (_, i) => (i === axis ? 1 : i === 7 ? tilt : 0));

function setup() {
  const index = createRecallIndex();
  const vectors = createVectorIndex({ model: 'm' });
  // Three turns that share the word "garden", far from the question's vector; one paraphrase with
  // no shared word, close to it; and turns about nothing, for the neighbours.
  const docs: [string, string, number[]][] = [
    ['g1', 'The garden gate squeaks again.', along(1)],
    ['x1', 'Fine weather today.', along(4)],
    ['g2', 'Our garden hose split open.', along(2)],
    ['x2', 'The bus was late.', along(5)],
    ['g3', 'A garden gnome went missing.', along(0, 0.6)],
    ['x3', 'Lunch was good.', along(6)],
    ['p', 'I started growing tomatoes and herbs out back.', along(0, 0.05)],
  ];
  docs.forEach(([id, text, v], i) => {
    // The paraphrase is said days later: no neighbour of a turn with the word.
    index.add({ id, text, timestamp: at(id === 'p' ? 10_000 : i) });
    vectors.add(id, v);
  });
  return { index, semantic: { query: along(0, 0), vectors } };
}

describe('fusion of dense candidates', () => {
  it('the nearest turn by vector joins the list only when dense candidates are on', () => {
    const { index, semantic } = setup();
    const lexical = index.search('garden', { topK: 20 });
    expect(lexical.map((h) => h.id)).not.toContain('p');
    // Words find more turns than asked for: no place is left for vectors to fill.
    expect(lexical.length).toBeGreaterThanOrEqual(5);
    expect(DENSE_CANDIDATES).toBeGreaterThan(0);
    const fused = rerank(index, semantic, lexical, 5, () => true);
    expect(fused.map((h) => h.id)).toContain('p');
    const without = rerank(index, semantic, lexical, 5, () => true, { candidates: 0 });
    expect(without.map((h) => h.id)).not.toContain('p');
    // The filter holds for dense candidates too.
    expect(rerank(index, semantic, lexical, 5, (id) => id !== 'p').map((h) => h.id)).not.toContain('p');
  });

  it('the fusion weight moves the lexical candidate nearest the question up; weight 0 keeps the words order', () => {
    const { index, semantic } = setup();
    const lexical = index.search('garden', { topK: 20 });
    const words = lexical.filter((h) => h.id.startsWith('g')).map((h) => h.id);
    expect(words[0]).not.toBe('g3'); // words alone rank another turn first
    const flat = rerank(index, semantic, lexical, 5, () => true, { candidates: 0, weight: 0 });
    expect(flat.filter((h) => h.id.startsWith('g')).map((h) => h.id)).toEqual(words);
    const heavy = rerank(index, semantic, lexical, 5, () => true, { candidates: 0, weight: 5, neighbourWeight: 0 });
    expect(heavy[0]!.id).toBe('g3');
    for (let i = 1; i < heavy.length; i++) expect(heavy[i]!.score).toBeLessThanOrEqual(heavy[i - 1]!.score);
  });
});
