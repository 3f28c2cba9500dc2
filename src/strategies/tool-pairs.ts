/**
 * Keeping tool calls and their results together when strategies keep, drop or compress
 * only some entries, and the pinned entries no strategy may take away.
 * @module
 */
import type { Interaction, MemoryEntry } from '../types.js';
import type { InteractionIndex } from './types.js';

/** A `tool_call` or `tool_result` carrying its tool details. */
export function isTool(entry: MemoryEntry): entry is MemoryEntry & { tool: NonNullable<MemoryEntry['tool']> } {
  return (entry.type === 'tool_call' || entry.type === 'tool_result') && entry.tool !== undefined;
}

/**
 * Ids of the entries no strategy may compress, erase or cut: pinned entries, and the tool
 * calls/results paired with a pinned one (so a pinned half never stands alone).
 */
export function protectedIds(entries: readonly MemoryEntry[]): Set<string> {
  const pinnedCalls = new Set<string>();
  for (const entry of entries) if (entry.pinned && isTool(entry)) pinnedCalls.add(entry.tool.callId);
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.pinned || (isTool(entry) && pinnedCalls.has(entry.tool.callId))) ids.add(entry.id);
  }
  return ids;
}

/**
 * Remove `kept` entries whose tool partner is missing: a result without its call, or a call
 * whose result exists (`answered`) but was not kept. A call still waiting for its result stays.
 */
export function dropBrokenPairs(kept: readonly MemoryEntry[], answered: (callId: string) => boolean): MemoryEntry[] {
  const keptCalls = new Set<string>();
  const keptResults = new Set<string>();
  for (const entry of kept) {
    if (!isTool(entry)) continue;
    (entry.type === 'tool_call' ? keptCalls : keptResults).add(entry.tool.callId);
  }
  const broken = new Set<string>();
  for (const entry of kept) {
    if (!isTool(entry)) continue;
    const id = entry.tool.callId;
    if (entry.type === 'tool_result' && !keptCalls.has(id)) broken.add(id);
    if (entry.type === 'tool_call' && !keptResults.has(id) && answered(id)) broken.add(id);
  }
  if (broken.size === 0) return [...kept];
  return kept.filter((entry) => !(isTool(entry) && broken.has(entry.tool.callId)));
}

/** Whether some interaction of `interactions` holds a result for a call id (looked up through `index`). */
export function answeredIn(interactions: readonly Interaction[], index: InteractionIndex): (callId: string) => boolean {
  return (callId) =>
    (index.calls.get(callId) ?? []).some((position) =>
      (interactions[position]?.entries ?? []).some(
        (entry) => entry.type === 'tool_result' && entry.tool?.callId === callId,
      ),
    );
}

/** The protected entries of one interaction, by its position in the indexed array. */
export interface ProtectedPart {
  position: number;
  /** The interaction as the strategy sees it (see {@link protectedParts}). */
  interaction: Interaction;
  /** Its protected entries, in order (never empty). */
  entries: MemoryEntry[];
}

/**
 * {@link protectedIds} over a whole indexed history, touching only the interactions the index
 * names: those holding a pinned entry and those sharing a call id with a pinned tool entry.
 * `at(position)` is the interaction as the strategy sees it (after its conditions), or
 * `undefined` when they dropped it. Parts come oldest first.
 */
export function protectedParts(
  index: InteractionIndex,
  at: (position: number) => Interaction | undefined,
): ProtectedPart[] {
  if (index.pinned.length === 0) return [];
  const pinnedCalls = new Set<string>();
  for (const position of index.pinned) {
    for (const entry of at(position)?.entries ?? [])
      if (entry.pinned && isTool(entry)) pinnedCalls.add(entry.tool.callId);
  }
  const positions = new Set(index.pinned);
  for (const callId of pinnedCalls) for (const position of index.calls.get(callId) ?? []) positions.add(position);
  const parts: ProtectedPart[] = [];
  for (const position of [...positions].sort((a, b) => a - b)) {
    const interaction = at(position);
    if (!interaction) continue;
    const entries = interaction.entries.filter(
      (entry) => entry.pinned || (isTool(entry) && pinnedCalls.has(entry.tool.callId)),
    );
    if (entries.length > 0) parts.push({ position, interaction, entries });
  }
  return parts;
}

/** Keep the entries passing `keep`; when a tool entry fails, its partner goes with it. */
export function filterKeepingPairs(
  entries: readonly MemoryEntry[],
  keep: (entry: MemoryEntry) => boolean,
): MemoryEntry[] {
  const failedCalls = new Set<string>();
  const passing = entries.filter((entry) => {
    if (keep(entry)) return true;
    if (isTool(entry)) failedCalls.add(entry.tool.callId);
    return false;
  });
  return passing.filter((entry) => !(isTool(entry) && failedCalls.has(entry.tool.callId)));
}

/** The interaction with only `entries` (a subset of its own), its `tokenCount` recomputed. */
export function narrow(interaction: Interaction, entries: MemoryEntry[]): Interaction {
  if (entries.length === interaction.entries.length) return interaction;
  return { ...interaction, entries, tokenCount: entries.reduce((sum, entry) => sum + entry.tokenCount, 0) };
}

/**
 * Apply an entry-level decision to whole interactions: keep the entries in `keepIds`,
 * drop interactions left empty.
 */
export function keepEntries(interactions: readonly Interaction[], keepIds: ReadonlySet<string>): Interaction[] {
  const out: Interaction[] = [];
  for (const interaction of interactions) {
    const entries = interaction.entries.filter((entry) => keepIds.has(entry.id));
    if (entries.length > 0) out.push(narrow(interaction, entries));
  }
  return out;
}
