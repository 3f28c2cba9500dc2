/**
 * Change listeners of a store, by session: what `StoreAdapter.subscribe` hands out.
 * @module
 */

/**
 * Listeners by session; `notify` calls them later (never inside the write that changed it), and
 * only those that were listening when `notify` was called: a listener added after a change was
 * announced never hears of it (a memory that cleared a session and opened it again must not take
 * the cleared session's last write, announced before, for another writer's).
 */
export interface Listeners {
  /**
   * Listen to a session; returns the function that stops listening. `accepts`, if given, is
   * asked about each notification's `tag` (see {@link notify}) and can refuse it.
   */
  add(
    sessionId: string,
    onChange: (version: number) => void,
    accepts?: (tag: number | undefined) => boolean,
  ): () => void;
  /**
   * Tell a session's listeners its stored version is now `version` (0: deleted), on a later
   * task; listeners added in between do not hear it.
   */
  notify(sessionId: string, version: number, tag?: number): void;
  /** Whether anyone listens to any session. */
  readonly size: number;
  clear(): void;
}

/** A listener, and the count of notifications queued (by any store) before it was added. */
interface Listener {
  onChange: (version: number) => void;
  since: number;
  accepts: ((tag: number | undefined) => boolean) | undefined;
}

type BySession = Map<string, Set<Listener>>;

/**
 * Notifications of every set of listeners wait in one queue for one later task: a timer per
 * change, or per store, costs a busy server (one store per user, each hearing its changes).
 */
let queued: [listeners: BySession, sessionId: string, version: number, n: number, tag: number | undefined][] = [];
/** Notifications queued so far: a listener hears those numbered from its `since` on. */
let count = 0;

function deliver(): void {
  const batch = queued;
  queued = [];
  for (const [bySession, sessionId, version, n, tag] of batch) {
    const set = bySession.get(sessionId);
    if (!set) continue;
    for (const listener of [...set]) {
      if (n < listener.since || (listener.accepts && !listener.accepts(tag))) continue;
      try {
        listener.onChange(version);
      } catch (error) {
        reportError(error);
      }
    }
  }
}

/** Create an empty set of listeners. */
export function createListeners(): Listeners {
  const bySession: BySession = new Map();
  return {
    add(sessionId, onChange, accepts) {
      let set = bySession.get(sessionId);
      if (!set) bySession.set(sessionId, (set = new Set()));
      // An object of its own, so the same function subscribed twice is two subscriptions.
      const listener: Listener = { onChange, since: count, accepts };
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && bySession.get(sessionId) === set) bySession.delete(sessionId);
      };
    },
    notify(sessionId, version, tag) {
      if (!bySession.has(sessionId)) return;
      // A later task: the writer has taken in its own write before it hears of it.
      if (queued.push([bySession, sessionId, version, count++, tag]) === 1) setTimeout(deliver, 0);
    },
    get size() {
      return bySession.size;
    },
    clear() {
      bySession.clear();
    },
  };
}

function reportError(error: unknown): void {
  const g = globalThis as { reportError?: (e: unknown) => void; console?: { error(...a: unknown[]): void } };
  if (g.reportError) g.reportError(error);
  else g.console?.error('recallkit: a store change listener threw', error);
}
