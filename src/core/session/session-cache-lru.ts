import type { StoreAdapter } from '../../types.js';
import type { SessionCache } from '../types.js';

/** How many sessions an engine keeps in memory by default (`maxCachedSessions`). */
export const DEFAULT_MAX_CACHED_SESSIONS = 1000;

/**
 * The sessions an engine holds in memory, least recently used first, at most `max` of them;
 * each held session is subscribed to the store's change notifications (when it offers them).
 * A slot whose state went stale (`undefined`) stays subscribed until it is evicted.
 */
export interface SessionLru {
  /** A held session's state, now the most recently used. */
  get(sessionId: string): SessionCache | undefined;
  /** A held session's state, leaving the order as it is (a notification is not a use). */
  peek(sessionId: string): SessionCache | undefined;
  /** Listen to a session not held yet (before loading it); its state is set later. */
  listen(sessionId: string): void;
  /** Cache a session's state (most recently used) and evict the oldest beyond the bound. */
  set(sessionId: string, c: SessionCache): void;
  /** Forget the state but keep listening (another writer changed it). */
  stale(sessionId: string): void;
  /** Forget the session entirely (and stop listening). */
  delete(sessionId: string): void;
  readonly size: number;
  /** The states held now (not the stale slots), least recently used first. */
  held(): SessionCache[];
  /** Stop every subscription. */
  clear(): void;
}

/** Options of {@link createSessionLru}. */
export interface SessionLruOptions {
  max: number;
  store: StoreAdapter;
  /** Sessions that must not be evicted now (a call runs on it, or it holds unwritten FLUSH changes). */
  pinned: (sessionId: string) => boolean;
  /** A store notification for a held session, with the version now stored (0: deleted). */
  onNotify: (sessionId: string, version: number) => void;
}

/** Create the bounded session cache. */
export function createSessionLru(options: SessionLruOptions): SessionLru {
  const { max, store, pinned, onNotify } = options;
  const slots = new Map<string, { c: SessionCache | undefined; unsubscribe: (() => void) | undefined }>();
  // The most recently used session: using it again moves nothing (a request's calls use one session).
  let newest: string | undefined;

  const evict = (): void => {
    if (slots.size <= max) return;
    for (const [id, slot] of slots) {
      if (slots.size <= max) return;
      if (pinned(id)) continue;
      slot.unsubscribe?.();
      slots.delete(id);
      if (newest === id) newest = undefined;
    }
  };

  const subscribe = (sessionId: string): (() => void) | undefined =>
    store.subscribe?.(sessionId, (version) => {
      if (slots.has(sessionId)) onNotify(sessionId, version);
    });

  return {
    get(sessionId) {
      const slot = slots.get(sessionId);
      if (!slot?.c) return undefined;
      if (newest !== sessionId) {
        slots.delete(sessionId);
        slots.set(sessionId, slot);
        newest = sessionId;
      }
      return slot.c;
    },
    peek(sessionId) {
      return slots.get(sessionId)?.c;
    },
    set(sessionId, c) {
      const slot = slots.get(sessionId);
      slots.delete(sessionId);
      const unsubscribe = slot ? slot.unsubscribe : subscribe(sessionId);
      slots.set(sessionId, { c, unsubscribe });
      newest = sessionId;
      evict();
    },
    listen(sessionId) {
      if (!slots.has(sessionId)) slots.set(sessionId, { c: undefined, unsubscribe: subscribe(sessionId) });
    },
    stale(sessionId) {
      const slot = slots.get(sessionId);
      if (slot) slot.c = undefined;
    },
    delete(sessionId) {
      slots.get(sessionId)?.unsubscribe?.();
      slots.delete(sessionId);
      if (newest === sessionId) newest = undefined;
    },
    get size() {
      return slots.size;
    },
    held() {
      const out: SessionCache[] = [];
      for (const slot of slots.values()) if (slot.c) out.push(slot.c);
      return out;
    },
    clear() {
      for (const slot of slots.values()) slot.unsubscribe?.();
      slots.clear();
      newest = undefined;
    },
  };
}
