import {
  indexInteractions,
  noteEntry,
  type GrowingInteractionIndex,
} from '../strategies/short-term/interaction-index.js';
import type { InteractionIndex } from '../strategies/types.js';
import type { Interaction, MemoryEntry } from '../types.js';

// Per interactions array: built on first use, then kept current by appendToInteractions.
const indexes = new WeakMap<readonly Interaction[], GrowingInteractionIndex>();

/**
 * The index of a session's interactions array (pinned entries, tool call ids by position), built
 * on first use. The array must change only through {@link appendToInteractions} from then on
 * (the engine replaces it whole otherwise), which keeps the index current.
 */
export function interactionIndex(interactions: readonly Interaction[]): InteractionIndex {
  let index = indexes.get(interactions);
  if (!index) {
    index = indexInteractions(interactions);
    indexes.set(interactions, index);
  }
  return index;
}

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
 * by a new object (never mutated), so per-interaction caches keyed by object stay correct; the
 * array's {@link interactionIndex}, once built, is updated.
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
  const index = indexes.get(interactions);
  if (index) noteEntry(index, interactions.length - 1, entry);
}
