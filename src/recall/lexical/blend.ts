/**
 * The second half of a search: each scored turn shares a decaying part of its score with the
 * turns around it in the same sitting, the episode's score is added, entries by a speaker the
 * question names are boosted, and the best `topK` are kept.
 * @module
 */

import type { RoleBoost } from './addressee.js';
import type { IndexState } from './index-state.js';
import type { RankingOptions } from './ranking.js';
import { nextStamp } from './scratch.js';
import type { Scratch } from './scratch.js';
import { createTopK } from './top-k.js';
import { diversify } from './diversify.js';
import type { SearchHit } from '../types.js';

/** Documents blended between two steps of {@link blendSteps}. */
const BLEND_STEP = 8_192;

/** Removed or standalone documents stepped over when looking for a neighbouring turn. */
const MAX_SKIP = 4;

/**
 * Rank the documents scored under `queryStamp` (in `scratch.touched` / `scratch.score`).
 * `episodeOf` is given when episode scores were computed; `roles`, when the question names a
 * role's speaker (`addressee.ts`); `sittingOf`, the episodes for spreading the list across
 * sittings (`diversify.ts`); `limit`, the documents there were when the search began. As
 * steps: yields the documents handled since the last step, about every {@link BLEND_STEP} (a
 * sliced search gives the thread back between them).
 */
export function* blendSteps(
  state: IndexState,
  scratch: Scratch,
  queryStamp: number,
  topK: number,
  ranking: RankingOptions,
  filter: ((id: string) => boolean) | undefined,
  episodeOf: Int32Array | undefined,
  roles?: RoleBoost,
  sittingOf: Int32Array | undefined = episodeOf,
  limit = state.ids.length,
): Generator<number, SearchHit[], void> {
  const mark = nextStamp(scratch);
  const { termStamp, blended, candidates, score, named, episodeQueryStamp, episodeScore, touched } = scratch;
  candidates.length = 0;
  const { turn, times } = state;
  const { previousWeight, nextWeight, contextWindow, contextDecay, neighbourGapMs } = ranking;
  const last = limit - 1;
  // Inlined for speed (this loop runs over every scored document): each scored document keeps
  // its score, and shares a decaying part of it with up to `contextWindow` turns on each side
  // (a previous turn of the ones after it, a next turn of the ones before), stepping over a
  // few removed or standalone documents, stopping at a pause longer than the gap.
  for (let i = 0; i < touched.length; i++) {
    const o = touched[i] as number;
    const s = score[o] as number;
    if (termStamp[o] !== mark) {
      termStamp[o] = mark;
      blended[o] = s;
      candidates.push(o);
    } else blended[o] = (blended[o] as number) + s;
    if (turn[o] === 0) continue;
    for (let side = 0; side < 2; side++) {
      const step = side === 0 ? 1 : -1;
      let w = (side === 0 ? previousWeight : nextWeight) * s;
      let from = o;
      let skipped = 0;
      for (let c = o + step, k = 0; c >= 0 && c <= last && k < contextWindow && w > 0; c += step) {
        if (turn[c] === 0) {
          if (++skipped > MAX_SKIP) break;
          continue;
        }
        // Unknown times (NaN) count as near: `NaN > gap` is false.
        if (Math.abs((times[from] as number) - (times[c] as number)) > neighbourGapMs) break;
        if (termStamp[c] !== mark) {
          termStamp[c] = mark;
          blended[c] = w;
          candidates.push(c);
        } else blended[c] = (blended[c] as number) + w;
        w *= contextDecay;
        from = c;
        k++;
      }
    }
    if (i % BLEND_STEP === BLEND_STEP - 1) yield BLEND_STEP * (1 + 2 * contextWindow);
  }
  const { episodeWeight, speakerBoost, sittingCap, foldNeighbours } = ranking;
  const spread = sittingOf !== undefined && (sittingCap > 0 || foldNeighbours > 0);
  // Spreading across sittings picks from more than `topK`: what it holds back is replaced.
  const top = createTopK(spread ? Math.max(topK * 4, topK + 32) : topK);
  for (let i = 0; i < candidates.length; i++) {
    if (i % BLEND_STEP === BLEND_STEP - 1) yield BLEND_STEP;
    const o = candidates[i] as number;
    // Removed while a sliced search gave the thread back.
    if (state.alive[o] === 0) continue;
    let s = blended[o] as number;
    if (episodeOf !== undefined) {
      const e = episodeOf[o] as number;
      if (e >= 0 && episodeQueryStamp[e] === queryStamp) s += episodeWeight * (episodeScore[e] as number);
    }
    // Said by someone the question names: "What did Jon …" favours Jon's own turns.
    if (named[o] === queryStamp || (roles !== undefined && ((roles.of[o] as number) & roles.mask) !== 0))
      s *= 1 + speakerBoost;
    if (s < top.threshold()) continue;
    if (filter !== undefined && !filter(state.ids[o] as string)) continue;
    top.push(o, s);
  }
  let ranked = top.drain();
  if (spread)
    ranked = diversify(ranked, topK, {
      sittingOf: (o) => sittingOf[o] as number,
      ownMatch: (o) => scratch.docStamp[o] === queryStamp,
      cap: sittingCap,
      foldWithin: foldNeighbours,
    });
  return ranked.map((hit) => ({ id: state.ids[hit.ordinal] as string, score: hit.score }));
}
