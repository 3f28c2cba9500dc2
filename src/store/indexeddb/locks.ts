/**
 * Exclusive per-session locks: Web Locks where the platform has them (shared by every tab and
 * worker of the origin), else a promise chain shared by this JavaScript realm.
 * @module
 */

/** Tails of the realm-local chains by lock name; removed when a chain drains. */
const chains = new Map<string, Promise<void>>();

const noop = (): void => undefined;

/**
 * Run `fn` holding the exclusive lock `name`. Waits for earlier holders; `fn`'s result or
 * rejection is passed through and the lock is released either way. Not re-entrant: calling
 * it again for the same name inside `fn` waits forever.
 */
export function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) return locks.request(name, { mode: 'exclusive' }, () => fn());
  return withLocalLock(name, fn);
}

/** The fallback of {@link withLock}: exclusive within this realm only. */
export function withLocalLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const previous = chains.get(name) ?? Promise.resolve();
  const result = previous.then(fn);
  const tail = result.then(noop, noop);
  chains.set(name, tail);
  void tail.then(() => {
    if (chains.get(name) === tail) chains.delete(name);
  });
  return result;
}

/** The lock name of a session: one per database and session, the same in every tab. */
export function sessionLockName(dbName: string, sessionId: string): string {
  return `recallkit:${dbName}:${sessionId}`;
}
