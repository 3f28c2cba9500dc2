/**
 * A store's word that a batch's commit has been asked for: every request of its transaction is
 * issued and every check has passed (the version check's read is in), so the batch lands unless
 * the commit itself fails. The durable store appends the batch to its journal from then on
 * (Firefox's synchronous file write, made before the commit was asked, cost an add 0.7–1.2 ms;
 * made after it, about nothing: `bench/browser/page/overlap.ts`). A store that never says it
 * simply has its batches appended once they have committed.
 * @module
 */
import type { StoreBatch } from '../types.js';

/** The waiters by batch: a batch object is written once, and dropped with it. */
const waiting = new WeakMap<StoreBatch, () => void>();

/** Resolves once {@link commitAsked} is called for `batch` (never, from a store that does not call it). */
export function whenCommitAsked(batch: StoreBatch): Promise<void> {
  return new Promise((resolve) => waiting.set(batch, resolve));
}

/** Say that `batch`'s commit has been asked for. */
export function commitAsked(batch: StoreBatch): void {
  const resolve = waiting.get(batch);
  waiting.delete(batch);
  resolve?.();
}
