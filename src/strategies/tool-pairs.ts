/**
 * Keeping tool calls and their results together when strategies keep, drop or compress
 * only some entries, and the pinned entries no strategy may take away.
 * @module
 */
import type { Interaction, MemoryEntry } from '../types.js';

function isTool(entry: MemoryEntry): entry is MemoryEntry & { tool: NonNullable<MemoryEntry['tool']> } {
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
 * whose result exists in `all` but was not kept. A call still waiting for its result stays.
 */
export function dropBrokenPairs(kept: readonly MemoryEntry[], all: readonly MemoryEntry[]): MemoryEntry[] {
  const keptCalls = new Set<string>();
  const keptResults = new Set<string>();
  for (const entry of kept) {
    if (!isTool(entry)) continue;
    (entry.type === 'tool_call' ? keptCalls : keptResults).add(entry.tool.callId);
  }
  const answered = new Set<string>();
  for (const entry of all) if (isTool(entry) && entry.type === 'tool_result') answered.add(entry.tool.callId);
  const broken = new Set<string>();
  for (const entry of kept) {
    if (!isTool(entry)) continue;
    const id = entry.tool.callId;
    if (entry.type === 'tool_result' && !keptCalls.has(id)) broken.add(id);
    if (entry.type === 'tool_call' && answered.has(id) && !keptResults.has(id)) broken.add(id);
  }
  if (broken.size === 0) return [...kept];
  return kept.filter((entry) => !(isTool(entry) && broken.has(entry.tool.callId)));
}

/** Keep the entries passing `keep`; when a tool entry fails, its partner goes with it. */
export function filterKeepingPairs(entries: readonly MemoryEntry[], keep: (entry: MemoryEntry) => boolean): MemoryEntry[] {
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
