/**
 * `subscribe` over LISTEN/NOTIFY: once a write commits, the store that made it notifies
 * `[tenant, sessionId, version]` of each session it changed (several in one JSON array); a
 * store listens (through its source's one LISTEN, on the first subscription) and hands each
 * change of its tenant to that session's listeners.
 * @module
 */
import { createListeners } from '../listeners.js';
import type { ChangeHandler } from './change-router.js';

/** The subscriptions of one store. */
export interface Subscriptions {
  subscribe(sessionId: string, onChange: (version: number) => void): () => void;
  /** Resolves once LISTEN is in place (the store's next calls wait for it, so no write is missed). */
  ready(): Promise<void>;
  /** Whether a LISTEN is being set up (then {@link ready} has something to wait for). */
  pending(): boolean;
  close(): Promise<void>;
}

/** This store's own writes, as its notifications name them. */
export interface OwnWrites {
  /** This store's origin id in its notifications. */
  origin: string;
  /** The number of its oldest write not yet settled (or of its next write, when none is in flight). */
  oldest(): number;
}

/**
 * Listen lazily (through `listen`, which hears the store's tenant's changes) and hand them to
 * the subscribers of their session. A subscriber does not hear this store's own writes (`own`)
 * that had settled before it subscribed (their notification can arrive long after: a memory
 * that cleared a session and opened it again would take them for another writer's); every
 * other change it hears. `writing(sessionId)`: this store's write to the session
 * still in flight, if any. A change is handed on only after it settles: the notification of a
 * commit can arrive before the reply to the statement that made it, and a writer must have
 * taken in its own write before it hears of it (else it would take its own write for
 * another's and reload the session).
 */
export function createSubscriptions(
  listen: (onChange: ChangeHandler) => Promise<() => Promise<void>>,
  writing: (sessionId: string) => Promise<unknown> | undefined = () => undefined,
  own?: OwnWrites,
): Subscriptions {
  const listeners = createListeners();
  let listening: Promise<() => Promise<void>> | undefined;
  // The LISTEN being set up, until it settles.
  let settling: Promise<unknown> | undefined;
  const onChange: ChangeHandler = (sessionId, version, origin, n) => {
    const tag = own && origin === own.origin ? n : undefined;
    const pending = writing(sessionId);
    if (pending)
      void pending.then(
        () => listeners.notify(sessionId, version, tag),
        () => listeners.notify(sessionId, version, tag),
      );
    else listeners.notify(sessionId, version, tag);
  };
  return {
    subscribe(sessionId, handler) {
      // A failed LISTEN leaves reads checking versions (`shared`): nothing is lost, changes are seen later.
      if (!listening) {
        const started = listen(onChange);
        listening = settling = started;
        const settled = (): void => {
          if (settling === started) settling = undefined;
        };
        started.then(settled, () => {
          settled();
          if (listening === started) listening = undefined;
        });
      }
      if (!own) return listeners.add(sessionId, handler);
      const since = own.oldest();
      return listeners.add(sessionId, handler, (tag) => tag === undefined || tag >= since);
    },
    async ready() {
      await listening?.catch(() => undefined);
    },
    pending: () => settling !== undefined,
    async close() {
      listeners.clear();
      const stop = listening;
      listening = undefined;
      if (stop) await (await stop.catch(() => async () => undefined))();
    },
  };
}
