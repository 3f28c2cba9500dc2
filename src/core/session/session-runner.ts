import type { StoreAdapter } from '../../types.js';
import { ClosedError, ConflictError } from '../../errors.js';
import { createSerialQueue } from './serial-queue.js';
import { newMeta, toCache } from './session.js';
import type { SessionCache } from '../types.js';
import { createSessionLru, DEFAULT_MAX_CACHED_SESSIONS } from './session-cache-lru.js';
import { checkSessionId } from '../checks/validate.js';
import type { Writer } from './writer.js';

/** An operation that keeps meeting other writers' writes fails after at least this many tries… */
const MAX_CONFLICT_RETRIES = 50;
/**
 * Each conflict means another writer's write went through, so the store as a whole makes progress;
 * one writer can still lose many times in a row to others that need no reload (many processes
 * appending to one session). …and after conflicts went on for at least this long.
 */
const MAX_CONFLICT_MS = 30_000;

/** Runs operations on sessions: in call order, on fresh state, retried after a conflict. */
export interface SessionRunner {
  /**
   * Run `task` on a session, in call order. Writes are optimistic: each batch applies only
   * over the version this engine saw (checked inside the store's transaction, no lock or extra
   * read on the append path), and a `ConflictError` — another tab wrote — reloads the session
   * and runs the task again. On a store shared across tabs or processes (`shared: true`),
   * reads first check the stored version, so each sees the other's writes on its next call.
   * With `cold`, a session not held tries it first: its answer (not `undefined`) is the
   * result, and the session is not loaded (a read answered from the store, a deletion).
   */
  run<T>(
    sessionId: unknown,
    task: (c: SessionCache) => Promise<T>,
    mode?: 'read' | 'write',
    cold?: (sessionId: string) => Promise<T | undefined>,
  ): Promise<T>;
  /**
   * Forget a session's cached state and stop listening to it (it was replaced, or deleted by
   * this engine): the next call loads it anew, and hears only changes made after that.
   */
  drop(sessionId: string): void;
  /** Resolves when every operation queued so far has settled. */
  idle(): Promise<void>;
  /** The sessions held in memory now. */
  held(): SessionCache[];
  /** Stop listening to the store (on close). */
  dispose(): void;
}

/** Options of {@link createSessionRunner}. */
export interface SessionRunnerOptions {
  /** Sessions kept in memory, least recently used evicted first (default 1000). */
  maxCachedSessions?: number | undefined;
  /** Another writer changed a session held in memory; its state was dropped. */
  onChange?: ((sessionId: string) => void) | undefined;
  /**
   * Checks a session id before anything runs (default `checkSessionId`, which refuses the
   * reserved ids): RecallKit's own sessions (the facts log) run on a runner of their own.
   */
  checkId?: ((sessionId: unknown) => string) | undefined;
  /** A session was loaded from the store (before any task runs on it). */
  onLoad?: ((c: SessionCache) => void) | undefined;
}

/** Create the runner over a store; `closed` refuses new operations. */
export function createSessionRunner(
  store: StoreAdapter,
  writer: Writer,
  now: () => Date,
  closed: () => boolean,
  options: SessionRunnerOptions = {},
): SessionRunner {
  const queue = createSerialQueue();
  /**
   * Sessions a task is running on, and whether another writer's change was heard meanwhile.
   * The task holds the session's state and goes on writing into it: dropping that state before
   * the task's changes are held for a FLUSH would leave them in a copy no later call reads, while
   * FLUSH writes them to the store (stats and context then miss entries an export holds).
   */
  const running = new Map<string, { changed: boolean }>();
  /** Another writer changed a session: drop its state, unless FLUSH holds changes only it has. */
  const changed = (id: string): void => {
    // Their write applies over the version they saw, so another writer's change is a conflict then.
    if (cache.peek(id) && writer.pending(id)) return;
    cache.stale(id);
    options.onChange?.(id);
  };
  /**
   * The store announced a change to a session: this engine's own, or another writer's. A
   * subscription hears only changes made after it began (the `subscribe` contract), and the
   * session is subscribed to before it is loaded and until it is forgotten: so a deletion heard
   * is another writer's (`clearSession` forgets the session as it deletes it, and opens it anew
   * with a new subscription), and a version is this engine's own exactly when it holds it.
   */
  const heard = (id: string, version: number): void => {
    const c = cache.peek(id);
    // This engine's own writes come back with a version it already holds (or an older one).
    if (c && version !== 0 && version <= c.meta.version) return;
    // Or before the write resolved (a store that announces as it commits).
    if (version !== 0 && writer.writing(id, version)) return;
    // A change heard while a task runs is weighed when it ends (the task holds the state).
    const task = running.get(id);
    if (task) task.changed = true;
    else changed(id);
  };
  const cache = createSessionLru({
    max: options.maxCachedSessions ?? DEFAULT_MAX_CACHED_SESSIONS,
    store,
    // Nor is the state a running task holds, or FLUSH holds changes only it has.
    pinned: (id) => running.has(id) || writer.pending(id),
    onNotify: heard,
  });
  const shared = store.shared === true;
  const checkId = options.checkId ?? ((id: unknown) => checkSessionId(id));

  async function open(sessionId: string): Promise<SessionCache> {
    let c = cache.get(sessionId);
    if (c) return c;
    // Listen first: a change made while the session loads is heard, one made before is loaded.
    cache.listen(sessionId);
    const stored = await store.loadSession(sessionId);
    c = stored
      ? toCache(stored.meta, stored.activeEntries, stored.summaries)
      : toCache(newMeta(sessionId, now().toISOString()), [], []);
    if (stored) options.onLoad?.(c);
    cache.set(sessionId, c);
    return c;
  }

  /** Another tab may have written: compare versions and reload when they differ. */
  async function refresh(sessionId: string): Promise<void> {
    const c = cache.get(sessionId);
    if (!c || writer.pending(sessionId)) return;
    const meta = await store.loadMeta(sessionId);
    if (!meta ? c.meta.version > 0 : meta.version !== c.meta.version) cache.stale(sessionId);
  }

  /** One task on fresh state, run again after a conflict (another writer's write went through). */
  async function runTask<T>(
    id: string,
    task: (c: SessionCache) => Promise<T>,
    mode: 'read' | 'write',
    cold: ((sessionId: string) => Promise<T | undefined>) | undefined,
  ): Promise<T> {
    if (cold && !cache.get(id)) {
      const answer = await cold(id);
      if (answer !== undefined) return answer;
    }
    const started = Date.now();
    for (let tries = 1; ; tries++) {
      try {
        if (shared && mode === 'read') await refresh(id);
        return await task(await open(id));
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        if (tries >= MAX_CONFLICT_RETRIES && Date.now() - started >= MAX_CONFLICT_MS) throw error;
        cache.stale(id);
        // Each conflict means another tab's write went through; a short random pause
        // keeps two tabs writing in a tight loop from meeting again and again.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(tries, 10)));
      }
    }
  }

  return {
    run(sessionId, task, mode = 'write', cold) {
      if (closed()) return Promise.reject(new ClosedError('memory is closed: create a new one'));
      let id: string;
      try {
        id = checkId(sessionId);
      } catch (error) {
        return Promise.reject(error);
      }
      return queue.run(id, async () => {
        const state = { changed: false };
        running.set(id, state);
        try {
          return await runTask(id, task, mode, cold);
        } finally {
          running.delete(id);
          if (state.changed) changed(id);
        }
      });
    },
    drop(sessionId) {
      cache.delete(sessionId);
    },
    idle: () => queue.idle(),
    held: () => cache.held(),
    dispose: () => cache.clear(),
  };
}
