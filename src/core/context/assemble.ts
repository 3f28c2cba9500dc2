import type { ChatMessage, Interaction, LLMContext, MemoryEntry, MemorySummary } from '../../types.js';
import { COST, type Slicer } from '../../slices/slicer.js';
import type { ContextCost, ContextSelection, ShortTermStrategy } from '../../strategies/types.js';
import { MESSAGE_FRAMING, REPLY_PRIMING } from '../../tokens/chat-tokens.js';
import { withLazyText } from './context-text.js';
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
  const steps = assembleSteps(interactions, summaries, rules, extraSystem, scale, seen, reserve);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * {@link assembleContext} in slices of work: a history of 100,000 active entries is flattened,
 * turned into messages and noted in `seen` a chunk of entries at a time, the thread given back
 * between slices. The same context, message for message.
 */
export async function assembleContextInSlices(
  interactions: Interaction[],
  summaries: MemorySummary[],
  rules: AssemblyRules,
  extraSystem: readonly { content: string; tokenCount: number }[],
  scale: number,
  seen: Set<string> | undefined,
  reserve: number,
  slicer: Slicer,
): Promise<LLMContext> {
  const steps = assembleSteps(interactions, summaries, rules, extraSystem, scale, seen, reserve);
  let step = steps.next();
  while (!step.done) {
    if (slicer.spend(step.value)) await slicer.pause();
    step = steps.next();
  }
  return step.value;
}

/** Entries turned into messages in one step of {@link assembleSteps}. */
const CHUNK = 1000;

/** What one entry costs to flatten, note and turn into a message, in slice units. */
const PER_ENTRY = COST.item;

/** The work of {@link assembleContext}, yielding the units each chunk of entries cost. */
function* assembleSteps(
  interactions: Interaction[],
  summaries: MemorySummary[],
  rules: AssemblyRules,
  extraSystem: readonly { content: string; tokenCount: number }[],
  scale: number,
  seen: Set<string> | undefined,
  reserve: number,
): Generator<number, LLMContext, void> {
  let selection: ContextSelection = { interactions, summaries };
  const cost = reserve > 0 ? { ...scaledCost(scale), base: scaledCost(scale).base + reserve } : scaledCost(scale);
  // The session's index spares a strategy scanning the whole history. It describes this array
  // only: a strategy given a narrowed one indexes that itself.
  const index = rules.shortTerm.length > 0 ? interactionIndex(interactions) : undefined;
  for (const strategy of rules.shortTerm) {
    const input: ContextSelection = { interactions: selection.interactions, summaries: selection.summaries };
    if (index && input.interactions === interactions) input.index = index;
    selection = strategy.select(input, cost);
    yield COST.item;
  }
  const entries: MemoryEntry[] = [];
  let counted = 0;
  for (const interaction of selection.interactions) {
    for (const e of interaction.entries) entries.push(e);
    if (entries.length - counted >= CHUNK) {
      yield (entries.length - counted) * (PER_ENTRY / 4);
      counted = entries.length;
    }
  }
  if (seen)
    for (let at = 0; at < entries.length; at += CHUNK) {
      const end = Math.min(entries.length, at + CHUNK);
      for (let i = at; i < end; i++) seen.add(entries[i]!.id);
      yield (end - at) * (PER_ENTRY / 4);
    }
  const ordered = rules.summariesNewestFirst ? [...selection.summaries].reverse() : selection.summaries;
  const messages: ChatMessage[] = [];
  for (const s of ordered) messages.push({ role: 'system', content: s.content });
  for (const x of extraSystem) messages.push({ role: 'system', content: x.content });
  // The messages a chunk at a time, each chunk cut before an entry that is neither a tool call
  // nor a result (entriesToChat pairs calls and results only across such runs): the same messages.
  let tokenCount = 0;
  for (let at = 0; at < entries.length;) {
    let end = Math.min(entries.length, at + CHUNK);
    while (end < entries.length && isToolEntry(entries[end]!)) end++;
    const chat = entriesToChat(at === 0 && end === entries.length ? entries : entries.slice(at, end));
    for (const m of chat.messages) messages.push(m);
    tokenCount += chat.tokens;
    yield (end - at) * PER_ENTRY;
    at = end;
  }
  for (const s of ordered) tokenCount += MESSAGE_FRAMING + s.tokenCount;
  for (const x of extraSystem) tokenCount += MESSAGE_FRAMING + x.tokenCount;
  if (messages.length) tokenCount += REPLY_PRIMING;
  return withLazyText(
    { messages, tokenCount, summaries: ordered },
    ordered,
    entries,
    extraSystem.map((x) => x.content),
  );
}

const isToolEntry = (e: MemoryEntry): boolean => e.type === 'tool_call' || e.type === 'tool_result';
