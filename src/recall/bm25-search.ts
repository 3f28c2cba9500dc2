/**
 * Scoring a query against the index. Only the postings of the query's terms are read. Each
 * entry gets BM25F over its fields, plus a decaying share of its neighbouring turns' scores,
 * plus a share of its episode's BM25 score (`episodes.ts`), times a boost when the question
 * names its speaker. Scratch arrays live as long as the
 * index, so a query allocates little beyond its result.
 * @module
 */

import { createEpisodeCache } from './episodes.js';
import type { IndexState, StoredDoc } from './index-state.js';
import { FIELD_COUNT, SPEAKER_FIELD, TEXT_FIELD } from './ranking.js';
import type { RankingOptions } from './ranking.js';
import { createTopK } from './top-k.js';

/** Removed or standalone documents stepped over when looking for a neighbouring turn. */
const MAX_SKIP = 4;

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
  let termStamp = new Int32Array(0);
  let docStamp = new Int32Array(0);
  let acc = new Float64Array(0);
  let score = new Float64Array(0);
  let blended = new Float64Array(0);
  let named = new Int32Array(0);
  let episodeTermStamp = new Int32Array(0);
  let episodeQueryStamp = new Int32Array(0);
  let episodeTf = new Float64Array(0);
  let episodeScore = new Float64Array(0);
  let stamp = 0;
  const termDocs: number[] = [];
  const termEpisodes: number[] = [];
  const touched: number[] = [];
  const candidates: number[] = [];

  const resetStamps = (): void => {
    termStamp.fill(0);
    docStamp.fill(0);
    named.fill(0);
    episodeTermStamp.fill(0);
    episodeQueryStamp.fill(0);
    stamp = 0;
  };
  const nextStamp = (): number => {
    if (stamp >= 0x3fffffff) resetStamps();
    return ++stamp;
  };

  // Grown with the index, never allocated per query.
  const ensureScratch = (docCount: number, episodeCount: number): void => {
    if (termStamp.length < docCount) {
      const cap = Math.max(64, docCount * 2);
      termStamp = new Int32Array(cap);
      docStamp = new Int32Array(cap);
      acc = new Float64Array(cap);
      score = new Float64Array(cap);
      blended = new Float64Array(cap);
      named = new Int32Array(cap);
      resetStamps();
    }
    if (episodeTermStamp.length < episodeCount) {
      const cap = Math.max(16, episodeCount * 2);
      episodeTermStamp = new Int32Array(cap);
      episodeQueryStamp = new Int32Array(cap);
      episodeTf = new Float64Array(cap);
      episodeScore = new Float64Array(cap);
      resetStamps();
    }
  };

  return (terms, topK, ranking, filter) => {
    const n = state.live;
    if (n === 0 || topK <= 0) return [];
    const { k1, b } = ranking;
    const episodes = ranking.episodeWeight > 0 ? episodesFor(ranking.neighbourGapMs) : undefined;
    ensureScratch(state.docs.length, episodes?.count ?? 0);
    // The speaker's name is not scored as text: it multiplies the entry's score (see `rank`).
    const weights = [1, 0, ranking.dateWeight];
    const queryStamp = nextStamp();
    touched.length = 0;

    const repeats = new Map<number, number>();
    for (const t of terms) {
      const id = state.termIds.get(t);
      if (id !== undefined) repeats.set(id, (repeats.get(id) ?? 0) + 1);
    }
    const { alive, lengths } = state;
    for (const [termId, repeat] of repeats) {
      const ts = nextStamp();
      termDocs.length = 0;
      termEpisodes.length = 0;
      for (let f = 0; f < FIELD_COUNT; f++) {
        const list = state.postings[termId * FIELD_COUNT + f];
        const w = weights[f] as number;
        if (list === undefined || w === 0) continue;
        // Only the text varies much in length; names and dates are a few terms each.
        const fb = f === TEXT_FIELD ? b : 0;
        const bOverAvg = fb / Math.max((state.lengthSums[f] as number) / n, 1e-9);
        const byEpisode = episodes !== undefined && f === TEXT_FIELD;
        for (let r = 0; r < list.length; r += 2) {
          const o = list[r] as number;
          if (alive[o] === 0) continue;
          const tf = list[r + 1] as number;
          if (termStamp[o] !== ts) {
            termStamp[o] = ts;
            acc[o] = 0;
            termDocs.push(o);
          }
          acc[o] = (acc[o] as number) + (w * tf) / (1 - fb + bOverAvg * (lengths[o * FIELD_COUNT + f] as number));
          if (byEpisode && state.turn[o] === 1) {
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
        const list = state.postings[termId * FIELD_COUNT + SPEAKER_FIELD];
        if (list !== undefined) for (let r = 0; r < list.length; r += 2) named[list[r] as number] = queryStamp;
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
    return rank(topK, ranking, queryStamp, filter, episodes?.of);
  };

  /** Blend in the neighbours' and the episode's scores, keep the best `topK`. */
  function rank(
    topK: number,
    ranking: RankingOptions,
    queryStamp: number,
    filter: ((id: string) => boolean) | undefined,
    episodeOf: Int32Array | undefined,
  ): SearchHit[] {
    const mark = nextStamp();
    candidates.length = 0;
    const give = (o: number, amount: number): void => {
      if (termStamp[o] !== mark) {
        termStamp[o] = mark;
        blended[o] = 0;
        candidates.push(o);
      }
      blended[o] = (blended[o] as number) + amount;
    };
    const { turn, times } = state;
    const { previousWeight, nextWeight, contextWindow, contextDecay, neighbourGapMs } = ranking;
    const last = state.docs.length - 1;
    // Share `amount` with up to `contextWindow` turns in direction `step`, skipping (a few)
    // removed or standalone documents, stopping at a pause longer than the gap.
    const share = (o: number, step: number, amount: number): void => {
      let from = o;
      let w = amount;
      let skipped = 0;
      for (let c = o + step, k = 0; c >= 0 && c <= last && k < contextWindow && w > 0; c += step) {
        if (turn[c] === 0) {
          if (++skipped > MAX_SKIP) return;
          continue;
        }
        // Unknown times (NaN) count as near: `NaN > gap` is false.
        if (Math.abs((times[from] as number) - (times[c] as number)) > neighbourGapMs) return;
        give(c, w);
        w *= contextDecay;
        from = c;
        k++;
      }
    };
    for (const o of touched) {
      const s = score[o] as number;
      give(o, s);
      if (turn[o] === 0) continue;
      // This turn is a previous turn of the ones after it and a next turn of the ones before.
      share(o, 1, previousWeight * s);
      share(o, -1, nextWeight * s);
    }
    const top = createTopK(topK);
    const { episodeWeight, speakerBoost } = ranking;
    for (const o of candidates) {
      let s = blended[o] as number;
      if (episodeOf !== undefined) {
        const e = episodeOf[o] as number;
        if (e >= 0 && episodeQueryStamp[e] === queryStamp) s += episodeWeight * (episodeScore[e] as number);
      }
      // Said by someone the question names: "What did Jon …" favours Jon's own turns.
      if (named[o] === queryStamp) s *= 1 + speakerBoost;
      if (s < top.threshold()) continue;
      if (filter !== undefined && !filter((state.docs[o] as StoredDoc).id)) continue;
      top.push(o, s);
    }
    return top.drain().map((hit) => ({ id: (state.docs[hit.ordinal] as StoredDoc).id, score: hit.score }));
  }
}
