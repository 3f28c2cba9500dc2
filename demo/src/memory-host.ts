/**
 * Where the playground's memory runs: `createWorkerMemory`, so the engine, tiktoken's WASM
 * and IndexedDB live in a Web Worker and the page only posts messages. The single place that
 * creates a `Memory`; the rest of the playground only sees the `Memory` interface.
 * @module
 */
import type { Memory } from 'recallkit';
import type { MemoryConfig, Summarizer } from 'recallkit';
import type { MemoryProfileInput } from 'recallkit';
import { createWorkerMemory } from 'recallkit';
import type { MemorySetup } from './presets.js';

/** The IndexedDB database the playground keeps its sessions in. */
export const PLAYGROUND_DB = 'recallkit-playground';

/** How the engine runs, shown in the header. */
export const ENGINE_HOST: 'worker' | 'main thread' = 'worker';

/**
 * Open a memory for `setup` on the playground's IndexedDB, in a new worker. `summarizer`
 * undefined means the built-in heuristic one, which then runs in the worker next to the data;
 * any other stays in the page and the worker calls it back.
 */
export async function openMemory(setup: MemorySetup, summarizer: Summarizer | undefined): Promise<Memory> {
  return createWorkerMemory({
    store: 'indexeddb',
    dbName: PLAYGROUND_DB,
    // Both checked by the profile editor first (and again by the engine).
    ...(setup.profile !== undefined ? { profile: setup.profile as MemoryProfileInput } : {}),
    ...(setup.config !== undefined ? { config: setup.config as Partial<MemoryConfig> } : {}),
    ...(summarizer ? { summarizer } : {}),
    // Facts about the user, read from what they say (offline rules), shown in the facts panel.
    facts: {},
  });
}
