/**
 * Alquimia's `max_tokens`: the newest whole interactions (and summaries) that fit a token
 * budget, after `conditions` have filtered messages.
 * @module
 */
import type { Interaction, MemorySummary } from '../types.js';
import { allConditions, conditionMessage } from './chat-form.js';
import type { MaxTokensConfig } from './profile-types.js';
import { filterKeepingPairs, keepEntries, narrow, protectedIds } from './tool-pairs.js';
import type { ContextCost, ContextSelection, ShortTermStrategy } from './types.js';

/** Drop the messages failing a condition (with their tool partners) and interactions left empty. */
function applyConditions(interactions: readonly Interaction[], passes: (scope: Record<string, unknown>) => boolean): Interaction[] {
  const all = interactions.flatMap((interaction) => interaction.entries);
  const kept = filterKeepingPairs(all, (entry) => passes({ message: conditionMessage(entry) }));
  return keepEntries(interactions, new Set(kept.map((entry) => entry.id)));
}

/** Fit interactions and summaries into `budget` tokens (see {@link createMaxTokens}). */
function fit(interactions: readonly Interaction[], summaries: readonly MemorySummary[], cost: ContextCost, budget: number): ContextSelection {
  const pinned = protectedIds(interactions.flatMap((interaction) => interaction.entries));
  const pinnedParts = interactions.map((interaction) => interaction.entries.filter((entry) => pinned.has(entry.id)));
  const pinnedCosts = interactions.map((interaction, i) => {
    const part = pinnedParts[i] ?? [];
    return part.length > 0 ? cost.interaction(narrow(interaction, part)) : 0;
  });
  let used = cost.base + pinnedCosts.reduce((sum, c) => sum + c, 0);

  const summaryCosts = summaries.map((summary) => cost.summary(summary));
  let firstSummary = summaries.length;
  const takeSummaries = (limit: number): void => {
    while (firstSummary > 0) {
      const c = summaryCosts[firstSummary - 1] ?? 0;
      if (used + c > limit) break;
      used += c;
      firstSummary -= 1;
    }
  };
  // Newest summaries first, up to half the room, so a long history keeps some of its gist.
  takeSummaries(used + Math.max(0, budget - used) / 2);

  let firstWhole = interactions.length;
  while (firstWhole > 0) {
    const interaction = interactions[firstWhole - 1];
    if (!interaction) break;
    const extra = cost.interaction(interaction) - (pinnedCosts[firstWhole - 1] ?? 0);
    if (used + extra > budget) break;
    used += extra;
    firstWhole -= 1;
  }
  // What the interactions left over goes to older summaries.
  takeSummaries(budget);

  const kept: Interaction[] = [];
  interactions.forEach((interaction, i) => {
    if (i >= firstWhole) kept.push(interaction);
    else if ((pinnedParts[i] ?? []).length > 0) kept.push(narrow(interaction, pinnedParts[i] ?? []));
  });
  return { interactions: kept, summaries: summaries.slice(firstSummary) };
}

/**
 * Create the `max_tokens` strategy. First `conditions` drop the messages failing any of them
 * (a dropped tool call takes its result along and vice versa; an emptied interaction goes).
 * Then it fits a budget: the newest summaries up to half of it, then whole interactions
 * walking back from the newest, stopping at the first that does not fit (recent history
 * without gaps), then older summaries in what is left. The request's `tokenCount` never
 * exceeds `memory_max_tokens`, except that pinned entries are always kept and counted first.
 * `-1` sends nothing at all.
 */
export function createMaxTokens(config: MaxTokensConfig): ShortTermStrategy {
  const passes = config.conditions.length > 0 ? allConditions(config.conditions, ['message']) : undefined;
  return {
    id: 'max_tokens',
    select(selection, cost) {
      if (config.memory_max_tokens === -1) return { interactions: [], summaries: [] };
      const interactions = passes ? applyConditions(selection.interactions, passes) : selection.interactions;
      return fit(interactions, selection.summaries, cost, config.memory_max_tokens);
    },
  };
}
