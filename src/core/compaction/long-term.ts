/**
 * Long-term runs: consult the strategies in profile order, apply plans that need no summary at
 * once, and hand a plan that needs one to the caller, who summarizes it outside the session's
 * queue and settles it inside again (see compaction-scheduler.ts).
 * @module
 */
import type { MemoryEntry, MemorySummary } from '../../types.js';
import { COST, createSlicer, type Slicer } from '../../slices/slicer.js';
import type { LongTermPlan, SessionView, TriggerEvent } from '../../strategies/types.js';
import { summarizeEntries, type SummaryText } from '../../summarizers/summarize-entries.js';
import { RecallKitError, SummarizerError } from '../../errors.js';
import { newId } from '../ids.js';
import type { SessionCache } from '../types.js';
import type { LongTermDeps } from './long-term-deps.js';
import { commit, fail, makeSummary } from './commit-plan.js';

export type { LongTermDeps } from './long-term-deps.js';

/** Plans one strategy may apply for one event before it must wait for the next. */
const MAX_ROUNDS = 8;

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
export async function advanceLongTerm(
  cache: SessionCache,
  run: LongTermRun,
  deps: LongTermDeps,
): Promise<PendingSummary | undefined> {
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
      run.firstError ??= fail(
        cache,
        deps,
        new RecallKitError(`strategy ${strategy.id} failed to plan`, { cause: error }),
      );
      nextStrategy(run);
      continue;
    }
    if (!plan) {
      nextStrategy(run);
      continue;
    }
    const req = plan.summarize;
    if (req && (req.entries.length > 0 || (req.foldSummaries?.length ?? 0) > 0)) {
      const pending: PendingSummary = {
        id: newId(),
        strategyId: strategy.id,
        key,
        plan,
        basis: basisOf(cache, strategy.id, key),
      };
      deps.emitter.emit('compressing', cache.meta.sessionId, {
        id: pending.id,
        strategy: strategy.id,
        entryCount: req.entries.length,
      });
      return pending;
    }
    await applyPlan(cache, run, strategy.id, key, plan, undefined, undefined, deps);
  }
  return undefined;
}

/**
 * Whether a run for `event` would do anything on the session as it is now: whether any strategy
 * has a plan (or fails to plan, which a run reports). Strategies plan without side effects, so
 * asking costs what a run's first step would, without the run.
 */
export function wouldAct(cache: SessionCache, event: TriggerEvent, deps: LongTermDeps): boolean {
  for (const [i, strategy] of deps.strategies.entries()) {
    try {
      if (strategy.plan(view(cache, `${i}:${strategy.id}`, deps), event)) return true;
    } catch {
      return true;
    }
  }
  return false;
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
export async function settlePending(
  cache: SessionCache,
  run: LongTermRun,
  pending: PendingSummary,
  outcome: SummaryOutcome,
  deps: LongTermDeps,
): Promise<void> {
  if ('error' in outcome) {
    const error =
      outcome.error instanceof SummarizerError
        ? outcome.error
        : new SummarizerError('summarizer failed', { cause: outcome.error });
    run.firstError ??= fail(cache, deps, error, pending.id);
    nextStrategy(run);
    return;
  }
  const stale = await staleReason(cache, pending, createSlicer());
  if (stale) {
    deps.emitter.emit('compression:discarded', cache.meta.sessionId, {
      id: pending.id,
      strategy: pending.strategyId,
      reason: stale,
    });
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
    ownSummaryIds: cache.summaries
      .filter((s) => s.strategy === strategyId)
      .map((s) => `${s.id}@${s.createdAt}`)
      .join(','),
    state: JSON.stringify(cache.meta.strategyState?.[key] ?? {}),
  };
}

/**
 * Why a pending summary no longer fits the session, or `undefined` when it still does. In slices
 * of work: a summary of 100,000 entries is checked against as many active entries (#31).
 */
async function staleReason(cache: SessionCache, pending: PendingSummary, slicer: Slicer): Promise<string | undefined> {
  const active = new Map<string, MemoryEntry>();
  for (const e of cache.active) {
    active.set(e.id, e);
    if (slicer.spend(COST.item / 4)) await slicer.pause();
  }
  for (const e of pending.plan.summarize!.entries) {
    const now = active.get(e.id);
    if (!now) return 'a summarized entry is no longer active (compressed, erased or cleared meanwhile)';
    if (now.pinned) return 'a summarized entry was pinned meanwhile';
    if (slicer.spend(COST.item / 4)) await slicer.pause();
  }
  const basis = basisOf(cache, pending.strategyId, pending.key);
  if (basis.ownSummaryIds !== pending.basis.ownSummaryIds) return "the strategy's summaries changed meanwhile";
  if (basis.state !== pending.basis.state) return "the strategy's state changed meanwhile";
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
