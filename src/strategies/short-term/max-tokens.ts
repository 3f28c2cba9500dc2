/**
 * `max_tokens`: the newest whole interactions (and summaries) that fit a token
 * budget, after `conditions` have filtered messages.
 * @module
 */
import type { Interaction, MemorySummary } from '../../types.js';
import { allConditions } from '../chat-form.js';
import { createConditionFilter } from './condition-filter.js';
import { indexInteractions } from './interaction-index.js';
import type { MaxTokensConfig } from '../profile/profile-types.js';
import { narrow, protectedParts, type ProtectedPart } from '../tool-pairs.js';
import type { ContextCost, ContextSelection, ShortTermStrategy } from '../types.js';

/** The interactions a budget fits, as {@link createMaxTokens} describes. */
interface FitInput {
  /** How many interactions the history has (positions `0 … count - 1`, oldest first). */
  count: number;
  /** The interaction at a position after conditions, or `undefined` when they dropped it. */
  at: (position: number) => Interaction | undefined;
  /** Pinned entries (and their tool partners), oldest first, each as a narrowed interaction. */
  pinned: readonly { position: number; part: Interaction }[];
  summaries: readonly MemorySummary[];
}

/**
 * Fit interactions and summaries into `budget` tokens, walking back from the newest
 * interaction only as far as the budget reaches.
 */
function fit({ count, at, pinned, summaries }: FitInput, cost: ContextCost, budget: number): ContextSelection {
  let used = cost.base;
  const pinnedCost = new Map<number, number>();
  for (const { position, part } of pinned) {
    const c = cost.interaction(part);
    pinnedCost.set(position, c);
    used += c;
  }

  let firstSummary = summaries.length;
  const takeSummaries = (limit: number): void => {
    while (firstSummary > 0) {
      const summary = summaries[firstSummary - 1];
      if (!summary) break;
      const c = cost.summary(summary);
      if (used + c > limit) break;
      used += c;
      firstSummary -= 1;
    }
  };
  // Newest summaries first, up to half the room, so a long history keeps some of its gist.
  takeSummaries(used + Math.max(0, budget - used) / 2);

  const whole: Interaction[] = [];
  let firstWhole = count;
  for (let position = count - 1; position >= 0; position -= 1) {
    const interaction = at(position);
    if (!interaction) continue; // emptied by the conditions: not part of the history sent
    const extra = cost.interaction(interaction) - (pinnedCost.get(position) ?? 0);
    if (used + extra > budget) break;
    used += extra;
    whole.push(interaction);
    firstWhole = position;
  }
  // What the interactions left over goes to older summaries.
  takeSummaries(budget);

  const older = pinned.filter(({ position }) => position < firstWhole).map(({ part }) => part);
  return { interactions: older.concat(whole.reverse()), summaries: summaries.slice(firstSummary) };
}

/**
 * Create the `max_tokens` strategy. First `conditions` drop the messages failing any of them
 * (a dropped tool call takes its result along and vice versa; an emptied interaction goes).
 * Then it fits a budget: the newest summaries up to half of it, then whole interactions
 * walking back from the newest, stopping at the first that does not fit (recent history
 * without gaps), then older summaries in what is left. The request's `tokenCount` never
 * exceeds `memory_max_tokens`, except that pinned entries are always kept and counted first.
 * `-1` sends nothing at all.
 *
 * A request costs what it keeps, not the history's length: conditions are evaluated once per
 * interaction (cached per interaction object), and pins are found through the selection's index.
 */
export function createMaxTokens(config: MaxTokensConfig): ShortTermStrategy {
  const passes = config.conditions.length > 0 ? allConditions(config.conditions, ['message']) : undefined;
  const filter = passes ? createConditionFilter(passes) : undefined;
  // The same narrowed object for the same pinned part, so its cost stays memoized.
  const narrowed = new WeakMap<Interaction, Interaction>();
  const pinnedPart = ({ interaction, entries }: ProtectedPart): Interaction => {
    const previous = narrowed.get(interaction);
    if (
      previous &&
      previous.entries.length === entries.length &&
      previous.entries.every((entry, i) => entry === entries[i])
    )
      return previous;
    const part = narrow(interaction, entries);
    narrowed.set(interaction, part);
    return part;
  };
  return {
    id: 'max_tokens',
    select(selection, cost) {
      if (config.memory_max_tokens === -1) return { interactions: [], summaries: [] };
      const { interactions } = selection;
      const index = selection.index ?? indexInteractions(interactions);
      const at = filter
        ? (position: number) => filter(interactions, index, position)
        : (position: number) => interactions[position];
      const pinned = protectedParts(index, at).map((p) => ({ position: p.position, part: pinnedPart(p) }));
      return fit(
        { count: interactions.length, at, pinned, summaries: selection.summaries },
        cost,
        config.memory_max_tokens,
      );
    },
  };
}
