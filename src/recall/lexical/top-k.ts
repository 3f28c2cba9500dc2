/**
 * Bounded selection of the best `k` candidates: a min-heap over typed arrays, so ranking
 * thousands of scored documents allocates only `k` slots.
 * @module
 */

/** Picks the `k` highest scores; ties go to the larger (newer) ordinal. */
export interface TopK {
  /** Offer a candidate. */
  push(ordinal: number, score: number): void;
  /** The lowest score that still gets in, or -Infinity while not full. */
  threshold(): number;
  /** The kept candidates, best first. Resets the selection. */
  drain(): { ordinal: number; score: number }[];
}

/** A {@link TopK} for `k` candidates. */
export function createTopK(k: number): TopK {
  const scores = new Float64Array(Math.max(1, k));
  const ordinals = new Int32Array(Math.max(1, k));
  let size = 0;

  // a ranks below b: lower score, or equal score and older.
  const below = (i: number, j: number): boolean =>
    (scores[i] as number) < (scores[j] as number) ||
    ((scores[i] as number) === (scores[j] as number) && (ordinals[i] as number) < (ordinals[j] as number));

  const swap = (i: number, j: number): void => {
    const s = scores[i] as number;
    scores[i] = scores[j] as number;
    scores[j] = s;
    const o = ordinals[i] as number;
    ordinals[i] = ordinals[j] as number;
    ordinals[j] = o;
  };

  const siftDown = (from: number): void => {
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && below(l, m)) m = l;
      if (r < size && below(r, m)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };

  return {
    push(ordinal, score) {
      if (k <= 0) return;
      if (size < k) {
        scores[size] = score;
        ordinals[size] = ordinal;
        let i = size++;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (!below(i, parent)) break;
          swap(i, parent);
          i = parent;
        }
        return;
      }
      const worst = scores[0] as number;
      if (score < worst || (score === worst && ordinal < (ordinals[0] as number))) return;
      scores[0] = score;
      ordinals[0] = ordinal;
      siftDown(0);
    },
    threshold() {
      return size < k ? -Infinity : (scores[0] as number);
    },
    drain() {
      const out: { ordinal: number; score: number }[] = new Array(size);
      while (size > 0) {
        out[size - 1] = { ordinal: ordinals[0] as number, score: scores[0] as number };
        size--;
        swap(0, size);
        siftDown(0);
      }
      return out;
    },
  };
}
