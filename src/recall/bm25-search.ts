/**
 * Scoring a query against the index: only the postings of the query's terms are read. Each
 * entry gets BM25F over its text and date fields, and each episode (`episodes.ts`) BM25 over
 * its turns; `blend.ts` then mixes in neighbouring turns, episodes and the speaker boost.
 * Working arrays live in `scratch.ts`, so a query allocates little beyond its result.
 * @module
 */

import { blend } from './blend.js';
import { createEpisodeCache } from './episodes.js';
import type { IndexState } from './index-state.js';
import { TF_BITS, TF_ESCAPE } from './postings.js';
import { FIELD_COUNT, SPEAKER_FIELD, TEXT_FIELD } from './ranking.js';
import type { RankingOptions } from './ranking.js';
import { createScratch, ensureScratch, nextStamp } from './scratch.js';

/** One scored entry. */
export interface SearchHit {
  id: string;
  score: number;
}

/** Search over analyzed query terms. */
export type Searcher = (
  terms: readonly string[],
  topK: number,
  ranking: RankingOptions,
  filter?: (id: string) => boolean,
) => SearchHit[];

/** BM25 inverse document frequency (Lucene's, never negative). */
export function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** A searcher reading `state`. */
export function createSearcher(state: IndexState): Searcher {
  const episodesFor = createEpisodeCache(state);
  const scratch = createScratch();

  return (terms, topK, ranking, filter) => {
    const n = state.live;
    if (n === 0 || topK <= 0) return [];
    const { k1, b } = ranking;
    const episodes = ranking.episodeWeight > 0 ? episodesFor(ranking.neighbourGapMs) : undefined;
    ensureScratch(scratch, state.ids.length, episodes?.count ?? 0);
    const { termStamp, docStamp, acc, score, named, episodeTermStamp, episodeQueryStamp, episodeTf, episodeScore } = scratch;
    const { termDocs, termEpisodes, touched } = scratch;
    // The speaker's name is not scored as text: it multiplies the entry's score (`blend.ts`).
    const weights = [1, 0, ranking.dateWeight];
    const queryStamp = nextStamp(scratch);
    touched.length = 0;

    const repeats = new Map<number, number>();
    for (const t of terms) {
      const id = state.termIds.get(t);
      if (id !== undefined) repeats.set(id, (repeats.get(id) ?? 0) + 1);
    }
    const { alive, lengths, turn } = state;
    const { lists, sizes } = state.postings;
    for (const [termId, repeat] of repeats) {
      const ts = nextStamp(scratch);
      termDocs.length = 0;
      termEpisodes.length = 0;
      for (let f = 0; f < FIELD_COUNT; f++) {
        const slot = termId * FIELD_COUNT + f;
        const list = lists[slot];
        const w = weights[f] as number;
        if (list === undefined || w === 0) continue;
        const size = sizes[slot] as number;
        // Only the text varies much in length; names and dates are a few terms each.
        const fb = f === TEXT_FIELD ? b : 0;
        const bOverAvg = fb / Math.max((state.lengthSums[f] as number) / n, 1e-9);
        const byEpisode = episodes !== undefined && f === TEXT_FIELD;
        for (let r = 0; r < size; r++) {
          const v = list[r] as number;
          const o = v >>> TF_BITS;
          let tf = v & TF_ESCAPE;
          if (tf === TF_ESCAPE) tf = list[++r] as number;
          if (alive[o] === 0) continue;
          if (termStamp[o] !== ts) {
            termStamp[o] = ts;
            acc[o] = 0;
            termDocs.push(o);
          }
          acc[o] = (acc[o] as number) + (w * tf) / (1 - fb + bOverAvg * (lengths[o * FIELD_COUNT + f] as number));
          if (byEpisode && turn[o] === 1) {
            const e = episodes.of[o] as number;
            if (episodeTermStamp[e] !== ts) {
              episodeTermStamp[e] = ts;
              episodeTf[e] = 0;
              termEpisodes.push(e);
            }
            episodeTf[e] = (episodeTf[e] as number) + tf;
          }
        }
      }
      if (ranking.speakerBoost > 0) {
        const slot = termId * FIELD_COUNT + SPEAKER_FIELD;
        const list = lists[slot];
        const size = sizes[slot] ?? 0;
        for (let r = 0; list !== undefined && r < size; r++) {
          const v = list[r] as number;
          named[v >>> TF_BITS] = queryStamp;
          if ((v & TF_ESCAPE) === TF_ESCAPE) r++;
        }
      }
      if (termDocs.length === 0) continue;
      const weight = repeat * idf(termDocs.length, n);
      for (const o of termDocs) {
        const tf = acc[o] as number;
        if (docStamp[o] !== queryStamp) {
          docStamp[o] = queryStamp;
          score[o] = 0;
          touched.push(o);
        }
        score[o] = (score[o] as number) + (weight * tf * (k1 + 1)) / (k1 + tf);
      }
      if (episodes === undefined || termEpisodes.length === 0) continue;
      // The same term, scored over whole sittings: BM25 with episodes as documents.
      const episodeIdf = repeat * idf(termEpisodes.length, episodes.count);
      const bOverAvg = b / Math.max(episodes.avgLength, 1e-9);
      for (const e of termEpisodes) {
        const tf = episodeTf[e] as number;
        if (episodeQueryStamp[e] !== queryStamp) {
          episodeQueryStamp[e] = queryStamp;
          episodeScore[e] = 0;
        }
        const norm = 1 - b + bOverAvg * (episodes.length[e] as number);
        episodeScore[e] = (episodeScore[e] as number) + (episodeIdf * tf * (k1 + 1)) / (tf + k1 * norm);
      }
    }
    return blend(state, scratch, queryStamp, topK, ranking, filter, episodes?.of);
  };
}
