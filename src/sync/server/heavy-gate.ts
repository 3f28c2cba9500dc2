/**
 * One large request at a time: a handler applies at most one push whose body is over
 * {@link HEAVY_BODY_CHARS} at once; the others wait their turn, first come first served, with
 * their bodies read. Polls and small pushes never wait here. It bounds what the largest requests
 * of several tenants take together from everyone else (the event loop, the database's CPU, the
 * pool, PGlite's one connection); measured in docs/performance.md ("A tenant's polls during the
 * largest legal requests").
 * @module
 */

/** A request body (UTF-16 units, about bytes of JSON) from which a push takes the gate: 64 Ki. */
export const HEAVY_BODY_CHARS = 64 * 1024;

/** A first-come, first-served lock. */
export interface HeavyGate {
  /** Resolves once the caller holds the gate; call the release it gives exactly once. */
  acquire(): Promise<() => void>;
}

/** A gate nobody holds. */
export function createHeavyGate(): HeavyGate {
  let held = false;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else held = false;
  };
  return {
    acquire() {
      if (!held) {
        held = true;
        return Promise.resolve(once(release));
      }
      return new Promise((resolve) => waiting.push(() => resolve(once(release))));
    },
  };
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
