/**
 * How a memory being built is wired to sync, and the wiring when sync is off: the only part of
 * the sync client every `createMemory` loads. The client itself (`with-sync.ts`) is loaded with
 * `import()` only when the `sync` option is given, so a worker's start does not parse it.
 * @module
 */
import type { Memory } from '../../memory.js';
import type { StoreAdapter } from '../../types.js';
import type { EngineHooks } from '../../core/engine-hooks.js';
import { ValidationError } from '../../errors.js';

/** A memory being built with sync on (or off). */
export interface SyncSetup {
  /** The store to give the engine. */
  store: StoreAdapter;
  /** The engine's `hooks` dependency. */
  hooks: ((hooks: EngineHooks) => void) | undefined;
  /** Start the client and add `sync()` to the built memory. */
  finish(memory: Omit<Memory, 'sync'>): Memory;
}

/** Sync off: the engine gets `store` as it is, and `memory.sync()` refuses, naming the option. */
export function syncOff(store: StoreAdapter): SyncSetup {
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
