/**
 * A timeout that counts only the time this process could have heard an answer. A plain
 * `setTimeout` of 2 s expires, and fires first, when the event loop was blocked for 3 s (a
 * tokenizer being built at start, a long synchronous task): the answer that arrived meanwhile
 * waits in the poll phase, behind the timer. Here every wait is counted by one shared ticker
 * of {@link STEP_MS}, and a tick that came late (the loop was busy) counts for at most
 * {@link MAX_STEP_MS}: a wait ends after its time of a loop that was free, not after a pause
 * of the process. And a wait that ran out ends only after one more look, once the loop has read
 * what arrived (`setImmediate` runs after the poll phase): an answer waiting there is heard
 * first. One ticker for every wait also keeps a wait cheap (no timer of its own): a store call
 * and each of its statements has one.
 * @module
 */

/** How often the waits are counted (a wait ends at most this much after its time). */
export const STEP_MS = 250;
/** The most one tick counts for, however late it came. */
export const MAX_STEP_MS = 2 * STEP_MS;

interface Wait {
  ms: number;
  fire: () => void;
  answeredAt: (() => number) | undefined;
  /** Time counted so far (negative while an answer's due time is ahead). */
  counted: number;
  /** When it was last counted. */
  last: number;
  /** The last answer time seen. */
  seen: number;
}

const waits = new Set<Wait>();
let ticker: ReturnType<typeof setInterval> | undefined;

/** Count the time since `w` was last counted; an answer since restarts its count. */
function count(w: Wait, now: number): void {
  w.counted += Math.min(now - w.last, MAX_STEP_MS);
  w.last = now;
  const answered = w.answeredAt?.();
  if (answered !== undefined && answered > w.seen) {
    w.seen = answered;
    w.counted = Math.min(w.counted, now - answered);
  }
}

function tick(): void {
  const now = performance.now();
  const due: Wait[] = [];
  for (const w of waits) {
    count(w, now);
    if (w.counted >= w.ms) {
      waits.delete(w);
      due.push(w);
    }
  }
  if (waits.size === 0 && ticker !== undefined) {
    clearInterval(ticker);
    ticker = undefined;
  }
  if (due.length === 0) return;
  // Out of time: one more look once what arrived meanwhile was read.
  setImmediate(() => {
    const later = performance.now();
    for (const w of due) {
      if (w.last < 0) continue; // cancelled meanwhile
      count(w, later);
      if (w.counted < w.ms) add(w);
      else w.fire();
    }
  });
}

function add(w: Wait): void {
  waits.add(w);
  // Ticking only while a wait is pending (it keeps the process alive until each fires, as a timer would).
  ticker ??= setInterval(tick, STEP_MS);
}

/** A pending {@link patientTimeout}. */
export interface PatientWait {
  /** It will not fire. */
  cancel(): void;
  /** Count again from now, for `ms` (and `answeredAt`): the next phase of one wait. */
  restart(ms: number, answeredAt?: () => number): void;
}

/**
 * Call `fire` once `ms` passed (a tick that came late counting for at most
 * {@link MAX_STEP_MS}). With `answeredAt` (when the database last answered,
 * `performance.now()`), the time counts from its last answer: an answer restarts the wait,
 * and an answer time in the future (a bulk statement's due) extends it.
 */
export function patientTimeout(ms: number, fire: () => void, answeredAt?: () => number): PatientWait {
  const w: Wait = { ms, fire, answeredAt, counted: 0, last: performance.now(), seen: answeredAt?.() ?? -Infinity };
  add(w);
  return {
    cancel() {
      waits.delete(w);
      w.last = -1;
    },
    restart(next, nextAnsweredAt) {
      if (w.last < 0) return;
      w.ms = next;
      w.answeredAt = nextAnsweredAt;
      w.counted = 0;
      w.last = performance.now();
      w.seen = nextAnsweredAt?.() ?? -Infinity;
    },
  };
}
