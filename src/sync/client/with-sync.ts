/**
 * Wiring the sync client into a memory: the store view the engine gets, the hooks it lends, and
 * `memory.sync()` / `close()` on the result. `createMemory` loads it with `import()`, only when
 * the `sync` option is given.
 * @module
 */
import type { StoreAdapter } from '../../types.js';
import type { EngineHooks } from '../../core/engine-hooks.js';
import { ValidationError } from '../../errors.js';
import type { ResolvedSyncOptions } from './options.js';
import { syncOff, type SyncSetup } from './sync-setup.js';
import { createDeviceStore } from './device-state.js';
import { syncStoreView } from './sync-store.js';
import { startSyncClient, type SyncClient } from './client.js';

/** Prepare sync over the opened store (`options` undefined: sync off, `sync()` refuses). */
export function prepareSync(
  options: ResolvedSyncOptions | undefined,
  store: StoreAdapter,
  dbName = 'recallkit',
): SyncSetup {
  if (!options) return syncOff(store);
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
