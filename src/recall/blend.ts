/**
 * The second half of a search: each scored turn shares a decaying part of its score with the
 * turns around it in the same sitting, the episode's score is added, entries by a speaker the
 * question names are boosted, and the best `topK` are kept.
 * @module
 */

import type { SearchHit } from './bm25-search.js';
import type { IndexState } from './index-state.js';
import type { RankingOptions } from './ranking.js';
import { nextStamp } from './scratch.js';
import type { Scratch } from './scratch.js';
import { createTopK } from './top-k.js';

/** Removed or standalone documents stepped over when looking for a neighbouring turn. */
const MAX_SKIP = 4;

/**
 * Rank the documents scored under `queryStamp` (in `scratch.touched` / `scratch.score`).
 * `episodeOf` is given when episode scores were computed.
 */
export function blend(
  state: IndexState,
  scratch: Scratch,
  queryStamp: number,
  topK: number,
  ranking: RankingOptions,
  filter: ((id: string) => boolean) | undefined,
  episodeOf: Int32Array | undefined,
): SearchHit[] {
  const mark = nextStamp(scratch);
  const { termStamp, blended, candidates, score, named, episodeQueryStamp, episodeScore } = scratch;
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
  const last = state.ids.length - 1;
  // Share `amount` with up to `contextWindow` turns in direction `step`, stepping over a few
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
  for (const o of scratch.touched) {
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
    if (filter !== undefined && !filter(state.ids[o] as string)) continue;
    top.push(o, s);
  }
  return top.drain().map((hit) => ({ id: state.ids[hit.ordinal] as string, score: hit.score }));
}
