/**
 * Episodes: runs of consecutive turns (standalone documents such as summaries left out) with
 * no pause longer than a gap between them, i.e. one sitting of a conversation. Recall scores
 * whole episodes too, so a turn inside the sitting where a topic was discussed ranks above a
 * stray mention elsewhere.
 * @module
 */

import type { IndexState } from './index-state.js';
import { TEXT_FIELD, FIELD_COUNT } from './ranking.js';

/** The episodes of an index for one gap. */
export interface Episodes {
  /** By ordinal: the episode number, -1 for standalone documents (meaningless for removed ones). */
  of: Int32Array;
  /** By episode: text terms. */
  length: Float64Array;
  count: number;
  /** Mean text terms per episode. */
  avgLength: number;
}

/** Episodes of `state`, recomputed only after the index changed or for another gap. */
export function createEpisodeCache(state: IndexState): (gapMs: number) => Episodes {
  let cached: Episodes | undefined;
  let cachedVersion = -1;
  let cachedGap = NaN;
  return (gapMs) => {
    if (cached !== undefined && cachedVersion === state.version && cachedGap === gapMs) return cached;
    const n = state.ids.length;
    const of = cached !== undefined && cached.of.length >= n ? cached.of : new Int32Array(Math.max(64, n * 2));
    const length = new Float64Array(Math.max(1, n));
    let episode = -1;
    let previous = -1;
    let total = 0;
    for (let o = 0; o < n; o++) {
      if (state.turn[o] === 0) {
        of[o] = -1;
        continue;
      }
      // NaN times never start an episode: `NaN > gap` is false.
      if (previous < 0 || Math.abs((state.times[o] as number) - (state.times[previous] as number)) > gapMs) episode++;
      of[o] = episode;
      const len = state.lengths[o * FIELD_COUNT + TEXT_FIELD] as number;
      length[episode] = (length[episode] as number) + len;
      total += len;
      previous = o;
    }
    const count = episode + 1;
    cached = { of, length, count, avgLength: count > 0 ? total / count : 0 };
    cachedVersion = state.version;
    cachedGap = gapMs;
    return cached;
  };
}
