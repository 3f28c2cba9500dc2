/**
 * Scoring a query against the index: only the postings of the query's terms are read. Each
 * entry gets BM25F over its text and date fields, and each episode (`episodes.ts`) BM25 over
 * its turns; `blend.ts` then mixes in neighbouring turns, episodes and the speaker boost.
 * Working arrays live in `scratch.ts`, so a query allocates little beyond its result.
 * @module
 */

import { blendSteps } from './blend.js';
import { addAddressCounts, boostedRoles, createAddressee } from './addressee.js';
import { createEpisodeCache } from './episodes.js';
import type { IndexState } from './index-state.js';
import { TF_BITS, TF_ESCAPE } from './postings.js';
import { FIELD_COUNT, SPEAKER_FIELD, TEXT_FIELD } from './ranking.js';
import type { RankingOptions } from './ranking.js';
import { createScratch, ensureScratch, nextStamp, type Scratch } from './scratch.js';
import type { SearchHit, TermStats } from '../types.js';
import { relatedTerms } from '../text/word-families.js';
import { COST, type Slicer } from '../../slices/slicer.js';

/**
 * Postings (or scored documents) a search handles between two looks at its slice: a sliced
 * search gives the thread back between them when its slice is full.
 */
export const SEARCH_STEP = 16_384;

/** Empty statistics, to sum indexes' into. */
export function emptyTermStats(): TermStats {
  return {
    n: 0,
    lengthSums: new Array<number>(FIELD_COUNT).fill(0),
    episodes: 0,
    episodeLength: 0,
    df: new Map(),
    edf: new Map(),
    addressed: new Map(),
  };
}

/** Add `part` into `into`. */
export function addTermStats(into: TermStats, part: TermStats): void {
  into.n += part.n;
  for (let f = 0; f < FIELD_COUNT; f++)
    into.lengthSums[f] = (into.lengthSums[f] as number) + (part.lengthSums[f] as number);
  into.episodes += part.episodes;
  into.episodeLength += part.episodeLength;
  for (const [t, v] of part.df) into.df.set(t, (into.df.get(t) ?? 0) + v);
  for (const [t, v] of part.edf) into.edf.set(t, (into.edf.get(t) ?? 0) + v);
  addAddressCounts(into.addressed, part.addressed);
}

/** Search over analyzed query terms, scored with the index's own statistics or `stats`. */
export type Searcher = (
  terms: readonly string[],
  topK: number,
  ranking: RankingOptions,
  filter?: (id: string) => boolean,
  stats?: TermStats,
) => SearchHit[];

/** {@link Searcher} in slices of work: gives the thread back between slices (a large session's common terms). */
export type SlicedSearcher = (
  terms: readonly string[],
  topK: number,
  ranking: RankingOptions,
  slicer: Slicer,
  filter?: (id: string) => boolean,
  stats?: TermStats,
) => Promise<SearchHit[]>;

/** A searcher and the statistics it would score `terms` with (cached until the index changes). */
export interface SearcherPair {
  search: Searcher;
  /** The same search in slices; its results are `search`'s. */
  searchInSlices: SlicedSearcher;
  termStats(terms: readonly string[], ranking: RankingOptions): TermStats;
}

/** BM25 inverse document frequency (Lucene's, never negative). */
export function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** A searcher reading `state`. */
export function createSearcher(state: IndexState): SearcherPair {
  const episodesFor = createEpisodeCache(state);
  const addressee = createAddressee(state);
  const scratch = createScratch();
  // Per-term document and episode frequencies, valid for one index version, gap and date weight.
  let cache = new Map<string, [number, number]>();
  let cacheKey = '';

  const termStats = (terms: readonly string[], ranking: RankingOptions): TermStats => {
    const episodes = ranking.episodeWeight > 0 ? episodesFor(ranking.neighbourGapMs) : undefined;
    const out = emptyTermStats();
    out.n = state.live;
    for (let f = 0; f < FIELD_COUNT; f++) out.lengthSums[f] = state.lengthSums[f] as number;
    out.episodes = episodes?.count ?? 0;
    out.episodeLength = episodes ? episodes.avgLength * episodes.count : 0;
    const key = `${state.version}|${ranking.neighbourGapMs}|${ranking.dateWeight}|${ranking.episodeWeight > 0}`;
    if (key !== cacheKey) {
      cache = new Map();
      cacheKey = key;
    }
    ensureScratch(scratch, state.ids.length, episodes?.count ?? 0);
    const { termStamp, episodeTermStamp } = scratch;
    const weights = [1, 0, ranking.dateWeight];
    const { alive, turn } = state;
    const { lists, sizes } = state.postings;
    for (const t of queryWeights(terms, ranking.synonymWeight).keys()) {
      if (out.df.has(t)) continue;
      let known = cache.get(t);
      if (known === undefined) {
        let df = 0;
        let edf = 0;
        const id = state.termIds.get(t);
        if (id !== undefined) {
          const ts = nextStamp(scratch);
          for (let f = 0; f < FIELD_COUNT; f++) {
            const slot = id * FIELD_COUNT + f;
            const list = lists[slot];
            if (list === undefined || weights[f] === 0) continue;
            const size = sizes[slot] as number;
            const byEpisode = episodes !== undefined && f === TEXT_FIELD;
            for (let r = 0; r < size; r++) {
              const v = list[r] as number;
              const o = v >>> TF_BITS;
              if ((v & TF_ESCAPE) === TF_ESCAPE) r++;
              if (alive[o] === 0) continue;
              if (termStamp[o] !== ts) {
                termStamp[o] = ts;
                df++;
              }
              if (byEpisode && turn[o] === 1) {
                const e = episodes.of[o] as number;
                if (episodeTermStamp[e] !== ts) {
                  episodeTermStamp[e] = ts;
                  edf++;
                }
              }
            }
          }
        }
        cache.set(t, (known = [df, edf]));
      }
      out.df.set(t, known[0]);
      out.edf.set(t, known[1]);
    }
    if (ranking.speakerBoost > 0) out.addressed = addressee.counts(terms);
    return out;
  };

  /**
   * The search as steps: yields the postings or documents handled since the last step, about
   * every {@link SEARCH_STEP}, and returns the hits. Reads and writes `scratch` only.
   */
  function* searchSteps(
    scratch: Scratch,
    terms: readonly string[],
    topK: number,
    ranking: RankingOptions,
    filter: ((id: string) => boolean) | undefined,
    stats: TermStats | undefined,
  ): Generator<number, SearchHit[], void> {
    const n = stats?.n ?? state.live;
    if (state.live === 0 || n === 0 || topK <= 0) return [];
    let done = 0;
    // The documents there were when the search began: a sliced search of another chat's index
    // (`scope: 'all'`) may see that chat's add land between two steps.
    const limit = state.ids.length;
    const lengthSums = stats?.lengthSums ?? state.lengthSums;
    const { k1, b } = ranking;
    const episodes = ranking.episodeWeight > 0 ? episodesFor(ranking.neighbourGapMs) : undefined;
    ensureScratch(scratch, state.ids.length, episodes?.count ?? 0);
    const { termStamp, docStamp, acc, score, named, episodeTermStamp, episodeQueryStamp, episodeTf, episodeScore } =
      scratch;
    const { termDocs, termEpisodes, touched, matched } = scratch;
    // The speaker's name is not scored as text: it multiplies the entry's score (`blend.ts`).
    const weights = [1, 0, ranking.dateWeight];
    const queryStamp = nextStamp(scratch);
    touched.length = 0;

    // By term id: how much the term weighs (its repeats in the question, or a family word's weight).
    const repeats = new Map<number, number>();
    for (const [t, weight] of queryWeights(terms, ranking.synonymWeight)) {
      const id = state.termIds.get(t);
      if (id !== undefined) repeats.set(id, weight);
    }
    const { alive, lengths, turn } = state;
    const { lists, sizes } = state.postings;
    for (const [termId, repeat] of repeats) {
      const term = state.termStrings[termId] as string;
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
        const bOverAvg = fb / Math.max((lengthSums[f] as number) / n, 1e-9);
        const byEpisode = episodes !== undefined && f === TEXT_FIELD;
        for (let r = 0; r < size; r++) {
          const v = list[r] as number;
          const o = v >>> TF_BITS;
          let tf = v & TF_ESCAPE;
          if (tf === TF_ESCAPE) tf = list[++r] as number;
          if (alive[o] === 0 || o >= limit) continue;
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
        done += size;
        if (done >= SEARCH_STEP) {
          yield done;
          done = 0;
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
      const weight = repeat * idf(stats?.df.get(term) ?? termDocs.length, n);
      for (const o of termDocs) {
        const tf = acc[o] as number;
        if (docStamp[o] !== queryStamp) {
          docStamp[o] = queryStamp;
          score[o] = 0;
          matched[o] = 0;
          touched.push(o);
        }
        matched[o] = (matched[o] as number) + 1;
        score[o] = (score[o] as number) + (weight * tf * (k1 + 1)) / (k1 + tf);
      }
      done += termDocs.length;
      if (done >= SEARCH_STEP) {
        yield done;
        done = 0;
      }
      if (episodes === undefined || termEpisodes.length === 0) continue;
      // The same term, scored over whole sittings: BM25 with episodes as documents.
      const episodeIdf = stats
        ? repeat * idf(stats.edf.get(term) ?? termEpisodes.length, stats.episodes)
        : repeat * idf(termEpisodes.length, episodes.count);
      const avgEpisode = stats ? stats.episodeLength / Math.max(stats.episodes, 1) : episodes.avgLength;
      const bOverAvg = b / Math.max(avgEpisode, 1e-9);
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
    // A name the question uses that one role's turns keep addressing: the other role's turns are boosted.
    const mask = ranking.speakerBoost > 0 ? boostedRoles(stats?.addressed ?? addressee.counts(terms)) : 0;
    const roles = mask ? { of: addressee.roles(), mask } : undefined;
    coordinate(scratch, new Set(terms).size, ranking.coordination);
    if (done > 0) yield done;
    const spread = ranking.sittingCap > 0 || ranking.foldNeighbours > 0;
    const sittings = episodes ?? (spread ? episodesFor(ranking.neighbourGapMs) : undefined);
    return yield* blendSteps(
      state,
      scratch,
      queryStamp,
      topK,
      ranking,
      filter,
      episodes?.of,
      roles,
      sittings?.of,
      limit,
    );
  }

  const search: Searcher = (terms, topK, ranking, filter, stats) =>
    runSteps(searchSteps(scratch, terms, topK, ranking, filter, stats));

  const searchInSlices: SlicedSearcher = async (terms, topK, ranking, slicer, filter, stats) => {
    // A small search runs in one go; a large one on working arrays of its own, since other
    // searches of this index (another chat's `scope: 'all'`) may run while it gives the thread back.
    if (postingsOf(terms) <= SEARCH_STEP) return search(terms, topK, ranking, filter, stats);
    const steps = searchSteps(createScratch(), terms, topK, ranking, filter, stats);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (slicer.spend(step.value * COST.posting)) await slicer.pause();
    }
  };

  /** Postings a search for `terms` reads, about. */
  const postingsOf = (terms: readonly string[]): number => {
    let total = 0;
    for (const t of new Set(terms)) {
      const id = state.termIds.get(t);
      if (id === undefined) continue;
      for (let f = 0; f < FIELD_COUNT; f++) total += state.postings.sizes[id * FIELD_COUNT + f] ?? 0;
    }
    return total;
  };
  return { search, searchInSlices, termStats };
}

/**
 * The terms a search scores, with their weights: the question's own (as often as they occur),
 * then, at `synonymWeight`, the other words of their families (`word-families.ts`) the
 * question does not hold.
 */
export function queryWeights(terms: readonly string[], synonymWeight: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of terms) out.set(t, (out.get(t) ?? 0) + 1);
  if (synonymWeight > 0)
    for (const t of [...out.keys()]) for (const r of relatedTerms(t)) if (!out.has(r)) out.set(r, synonymWeight);
  return out;
}

/**
 * Scale each scored entry's BM25F by the share of the question's `distinct` terms it holds, to
 * the power `exponent`. Counted over the question's terms, not the index's: a term no entry of
 * this index holds lowers every entry alike, so scores of several indexes (`scope: 'all'`) still compare.
 */
function coordinate(scratch: Scratch, distinct: number, exponent: number): void {
  if (exponent === 0 || distinct < 2) return;
  const { touched, score, matched } = scratch;
  // A family word counts as the question's word it stands for; an entry holding both counts once.
  for (const o of touched) score[o] = (score[o] as number) * Math.min(1, (matched[o] as number) / distinct) ** exponent;
}

/** Run steps to their end in one go. */
function runSteps<T>(steps: Generator<number, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
