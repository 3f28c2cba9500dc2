import type { StoreAdapter, TokenCounter } from './types.js';
import type { Memory } from './memory.js';
import type { BuiltStrategies } from './core/engine.js';
import { isPlainObject } from './core/checks/validate.js';
import { ValidationError } from './errors.js';
import { checkOptionNames } from './option-names.js';
import { memoryStore } from './store/memory/memory-store.js';
import { indexedDBStore } from './store/indexeddb/indexeddb-store.js';
import { resolveTokenizer } from './tokens/resolve-tokenizer.js';
import type { Durability } from './store/durable/durability-types.js';
import { openDurability } from './store/durable/open-durability.js';
import { withStorage } from './store/durable/storage-host.js';
import { checkSyncOptions, type SyncOptions } from './sync/client/options.js';
import { syncOff } from './sync/client/sync-setup.js';
import { checkEngineOptions, openEngine, type EngineOptions, type FactsCode } from './open-engine.js';

/** Options of {@link createMemory} (and `createWorkerMemory`). */
export interface MemoryOptions extends EngineOptions {
  /** Where sessions live: `'indexeddb'` (default where `indexedDB` exists), `'memory'`, or your own adapter. */
  store?: 'memory' | 'indexeddb' | StoreAdapter | undefined;
  /** IndexedDB database name (default `'recallkit'`). */
  dbName?: string | undefined;
  /**
   * Ask the browser once to keep this origin's storage under pressure
   * (`navigator.storage.persist()`, IndexedDB only; default false). `estimateStorage()` tells
   * whether it was granted.
   */
  persist?: boolean | undefined;
  /**
   * `'journal'`: besides IndexedDB, keep an append-only journal per session in the Origin
   * Private File System and restore from it what IndexedDB loses (Chromium deletes a database
   * it finds corrupt after a crash). `'none'`: IndexedDB alone. Default `'journal'` where it
   * can run (the IndexedDB store in a dedicated worker, as `createWorkerMemory` has), else `'none'`.
   */
  durability?: Durability | undefined;
  /**
   * Keep this memory in sync with a `syncHandler` endpoint (`recallkit/postgres`): push local
   * changes, pull other devices' ones, offline-first. Needs `fetch`. `memory.sync()` runs a round now.
   */
  sync?: SyncOptions | undefined;
}

/**
 * Create a conversation memory that runs in this thread (Node or browser).
 * @example
 * ```ts
 * const memory = await createMemory({ store: 'memory' });
 * await memory.addUserMessage('s1', 'Hello, how are you?');
 * await memory.addAssistantMessage('s1', 'I am doing well!');
 * const { messages, tokenCount } = await memory.getContextForLLM('s1');
 * ```
 */
export async function createMemory(options: MemoryOptions = {}): Promise<Memory> {
  if (!isPlainObject(options as unknown))
    throw new ValidationError('options', 'an object of createMemory options', options);
  checkOptionNames(options);
  const checked = checkEngineOptions(options);
  const syncOptions = checkSyncOptions(options.sync);
  if (options.persist !== undefined && typeof options.persist !== 'boolean')
    throw new ValidationError('persist', 'a boolean', options.persist);
  const dbName = (options.dbName as string | undefined) ?? 'recallkit';
  const resolved = resolveStore(
    options.store,
    options.dbName,
    checked.strategies.persistence,
    options.persist ?? false,
  );
  // The tokenizer's ranks (the longest part of a start) load while the store opens.
  const counting = resolveTokenizer(checked.tokenizer);
  counting.catch(() => undefined); // awaited below; a failure is reported there
  // The facts extraction code (the largest part of a worker's bundle: its rules build hundreds of
  // regular expressions) loads only when facts are on, while the store opens.
  const factsLoading: Promise<FactsCode> | undefined = checked.facts ? import('./facts/default-facts.js') : undefined;
  factsLoading?.catch(() => undefined);
  // So does the sync client (a seventh of a worker's script), only when sync is on.
  const syncLoading = syncOptions ? import('./sync/client/with-sync.js') : undefined;
  syncLoading?.catch(() => undefined);
  // Opens the store now (and restores from the journal what it lost), before the engine reads it.
  const opened = await openDurability(resolved, options.durability, dbName);
  let counter: TokenCounter;
  let factsCode: FactsCode | undefined;
  let syncCode: typeof import('./sync/client/with-sync.js') | undefined;
  try {
    counter = await counting;
    factsCode = await factsLoading;
    syncCode = await syncLoading;
  } catch (error) {
    // A store made here is closed again; one the app passed in stays as the app left it.
    if (resolved !== options.store) await opened.store.close().catch(() => undefined);
    throw error;
  }
  const { state } = opened;
  const sync = syncCode ? syncCode.prepareSync(syncOptions, opened.store, dbName) : syncOff(opened.store);
  const store = sync.store;
  const engine = openEngine(checked, { store, counter, hooks: sync.hooks, factsCode });
  return sync.finish(withStorage(engine, store, state));
}

function resolveStore(
  store: MemoryOptions['store'],
  dbName: unknown,
  persistence: BuiltStrategies['persistence'],
  persist: boolean,
): StoreAdapter {
  if (dbName !== undefined && (typeof dbName !== 'string' || dbName.length === 0)) {
    throw new ValidationError('dbName', 'a non-empty string', dbName);
  }
  // EPHEMERAL: nothing reaches the configured store; the session lives in this engine only.
  if (persistence === 'EPHEMERAL') return memoryStore();
  const hasIDB = typeof (globalThis as { indexedDB?: unknown }).indexedDB !== 'undefined';
  const choice = store ?? (hasIDB ? 'indexeddb' : 'memory');
  if (choice === 'memory') return memoryStore();
  if (choice === 'indexeddb') {
    if (!hasIDB) throw new ValidationError('store', "'memory' here: this environment has no indexedDB", choice);
    return indexedDBStore({ persist, ...(dbName === undefined ? {} : { dbName: dbName as string }) });
  }
  if (isPlainObject(choice) || (typeof choice === 'object' && choice !== null)) {
    for (const m of [
      'loadSession',
      'loadMeta',
      'loadEntries',
      'getEntries',
      'loadAux',
      'write',
      'deleteSession',
      'listSessions',
      'close',
    ] as const) {
      if (typeof (choice as unknown as Record<string, unknown>)[m] !== 'function') {
        throw new ValidationError(
          `store.${m}`,
          'a function (a StoreAdapter implements every method)',
          (choice as unknown as Record<string, unknown>)[m],
        );
      }
    }
    return choice as StoreAdapter;
  }
  throw new ValidationError('store', "'memory', 'indexeddb' or a StoreAdapter object", choice);
}
