/**
 * Wiring the sync client into a memory: the store view the engine gets, the hooks it lends, and
 * `memory.sync()` / `close()` on the result.
 * @module
 */
import type { Memory } from '../../memory.js';
import type { StoreAdapter } from '../../types.js';
import type { EngineHooks } from '../../core/engine-hooks.js';
import { ValidationError } from '../../errors.js';
import type { ResolvedSyncOptions } from './options.js';
import { createDeviceStore } from './device-state.js';
import { syncStoreView } from './sync-store.js';
import { startSyncClient, type SyncClient } from './client.js';

/** A memory being built with sync on (or off). */
export interface SyncSetup {
  /** The store to give the engine. */
  store: StoreAdapter;
  /** The engine's `hooks` dependency. */
  hooks: ((hooks: EngineHooks) => void) | undefined;
  /** Start the client and add `sync()` to the built memory. */
  finish(memory: Omit<Memory, 'sync'>): Memory;
}

/** Prepare sync over the opened store (`options` undefined: sync off, `sync()` refuses). */
export function prepareSync(
  options: ResolvedSyncOptions | undefined,
  store: StoreAdapter,
  dbName = 'recallkit',
): SyncSetup {
  if (!options) {
    return {
      store,
      hooks: undefined,
      finish: (memory) => ({
        ...memory,
        sync: () =>
          Promise.reject(
            new ValidationError(
              'sync',
              'a sync option ({ sync: { url } } in createMemory / createWorkerMemory) before calling sync()',
            ),
          ),
      }),
    };
  }
  const fetchFn = (globalThis as { fetch?: typeof fetch }).fetch;
  if (typeof fetchFn !== 'function')
    throw new ValidationError('sync', 'an environment with fetch (this one has none)', options);
  const device = createDeviceStore(store, options.deviceId);
  let hooks: EngineHooks | undefined;
  return {
    store: syncStoreView(store, device),
    hooks: (h) => (hooks = h),
    finish(memory) {
      if (!hooks) throw new Error('recallkit: the engine did not lend its hooks to sync');
      const client: SyncClient = startSyncClient({
        options,
        store,
        device,
        hooks,
        fetch: (input, init) => fetchFn(input, init),
        lockName: `recallkit-sync:${dbName}`,
      });
      return {
        ...memory,
        sync: () => client.sync(),
        async close() {
          await client.stop();
          await memory.close();
        },
      };
    },
  };
}
