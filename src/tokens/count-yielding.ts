/**
 * Counting long texts without holding the thread: a counter that can (`countAsync`, as
 * tiktoken's has) counts part by part and gives the event loop back between parts once a
 * slice of work has run, so a Node server keeps answering and a worker keeps taking messages
 * while a 1 MB message is counted. Pure: no WASM, any {@link TokenCounter}.
 * @module
 */
import type { TokenCounter } from '../types.js';
import type { PacedCounter, Pacer } from './types.js';

/** Work done between two yields, in milliseconds. */
export const YIELD_SLICE_MS = 20;

/** A {@link Pacer} that yields with a zero-delay timer. */
export function createPacer(sliceMs = YIELD_SLICE_MS): Pacer {
  let since = Date.now();
  return {
    due: () => Date.now() - since >= sliceMs,
    pause: async () => {
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      since = Date.now();
    },
  };
}

/** True when `counter` has a `countAsync` ({@link PacedCounter}). */
export function isPacedCounter(counter: TokenCounter): counter is PacedCounter {
  return typeof (counter as Partial<PacedCounter>).countAsync === 'function';
}

/** Texts at least this long are counted with pauses; shorter ones take well under a millisecond. */
export const PACED_FROM = 4096;

/**
 * A counter that answers the counts of `texts` from memory, having counted those of at
 * least `from` characters (default {@link PACED_FROM}) with pauses: through `countAsync` when
 * `counter` has one, else whole, between pauses. Other texts go to `counter`.
 * @example
 * ```ts
 * const ready = await prepareCounts(counter, [hugeMessage]);
 * ready.count(hugeMessage); // no further work
 * ```
 */
export async function prepareCounts(
  counter: TokenCounter,
  texts: Iterable<string>,
  options: { pacer?: Pacer; from?: number } = {},
): Promise<TokenCounter> {
  const { pacer = createPacer(), from = PACED_FROM } = options;
  const known = new Map<string, number>();
  for (const text of texts) {
    if (text.length < from || known.has(text)) continue;
    if (pacer.due()) await pacer.pause();
    known.set(text, isPacedCounter(counter) ? await counter.countAsync(text, pacer) : counter.count(text));
  }
  if (!known.size) return counter;
  return { count: (text) => known.get(text) ?? counter.count(text) };
}
