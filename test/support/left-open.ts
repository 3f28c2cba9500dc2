/**
 * A store whose `close()` does nothing: a memory closed over it (which closes its store) leaves
 * it open, so a test can read what the close wrote, or open another memory over it.
 */
import type { StoreAdapter } from '../../src/types.js';

/** `store` with a `close()` that leaves it open. */
export function leftOpen<S extends StoreAdapter>(store: S): S {
  return new Proxy(store, { get: (t, p, r) => (p === 'close' ? async () => {} : Reflect.get(t, p, r)) });
}
