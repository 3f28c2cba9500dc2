import type { Interaction, MemoryEntry } from '../types.js';

/** Group entries (oldest first) into interactions by their `interaction` index. */
export function groupInteractions(entries: readonly MemoryEntry[]): Interaction[] {
  const out: Interaction[] = [];
  let current: Interaction | undefined;
  for (const e of entries) {
    if (!current || current.index !== e.interaction) {
      current = { index: e.interaction, entries: [], tokenCount: 0 };
      out.push(current);
    }
    current.entries.push(e);
    current.tokenCount += e.tokenCount;
  }
  return out;
}

/**
 * Append an entry to grouped interactions without regrouping. The last interaction is replaced
 * by a new object (never mutated), so per-interaction caches keyed by object stay correct.
 */
export function appendToInteractions(interactions: Interaction[], entry: MemoryEntry): void {
  const last = interactions[interactions.length - 1];
  if (last && last.index === entry.interaction) {
    interactions[interactions.length - 1] = {
      index: last.index,
      entries: [...last.entries, entry],
      tokenCount: last.tokenCount + entry.tokenCount,
    };
  } else {
    interactions.push({ index: entry.interaction, entries: [entry], tokenCount: entry.tokenCount });
  }
}
