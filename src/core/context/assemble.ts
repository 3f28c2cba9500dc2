import type { Interaction, LLMContext, MemorySummary } from '../../types.js';
import type { ContextCost, ContextSelection, ShortTermStrategy } from '../../strategies/types.js';
import { MESSAGE_FRAMING, REPLY_PRIMING } from '../../tokens/chat-tokens.js';
import { contextText } from './context-text.js';
import { interactionIndex } from '../interactions.js';
import { entriesToChat } from './to-chat.js';

/** How context is assembled for a profile. */
export interface AssemblyRules {
  shortTerm: readonly ShortTermStrategy[];
  /** List summaries newest first (`rolling` does). */
  summariesNewestFirst: boolean;
}

/** Costs seen by budgets, multiplied by a calibration factor (≥ 1) so budgets stay safe. */
export function scaledCost(factor: number): ContextCost {
  if (factor === 1) return contextCost;
  return {
    base: Math.ceil(contextCost.base * factor),
    interaction: (i) => Math.ceil(contextCost.interaction(i) * factor),
    summary: (s) => Math.ceil(contextCost.summary(s) * factor),
  };
}

const interactionCosts = new WeakMap<Interaction, number>();

/** Token costs from cached counts; an interaction's cost is memoized per (immutable) object. */
export const contextCost: ContextCost = {
  base: REPLY_PRIMING,
  interaction(interaction) {
    let cost = interactionCosts.get(interaction);
    if (cost === undefined) {
      cost = entriesToChat(interaction.entries).tokens;
      interactionCosts.set(interaction, cost);
    }
    return cost;
  },
  summary(summary) {
    return MESSAGE_FRAMING + summary.tokenCount;
  },
};

/**
 * What the model sees: short-term strategies narrow the active interactions and summaries,
 * summaries go first as system messages, and `tokenCount` is exact from cached counts.
 */
export function assembleContext(
  interactions: Interaction[],
  summaries: MemorySummary[],
  rules: AssemblyRules,
  extraSystem: readonly { content: string; tokenCount: number }[] = [],
  scale = 1,
  /** Receives the ids of the entries the context holds. */
  seen?: Set<string>,
  /** Tokens budgets keep free for something added beside the history (the recalled block). */
  reserve = 0,
): LLMContext {
  let selection: ContextSelection = { interactions, summaries };
  const cost = reserve > 0 ? { ...scaledCost(scale), base: scaledCost(scale).base + reserve } : scaledCost(scale);
  // The session's index spares a strategy scanning the whole history. It describes this array
  // only: a strategy given a narrowed one indexes that itself.
  const index = rules.shortTerm.length > 0 ? interactionIndex(interactions) : undefined;
  for (const strategy of rules.shortTerm) {
    const input: ContextSelection = { interactions: selection.interactions, summaries: selection.summaries };
    if (index && input.interactions === interactions) input.index = index;
    selection = strategy.select(input, cost);
  }
  const entries = selection.interactions.flatMap((i) => i.entries);
  if (seen) for (const e of entries) seen.add(e.id);
  const chat = entriesToChat(entries);
  const ordered = rules.summariesNewestFirst ? [...selection.summaries].reverse() : selection.summaries;
  const messages =
    ordered.length + extraSystem.length === 0
      ? chat.messages
      : [
          ...ordered.map((s) => ({ role: 'system' as const, content: s.content })),
          ...extraSystem.map((x) => ({ role: 'system' as const, content: x.content })),
          ...chat.messages,
        ];
  let tokenCount = chat.tokens;
  for (const s of ordered) tokenCount += MESSAGE_FRAMING + s.tokenCount;
  for (const x of extraSystem) tokenCount += MESSAGE_FRAMING + x.tokenCount;
  if (messages.length) tokenCount += REPLY_PRIMING;
  return withLazyText({ messages, tokenCount, summaries: ordered }, () =>
    contextText(
      ordered,
      entries,
      extraSystem.map((x) => x.content),
    ),
  );
}

/**
 * The context with `text` made when first read (a server that sends `messages` never pays for
 * the text layout): an enumerable property in its place, so a copy, a structured clone (the
 * worker) or `JSON.stringify` sees plain data; assigning it replaces it.
 */
function withLazyText(ctx: Omit<LLMContext, 'text'>, make: () => string): LLMContext {
  let text: string | undefined;
  return {
    messages: ctx.messages,
    get text(): string {
      return (text ??= make());
    },
    set text(value: string) {
      text = value;
    },
    tokenCount: ctx.tokenCount,
    summaries: ctx.summaries,
  };
}
