/**
 * Background compression: long-term strategies run after an add without the add waiting.
 * A run plans inside the session's queue, calls the summarizer outside it (adds and reads go
 * on meanwhile), then commits inside the queue again, only if what it summarized is unchanged.
 * A summarizer that computes in this thread (the heuristic one) has nothing to wait for: its
 * runs plan, summarize and commit in one turn of the queue.
 * @module
 */
import type { TriggerEvent } from '../../strategies/types.js';
import { ClosedError } from '../../errors.js';
import type { Emitter } from '../emitter.js';
import {
  advanceLongTerm,
  newLongTermRun,
  settlePending,
  summarizePending,
  type LongTermDeps,
  type LongTermRun,
  type PendingSummary,
  type SummaryOutcome,
} from './long-term.js';
import type { SessionCache } from '../types.js';
import { backoffMs, type Backoff } from '../backoff.js';

/** Runs a task on a session inside its queue (the engine's session runner). */
export type RunInSession = <T>(sessionId: string, task: (c: SessionCache) => Promise<T>) => Promise<T>;

/** What the scheduler needs from the engine. */
export interface CompactionSchedulerDeps {
  run: RunInSession;
  longTerm: LongTermDeps;
  emitter: Emitter;
  /** Backoff after a failed run: the first wait and the cap, in ms (read at each failure). */
  backoff: () => Backoff;
  /** Milliseconds clock (injectable for tests). */
  clock?: () => number;
  /**
   * Whether the summarizer computes in this thread and waits on nothing (the heuristic one):
   * then a run plans, summarizes and commits in one turn of the session's queue. Default: never.
   */
  inThread?: () => boolean;
}

/** Schedules each session's compressions, one run at a time per session. */
export interface CompactionScheduler {
  /**
   * An entry was stored: run the strategies in the background (skipped while backing off, and
   * when `due` says no strategy has anything to do on the session as it is now).
   */
  trigger(sessionId: string, event: TriggerEvent, due?: () => boolean): void;
  /**
   * Run every strategy now (`compress()`), after the runs already queued, ignoring backoff;
   * resolves with its first failure.
   */
  compress(sessionId: string): Promise<Error | undefined>;
  /** Resolves when every run triggered so far in the session (or in every session) has settled. */
  idle(sessionId?: string): Promise<void>;
  /** Ids of the entries whose summary is being made now. */
  pending(sessionId: string): ReadonlySet<string> | undefined;
  /** Forget every backoff (a new summarizer was set). */
  resetBackoff(): void;
}

interface SessionJobs {
  /** Settles when every run queued so far has. */
  tail: Promise<void>;
  /** Runs queued or running. */
  count: number;
  /** An add run queued and not started: later adds join it instead of queueing more. */
  queued: { event: TriggerEvent } | undefined;
  failures: number;
  /** No add-triggered run starts before this time. */
  retryAt: number;
  pending: Set<string> | undefined;
}

/**
 * Create the scheduler. Failures back off exponentially (`baseMs × 2^(n−1)`, at most `maxMs`)
 * for add-triggered runs; a failed run has settled, so `idle` does not wait for a retry.
 */
export function createCompactionScheduler(deps: CompactionSchedulerDeps): CompactionScheduler {
  const clock = deps.clock ?? (() => Date.now());
  const sessions = new Map<string, SessionJobs>();

  function jobsOf(sessionId: string): SessionJobs {
    let jobs = sessions.get(sessionId);
    if (!jobs)
      sessions.set(
        sessionId,
        (jobs = { tail: Promise.resolve(), count: 0, queued: undefined, failures: 0, retryAt: 0, pending: undefined }),
      );
    return jobs;
  }

  /** Queue a job; with none queued it starts at once, so its first step joins the session's queue now. */
  function enqueue<T>(sessionId: string, jobs: SessionJobs, job: () => Promise<T>): Promise<T> {
    jobs.count += 1;
    const result = jobs.count === 1 ? job() : jobs.tail.then(job);
    jobs.tail = result.then(
      () => done(sessionId, jobs),
      () => done(sessionId, jobs),
    );
    return result;
  }

  function done(sessionId: string, jobs: SessionJobs): void {
    jobs.count -= 1;
    if (jobs.count === 0 && jobs.failures === 0 && sessions.get(sessionId) === jobs) sessions.delete(sessionId);
  }

  /** One run of every strategy; resolves with its first failure (never rejects). */
  async function runOnce(sessionId: string, event: TriggerEvent, jobs: SessionJobs): Promise<Error | undefined> {
    const run = newLongTermRun(event);
    try {
      if (deps.inThread?.()) await runInTurn(sessionId, run);
      else await runAround(sessionId, run, jobs);
    } catch (error) {
      // The queue refused (closed) or the store failed outside a commit: nothing was applied.
      const err = error instanceof Error ? error : new Error(String(error));
      if (!(err instanceof ClosedError)) deps.emitter.emit('error', sessionId, err);
      run.firstError ??= err;
    }
    return finish(run, jobs);
  }

  /**
   * A summarizer that computes in this thread waits on nothing: plan, summary and commit are one
   * step of the session's queue, so every call made after the add that triggered it sees its
   * result (never the state before it on one call and the state after it on the next).
   */
  async function runInTurn(sessionId: string, run: LongTermRun): Promise<void> {
    await deps.run(sessionId, async (c) => {
      for (let p = await advanceLongTerm(c, run, deps.longTerm); p; p = await advanceLongTerm(c, run, deps.longTerm))
        await settlePending(c, run, p, await summarized(sessionId, p), deps.longTerm);
    });
  }

  /** A model's summary is written outside the session's queue: adds and reads go on meanwhile. */
  async function runAround(sessionId: string, run: LongTermRun, jobs: SessionJobs): Promise<void> {
    let pending: PendingSummary | undefined = await deps.run(sessionId, (c) => advanceLongTerm(c, run, deps.longTerm));
    while (pending) {
      const current: PendingSummary = pending;
      jobs.pending = new Set(current.plan.summarize!.entries.map((e) => e.id));
      const outcome = await summarized(sessionId, current);
      try {
        pending = await deps.run(sessionId, async (c) => {
          await settlePending(c, run, current, outcome, deps.longTerm);
          return advanceLongTerm(c, run, deps.longTerm);
        });
      } finally {
        jobs.pending = undefined;
      }
    }
  }

  /** The summarizer's text for a pending summary, or what it threw. */
  async function summarized(sessionId: string, pending: PendingSummary): Promise<SummaryOutcome> {
    try {
      return { text: await summarizePending(sessionId, pending, deps.longTerm) };
    } catch (error) {
      return { error };
    }
  }

  /** Back off after a failed run, reset after a good one; the run's first failure. */
  function finish(run: LongTermRun, jobs: SessionJobs): Error | undefined {
    if (run.firstError) {
      jobs.failures += 1;
      jobs.retryAt = clock() + backoffMs(jobs.failures, deps.backoff());
    } else {
      jobs.failures = 0;
      jobs.retryAt = 0;
    }
    return run.firstError;
  }

  return {
    trigger(sessionId, event, due) {
      const known = sessions.get(sessionId);
      if (known?.queued) {
        known.queued.event = event; // the queued run will plan on the newest state anyway
        return;
      }
      if (known && clock() < known.retryAt) return;
      // Most adds leave every strategy with nothing to do: asked now, on the state the run would
      // plan on, they cost no run through the session's queue.
      if (due && !due()) return;
      const jobs = known ?? jobsOf(sessionId);
      const queued = { event };
      jobs.queued = queued;
      void enqueue(sessionId, jobs, async () => {
        if (jobs.queued === queued) jobs.queued = undefined;
        // A run queued behind one that failed waits out the backoff too.
        if (clock() < jobs.retryAt) return undefined;
        return runOnce(sessionId, queued.event, jobs);
      });
    },

    compress(sessionId) {
      const jobs = jobsOf(sessionId);
      return enqueue(sessionId, jobs, () => runOnce(sessionId, { reason: 'manual' }, jobs));
    },

    async idle(sessionId) {
      // Runs queued while waiting are waited for too: loop until a pass finds nothing new.
      for (;;) {
        const all =
          sessionId === undefined ? [...sessions.values()] : [sessions.get(sessionId)].filter((j) => j !== undefined);
        const busy = all.filter((j) => j.count > 0);
        if (busy.length === 0) return;
        await Promise.all(busy.map((j) => j.tail));
      }
    },

    pending: (sessionId) => sessions.get(sessionId)?.pending,

    resetBackoff() {
      for (const jobs of sessions.values()) {
        jobs.failures = 0;
        jobs.retryAt = 0;
      }
    },
  };
}
