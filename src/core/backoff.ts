/**
 * The wait before retrying background work (compression, embedding, facts) after failures.
 * @module
 */

/** A retry's timing: the first wait, doubled per failure, and the longest. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/**
 * The wait after `failures` failures in a row (1-based): `baseMs` doubled per failure after
 * the first, capped at `maxMs` (the exponent stops at 30, so a zero base never gives NaN).
 */
export function backoffMs(failures: number, { baseMs, maxMs }: Backoff): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(0, failures - 1), 30));
}
