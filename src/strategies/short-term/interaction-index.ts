/**
 * The {@link InteractionIndex} of an interactions array: which positions hold pinned entries and
 * which hold each tool call id. The engine keeps one per session, updated on every add, so
 * short-term strategies find pins and tool partners without walking the whole history.
 * @module
 */
import type { Interaction, MemoryEntry } from '../../types.js';
import { isTool } from '../tool-pairs.js';
import type { InteractionIndex } from '../types.js';

/** An index its owner updates in place as entries are appended. */
export interface GrowingInteractionIndex extends InteractionIndex {
  readonly pinned: number[];
  readonly calls: Map<string, number[]>;
}

/**
 * Record that the interaction at `position` holds `entry`. Positions must be noted in
 * ascending order (appending to the last interaction, or starting a new one).
 */
export function noteEntry(index: GrowingInteractionIndex, position: number, entry: MemoryEntry): void {
  if (entry.pinned && index.pinned[index.pinned.length - 1] !== position) index.pinned.push(position);
  if (!isTool(entry)) return;
  const at = index.calls.get(entry.tool.callId);
  if (!at) index.calls.set(entry.tool.callId, [position]);
  else if (at[at.length - 1] !== position) at.push(position);
}

/** Index an interactions array from scratch (one pass over its entries). */
export function indexInteractions(interactions: readonly Interaction[]): GrowingInteractionIndex {
  const index: GrowingInteractionIndex = { pinned: [], calls: new Map() };
  interactions.forEach((interaction, position) => {
    for (const entry of interaction.entries) noteEntry(index, position, entry);
  });
  return index;
}

/** True when none of `callIds` occurs in more than one interaction of the index. */
export function callsAreLocal(index: InteractionIndex, callIds: readonly string[]): boolean {
  for (const callId of callIds) if ((index.calls.get(callId)?.length ?? 0) > 1) return false;
  return true;
}
