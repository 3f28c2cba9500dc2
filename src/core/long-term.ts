import type { MemoryConfig, MemoryEntry, MemorySummary, StoreAdapter, Summarizer, TokenCounter } from '../types.js';
import type { LongTermPlan, LongTermStrategy, SessionView, TriggerEvent } from '../strategies/types.js';
import { summarizeEntries, type SummaryText } from '../summarizers/summarize-entries.js';
import { ConflictError, RecallKitError, SummarizerError } from '../errors.js';
import type { Emitter } from './emitter.js';
import { newId } from './ids.js';
import { planChange } from './apply-plan.js';
import { setActive, type SessionCache } from './session.js';
import type { Writer } from './writer.js';
import { indexOnPlan, type RecallContext } from './recall.js';
import { addSummaryChunks, ensureKnowledgeBase } from './knowledge-base.js';
import type { KnowledgeBaseSetup } from '../strategies/registry.js';

/** Plans one strategy may apply for one event before it must wait for the next. */
const MAX_ROUNDS = 8;

/** What running long-term strategies needs from the engine. */
export interface LongTermDeps {
  strategies: readonly LongTermStrategy[];
  writer: Writer;
  /** Reads compressed entries to re-link when a summary goes. */
  store: StoreAdapter;
  emitter: Emitter;
  counter: TokenCounter;
  summarizer: () => Summarizer;
  config: () => MemoryConfig;
  now: () => Date;
  /** Tokens of the context the model would receive now. */
  contextTokens: (cache: SessionCache) => number;
  /** Aborts summarizer calls (the engine is closing). */
  signal?: AbortSignal;
  /** Where the `summarizer` strategy's summaries are also stored (knowledge_base). */
  knowledgeBase?: KnowledgeBaseSetup | undefined;
  /** Store access for the knowledge base. */
  recallContext: (cache: SessionCache) => RecallContext;
}

/**
 * Where one long-term run stands: the strategy (in profile order) and round to consult next,
 * and the first failure (returned so a manual `compress()` can reject with it). A run is
 * advanced inside the session's queue, waits for summaries outside it, and goes on after each.
 */
export interface LongTermRun {
  readonly event: TriggerEvent;
  /** Index of the strategy to consult next. */
  strategy: number;
  /** Plans that strategy applied in this run. */
  round: number;
  firstError?: Error;
}

/** A summary a run waits for: the plan it is for, and what the plan was made on. */
export interface PendingSummary {
  /** The compression id, in the `compressing`, `compressed` and `compression:discarded` events and the `error` info. */
  id: string;
  strategyId: string;
  key: string;
  plan: LongTermPlan;
  /** The strategy's own summaries and state when it planned: a commit over others is stale. */
  basis: { ownSummaryIds: string; state: string };
}

/** What waiting for a summary gave: its text, or why there is none. */
export type SummaryOutcome = { text: SummaryText } | { error: unknown };

/** A run of every long-term strategy, from the first, for one trigger. */
export function newLongTermRun(event: TriggerEvent): LongTermRun {
  return { event, strategy: 0, round: 0 };
}

/**
 * Inside the session's queue: consult each strategy from where the run stands, each seeing
 * what the previous one did, applying plans that need no summary at once, until one asks for
 * a summary (returned, after its `compressing` event) or none has anything left to do.
 * A `ConflictError` of a write propagates (the runner reloads the session and calls again).
 */
export async function advanceLongTerm(cache: SessionCache, run: LongTermRun, deps: LongTermDeps): Promise<PendingSummary | undefined> {
  while (run.strategy < deps.strategies.length) {
    const strategy = deps.strategies[run.strategy]!;
    const key = `${run.strategy}:${strategy.id}`;
    // A strategy is asked again after each applied plan until it has nothing left to do
    // (a plan may leave more due); a failure or a plan that changes nothing ends its turn.
    if (run.round >= MAX_ROUNDS) {
      nextStrategy(run);
      continue;
    }
    let plan: LongTermPlan | undefined;
    try {
      plan = strategy.plan(view(cache, key, deps), run.event);
    } catch (error) {
      run.firstError ??= fail(cache, deps, new RecallKitError(`strategy ${strategy.id} failed to plan`, { cause: error }));
      nextStrategy(run);
      continue;
    }
    if (!plan) {
      nextStrategy(run);
      continue;
    }
    const req = plan.summarize;
    if (req && (req.entries.length > 0 || (req.foldSummaries?.length ?? 0) > 0)) {
      const pending: PendingSummary = { id: newId(), strategyId: strategy.id, key, plan, basis: basisOf(cache, strategy.id, key) };
      deps.emitter.emit('compressing', cache.meta.sessionId, { id: pending.id, strategy: strategy.id, entryCount: req.entries.length });
      return pending;
    }
    await applyPlan(cache, run, strategy.id, key, plan, undefined, undefined, deps);
  }
  return undefined;
}

/** Outside the queue: the summarizer's text for a pending summary (its calls bounded by the timeout and close). */
export function summarizePending(sessionId: string, pending: PendingSummary, deps: LongTermDeps): Promise<SummaryText> {
  const req = pending.plan.summarize!;
  return summarizeEntries({
    sessionId,
    entries: req.entries,
    passes: req.passes,
    summarizer: deps.summarizer(),
    timeoutMs: deps.config().summarizeTimeoutMs,
    ...(deps.signal ? { signal: deps.signal } : {}),
    ...(req.foldSummaries?.length ? { foldSummaries: req.foldSummaries } : {}),
    ...(req.instructions !== undefined ? { instructions: req.instructions } : {}),
    ...(req.targetTokens !== undefined ? { targetTokens: req.targetTokens } : {}),
  });
}

/**
 * Inside the queue again: apply the plan with its summary in one write, only if what it was
 * made on still holds (every summarized entry still active and unpinned, the strategy's
 * summaries and state unchanged); otherwise the summary is discarded and the strategy plans
 * again. A failure fires `error` and ends the strategy's turn, changing nothing.
 */
export async function settlePending(cache: SessionCache, run: LongTermRun, pending: PendingSummary, outcome: SummaryOutcome, deps: LongTermDeps): Promise<void> {
  if ('error' in outcome) {
    const error = outcome.error instanceof SummarizerError ? outcome.error : new SummarizerError('summarizer failed', { cause: outcome.error });
    run.firstError ??= fail(cache, deps, error, pending.id);
    nextStrategy(run);
    return;
  }
  const stale = staleReason(cache, pending);
  if (stale) {
    deps.emitter.emit('compression:discarded', cache.meta.sessionId, { id: pending.id, strategy: pending.strategyId, reason: stale });
    run.round += 1;
    return;
  }
  const summary = makeSummary(cache, pending.plan, outcome.text, pending.strategyId, deps);
  await applyPlan(cache, run, pending.strategyId, pending.key, pending.plan, summary, pending.id, deps);
}

function nextStrategy(run: LongTermRun): void {
  run.strategy += 1;
  run.round = 0;
}

function basisOf(cache: SessionCache, strategyId: string, key: string): PendingSummary['basis'] {
  return {
    ownSummaryIds: cache.summaries.filter((s) => s.strategy === strategyId).map((s) => `${s.id}@${s.createdAt}`).join(','),
    state: JSON.stringify(cache.meta.strategyState?.[key] ?? {}),
  };
}

/** Why a pending summary no longer fits the session, or `undefined` when it still does. */
function staleReason(cache: SessionCache, pending: PendingSummary): string | undefined {
  const active = new Map(cache.active.map((e) => [e.id, e]));
  for (const e of pending.plan.summarize!.entries) {
    const now = active.get(e.id);
    if (!now) return 'a summarized entry is no longer active (compressed, erased or cleared meanwhile)';
    if (now.pinned) return 'a summarized entry was pinned meanwhile';
  }
  const basis = basisOf(cache, pending.strategyId, pending.key);
  if (basis.ownSummaryIds !== pending.basis.ownSummaryIds) return 'the strategy\'s summaries changed meanwhile';
  if (basis.state !== pending.basis.state) return 'the strategy\'s state changed meanwhile';
  return undefined;
}

/** Apply one plan (with its summary, if made) and move the run on. */
async function applyPlan(
  cache: SessionCache,
  run: LongTermRun,
  strategyId: string,
  key: string,
  plan: LongTermPlan,
  summary: MemorySummary | undefined,
  compressionId: string | undefined,
  deps: LongTermDeps,
): Promise<void> {
  const version = cache.meta.version;
  const error = await commit(cache, strategyId, key, plan, summary, compressionId, deps);
  if (error) run.firstError ??= error;
  if (error || cache.meta.version === version) nextStrategy(run);
  else run.round += 1;
}

function view(cache: SessionCache, key: string, deps: LongTermDeps): SessionView {
  return {
    sessionId: cache.meta.sessionId,
    interactions: cache.interactions,
    summaries: cache.summaries,
    interactionCount: cache.meta.interactionCount,
    contextTokens: () => deps.contextTokens(cache),
    state: (cache.meta.strategyState?.[key] as Record<string, unknown> | undefined) ?? {},
  };
}

async function commit(
  cache: SessionCache,
  strategyId: string,
  key: string,
  plan: LongTermPlan,
  summary: MemorySummary | undefined,
  compressionId: string | undefined,
  deps: LongTermDeps,
): Promise<Error | undefined> {
  const sessionId = cache.meta.sessionId;
  const req = plan.summarize;
  const now = deps.now().toISOString();
  const change = planChange(cache, plan, summary, key, now);
  if (change.empty) return undefined;
  try {
    const relinked = await relink(cache, change.droppedSummaryIds, summary, plan, deps);
    if (relinked.length) change.batch.putEntries = [...(change.batch.putEntries ?? []), ...relinked];
  } catch (error) {
    return fail(cache, deps, error, compressionId);
  }
  const aux = { ...indexOnPlan(cache, { ...(summary ? { summary } : {}), erasedIds: change.erasedIds, droppedSummaryIds: change.droppedSummaryIds }) };
  try {
    if (summary && strategyId === 'summarizer' && deps.knowledgeBase) {
      const kb = await ensureKnowledgeBase(cache, deps.recallContext(cache), deps.knowledgeBase);
      Object.assign(aux, addSummaryChunks(kb, deps.knowledgeBase, summary, change.batch.meta.version));
    }
  } catch (error) {
    delete cache.kb;
    return fail(cache, deps, error, compressionId);
  }
  if (Object.keys(aux).length) change.batch.aux = aux;
  try {
    await deps.writer.write(sessionId, change.batch);
  } catch (error) {
    delete cache.recall; // it saw a change that was not stored: rebuild when next needed
    delete cache.kb;
    // Another tab wrote: the runner reloads the session and this commit is checked again.
    if (error instanceof ConflictError) throw error;
    return fail(cache, deps, error, compressionId);
  }
  cache.meta = change.batch.meta;
  cache.summaries = change.summaries;
  if (change.active.length !== cache.active.length) setActive(cache, change.active);
  if (summary) {
    const removed = (req?.markCompressed ? summary.originalTokenCount : 0) + foldedTokens(plan);
    const tokensSaved = Math.max(0, removed - summary.tokenCount);
    deps.emitter.emit('compressed', sessionId, { id: compressionId ?? summary.id, summary, tokensSaved });
    const missing = summary.metadata?.missingFacts;
    if (missing) deps.emitter.emit('summary:facts-missing', sessionId, { summaryId: summary.id, missing: missing as Record<string, string[]> });
  }
  if (change.erasedIds.length) deps.emitter.emit('erased', sessionId, { entryIds: change.erasedIds });
  return undefined;
}

/**
 * Stored compressed entries must keep pointing at a summary that exists. A folding strategy's
 * new summary takes the id of the one it folds (so earlier links stay right); entries linked
 * to any other summary that goes (a second folded one, or one a rolling window dropped) are
 * re-linked to the new summary when it covers them, else unlinked.
 */
async function relink(
  cache: SessionCache,
  dropped: readonly string[],
  summary: MemorySummary | undefined,
  plan: LongTermPlan,
  deps: LongTermDeps,
): Promise<MemoryEntry[]> {
  if (!dropped.length) return [];
  const folded = new Set((plan.summarize?.foldSummaries ?? []).map((s) => s.id));
  const goneIds = new Set(dropped);
  const ids = cache.summaries.filter((s) => goneIds.has(s.id)).flatMap((s) => s.originalEntryIds);
  const stored = await deps.store.getEntries(cache.meta.sessionId, ids);
  const out: MemoryEntry[] = [];
  for (const e of stored) {
    if (!e?.compressed || e.summaryId === undefined || !goneIds.has(e.summaryId)) continue;
    const next: MemoryEntry = { ...e };
    if (summary && folded.has(e.summaryId)) next.summaryId = summary.id;
    else delete next.summaryId;
    out.push(next);
  }
  return out;
}

function makeSummary(cache: SessionCache, plan: LongTermPlan, text: SummaryText, strategyId: string, deps: LongTermDeps): MemorySummary {
  const req = plan.summarize!;
  const folded = req.foldSummaries ?? [];
  let original = 0;
  for (const e of req.entries) original += e.tokenCount;
  for (const s of folded) original += s.tokenCount;
  const times = [...req.entries.map((e) => e.timestamp), ...folded.flatMap((s) => [s.timeRange.start, s.timeRange.end])].sort();
  const now = deps.now().toISOString();
  const tokenCount = deps.counter.count(text.content);
  const summary: MemorySummary = {
    // Folding keeps one running summary: it keeps the id, so entries linked to it stay linked.
    id: folded[0]?.id ?? newId(),
    sessionId: cache.meta.sessionId,
    content: text.content,
    // The entries summarized now. A running summary keeps its id when it folds, so the entries
    // of earlier rounds stay linked to it by summaryId without this list growing with history.
    originalEntryIds: req.entries.map((e) => e.id),
    tokenCount,
    originalTokenCount: original,
    compressionRatio: tokenCount > 0 ? Math.round((original / tokenCount) * 100) / 100 : original,
    createdAt: now,
    timeRange: { start: times[0] ?? now, end: times[times.length - 1] ?? now },
    strategy: strategyId,
  };
  if (req.range) summary.range = req.range;
  if (Object.keys(text.metadata).length) summary.metadata = text.metadata;
  if (folded.length) summary.metadata = { ...summary.metadata, foldedSummaries: folded.length };
  return summary;
}

function foldedTokens(plan: LongTermPlan): number {
  let t = 0;
  for (const s of plan.summarize?.foldSummaries ?? []) t += s.tokenCount;
  return t;
}

function fail(cache: SessionCache, deps: LongTermDeps, error: unknown, compressionId?: string): Error {
  const err = error instanceof Error ? error : new RecallKitError(String(error));
  if (compressionId === undefined) deps.emitter.emit('error', cache.meta.sessionId, err);
  else deps.emitter.emit('error', cache.meta.sessionId, err, { compressionId });
  return err;
}
