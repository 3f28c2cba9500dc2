/**
 * Change notifications of one database source (a pool, a PGlite instance), read once: one
 * LISTEN for every store on the source, each payload parsed once and its changes handed to
 * the stores of their tenant only. A server with a store per user would otherwise parse every
 * user's notifications once per store.
 * @module
 */
import type { SqlDriver } from './driver.js';
import { CHANNEL } from './write.js';

/**
 * Hears one tenant's changes: `(sessionId, version)`, version 0 once deleted; `origin` and `n`
 * name the store that made it and its number there, when the payload carries them.
 */
export type ChangeHandler = (sessionId: string, version: number, origin?: string, n?: number) => void;

interface Router {
  handlers: Map<string, Set<ChangeHandler>>;
  /** The LISTEN, once asked for; forgotten when it failed, so the next store tries again. */
  listening: Promise<() => Promise<void>> | undefined;
}

const routers = new WeakMap<object, Router>();

/**
 * Hand each change `[tenant, sessionId, version, origin?, n?]` of a payload (one change or an
 * array of them) on.
 */
function route(router: Router, payload: string): void {
  let message: unknown;
  try {
    message = JSON.parse(payload);
  } catch {
    return;
  }
  const changes = Array.isArray(message) && Array.isArray(message[0]) ? (message as unknown[]) : [message];
  for (const change of changes) {
    if (!Array.isArray(change) || typeof change[0] !== 'string' || typeof change[1] !== 'string') continue;
    if (typeof change[2] !== 'number') continue;
    const handlers = router.handlers.get(change[0]);
    const [origin, n] = typeof change[3] === 'string' && typeof change[4] === 'number' ? [change[3], change[4]] : [];
    if (handlers) for (const h of [...handlers]) h(change[1], change[2], origin, n);
  }
}

/**
 * Hear `tenant`'s changes on `driver`'s source; resolves once LISTEN is in place, with the
 * function that stops (the last to stop ends the LISTEN).
 */
export async function listenTenant(
  driver: SqlDriver,
  tenant: string,
  onChange: ChangeHandler,
): Promise<() => Promise<void>> {
  let router = routers.get(driver.source);
  if (!router) {
    router = { handlers: new Map(), listening: undefined };
    routers.set(driver.source, router);
  }
  const r = router;
  let set = r.handlers.get(tenant);
  if (!set) r.handlers.set(tenant, (set = new Set()));
  set.add(onChange);
  const remove = (): void => {
    set.delete(onChange);
    if (set.size === 0 && r.handlers.get(tenant) === set) r.handlers.delete(tenant);
  };
  try {
    r.listening ??= driver.listen(CHANNEL, (payload) => route(r, payload));
    await r.listening;
  } catch (error) {
    r.listening = undefined;
    remove();
    throw error;
  }
  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    remove();
    if (r.handlers.size > 0 || !r.listening) return;
    const stop = r.listening;
    r.listening = undefined;
    await (
      await stop
    )();
  };
}
