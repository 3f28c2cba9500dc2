/**
 * Stopping a quadratic peer at a deadline, and estimating its full time from the work it did:
 * the peer's callback reports each step's size; the cost per unit of work measured before the
 * deadline, times the work a full call needs, gives the estimate.
 * @module
 */
import { DeadlineError } from './stats.js';

/** The steps of one call, stopped at a deadline. */
export interface Progress {
  /** Call at the start of each step with its size (e.g. messages counted); throws at the deadline. */
  step(size: number): void;
  /** Steps finished (the last recorded one was still running when the deadline hit). */
  stepsDone(): number;
  /**
   * Estimated time of the whole call: the time before the first step, plus `totalWork` units
   * at the cost per unit measured over finished steps from index `from` (skip steps that warm
   * a cache). NaN when too few steps finished.
   */
  estimate(totalWork: number, from?: number): number;
}

/** Start tracking a call that may run at most `deadlineMs`. */
export function progress(deadlineMs: number): Progress {
  const start = performance.now();
  const starts: number[] = [];
  const sizes: number[] = [];
  const stepsDone = (): number => Math.max(0, starts.length - 1);
  return {
    step(size) {
      const now = performance.now();
      if (now - start > deadlineMs) throw new DeadlineError(`stopped after ${deadlineMs} ms`);
      starts.push(now);
      sizes.push(size);
    },
    stepsDone,
    estimate(totalWork, from = 0) {
      const done = stepsDone();
      if (done <= from) return Number.NaN;
      let work = 0;
      for (let i = from; i < done; i++) work += sizes[i]!;
      const spent = starts[done]! - starts[from]!;
      return starts[0]! - start + (spent / work) * totalWork;
    },
  };
}
