/**
 * Per-index working memory of a search: arrays indexed by ordinal (or episode) that live as
 * long as the index and grow with it, so a query allocates nothing the size of the index.
 * Entries are valid only where their stamp equals the current query's (no clearing needed).
 * @module
 */

/** The scratch arrays of one index. */
export interface Scratch {
  /** By ordinal: stamp of the term (then of the blend) that last touched it. */
  termStamp: Int32Array;
  /** By ordinal: stamp of the query that last scored it. */
  docStamp: Int32Array;
  /** By ordinal: the current term's combined field frequency. */
  acc: Float64Array;
  /** By ordinal: the query's BM25F score. */
  score: Float64Array;
  /** By ordinal: distinct query terms matched. */
  matched: Float64Array;
  /** By ordinal: score plus neighbours' shares. */
  blended: Float64Array;
  /** By ordinal: query stamp when the question names the speaker. */
  named: Int32Array;
  /** By episode: stamp of the term that last touched it. */
  episodeTermStamp: Int32Array;
  /** By episode: stamp of the query that last scored it. */
  episodeQueryStamp: Int32Array;
  /** By episode: the current term's frequency in the episode. */
  episodeTf: Float64Array;
  /** By episode: the query's episode BM25 score. */
  episodeScore: Float64Array;
  stamp: number;
  termDocs: number[];
  termEpisodes: number[];
  touched: number[];
  candidates: number[];
}

/** Empty scratch (grown by {@link ensureScratch}). */
export function createScratch(): Scratch {
  return {
    termStamp: new Int32Array(0),
    docStamp: new Int32Array(0),
    acc: new Float64Array(0),
    score: new Float64Array(0),
    matched: new Float64Array(0),
    blended: new Float64Array(0),
    named: new Int32Array(0),
    episodeTermStamp: new Int32Array(0),
    episodeQueryStamp: new Int32Array(0),
    episodeTf: new Float64Array(0),
    episodeScore: new Float64Array(0),
    stamp: 0,
    termDocs: [],
    termEpisodes: [],
    touched: [],
    candidates: [],
  };
}

function resetStamps(s: Scratch): void {
  s.termStamp.fill(0);
  s.docStamp.fill(0);
  s.named.fill(0);
  s.episodeTermStamp.fill(0);
  s.episodeQueryStamp.fill(0);
  s.stamp = 0;
}

/** A stamp never used before (stamps restart from 0 long before they overflow). */
export function nextStamp(s: Scratch): number {
  if (s.stamp >= 0x3fffffff) resetStamps(s);
  return ++s.stamp;
}

/** Room for `docCount` ordinals and `episodeCount` episodes. */
export function ensureScratch(s: Scratch, docCount: number, episodeCount: number): void {
  if (s.termStamp.length < docCount) {
    const cap = Math.max(64, docCount * 2);
    s.termStamp = new Int32Array(cap);
    s.docStamp = new Int32Array(cap);
    s.acc = new Float64Array(cap);
    s.score = new Float64Array(cap);
    s.matched = new Float64Array(cap);
    s.blended = new Float64Array(cap);
    s.named = new Int32Array(cap);
    resetStamps(s);
  }
  if (s.episodeTermStamp.length < episodeCount) {
    const cap = Math.max(16, episodeCount * 2);
    s.episodeTermStamp = new Int32Array(cap);
    s.episodeQueryStamp = new Int32Array(cap);
    s.episodeTf = new Float64Array(cap);
    s.episodeScore = new Float64Array(cap);
    resetStamps(s);
  }
}
