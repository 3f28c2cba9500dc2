import type { StoreAdapter } from '../types.js';

/**
 * A `loadAux`-shaped reader over the session's aux values under `prefix`. With a store that
 * offers `loadAuxPrefix`, every value is fetched now in one round trip and served from memory;
 * otherwise each key is read from the store when asked.
 */
export async function auxReader(
  store: StoreAdapter,
  sessionId: string,
  prefix: string,
): Promise<(key: string) => Promise<unknown>> {
  if (!store.loadAuxPrefix) return (key) => store.loadAux(sessionId, key);
  const values = await store.loadAuxPrefix(sessionId, prefix);
  return async (key) => (key.startsWith(prefix) ? values.get(key) : store.loadAux(sessionId, key));
}
