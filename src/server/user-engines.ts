/**
 * The engine of each user of `createServerMemory`, over that user's `postgresStore`: the engine
 * `createMemory` makes, without what only a browser or a client uses (the IndexedDB store, the
 * OPFS journal, sync), so a server's start loads none of it. `createServerMemory` loads this
 * module with `import()` as it starts, while the database opens.
 * @module
 */
import type { Memory } from '../memory.js';
import type { StorageState } from '../store/durable/durability-types.js';
import { withStorage } from '../store/durable/storage-host.js';
import { memoryStore } from '../store/memory/memory-store.js';
import type { StoreAdapter, TokenCounter } from '../types.js';
import { ValidationError } from '../errors.js';
import { checkEngineOptions, openEngine, type EngineOptions, type FactsCode } from '../open-engine.js';

/** Makes one user's engine over their store, with the server's one tokenizer. */
export type UserEngineFactory = (store: StoreAdapter, counter: TokenCounter) => Promise<Memory>;

/** What a user's `storageState()` says: no journal on a server, and the database is not probed. */
const STATE: StorageState = {
  durability: 'none',
  status: 'intact',
  restoredSessions: [],
  lostSessions: [],
  repairedJournals: 0,
  journalBytes: 0,
  journalUnavailable: 'off by default for stores other than IndexedDB',
};

/**
 * Check the engine options of a server memory once and return the factory of its users'
 * engines. No store is probed at open: a user's database is reached by their first call.
 * @throws {ValidationError} naming the first bad option.
 */
export function userEngines(options: EngineOptions): UserEngineFactory {
  const checked = checkEngineOptions(options);
  // The facts extraction code, only when facts are on: loaded now, awaited by each open (a
  // failed load is tried again by the next).
  let code: Promise<FactsCode> | undefined;
  const factsCode = (): Promise<FactsCode> => {
    code ??= import('../facts/default-facts.js');
    code.catch(() => (code = undefined));
    return code;
  };
  if (checked.facts) factsCode().catch(() => undefined);
  return async (store, counter) => {
    const facts = checked.facts ? await factsCode() : undefined;
    // A profile that keeps nothing (EPHEMERAL) keeps sessions in this engine only.
    const own = checked.strategies.persistence === 'EPHEMERAL' ? memoryStore() : store;
    const engine = openEngine(checked, { store: own, counter, factsCode: facts });
    return {
      ...withStorage(engine, own, () => ({ ...STATE })),
      sync: () =>
        Promise.reject(new ValidationError('sync', 'a client memory (createMemory({ sync })): a server has no sync()')),
    };
  };
}
