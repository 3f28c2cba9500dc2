/**
 * A timeout that counts only the time this process could have heard an answer. A plain
 * `setTimeout` of 2 s expires, and fires first, when the event loop was blocked for 3 s (a
 * tokenizer being built at start, a long synchronous task): the answer that arrived meanwhile
 * waits in the poll phase, behind the timer. Here the wait runs in steps, and a step that
 * fired late (the loop was busy) counts for at most {@link MAX_STEP_MS}: a wait ends after
 * its time of a loop that was free, not after a pause of the process. And a wait that ran out
 * ends only after one more look, once the loop has read what arrived (`setImmediate` runs
 * after the poll phase): an answer waiting there is heard first.
 * @module
 */

/** One step of a wait: its timer is armed for at most this long. */
export const STEP_MS = 250;
/** The most one step counts for, however late it fired. */
export const MAX_STEP_MS = 2 * STEP_MS;

/**
 * Call `fire` once `ms` passed (a step that fired late counting for at most
 * {@link MAX_STEP_MS}). With `answeredAt` (when the database last answered,
 * `performance.now()`), the time counts from its last answer: an answer restarts the wait,
 * and an answer time in the future (a bulk statement's due) extends it. Resolves the function
 * that cancels it.
 */
export function patientTimeout(ms: number, fire: () => void, answeredAt?: () => number): () => void {
  let last = performance.now();
  let seen = answeredAt?.() ?? -Infinity;
  let counted = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let look: ReturnType<typeof setImmediate> | undefined;
  /** Count the time since the last step; an answer since restarts the count. */
  const count = (): void => {
    const now = performance.now();
    counted += Math.min(now - last, MAX_STEP_MS);
    last = now;
    const answered = answeredAt?.();
    if (answered !== undefined && answered > seen) {
      seen = answered;
      counted = Math.min(counted, now - answered);
    }
  };
  const step = (): void => {
    timer = undefined;
    count();
    if (counted < ms) {
      timer = setTimeout(step, Math.min(STEP_MS, ms - counted));
      return;
    }
    // Out of time: one more look once what arrived meanwhile was read.
    look = setImmediate(() => {
      look = undefined;
      count();
      if (counted < ms) timer = setTimeout(step, Math.min(STEP_MS, ms - counted));
      else fire();
    });
  };
  timer = setTimeout(step, Math.min(STEP_MS, ms));
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    if (look !== undefined) clearImmediate(look);
    timer = undefined;
    look = undefined;
  };
}
