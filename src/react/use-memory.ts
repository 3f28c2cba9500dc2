/**
 * React binding: `import { useMemory } from 'recallkit/react'`. The only module that imports React.
 * @module
 */
import { useMemo, useSyncExternalStore } from 'react';
import { createMemoryStore, type MemorySnapshot, type MemorySource, type MemoryStoreOptions } from './memory-store.js';

/** What {@link useMemory} returns: the session snapshot and a manual refresh. */
export interface UseMemoryResult extends MemorySnapshot {
  /** Reads the session again now. */
  refresh(): Promise<void>;
}

/**
 * The session's active entries, context, stats and newest events as React state, kept current
 * through `memory.on` (entries added, compressions, erasures, clears).
 * @example
 * function MemoryPanel({ memory }: { memory: Memory }) {
 *   const { stats, events, loading } = useMemory(memory, 'chat-1');
 *   return <p>{loading ? '…' : `${stats?.activeTokens} tokens, ${events.length} events`}</p>;
 * }
 */
export function useMemory(memory: MemorySource, sessionId: string, options: MemoryStoreOptions = {}): UseMemoryResult {
  const { format, maxEvents } = options;
  const store = useMemo(
    () => createMemoryStore(memory, sessionId, { ...(format ? { format } : {}), ...(maxEvents ? { maxEvents } : {}) }),
    [memory, sessionId, format, maxEvents],
  );
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return useMemo(() => ({ ...snapshot, refresh: store.refresh }), [snapshot, store]);
}
