/**
 * `subscribe` over LISTEN/NOTIFY: every write's statement notifies `[tenant, sessionId,
 * version]` on commit; the store listens once (on the first subscription) and hands each
 * notification of its tenant to that session's listeners.
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

/** Listen lazily (through `listen`, a driver's) for `tenant`'s changes. */
export function createSubscriptions(listen: SqlDriver['listen'], tenant: string): Subscriptions {
  const listeners = createListeners();
  let listening: Promise<() => Promise<void>> | undefined;
  const onPayload = (payload: string): void => {
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (!Array.isArray(message) || message[0] !== tenant || typeof message[1] !== 'string' || typeof message[2] !== 'number') return;
    listeners.notify(message[1], message[2]);
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
