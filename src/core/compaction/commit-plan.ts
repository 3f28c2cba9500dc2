/**
 * Applying one long-term plan (and the summary made for it) to a session in one store write,
 * re-linking entries of summaries that go, and firing the events that say what changed.
 * @module
 */
import type { MemoryEntry, MemorySummary } from '../../types.js';
import type { LongTermPlan } from '../../strategies/types.js';
import type { SummaryText } from '../../summarizers/summarize-entries.js';
import { ConflictError, RecallKitError } from '../../errors.js';
import { newId } from '../ids.js';
import { planChange } from './apply-plan.js';
import { setActive } from '../session/session.js';
import type { SessionCache } from '../types.js';
import { indexOnPlan } from '../recall/recall.js';
import { addSummaryChunks, ensureKnowledgeBase } from '../recall/knowledge-base.js';
import type { LongTermDeps } from './long-term-deps.js';

/**
 * Write a plan's change in one batch and update the cache; returns the failure (already
 * reported as an `error` event, with the compression id) or `undefined`. A `ConflictError`
 * propagates: the session runner reloads the session and the caller checks the plan again.
 */
export async function commit(
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
  const change = await planChange(cache, plan, summary, key, now, deps.recallContext(cache).slices?.());
  if (change.empty) return undefined;
  try {
    const relinked = await relink(cache, change.droppedSummaryIds, summary, plan, deps);
    if (relinked.length) change.batch.putEntries = [...(change.batch.putEntries ?? []), ...relinked];
  } catch (error) {
    return fail(cache, deps, error, compressionId);
  }
  const aux = {
    ...indexOnPlan(cache, {
      ...(summary ? { summary } : {}),
      erasedIds: change.erasedIds,
      droppedSummaryIds: change.droppedSummaryIds,
    }),
  };
  // A loaded index is written whole with the plan, with what adds left unwritten (`indexOnAdd`).
  if (cache.recall) change.batch.meta.recallSeq = change.batch.meta.nextSeq;
  try {
    if (summary && deps.knowledgeBase && strategyId === deps.knowledgeBase.strategy) {
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
    if (missing)
      deps.emitter.emit('summary:facts-missing', sessionId, {
        summaryId: summary.id,
        missing: missing as Record<string, string[]>,
      });
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

/** The summary a plan asked for, from the summarizer's text. */
export function makeSummary(
  cache: SessionCache,
  plan: LongTermPlan,
  text: SummaryText,
  strategyId: string,
  deps: LongTermDeps,
): MemorySummary {
  const req = plan.summarize!;
  const folded = req.foldSummaries ?? [];
  let original = 0;
  for (const e of req.entries) original += e.tokenCount;
  for (const s of folded) original += s.tokenCount;
  const times = [
    ...req.entries.map((e) => e.timestamp),
    ...folded.flatMap((s) => [s.timeRange.start, s.timeRange.end]),
  ].sort();
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

/** Report a failure as an `error` event (with the compression id when there is one) and return it as an Error. */
export function fail(cache: SessionCache, deps: LongTermDeps, error: unknown, compressionId?: string): Error {
  const err = error instanceof Error ? error : new RecallKitError(String(error));
  if (compressionId === undefined) deps.emitter.emit('error', cache.meta.sessionId, err);
  else deps.emitter.emit('error', cache.meta.sessionId, err, { compressionId });
  return err;
}
