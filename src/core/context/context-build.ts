import type { ContextTruncatedInfo, Interaction, LLMContext, MemoryEntry, TokenCounter } from '../../types.js';
import { MESSAGE_FRAMING, REPLY_PRIMING } from '../../tokens/chat-tokens.js';
import { createMaxTokens } from '../../strategies/short-term/max-tokens.js';
import { assembleContext, assembleContextInSlices, type AssemblyRules } from './assemble.js';
import type { Slicer } from '../../slices/slicer.js';
import type { ContextPlan } from './context-options.js';
import { recallBlock, type RecallBlock } from './context-recall.js';
import { countDraft } from '../make-entry.js';
import type { RecallContext } from '../recall/recall.js';
import type { StoreRecall } from '../recall/recall-all.js';
import type { KnowledgeBaseRequest } from '../recall/knowledge-base.js';
import type { SessionCache } from '../session/session.js';
import { messageQuery } from '../checks/query-bound.js';
import type { FactsBlockResult } from '../facts/facts-block.js';

/** What building a planned context needs from the engine. */
export interface ContextBuildDeps {
  rules: AssemblyRules;
  /** Budget scale of the session (calibration). */
  scale: number;
  counter: TokenCounter;
  recall: RecallContext;
  all: StoreRecall;
  /** The profile's token budget (`max_tokens`, `summary_buffer`), when it has one. */
  profileBudget?: number | undefined;
  /**
   * The interactions the profile shows now (the rolling window narrows them while its summary is pending); default:
   * all active.
   */
  interactions?: Interaction[] | undefined;
  /** A knowledge base with `search_mode: 'always'`: its message of recalled items, in the room given. */
  knowledge?: ((req: KnowledgeBaseRequest) => Promise<{ content: string; tokenCount: number } | undefined>) | undefined;
  /** Facts on: the "Known about the user" block for the question, in the room given (framing included). */
  facts?: { maxTokens: number; block: (query: string, room: number) => Promise<FactsBlockResult> } | undefined;
  /** A new slicer: the history is assembled in slices of work (100,000 active entries never hold the thread). */
  slices: () => Slicer;
}

/** A built context, and what was cut to fit it. */
export interface BuiltContext {
  ctx: LLMContext;
  truncated?: ContextTruncatedInfo;
}

/** Shown where the newest user message was cut to fit the cap. */
export const TRUNCATION_MARKER = '\n[… message truncated to fit the context]';

/**
 * The context of a call with recall, facts and/or a hard cap: the profile's context with the
 * budget reduced by the facts block's and the recalled block's shares (the kept history gives
 * way), the blocks after the summaries, and — whatever the profile — the newest user message
 * present, cut with a marker when it alone exceeds the cap. The facts block takes its room
 * first (it is small and holds what is true now), recall the room left. `tokenCount` is exact
 * and never above the cap.
 */
export async function buildPlannedContext(
  c: SessionCache,
  deps: ContextBuildDeps,
  plan: ContextPlan,
): Promise<BuiltContext> {
  const cap = plan.maxTokens ?? Infinity;
  const budget = Math.min(
    cap,
    deps.profileBudget === undefined ? Infinity : Math.floor(deps.profileBudget / deps.scale),
  );
  const rules: AssemblyRules =
    budget === Infinity
      ? deps.rules
      : {
          ...deps.rules,
          shortTerm: [
            ...deps.rules.shortTerm,
            createMaxTokens({ memory_strategy_id: 'max_tokens', memory_max_tokens: budget, conditions: [] }),
          ],
        };
  const newest = newestUser(c.active);
  const query = plan.query ?? messageQuery(newest?.content ?? '');
  // What the newest question costs alone: the history may give way down to it, never below.
  const alone = REPLY_PRIMING + MESSAGE_FRAMING + (newest?.tokenCount ?? 0);
  const askFacts = async (room: number): Promise<FactsBlockResult | undefined> =>
    deps.facts ? deps.facts.block(query, Math.max(0, Math.min(deps.facts.maxTokens, room))) : undefined;
  let facts = budget > 0 ? await askFacts(budget - alone) : undefined;
  const factsCost = (f: FactsBlockResult | undefined): number => (f?.block ? MESSAGE_FRAMING + f.block.tokenCount : 0);
  const factsExtra = (f: FactsBlockResult | undefined) => (f?.block ? [f.block] : []);
  const reserve =
    plan.recall && query ? Math.min(plan.recall.maxTokens, Math.max(0, budget - alone - factsCost(facts))) : 0;
  // Budgets keep free the facts block (placed now) and recall's share (placed below).
  const held = reserve + factsCost(facts);

  const interactions = deps.interactions ?? c.interactions;
  const slicer = deps.slices();
  const assemble = (
    extra: readonly { content: string; tokenCount: number }[],
    seen: Set<string> | undefined,
    reserve: number,
  ): Promise<LLMContext> =>
    assembleContextInSlices(interactions, c.summaries, rules, extra, deps.scale, seen, reserve, slicer);
  let seen = new Set<string>();
  let base = await assemble(factsExtra(facts), seen, held);
  // A profile budget of -1 ("include nothing") stays empty.
  if (budget <= 0) return { ctx: withDetails(plan.recall ? { ...base, recalled: [] } : base, facts) };
  // The knowledge base's message takes the room the history, the facts and recall's share leave.
  const room = budget - base.tokenCount - reserve - (base.messages.length ? 0 : REPLY_PRIMING);
  let knowledge = deps.knowledge
    ? await deps.knowledge({ inContext: seen, summaries: base.summaries, room })
    : undefined;
  let extra = [...factsExtra(facts), ...(knowledge ? [knowledge] : [])];
  if (knowledge) base = await assemble(extra, undefined, held);
  let block: RecallBlock | undefined;
  const ask = async (room: number, held = seen, summaries = base.summaries): Promise<RecallBlock | undefined> =>
    plan.recall && query
      ? recallBlock(c, deps.recall, deps.all, deps.counter, {
          query,
          scope: plan.recall.scope,
          topK: plan.recall.topK,
          room,
          inContext: held,
          summariesInContext: new Set(summaries.map((s) => s.id)),
        })
      : undefined;
  if (plan.recall) {
    const left = budget - base.tokenCount - (base.messages.length ? 0 : REPLY_PRIMING);
    block = await ask(Math.min(plan.recall.maxTokens, left));
  }
  // The kept history gave way to recall's whole share; what the block (and the knowledge
  // message) left of it goes back to the history, which then ends with the newest turns whole.
  // The facts block's room stays held throughout.
  let kept = reserve;
  const used = cost(block) + cost(knowledge);
  if (used < reserve) {
    const grown = new Set<string>();
    const history = await assemble(factsExtra(facts), grown, used + factsCost(facts));
    kept = used;
    let more = false;
    for (const id of grown)
      if (!seen.has(id)) {
        more = true;
        break;
      }
    if (more) {
      // The longer history may hold what was recalled: ask again for what it does not hold, in
      // no more room than was used (so the budget still holds).
      seen = grown;
      const summaries = new Set(history.summaries.map((s) => s.id));
      const held = (e: MemoryEntry): boolean =>
        e.type === 'summary' ? summaries.has(e.id) : e.sessionId === c.meta.sessionId && grown.has(e.id);
      if (block?.recalled.some((r) => held(r.entry))) block = await ask(cost(block), grown, history.summaries);
      if (knowledge && deps.knowledge)
        knowledge = await deps.knowledge({ inContext: grown, summaries: history.summaries, room: cost(knowledge) });
      extra = [...factsExtra(facts), ...(knowledge ? [knowledge] : [])];
    }
  }
  let ctx =
    block || kept !== reserve
      ? await assemble([...extra, ...(block ? [block] : [])], undefined, kept + factsCost(facts))
      : base;
  let truncated: ContextTruncatedInfo | undefined;
  if ((newest && !seen.has(newest.id)) || ctx.tokenCount > budget) {
    // The history could not keep the newest question (or pins broke the cap): send the question
    // alone, with the facts and what recall finds for it in the room left, cut when it alone is too large.
    if (factsCost(facts) > Math.max(0, budget - alone))
      facts = alone < budget ? await askFacts(budget - alone) : undefined;
    const left = budget - alone - factsCost(facts);
    block = left > 0 ? await ask(Math.min(plan.recall?.maxTokens ?? 0, left)) : undefined;
    let entry = newest;
    if (newest && alone > budget) {
      const cut = cutToFit(newest, deps.counter, budget - REPLY_PRIMING - MESSAGE_FRAMING);
      entry = cut;
      truncated = {
        entryId: newest.id,
        originalTokens: newest.tokenCount,
        keptTokens: cut.tokenCount,
        maxTokens: budget,
      };
    }
    const interactions = entry ? [{ index: entry.interaction, entries: [entry], tokenCount: entry.tokenCount }] : [];
    const blocks = [...factsExtra(facts), ...(block ? [block] : [])];
    ctx = assembleContext(interactions, [], { shortTerm: [], summariesNewestFirst: false }, blocks, 1);
  }
  if (plan.recall) ctx.recalled = block?.recalled ?? [];
  withDetails(ctx, facts);
  return truncated ? { ctx, truncated } : { ctx };
}

/** The context with the facts block's explanation (when facts were asked). */
function withDetails(ctx: LLMContext, facts: FactsBlockResult | undefined): LLMContext {
  if (facts) ctx.facts = facts.details;
  return ctx;
}

/** What a system message placed beside the history costs: its tokens and its framing. */
function cost(message: { tokenCount: number } | undefined): number {
  return message ? MESSAGE_FRAMING + message.tokenCount : 0;
}

function newestUser(active: readonly MemoryEntry[]): MemoryEntry | undefined {
  for (let i = active.length - 1; i >= 0; i--) {
    const e = active[i]!;
    if (e.type === 'message' && e.role === 'user') return e;
  }
  return undefined;
}

/** The entry with its content cut (marker appended) so that it costs at most `tokens`. */
function cutToFit(e: MemoryEntry, counter: TokenCounter, tokens: number): MemoryEntry {
  const cost = (content: string): number => countDraft({ type: 'message', content }, counter);
  const text = (n: number): string => e.content.slice(0, n) + TRUNCATION_MARKER;
  // Binary search on the length of the kept prefix.
  let lo = 0;
  let hi = e.content.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (cost(text(mid)) <= tokens) lo = mid;
    else hi = mid - 1;
  }
  let content = text(lo);
  // A lone surrogate at the cut would make invalid text.
  if (/[\uD800-\uDBFF]$/.test(e.content.slice(0, lo))) content = text(lo - 1);
  if (cost(content) > tokens) content = TRUNCATION_MARKER.trim().slice(0, Math.max(0, tokens));
  return { ...e, content, tokenCount: cost(content) };
}
