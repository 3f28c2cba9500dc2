import type { StoreAdapter, StoreBatch } from '../types.js';
import type { PersistenceStrategy } from '../strategies/types.js';

/**
 * Writes batches to the store as the persistence strategy says.
 * INCREMENTAL: each batch at once. FLUSH: batches are merged in memory and written as one
 * transaction by `flush()` (the engine flushes at the end of each inference and on close).
 * EPHEMERAL: the engine is given a private in-memory store, so this writes there.
 */
export interface Writer {
  write(sessionId: string, batch: StoreBatch): Promise<void>;
  /** Write what FLUSH holds for a session (or all sessions). */
  flush(sessionId?: string): Promise<void>;
  /** Forget what FLUSH holds for a session (it was cleared). */
  discard(sessionId: string): void;
  /** Whether FLUSH holds unwritten changes for a session. */
  pending(sessionId: string): boolean;
}

/** Create a writer over a store. */
export function createWriter(store: StoreAdapter, persistence: PersistenceStrategy): Writer {
  const pending = new Map<string, StoreBatch>();
  return {
    async write(sessionId, batch) {
      // Every engine batch moves the version up by one: it applies only over the version it saw.
      const checked: StoreBatch = batch.replace ? batch : { ...batch, expectVersion: batch.meta.version - 1 };
      if (persistence !== 'FLUSH') return store.write(sessionId, checked);
      const prev = pending.get(sessionId);
      pending.set(sessionId, prev ? mergeBatches(prev, checked) : checked);
    },
    async flush(sessionId) {
      const ids = sessionId === undefined ? [...pending.keys()] : [sessionId];
      for (const id of ids) {
        const batch = pending.get(id);
        if (!batch) continue;
        await store.write(id, batch);
        // Only forget it once written: a failed flush is retried by the next one.
        if (pending.get(id) === batch) pending.delete(id);
      }
    },
    discard(sessionId) {
      pending.delete(sessionId);
    },
    pending(sessionId) {
      return pending.has(sessionId);
    },
  };
}

/** Merge two batches into one with the same effect as applying `a` then `b`. */
export function mergeBatches(a: StoreBatch, b: StoreBatch): StoreBatch {
  if (b.replace) return b;
  const entries = new Map((a.putEntries ?? []).map((e) => [e.id, e]));
  const deletedEntries = new Set(a.deleteEntryIds ?? []);
  for (const id of b.deleteEntryIds ?? []) {
    entries.delete(id);
    deletedEntries.add(id);
  }
  for (const e of b.putEntries ?? []) {
    entries.set(e.id, e);
    deletedEntries.delete(e.id);
  }
  const summaries = new Map((a.putSummaries ?? []).map((s) => [s.id, s]));
  const deletedSummaries = new Set(a.deleteSummaryIds ?? []);
  for (const id of b.deleteSummaryIds ?? []) {
    summaries.delete(id);
    deletedSummaries.add(id);
  }
  for (const s of b.putSummaries ?? []) {
    summaries.set(s.id, s);
    deletedSummaries.delete(s.id);
  }
  const merged: StoreBatch = {
    meta: b.meta,
    putEntries: [...entries.values()],
    deleteEntryIds: [...deletedEntries],
    putSummaries: [...summaries.values()],
    deleteSummaryIds: [...deletedSummaries],
    aux: { ...a.aux, ...b.aux },
  };
  if (a.replace) merged.replace = true;
  if (a.expectVersion !== undefined) merged.expectVersion = a.expectVersion;
  return merged;
}
