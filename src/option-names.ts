/**
 * The option names `createMemory` knows, and the one check both hosts run on them, so a typo
 * (`sumarizer`) gets the same message from `createMemory` and from `createWorkerMemory` (there
 * before anything is cloned to the worker). Imports only the error class: the page bundle stays
 * small. `test/unit/worker-option-names.test.ts` checks at compile time that the list names
 * every field of `MemoryOptions` and nothing else.
 * @module
 */
import { ValidationError } from './errors.js';

/** Every option of `createMemory`, in the order its errors list them. */
export const MEMORY_OPTION_NAMES = [
  'store',
  'dbName',
  'persist',
  'tokenizer',
  'summarizer',
  'config',
  'profile',
  'embedder',
  'embeddingModel',
  'calibrate',
  'durability',
  'contextRecall',
  'maxCachedSessions',
  'maxContentLength',
  'sync',
  'facts',
] as const;

/**
 * Refuse an option name that is not known: `options.sumarizer: expected one of the known
 * options (store, dbName, …)`. `extra` adds a host's own options (`worker`).
 */
export function checkOptionNames(options: object, extra: readonly string[] = []): void {
  const known: readonly string[] = [...MEMORY_OPTION_NAMES, ...extra];
  for (const key of Object.keys(options)) {
    if (!known.includes(key))
      throw new ValidationError(`options.${key}`, `one of the known options (${known.join(', ')})`, key);
  }
}
