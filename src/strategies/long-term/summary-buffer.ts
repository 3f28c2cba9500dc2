/**
 * `summary_buffer`: when the context passes `threshold × budget`, summarize the
 * oldest messages so the rest plus the summary fit `target × budget`.
 * @module
 */
import type { MemoryEntry } from '../../types.js';
import { groupChatMessages } from '../chat-form.js';
import type { SummaryBufferConfig } from '../profile/profile-types.js';
import { protectedIds } from '../tool-pairs.js';
import type { LongTermStrategy } from '../types.js';

/** At least this many recent messages stay out of every summary. */
export const MIN_RECENT_MESSAGES = 3;

/** Tokens a summary costs beyond its text (system-message framing), with room to spare. */
const SUMMARY_FRAMING = 8;

/** The summary size asked for: a fifth of the budget, at most half of the target. */
export function summaryBufferTargetTokens(config: SummaryBufferConfig): number {
  return Math.max(1, Math.floor(Math.min(0.2 * config.budget, (config.target * config.budget) / 2)));
}

/** `safe[k]`: cutting before message `k` separates no tool call from its result. */
function safeCuts(groups: readonly MemoryEntry[][], kept: ReadonlySet<string>): boolean[] {
  const safe = groups.map(() => true).concat(true);
  const spans = new Map<string, [number, number]>();
  groups.forEach((group, g) => {
    for (const entry of group) {
      if (!entry.tool || kept.has(entry.id)) continue;
      const span = spans.get(entry.tool.callId);
      spans.set(entry.tool.callId, span ? [span[0], g] : [g, g]);
    }
  });
  for (const [first, last] of spans.values()) for (let k = first + 1; k <= last; k += 1) safe[k] = false;
  return safe;
}

/**
 * Create the `summary_buffer` strategy. When the context the model would receive exceeds
 * `threshold × budget` tokens (or on `compress()`), it summarizes the oldest messages,
 * choosing the fewest that bring the estimate (what remains + a summary of
 * {@link summaryBufferTargetTokens}) down to `target × budget`, then rounding up to the end of
 * that interaction when it can. It never touches the {@link MIN_RECENT_MESSAGES} newest
 * messages, never separates a tool call from its result, and folds its previous summary into
 * the new one (one running summary). It does not plan a summary that would not shrink the
 * context. `compress()` summarizes all it may.
 */
export function createSummaryBuffer(config: SummaryBufferConfig): LongTermStrategy {
  const targetTokens = summaryBufferTargetTokens(config);
  const goal = config.target * config.budget;
  return {
    id: 'summary_buffer',
    plan(view, event) {
      const manual = event.reason === 'manual';
      const total = view.contextTokens();
      if (!manual && total <= config.threshold * config.budget) return undefined;
      const entries = view.interactions.flatMap((interaction) => interaction.entries);
      const groups = groupChatMessages(entries);
      const maxCut = groups.length - MIN_RECENT_MESSAGES;
      if (maxCut <= 0) return undefined;
      const kept = protectedIds(entries);
      const safe = safeCuts(groups, kept);
      const own = view.summaries.filter((summary) => summary.strategy === 'summary_buffer');
      const estimate = total - own.reduce((sum, s) => sum + s.tokenCount, 0) + targetTokens + SUMMARY_FRAMING;

      let cut = 0;
      let removed = 0;
      for (let k = 1; k <= maxCut; k += 1) {
        for (const entry of groups[k - 1] ?? []) if (!kept.has(entry.id)) removed += entry.tokenCount;
        if (!safe[k]) continue;
        cut = k;
        if (!manual && estimate - removed <= goal) break;
      }
      // Round up to a whole interaction when that still leaves the recent messages alone.
      const boundary = (k: number): boolean =>
        k === groups.length || groups[k]?.[0]?.interaction !== groups[k - 1]?.[0]?.interaction;
      for (let k = cut; cut > 0 && k <= maxCut; k += 1) {
        if (boundary(k) && safe[k]) {
          cut = k;
          break;
        }
      }
      const summarized = groups
        .slice(0, cut)
        .flat()
        .filter((entry) => !kept.has(entry.id));
      if (summarized.length === 0) return undefined;
      // A summary bigger than what it replaces would only grow the context.
      const freed = summarized.reduce((sum, entry) => sum + entry.tokenCount, 0);
      if (!manual && estimate - freed >= total) return undefined;
      return { summarize: { entries: summarized, foldSummaries: own, passes: 1, targetTokens, markCompressed: true } };
    },
  };
}
