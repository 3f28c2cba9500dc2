/**
 * How semantic similarity joins lexical recall: the lexical candidates are re-ranked by
 * `lexical score + weight × z × top score`, where z is how far a candidate's semantic score
 * stands above the candidates' mean, in standard deviations. A candidate's semantic score is
 * its own cosine with the question plus a quarter of the better of its neighbouring turns'
 * (clipped at 0): the turn that answers often follows the one that matches.
 *
 * Only the lexical candidates are scored (no scan of every vector), a candidate without a
 * vector keeps z = 0, and a weak dense signal (candidates alike) moves little: the weight was
 * chosen on LoCoMo with USE-lite, where equal-weight rank fusion over the whole dense list made
 * recall worse (docs/semantic-recall.md).
 * @module
 */
import type { SearchHit } from '../types.js';

/** Options of {@link denseRerank}. */
export interface DenseRerankOptions {
  /** Weight of the semantic z-score, in units of the best lexical score (default 0.08). */
  weight?: number;
  /** Weight of the better neighbouring turn's cosine (default 0.25). */
  neighbourWeight?: number;
}

/**
 * The default weights (`DenseRerankOptions`). The neighbour's weight was 1 while questions were
 * embedded as asked; embedded as their content clause (`embedding-text.ts`), a turn's own cosine
 * says more, and 0.25 was chosen in every fold on LoCoMo (`npm run eval:locomo:folds`).
 */
export const DENSE_RERANK = { weight: 0.08, neighbourWeight: 0.25 } as const;

/**
 * Re-rank lexical hits (best first) with cosine similarities by id (`similarity`, candidates
 * and their neighbours); `neighbours(id)` gives the ids of the turns just before and after.
 * Scores stay in lexical units, so they still compare with lexical scores of other lists.
 * @example
 * const lexical = index.search(query, { topK: 50 });
 * const sims = vectors.similarities(queryVector, ids);
 * const hits = denseRerank(lexical, sims, (id) => [index.neighbour(id, -1), index.neighbour(id, 1)]).slice(0, 10);
 */
export function denseRerank(
  lexical: readonly SearchHit[],
  similarity: ReadonlyMap<string, number>,
  neighbours: (id: string) => readonly (string | undefined)[],
  options: DenseRerankOptions = {},
): SearchHit[] {
  const top = lexical[0]?.score ?? 0;
  if (lexical.length < 2 || top <= 0 || similarity.size === 0) return [...lexical];
  const weight = options.weight ?? DENSE_RERANK.weight;
  const nWeight = options.neighbourWeight ?? DENSE_RERANK.neighbourWeight;
  const dense: (number | undefined)[] = lexical.map((h) => {
    const own = similarity.get(h.id);
    if (own === undefined) return undefined;
    let near = 0;
    for (const n of neighbours(h.id)) {
      const s = n === undefined ? undefined : similarity.get(n);
      if (s !== undefined && s > near) near = s;
    }
    return own + nWeight * near;
  });
  const known = dense.filter((d): d is number => d !== undefined);
  if (known.length < 2) return [...lexical];
  const mean = known.reduce((a, b) => a + b, 0) / known.length;
  const sd = Math.sqrt(known.reduce((a, b) => a + (b - mean) ** 2, 0) / known.length);
  if (!(sd > 0)) return [...lexical];
  return lexical
    .map((h, i) => {
      const d = dense[i];
      return { id: h.id, score: d === undefined ? h.score : h.score + (weight * top * (d - mean)) / sd };
    })
    .sort((a, b) => b.score - a.score);
}

/** How much closer than every lexical candidate a turn found by vectors alone must be to get a place. */
export const PARAPHRASE_MARGIN = 0.2;

/**
 * A paraphrase gets a place: when the nearest turn found by vectors alone (`nearest`, best
 * first) is closer to the question than every lexical candidate by {@link PARAPHRASE_MARGIN}
 * (cosine), it is moved up to rank `ceil(0.8 × k)` of `ranked` if it stands lower, taking the
 * score of the hit it passes. A model this sure of a turn that shares no word with the question
 * is rare, and then right (chosen on LoCoMo leave-one-conversation-out: no loss at this margin).
 */
export function placeParaphrase(
  ranked: readonly SearchHit[],
  lexical: readonly SearchHit[],
  nearest: readonly SearchHit[],
  similarity: ReadonlyMap<string, number>,
  k: number,
): SearchHit[] {
  const best = nearest[0];
  if (best === undefined || k < 1) return [...ranked];
  let closest = -Infinity;
  for (const h of lexical) closest = Math.max(closest, similarity.get(h.id) ?? -Infinity);
  if (best.score < closest + PARAPHRASE_MARGIN) return [...ranked];
  const slot = Math.ceil(0.8 * k) - 1;
  const at = ranked.findIndex((h) => h.id === best.id);
  if (at >= 0 && at <= slot) return [...ranked];
  const rest = ranked.filter((h) => h.id !== best.id);
  if (slot >= rest.length) return [...rest, { id: best.id, score: rest[rest.length - 1]?.score ?? 0 }];
  return [...rest.slice(0, slot), { id: best.id, score: rest[slot]!.score }, ...rest.slice(slot)];
}
