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
  /** Holders of the LISTEN without a tenant ({@link holdListen}): it stays while one holds it. */
  holds: number;
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
  const r = routerOf(driver);
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
    await unlisten(r);
  };
}

/**
 * Set up `driver`'s source's LISTEN before any store asks for it, and keep it until the function
 * it resolves is called: a server whose users' stores will each listen makes it while its
 * engine loads, and its first user's store finds it in place.
 */
export async function holdListen(driver: SqlDriver): Promise<() => Promise<void>> {
  const r = routerOf(driver);
  r.holds++;
  try {
    r.listening ??= driver.listen(CHANNEL, (payload) => route(r, payload));
    await r.listening;
  } catch (error) {
    r.listening = undefined;
    r.holds--;
    throw error;
  }
  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    r.holds--;
    await unlisten(r);
  };
}

function routerOf(driver: SqlDriver): Router {
  let router = routers.get(driver.source);
  if (!router) {
    router = { handlers: new Map(), holds: 0, listening: undefined };
    routers.set(driver.source, router);
  }
  return router;
}

/** End the source's LISTEN once no store hears it and nothing holds it. */
async function unlisten(r: Router): Promise<void> {
  if (r.handlers.size > 0 || r.holds > 0 || !r.listening) return;
  const stop = r.listening;
  r.listening = undefined;
  await (
    await stop
  )();
}
