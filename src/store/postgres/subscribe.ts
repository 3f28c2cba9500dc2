/**
 * `subscribe` over LISTEN/NOTIFY: on commit, a write statement notifies `[tenant, sessionId,
 * version]` of each session it changed (several in one JSON array); the store listens once (on
 * the first subscription) and hands each change of its tenant to that session's listeners.
 * @module
 */
import { createListeners } from '../listeners.js';
import type { SqlDriver } from './driver.js';
import { CHANNEL } from './write.js';

/** The subscriptions of one store. */
export interface Subscriptions {
  subscribe(sessionId: string, onChange: (version: number) => void): () => void;
  /** Resolves once LISTEN is in place (the store's next calls wait for it, so no write is missed). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Listen lazily (through `listen`, a driver's) for `tenant`'s changes. `writing(sessionId)`:
 * this store's write to the session still in flight, if any. A change is handed on only after
 * it settles: the notification of a commit can arrive before the reply to the statement that
 * made it, and a writer must have taken in its own write before it hears of it (else it would
 * take its own write for another's and reload the session).
 */
export function createSubscriptions(
  listen: SqlDriver['listen'],
  tenant: string,
  writing: (sessionId: string) => Promise<unknown> | undefined = () => undefined,
): Subscriptions {
  const listeners = createListeners();
  let listening: Promise<() => Promise<void>> | undefined;
  const one = (change: unknown): void => {
    if (
      !Array.isArray(change) ||
      change[0] !== tenant ||
      typeof change[1] !== 'string' ||
      typeof change[2] !== 'number'
    )
      return;
    const [, sessionId, version] = change as [string, string, number];
    const pending = writing(sessionId);
    if (pending)
      void pending.then(
        () => listeners.notify(sessionId, version),
        () => listeners.notify(sessionId, version),
      );
    else listeners.notify(sessionId, version);
  };
  // A payload is one change `[tenant, sessionId, version]`, or an array of them (a write statement's).
  const onPayload = (payload: string): void => {
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (Array.isArray(message) && Array.isArray(message[0])) for (const change of message) one(change);
    else one(message);
  };
  return {
    subscribe(sessionId, onChange) {
      // A failed LISTEN leaves reads checking versions (`shared`): nothing is lost, changes are seen later.
      listening ??= listen(CHANNEL, onPayload);
      listening.catch(() => (listening = undefined));
      return listeners.add(sessionId, onChange);
    },
    async ready() {
      await listening?.catch(() => undefined);
    },
    async close() {
      listeners.clear();
      const stop = listening;
      listening = undefined;
      if (stop) await (await stop.catch(() => async () => undefined))();
    },
  };
}
