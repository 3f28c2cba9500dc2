/**
 * Spread across sittings: a ranked list where one sitting (an episode, `episodes.ts`: the turns
 * of one chat with no pause longer than `neighbourGapMs`) takes at most `sittingCap` places
 * before the turns of other sittings that scored, and where a turn that scored only through a
 * neighbour (no query term of its own) is folded into the listed turn beside it: the context
 * shows a hit's partner anyway. What is held back is not lost: it follows, in score order,
 * when nothing else scored. Scores stay non-increasing down the list, so lists of several
 * indexes still merge by score.
 * @module
 */

/** A ranked candidate: its ordinal in the index and its score. */
export interface Ranked {
  ordinal: number;
  score: number;
}

/** What the rule needs to know of the index. */
export interface DiversifyContext {
  /** By ordinal: the sitting, -1 for standalone documents (never capped or folded). */
  sittingOf: (ordinal: number) => number;
  /** Whether the candidate matched a query term itself (not only through a neighbour). */
  ownMatch: (ordinal: number) => boolean;
  /** Most places one sitting takes before other sittings' turns; 0: no cap. */
  cap: number;
  /** Fold neighbour-only turns within this many ordinals of a listed turn of their sitting; 0: none. */
  foldWithin: number;
}

/** `ranked` (best first) reordered by the rule, cut to `topK`. */
export function diversify(ranked: readonly Ranked[], topK: number, o: DiversifyContext): Ranked[] {
  if ((o.cap <= 0 && o.foldWithin <= 0) || ranked.length <= 1) return ranked.slice(0, topK);
  const kept: Ranked[] = [];
  const held: Ranked[] = [];
  const count = new Map<number, number>();
  const listed = new Map<number, number[]>();
  for (const r of ranked) {
    if (kept.length >= topK) break;
    const sitting = o.sittingOf(r.ordinal);
    if (sitting < 0) {
      kept.push(r);
      continue;
    }
    const near = listed.get(sitting) ?? [];
    const folded =
      o.foldWithin > 0 && !o.ownMatch(r.ordinal) && near.some((x) => Math.abs(x - r.ordinal) <= o.foldWithin);
    const full = o.cap > 0 && (count.get(sitting) ?? 0) >= o.cap;
    if (folded || full) {
      held.push(r);
      continue;
    }
    kept.push(r);
    count.set(sitting, (count.get(sitting) ?? 0) + 1);
    near.push(r.ordinal);
    listed.set(sitting, near);
  }
  const out = [...kept, ...held].slice(0, topK);
  // Held-back turns rank below the last kept one.
  for (let i = 1; i < out.length; i++) {
    const previous = out[i - 1] as Ranked;
    const r = out[i] as Ranked;
    if (r.score > previous.score) out[i] = { ordinal: r.ordinal, score: previous.score };
  }
  return out;
}
