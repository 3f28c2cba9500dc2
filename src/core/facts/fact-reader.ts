/**
 * Reading user turns for facts in the background: a turn this memory stores is read after its
 * add resolved (never delaying it); a session that changed under the engine (an import, a sync
 * pull, another tab) is read again whole; on open, the sessions that grew past their read mark
 * are read. Only user messages are read (not assistant, tool or context entries). Reading is
 * idempotent: the same turn makes the same records, which are stored once. Long sessions are
 * read in slices, giving the thread back between them. A failure (the extractor throws, the
 * store refuses the write) is an `error` event and is retried with backoff: the turns stay
 * unread until a read succeeds, so nothing is lost.
 * @module
 */
import type { MemoryEntry, StoreAdapter } from '../../types.js';
import type { FactExtractor, FactRecord, FactTurn, StatedFactRecord } from '../../facts/types.js';
import type { FactsLog, LogView } from './facts-log.js';
import type { FactsProgress, ProgressKind } from './facts-progress.js';
import { isReservedSessionId } from '../checks/reserved-ids.js';
import { checkRecord, statedRecord } from './fact-records.js';
import { backoffMs, type Backoff } from '../backoff.js';

/** Time one slice of reading may hold the thread before it gives it back. */
const SLICE_MS = 25;

/** What the reader needs. */
export interface FactReaderDeps {
  store: StoreAdapter;
  log: FactsLog;
  progress: FactsProgress;
  /** The marks a session must have passed to be left alone on open (the model's too, with the model pass). */
  marks: readonly ProgressKind[];
  extract: FactExtractor;
  closed: () => boolean;
  onError: (sessionId: string, error: Error) => void;
  /** The log changed because turns were read. */
  onChanged: (before: LogView, after: LogView) => void;
  /** Turns read, handed on (the model pass takes those it has not read). */
  onRead?: ((sessionId: string, turns: MemoryEntry[]) => void) | undefined;
  /** Retry delays after a failed read: base, doubled per failure up to max. */
  backoff: () => Backoff;
}

/** The background reader of an engine. */
export interface FactReader {
  /** Turns this memory just stored (user messages are read, the rest ignored). */
  added(entries: readonly MemoryEntry[]): void;
  /** A session changed under the engine: read it again, whole. */
  rescan(sessionId: string): void;
  /** Read what the store holds past the read marks (on open). */
  catchUp(): void;
  /** Resolves when every read asked so far has settled (a failed one counts as settled). */
  idle(): Promise<void>;
  /** Cancel a pending retry (on close). */
  stop(): void;
  /** Whether a read runs or is queued. */
  busy(): boolean;
}

/** Whether an entry is a user turn: the only kind facts are read from. */
export const isUserTurn = (e: MemoryEntry): boolean => e.type === 'message' && e.role === 'user';

/** The turn an extractor reads. */
export const turnOf = (e: MemoryEntry): FactTurn => ({
  sessionId: e.sessionId,
  entryId: e.id,
  text: e.content,
  timestamp: e.timestamp,
});

const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

interface Job {
  entries: MemoryEntry[];
  /** Read the whole session from the store. */
  whole: boolean;
}

/** Create the reader; nothing runs until asked. */
export function createFactReader(deps: FactReaderDeps): FactReader {
  const jobs = new Map<string, Job>();
  let running: Promise<void> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let catchUpWanted = false;

  const job = (sessionId: string): Job => {
    let j = jobs.get(sessionId);
    if (!j) jobs.set(sessionId, (j = { entries: [], whole: false }));
    return j;
  };

  async function read(sessionId: string, j: Job): Promise<void> {
    const entries = j.whole ? await deps.store.loadEntries(sessionId) : j.entries;
    const turns = entries.filter(isUserTurn);
    const records: FactRecord[] = [];
    let sliceStart = Date.now();
    for (const e of turns) {
      if (Date.now() - sliceStart > SLICE_MS) {
        await pause();
        sliceStart = Date.now();
      }
      const turn = turnOf(e);
      let candidates;
      try {
        candidates = deps.extract(turn);
      } catch (error) {
        // The extractor is pure: the same turn would fail again. Reported, and the turn is skipped.
        deps.onError(sessionId, error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      for (const [rank, c] of candidates.entries()) {
        try {
          records.push(checkRecord(statedRecord(turn, c, 'rules', rank), 'candidate') as StatedFactRecord);
        } catch (error) {
          deps.onError(sessionId, error instanceof Error ? error : new Error(String(error)));
        }
      }
    }
    if (records.length) {
      const { before, after } = await deps.log.change((view) => ({
        put: records.filter((r) => !view.fold.leavesOut(r)),
      }));
      if (after !== before) deps.onChanged(before, after);
    }
    const last = entries.length ? entries[entries.length - 1]!.seq + 1 : 0;
    if (last > 0) await deps.progress.advance('read', new Map([[sessionId, last]]));
    if (turns.length) deps.onRead?.(sessionId, turns);
  }

  /** Queue a whole read of every session that grew past its read mark. */
  async function catchUp(): Promise<void> {
    for (const kind of deps.marks) await deps.progress.preload(kind);
    for (const meta of await deps.store.listSessions()) {
      const id = meta.sessionId;
      if (isReservedSessionId(id)) continue;
      let mark = Infinity;
      for (const kind of deps.marks) mark = Math.min(mark, await deps.progress.get(kind, id));
      if (meta.nextSeq <= mark) continue;
      const j = job(id);
      j.whole = true;
      j.entries = [];
    }
  }

  async function drain(): Promise<void> {
    if (catchUpWanted) {
      catchUpWanted = false;
      try {
        await catchUp();
      } catch (error) {
        deps.onError('', error instanceof Error ? error : new Error(String(error)));
      }
    }
    while (jobs.size && !deps.closed()) {
      const [sessionId, j] = jobs.entries().next().value as [string, Job];
      jobs.delete(sessionId);
      try {
        await read(sessionId, j);
        failures = 0;
      } catch (error) {
        deps.onError(sessionId, error instanceof Error ? error : new Error(String(error)));
        if (deps.closed()) return;
        // Put it back (merged with what arrived meanwhile) and try again later.
        const again = job(sessionId);
        again.whole ||= j.whole;
        if (!again.whole) again.entries.unshift(...j.entries);
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
    }
  }

  function start(): void {
    if (running || retry !== undefined || deps.closed() || (!jobs.size && !catchUpWanted)) return;
    running = drain().finally(() => {
      running = undefined;
      start();
    });
  }
  // A task, not a microtask: the add's caller goes on first (on a memory store every step of an
  // add is a microtask, so a microtask here would run before the caller's next line).
  let scheduled: ReturnType<typeof setTimeout> | undefined;
  const soon = (): void => {
    scheduled ??= setTimeout(() => {
      scheduled = undefined;
      start();
    }, 0);
  };
  /** Start now what `soon` would start. */
  const now = (): void => {
    if (scheduled === undefined) return;
    clearTimeout(scheduled);
    scheduled = undefined;
    start();
  };

  return {
    added(entries) {
      const turns = entries.filter(isUserTurn);
      if (!turns.length) return;
      const j = job(turns[0]!.sessionId);
      if (!j.whole) j.entries.push(...turns);
      soon();
    },
    rescan(sessionId) {
      if (isReservedSessionId(sessionId)) return;
      const j = job(sessionId);
      j.whole = true;
      j.entries = [];
      soon();
    },
    catchUp() {
      catchUpWanted = true;
      soon();
    },
    stop() {
      if (retry !== undefined) clearTimeout(retry);
      if (scheduled !== undefined) clearTimeout(scheduled);
      retry = scheduled = undefined;
    },
    busy: () =>
      running !== undefined || scheduled !== undefined || (retry === undefined && (jobs.size > 0 || catchUpWanted)),
    async idle() {
      // A read asked for and not started yet starts now.
      now();
      await Promise.resolve();
      while (running) {
        await running;
        await Promise.resolve();
      }
    },
  };
}
