/**
 * Timing helpers for the benchmarks: medians and percentiles of wall-clock samples.
 * @module
 */

/** The `q` quantile (0..1) of `samples` (nearest rank); NaN when there are none. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

/** The median of `samples`. */
export const median = (samples: readonly number[]): number => quantile(samples, 0.5);

/** Median and 95th percentile of a set of samples, in ms. */
export interface Latency {
  median: number;
  p95: number;
  runs: number;
}

/** Summarize samples as {@link Latency}. */
export function latencyOf(samples: readonly number[]): Latency {
  return { median: median(samples), p95: quantile(samples, 0.95), runs: samples.length };
}

/** Options of {@link sampleAsync}. */
export interface SampleOptions {
  /** Calls not timed first (JIT, caches). */
  warmup: number;
  /** Timed calls, at most. */
  runs: number;
  /** Stop taking samples once this much time was spent on them (at least one is taken). */
  budgetMs?: number;
}

/** Time `runs` sequential calls of `fn` (ms each), after `warmup` untimed ones. */
export async function sampleAsync(fn: () => Promise<unknown>, options: SampleOptions): Promise<number[]> {
  for (let i = 0; i < options.warmup; i++) await fn();
  const samples: number[] = [];
  const start = performance.now();
  for (let i = 0; i < options.runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
    if (options.budgetMs !== undefined && performance.now() - start > options.budgetMs) break;
  }
  return samples;
}

/** Thrown from inside a peer's callback to stop a call that runs past its deadline. */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
}

/** A check to call from a hot callback: throws {@link DeadlineError} once `ms` have passed. */
export function deadline(ms: number): () => void {
  const end = performance.now() + ms;
  return () => {
    if (performance.now() > end) throw new DeadlineError(`stopped after ${ms} ms`);
  };
}
