/**
 * Change listeners of a store, by session: what `StoreAdapter.subscribe` hands out.
 * @module
 */

/** Listeners by session; `notify` calls them later (never inside the write that changed it). */
export interface Listeners {
  /** Listen to a session; returns the function that stops listening. */
  add(sessionId: string, onChange: (version: number) => void): () => void;
  /** Tell a session's listeners its stored version is now `version` (0: deleted), on a later task. */
  notify(sessionId: string, version: number): void;
  /** Whether anyone listens to any session. */
  readonly size: number;
  clear(): void;
}

type BySession = Map<string, Set<(version: number) => void>>;

/**
 * Notifications of every set of listeners wait in one queue for one later task: a timer per
 * change, or per store, costs a busy server (one store per user, each hearing its changes).
 */
let queued: [listeners: BySession, sessionId: string, version: number][] = [];

function deliver(): void {
  const batch = queued;
  queued = [];
  for (const [bySession, sessionId, version] of batch) {
    const set = bySession.get(sessionId);
    if (!set) continue;
    for (const fn of [...set]) {
      try {
        fn(version);
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
    add(sessionId, onChange) {
      let set = bySession.get(sessionId);
      if (!set) bySession.set(sessionId, (set = new Set()));
      // Wrapped, so the same function subscribed twice is two subscriptions.
      const fn = (version: number): void => onChange(version);
      set.add(fn);
      return () => {
        set.delete(fn);
        if (set.size === 0 && bySession.get(sessionId) === set) bySession.delete(sessionId);
      };
    },
    notify(sessionId, version) {
      if (!bySession.has(sessionId)) return;
      // A later task: the writer has taken in its own write before it hears of it.
      if (queued.push([bySession, sessionId, version]) === 1) setTimeout(deliver, 0);
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
