import type { MemoryEntry, MemoryStats, MemorySummary, SessionMeta } from '../../types.js';
import { groupInteractions } from '../interactions.js';
import { driftOf } from '../usage.js';
import type { SessionCache } from '../types.js';

export type { SessionCache } from '../types.js';

/** A fresh session's bookkeeping. */
export function newMeta(sessionId: string, now: string): SessionMeta {
  return {
    sessionId,
    createdAt: now,
    updatedAt: now,
    version: 0,
    nextSeq: 0,
    interactionCount: 0,
    totalEntries: 0,
    compressedEntries: 0,
    storedTokens: 0,
    compressedTokens: 0,
    erasedEntries: 0,
  };
}

/** Build a cache from what the store returned. */
export function toCache(meta: SessionMeta, active: MemoryEntry[], summaries: MemorySummary[]): SessionCache {
  let activeTokens = 0;
  for (const e of active) activeTokens += e.tokenCount;
  return { meta, active, interactions: groupInteractions(active), summaries, activeTokens };
}

/** Recompute the derived parts after entries left the active set. */
export function setActive(cache: SessionCache, active: MemoryEntry[]): void {
  cache.active = active;
  cache.interactions = groupInteractions(active);
  cache.activeTokens = 0;
  for (const e of active) cache.activeTokens += e.tokenCount;
}

/** A session's {@link MemoryStats}, from the cache (no store read). */
export function statsOf(cache: SessionCache): MemoryStats {
  let summaryTokens = 0;
  for (const s of cache.summaries) summaryTokens += s.tokenCount;
  const stats: MemoryStats = {
    totalEntries: cache.meta.totalEntries,
    activeEntries: cache.active.length,
    compressedEntries: cache.meta.compressedEntries,
    summaries: cache.summaries.length,
    totalTokens: cache.activeTokens + summaryTokens,
    activeTokens: cache.activeTokens,
    storedTokens: cache.meta.storedTokens,
    summaryTokens,
    erasedEntries: cache.meta.erasedEntries,
    interactions: cache.meta.interactionCount,
  };
  const drift = driftOf(cache.meta);
  if (drift) stats.drift = drift;
  return stats;
}
