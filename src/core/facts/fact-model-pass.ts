/**
 * The model pass (`facts: { extract: 'model' }`): user turns the rules have read are also read
 * by the memory's summarizer, in batches, once the memory is idle (no turn read for a moment,
 * or `idle()` asks). One prompt per batch asks for strict JSON; every fact must quote its turn
 * (the parser drops one that does not). A failed call (throw, timeout, an answer that is not
 * the JSON asked) is an `error` event; the batch stays queued and is retried with backoff.
 * Each device's pass reads the turns it holds past its own mark, so a turn is read once here.
 * @module
 */
import type { MemoryEntry, Summarizer } from '../../types.js';
import type { FactModelExtractor, FactRecord } from '../../facts/types.js';
import type { FactsLog, LogView } from './facts-log.js';
import type { FactsProgress } from './facts-progress.js';
import { callSummarizer } from '../../summarizers/call-summarizer.js';
import { checkRecord, statedRecord } from './fact-records.js';
import { turnOf } from './fact-reader.js';
import { backoffMs, type Backoff } from '../backoff.js';

/** Turns per model call. */
export const MODEL_BATCH_TURNS = 8;
/** Characters of turn text per model call (a long turn goes alone). */
export const MODEL_BATCH_CHARS = 8000;
/** The pass starts once no turn has been read for this long (ms), or at once on `idle()`. */
export const MODEL_IDLE_MS = 1500;

/** What the pass needs. */
export interface ModelPassDeps {
  log: FactsLog;
  progress: FactsProgress;
  model: FactModelExtractor;
  summarizer: () => Summarizer;
  timeoutMs: () => number;
  signal: AbortSignal;
  closed: () => boolean;
  onError: (sessionId: string, error: Error) => void;
  onChanged: (before: LogView, after: LogView) => void;
  backoff: () => Backoff;
}

/** The model pass of an engine. */
export interface ModelPass {
  /** User turns the rules read: those past the session's model mark are queued. */
  enqueue(sessionId: string, turns: readonly MemoryEntry[]): void;
  /** Run what is queued now; resolves when it settled (a failed call counts as settled). */
  idle(): Promise<void>;
  /** Cancel the timers (on close). */
  stop(): void;
  /** Whether a batch runs or turns are being queued. */
  busy(): boolean;
}

/** Create the pass. */
export function createModelPass(deps: ModelPassDeps): ModelPass {
  const queue: MemoryEntry[] = [];
  const queued = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let adding: Promise<void> = Promise.resolve();
  let failures = 0;
  let pendingAdds = 0;

  const key = (e: MemoryEntry): string => `${e.sessionId}\u0000${e.id}`;

  /** The next batch: turns in queue order, within the turn and character bounds. */
  const nextBatch = (): MemoryEntry[] => {
    const batch: MemoryEntry[] = [];
    let chars = 0;
    for (const e of queue) {
      if (batch.length >= MODEL_BATCH_TURNS || (batch.length && chars + e.content.length > MODEL_BATCH_CHARS)) break;
      batch.push(e);
      chars += e.content.length;
    }
    return batch;
  };

  async function run(batch: MemoryEntry[]): Promise<void> {
    const turns = batch.map(turnOf);
    const sessionId = batch[0]!.sessionId;
    const answer = await callSummarizer(
      deps.summarizer(),
      deps.model.prompt(turns),
      { sessionId, pass: 1, passes: 1, entries: batch },
      { timeoutMs: deps.timeoutMs(), signal: deps.signal },
    );
    const records: FactRecord[] = [];
    const byId = new Map(turns.map((t) => [t.entryId, t]));
    /** Candidates read so far per turn: a candidate's rank in its turn. */
    const ranks = new Map<string, number>();
    for (const c of deps.model.parse(answer, turns)) {
      const turn = byId.get(c.entryId);
      if (!turn) continue;
      const { entryId: _, ...candidate } = c;
      const rank = ranks.get(c.entryId) ?? 0;
      ranks.set(c.entryId, rank + 1);
      try {
        records.push(checkRecord(statedRecord(turn, candidate, 'model', rank), 'candidate'));
      } catch (error) {
        deps.onError(sessionId, error instanceof Error ? error : new Error(String(error)));
      }
    }
    if (records.length) {
      const { before, after } = await deps.log.change((view) => ({
        put: records.filter((r) => !view.fold.leavesOut(r)),
      }));
      if (after !== before) deps.onChanged(before, after);
    }
    const marks = new Map<string, number>();
    for (const e of batch) marks.set(e.sessionId, Math.max(marks.get(e.sessionId) ?? 0, e.seq + 1));
    await deps.progress.advance('model', marks);
  }

  async function drain(): Promise<void> {
    while (queue.length && !deps.closed()) {
      const batch = nextBatch();
      try {
        await run(batch);
        failures = 0;
      } catch (error) {
        deps.onError(batch[0]!.sessionId, error instanceof Error ? error : new Error(String(error)));
        if (deps.closed()) return;
        failures += 1;
        retry = setTimeout(
          () => {
            retry = undefined;
            start();
          },
          backoffMs(failures, deps.backoff()),
        );
        return;
      }
      for (const e of batch) {
        queue.splice(queue.indexOf(e), 1);
        queued.delete(key(e));
      }
    }
  }

  function start(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (running || retry !== undefined || deps.closed() || !queue.length) return;
    running = drain().finally(() => {
      running = undefined;
    });
  }

  return {
    enqueue(sessionId, turns) {
      pendingAdds += 1;
      adding = adding.then(async () => {
        const mark = await deps.progress.get('model', sessionId);
        for (const e of turns) {
          if (e.seq < mark || queued.has(key(e))) continue;
          queued.add(key(e));
          queue.push(e);
        }
        if (timer !== undefined) clearTimeout(timer);
        if (queue.length >= MODEL_BATCH_TURNS) start();
        else if (queue.length && !deps.closed()) timer = setTimeout(start, MODEL_IDLE_MS);
      });
      void adding.finally(() => (pendingAdds -= 1)).catch(() => undefined);
      adding.catch((error: unknown) =>
        deps.onError(sessionId, error instanceof Error ? error : new Error(String(error))),
      );
      adding = adding.catch(() => undefined);
    },
    busy: () => running !== undefined || pendingAdds > 0,
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      if (retry !== undefined) clearTimeout(retry);
      timer = retry = undefined;
    },
    async idle() {
      await adding;
      start();
      while (running) {
        await running;
        await adding;
      }
    },
  };
}
