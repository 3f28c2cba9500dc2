import type { MemoryEntry, MemorySummary } from '../../types.js';
import { ValidationError } from '../../errors.js';

/**
 * Refuse a state whose entries and summaries do not point at each other consistently, so an
 * import can never make history vanish silently:
 * - a compressed entry's `summaryId` must name a summary of the state (a compressed entry
 *   without `summaryId` is fine: a budget evicted it, or the summary that covered it was
 *   dropped by a rolling window, and the engine unlinked it);
 * - a summary's `originalEntryIds` must name entries of the state, except entries the
 *   neuralyzer erased since: at most `erasedEntries` distinct ids may be missing.
 */
export function checkStateLinks(
  entries: readonly MemoryEntry[],
  summaries: readonly MemorySummary[],
  erasedEntries: number,
): void {
  const summaryIds = new Set(summaries.map((s) => s.id));
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.compressed && e.summaryId !== undefined && !summaryIds.has(e.summaryId)) {
      const known = summaryIds.size
        ? `one of ${[...summaryIds]
            .slice(0, 5)
            .map((id) => JSON.stringify(id))
            .join(', ')}${summaryIds.size > 5 ? ', …' : ''}`
        : 'none: the state has no summaries';
      throw new ValidationError(
        `state.entries[${i}].summaryId`,
        `the id of a summary in state.summaries (${known}), or no summaryId`,
        e.summaryId,
      );
    }
  }
  if (!summaries.some((s) => s.originalEntryIds.length > 0)) return;
  const entryIds = new Set(entries.map((e) => e.id));
  const missing = new Set<string>();
  for (const [i, s] of summaries.entries()) {
    for (const [k, id] of s.originalEntryIds.entries()) {
      if (entryIds.has(id) || missing.has(id)) continue;
      missing.add(id);
      if (missing.size > erasedEntries) {
        const allowance = erasedEntries
          ? `; the state records only ${erasedEntries} erased entr${erasedEntries === 1 ? 'y' : 'ies'}`
          : '';
        throw new ValidationError(
          `state.summaries[${i}].originalEntryIds[${k}]`,
          `the id of an entry in state.entries${allowance}`,
          id,
        );
      }
    }
  }
}
