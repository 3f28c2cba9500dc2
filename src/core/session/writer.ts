import type { StoreAdapter, StoreBatch } from '../../types.js';
import type { PersistenceStrategy } from '../../strategies/types.js';

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
  /**
   * Whether a write of this writer that makes the session's version `version` is under way: a
   * store may announce it before the write resolves (it is this engine's own, not another's).
   */
  writing(sessionId: string, version: number): boolean;
}

/** Create a writer over a store. */
export function createWriter(store: StoreAdapter, persistence: PersistenceStrategy): Writer {
  const pending = new Map<string, StoreBatch>();
  const inFlight = new Map<string, Set<number>>();
  /** `store.write`, with the version it makes known as this writer's while it runs. */
  const send = async (sessionId: string, batch: StoreBatch): Promise<void> => {
    const versions = inFlight.get(sessionId) ?? new Set<number>();
    inFlight.set(sessionId, versions);
    versions.add(batch.meta.version);
    try {
      await store.write(sessionId, batch);
    } finally {
      versions.delete(batch.meta.version);
      if (!versions.size && inFlight.get(sessionId) === versions) inFlight.delete(sessionId);
    }
  };
  return {
    async write(sessionId, batch) {
      // Every engine batch moves the version up by one: it applies only over the version it saw.
      const checked: StoreBatch = batch.replace ? batch : { ...batch, expectVersion: batch.meta.version - 1 };
      if (persistence !== 'FLUSH') return send(sessionId, checked);
      const prev = pending.get(sessionId);
      pending.set(sessionId, prev ? mergeBatches(prev, checked) : checked);
    },
    async flush(sessionId) {
      const ids = sessionId === undefined ? [...pending.keys()] : [sessionId];
      for (const id of ids) {
        const batch = pending.get(id);
        if (!batch) continue;
        await send(id, batch);
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
    writing(sessionId, version) {
      return inFlight.get(sessionId)?.has(version) ?? false;
    },
  };
}

/** Merge two batches into one with the same effect as applying `a` then `b`. */
export function mergeBatches(a: StoreBatch, b: StoreBatch): StoreBatch {
  if (b.replace) return b;
  const entries = mergeRecords(a.putEntries, a.deleteEntryIds, b.putEntries, b.deleteEntryIds);
  const summaries = mergeRecords(a.putSummaries, a.deleteSummaryIds, b.putSummaries, b.deleteSummaryIds);
  const merged: StoreBatch = {
    meta: b.meta,
    putEntries: entries.puts,
    deleteEntryIds: entries.deletes,
    putSummaries: summaries.puts,
    deleteSummaryIds: summaries.deletes,
    aux: { ...a.aux, ...b.aux },
  };
  if (a.replace) merged.replace = true;
  if (a.expectVersion !== undefined) merged.expectVersion = a.expectVersion;
  return merged;
}

/** Puts and deletes by id of two batches, later ones winning. */
function mergeRecords<R extends { id: string }>(
  putsA: readonly R[] = [],
  deletesA: readonly string[] = [],
  putsB: readonly R[] = [],
  deletesB: readonly string[] = [],
): { puts: R[]; deletes: string[] } {
  const puts = new Map(putsA.map((r) => [r.id, r]));
  const deletes = new Set(deletesA);
  for (const id of deletesB) {
    puts.delete(id);
    deletes.add(id);
  }
  for (const r of putsB) {
    puts.set(r.id, r);
    deletes.delete(r.id);
  }
  return { puts: [...puts.values()], deletes: [...deletes] };
}
