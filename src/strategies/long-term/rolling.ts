/**
 * `rolling`: a window of the newest `window` interactions, and a summary of each
 * `window`-sized block, at most `max_summaries` kept.
 * @module
 */
import type { MemorySummary } from '../../types.js';
import type { RollingConfig } from '../profile/profile-types.js';
import { protectedIds } from '../tool-pairs.js';
import type { LongTermPlan, LongTermStrategy } from '../types.js';

type Range = { startIndex: number; endIndex: number };
const covers = (range: Range | undefined, index: number): boolean =>
  range !== undefined && range.startIndex <= index && index <= range.endIndex;

/**
 * The newest interaction number `b ≤ n` at which a summary is due: `window + 1 + k × window`
 * (22, 43, 64, … for 21), or 0 before the first.
 */
export function rollingBoundary(n: number, window: number): number {
  return n > window ? n - ((n - 1) % window) : 0;
}

/**
 * Create the `rolling` strategy. With `n` the newest interaction's number (counted when its
 * user message or `addInteraction` arrives), it keeps interactions `n − window + 1 … n`
 * active and marks older ones compressed, linked to the summary whose `range` covers them
 * (interaction 1 has none). When interaction `window + 1 + k × window` arrives it asks for a
 * summary of the newest `window` interactions (`range` set, entries stay active until they
 * slide out) and drops its oldest summaries beyond `max_summaries`. It is idempotent: it
 * plans from what is stored, so a failed summary is retried on the next entry, and owed blocks
 * are summarized oldest first (one per plan) before they slide out.
 * Pinned entries never slide out.
 */
export function createRolling(config: RollingConfig): LongTermStrategy {
  const { window, max_summaries: maxSummaries } = config;
  return {
    id: 'rolling',
    plan(view) {
      const n = view.interactionCount;
      const own = view.summaries.filter((summary) => summary.strategy === 'rolling');
      const plan: LongTermPlan = {};

      const boundary = rollingBoundary(n, window);
      // The newest block summarized: from the state, or from the kept summaries (after an import).
      const stated = typeof view.state.lastSummaryEnd === 'number' ? view.state.lastSummaryEnd : 0;
      const lastEnd = Math.max(stated, ...own.map((summary) => summary.range?.endIndex ?? 0));
      // The oldest block still owed (a summary that failed is caught up before newer ones),
      // skipping blocks that max_summaries would drop at once.
      const nextDue = lastEnd === 0 ? window + 1 : lastEnd + window;
      const target = boundary >= nextDue ? Math.max(nextDue, boundary - (maxSummaries - 1) * window) : 0;
      let made: Range | undefined;
      if (maxSummaries > 0 && target > 0 && !own.some((s) => s.range?.endIndex === target)) {
        const range = { startIndex: target - window + 1, endIndex: target };
        const entries = view.interactions.filter((i) => covers(range, i.index)).flatMap((i) => i.entries);
        if (entries.length > 0) {
          plan.summarize = { entries, passes: 1, range, markCompressed: false };
          made = range;
        }
        plan.state = { ...view.state, lastSummaryEnd: target };
      }

      const excess = own.length + (made ? 1 : 0) - maxSummaries;
      const dropped: MemorySummary[] = excess > 0 ? own.slice(0, excess) : [];
      if (dropped.length > 0) plan.dropSummaryIds = dropped.map((summary) => summary.id);
      const linkable = own.filter((summary) => !dropped.includes(summary));

      const kept = protectedIds(view.interactions.flatMap((interaction) => interaction.entries));
      const evict = new Map<string | undefined, string[]>();
      // While an older block is owed, its interactions wait in the window for their summary.
      const owedFrom = made
        ? made.endIndex + 1
        : boundary >= nextDue && maxSummaries > 0
          ? nextDue - window + 1
          : Infinity;
      for (const interaction of view.interactions) {
        if (interaction.index > n - window) continue;
        if (interaction.index >= owedFrom && !covers(made, interaction.index) && interaction.index <= boundary)
          continue;
        const ids = interaction.entries.filter((entry) => !kept.has(entry.id)).map((entry) => entry.id);
        if (ids.length === 0) continue;
        const summaryId = covers(made, interaction.index)
          ? 'new'
          : linkable.find((summary) => covers(summary.range, interaction.index))?.id;
        evict.set(summaryId, [...(evict.get(summaryId) ?? []), ...ids]);
      }
      if (evict.size > 0) {
        plan.evict = [...evict].map(([summaryId, entryIds]) =>
          summaryId === undefined ? { entryIds } : { entryIds, summaryId },
        );
      }
      return Object.keys(plan).length > 0 ? plan : undefined;
    },
  };
}
