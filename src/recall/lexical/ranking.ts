/**
 * How recall ranks entries: BM25F over the text and the date the entry was said on, plus a
 * share of the neighbouring turns' scores (in a chat a reply often only makes sense with the
 * message it answers: "For walking or running?"), plus a share of the score of the whole
 * sitting, times a boost when the question names the entry's speaker. An entry's own score
 * is scaled by the share of the question's terms it holds (coordination).
 * @module
 */

import { ValidationError } from '../../errors.js';

/** Fields an entry is indexed under. */
export const TEXT_FIELD = 0;
/** The speaker's name (or role). */
export const SPEAKER_FIELD = 1;
/** Date terms of the entry's time and `metadata.session_date`. */
export const DATE_FIELD = 2;
/** Number of fields. */
export const FIELD_COUNT = 3;

/** Ranking parameters. Every field is a plain number, so the object crosses a worker as is. */
export interface RankingOptions {
  /** BM25 term-frequency saturation (default 1.2). */
  k1: number;
  /** BM25 length normalization of the text field, 0–1 (default 0.4). */
  b: number;
  /** An entry whose speaker the question names scores `1 + speakerBoost` times higher (default 0.7). */
  speakerBoost: number;
  /**
   * Weight of a query date found as the entry's date (default 0.25, chosen by
   * leave-one-conversation-out on LoCoMo with `coordination`).
   */
  dateWeight: number;
  /** Share of the previous turn's score a turn receives (default 0.5). */
  previousWeight: number;
  /** Share of the next turn's score a turn receives (default 0.3). */
  nextWeight: number;
  /** How many turns on each side share their score (default 2). */
  contextWindow: number;
  /** Each further turn shares this fraction of what the nearer one did (default 0.5). */
  contextDecay: number;
  /** Weight of the score of the episode (the sitting, see `neighbourGapMs`) a turn belongs to (default 0.8). */
  episodeWeight: number;
  /** Turns further apart in time than this (ms) are not neighbours: another conversation (default 1 hour). */
  neighbourGapMs: number;
  /**
   * Most places of a list one sitting (episode) takes before the turns of other sittings that
   * scored; 0 for no cap (default 0: on LoCoMo every cap from 2 to 6 of 10 lowered recall@10, and
   * leave-one-conversation-out chose none in any fold, `npm run eval:locomo:folds`).
   */
  sittingCap: number;
  /**
   * A turn that scored only through a neighbour, within this many turns of a listed turn of its
   * sitting, is folded into it (listed after everything else); 0 for none (default 0, as above).
   */
  foldNeighbours: number;
  /**
   * An entry's BM25F score is multiplied by `(question terms it holds / the question's
   * terms) ^ coordination`: a turn holding more of what was asked ranks above one repeating one
   * rare word; 0 for none (default 0.3, chosen by leave-one-conversation-out on LoCoMo, `npm run
   * eval:locomo:folds`).
   */
  coordination: number;
  /**
   * A question's word also searches the other words of its family (`text/word-families.ts`:
   * "kid" finds "child", "film" finds "movie"), weighted this much; 0 for none (default 0.2,
   * chosen by leave-one-conversation-out on LoCoMo, `npm run eval:locomo:folds`; recall with an
   * embedder searches its lexical candidates with 0, where synonyms lowered recall held out).
   */
  synonymWeight: number;
}

/**
 * The defaults, chosen on LoCoMo conversations 26, 30, 41 and 42 (the other four held out);
 * `coordination`, `dateWeight` and `synonymWeight` by leave-one-conversation-out on all eight.
 */
export const DEFAULT_RANKING: Readonly<RankingOptions> = Object.freeze({
  k1: 1.2,
  b: 0.4,
  speakerBoost: 0.7,
  dateWeight: 0.25,
  previousWeight: 0.5,
  nextWeight: 0.3,
  contextWindow: 2,
  contextDecay: 0.5,
  episodeWeight: 0.8,
  neighbourGapMs: 60 * 60 * 1000,
  sittingCap: 0,
  foldNeighbours: 0,
  coordination: 0.3,
  synonymWeight: 0.2,
});

/** Defaults overridden by `partial`; refuses negative or non-finite values (`b` at most 1). */
export function resolveRanking(partial: Partial<RankingOptions> = {}, field = 'ranking'): RankingOptions {
  const out = { ...DEFAULT_RANKING, ...partial };
  for (const key of Object.keys(DEFAULT_RANKING) as (keyof RankingOptions)[]) {
    const v = out[key];
    if (typeof v !== 'number' || !(v >= 0) || (key !== 'neighbourGapMs' && !Number.isFinite(v))) {
      throw new ValidationError(`${field}.${key}`, 'a non-negative number', v);
    }
  }
  if (out.b > 1) throw new ValidationError(`${field}.b`, 'a number from 0 to 1', out.b);
  return out;
}
