import type { MemoryConfig, MemoryEntry, MemorySummary, StoreAdapter, Summarizer, TokenCounter } from '../types.js';
import type { LongTermPlan, LongTermStrategy, SessionView, TriggerEvent } from '../strategies/types.js';
import { summarizeEntries, type SummaryText } from '../summarizers/summarize-entries.js';
import { RecallKitError, SummarizerError } from '../errors.js';
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
 * Consult each long-term strategy in profile order, each seeing what the previous one did,
 * and apply its plans until it has none. Failures fire `error` and change nothing; the first failure is
 * returned so a manual `compress()` can reject with it.
 */
export async function runLongTerm(cache: SessionCache, event: TriggerEvent, deps: LongTermDeps): Promise<Error | undefined> {
  let firstError: Error | undefined;
  for (const [i, strategy] of deps.strategies.entries()) {
    const key = `${i}:${strategy.id}`;
    // A strategy is asked again after each applied plan until it has nothing left to do
    // (a plan may leave more due); a failure or a plan that changes nothing ends its turn.
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let plan: LongTermPlan | undefined;
      try {
        plan = strategy.plan(view(cache, key, deps), event);
      } catch (error) {
        firstError ??= fail(cache, deps, new RecallKitError(`strategy ${strategy.id} failed to plan`, { cause: error }));
        break;
      }
      if (!plan) break;
      const version = cache.meta.version;
      const error = await execute(cache, strategy.id, key, plan, deps);
      if (error) firstError ??= error;
      if (error || cache.meta.version === version) break;
    }
  }
  return firstError;
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

async function execute(
  cache: SessionCache,
  strategyId: string,
  key: string,
  plan: LongTermPlan,
  deps: LongTermDeps,
): Promise<Error | undefined> {
  const sessionId = cache.meta.sessionId;
  let summary: MemorySummary | undefined;
  let failure: Error | undefined;
  const req = plan.summarize;
  if (req && (req.entries.length > 0 || (req.foldSummaries?.length ?? 0) > 0)) {
    deps.emitter.emit('compressing', sessionId, { strategy: strategyId, entryCount: req.entries.length });
    try {
      const text = await summarizeEntries({
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
      summary = makeSummary(cache, plan, text, strategyId, deps);
    } catch (error) {
      failure = fail(cache, deps, error instanceof SummarizerError ? error : new SummarizerError('summarizer failed', { cause: error }));
    }
  }
  const now = deps.now().toISOString();
  const change = planChange(cache, plan, summary, key, now);
  if (change.empty) return failure;
  try {
    const relinked = await relink(cache, change.droppedSummaryIds, summary, plan, deps);
    if (relinked.length) change.batch.putEntries = [...(change.batch.putEntries ?? []), ...relinked];
  } catch (error) {
    return failure ?? fail(cache, deps, error);
  }
  const aux = { ...indexOnPlan(cache, { ...(summary ? { summary } : {}), erasedIds: change.erasedIds, droppedSummaryIds: change.droppedSummaryIds }) };
  try {
    if (summary && strategyId === 'summarizer' && deps.knowledgeBase) {
      const kb = await ensureKnowledgeBase(cache, deps.recallContext(cache), deps.knowledgeBase);
      Object.assign(aux, addSummaryChunks(kb, deps.knowledgeBase, summary, change.batch.meta.version));
    }
  } catch (error) {
    delete cache.kb;
    return failure ?? fail(cache, deps, error);
  }
  if (Object.keys(aux).length) change.batch.aux = aux;
  try {
    await deps.writer.write(sessionId, change.batch);
  } catch (error) {
    delete cache.recall; // it saw a change that was not stored: rebuild when next needed
    delete cache.kb;
    return failure ?? fail(cache, deps, error);
  }
  cache.meta = change.batch.meta;
  cache.summaries = change.summaries;
  if (change.active.length !== cache.active.length) setActive(cache, change.active);
  if (summary) {
    const removed = (req?.markCompressed ? summary.originalTokenCount : 0) + foldedTokens(plan);
    const tokensSaved = Math.max(0, removed - summary.tokenCount);
    deps.emitter.emit('compressed', sessionId, { summary, tokensSaved });
    const missing = summary.metadata?.missingFacts;
    if (missing) deps.emitter.emit('summary:facts-missing', sessionId, { summaryId: summary.id, missing: missing as Record<string, string[]> });
  }
  if (change.erasedIds.length) deps.emitter.emit('erased', sessionId, { entryIds: change.erasedIds });
  return failure;
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
  // Entries linked after the summary was made (a rolling block's last reply, evicted later)
  // are not in its originalEntryIds but come after them: read from the oldest one on.
  let fromSeq = Infinity;
  for (const e of await deps.store.getEntries(cache.meta.sessionId, ids)) if (e) fromSeq = Math.min(fromSeq, e.seq);
  const stored = fromSeq === Infinity ? [] : await deps.store.loadEntries(cache.meta.sessionId, { fromSeq });
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

function fail(cache: SessionCache, deps: LongTermDeps, error: unknown): Error {
  const err = error instanceof Error ? error : new RecallKitError(String(error));
  deps.emitter.emit('error', cache.meta.sessionId, err);
  return err;
}
