import type {
  ContextRecallOptions,
  MemoryConfig,
  StoreAdapter,
  SummarizeCallback,
  Summarizer,
  TokenCounter,
} from './types.js';
import type { Memory } from './memory.js';
import type { BuiltStrategies } from './core/engine.js';
import { createEngine } from './core/engine.js';
import { isPlainObject } from './core/checks/validate.js';
import { validateConfig } from './core/config.js';
import { checkContextRecall } from './core/context/context-options.js';
import { ValidationError } from './errors.js';
import { checkOptionNames } from './option-names.js';
import { memoryStore } from './store/memory/memory-store.js';
import { indexedDBStore } from './store/indexeddb/indexeddb-store.js';
import { checkTokenizer, resolveTokenizer, type TokenizerOption } from './tokens/resolve-tokenizer.js';
import { heuristicSummarizer } from './summarizers/heuristic.js';
import { toSummarizer } from './summarizers/callback.js';
import { managerStrategy } from './strategies/long-term/manager.js';
import { parseProfile } from './strategies/profile/profile.js';
import { createStrategies } from './strategies/registry.js';
import { profileTraits } from './strategies/profile-traits.js';
import type { MemoryProfileInput } from './strategies/profile/profile-types.js';
import type { Durability } from './store/durable/durability-types.js';
import { openDurability } from './store/durable/open-durability.js';
import { withStorage } from './store/durable/storage-host.js';
import { checkSyncOptions, type SyncOptions } from './sync/client/options.js';
import { prepareSync } from './sync/client/with-sync.js';
import type { FactsOptions } from './facts/types.js';
import { checkFactsOptions } from './core/facts/facts-options.js';
import { defaultExtractor, defaultModelExtractor, defaultVocabulary } from './facts/default-facts.js';

/** Options of {@link createMemory} (and `createWorkerMemory`). */
export interface MemoryOptions {
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
  /** `'o200k_base'` (default) or `'cl100k_base'` (WASM tiktoken, loaded lazily), or `{ count(text) }`. */
  tokenizer?: TokenizerOption | undefined;
  /** Makes summaries: a callback, a `Summarizer`, or the heuristic fallback (default, no LLM). */
  summarizer?: SummarizeCallback | Summarizer | undefined;
  /** Memory Manager settings (used when no `profile` is given). */
  config?: Partial<MemoryConfig> | undefined;
  /** Strategies by id, as profile JSON (snake_case), or a `{ memory: {...} }` block (buffer window, summary buffer). */
  profile?: MemoryProfileInput | undefined;
  /** Optional: embeddings for semantic recall; lexical recall works without it. */
  embedder?: ((texts: string[]) => Promise<number[][]>) | undefined;
  /**
   * The embedder's model name (e.g. `'use-lite'`), recorded with the stored vectors with their
   * dimension: when it changes, the history is embedded again in the background. Default: none.
   */
  embeddingModel?: string | undefined;
  /**
   * Keep budgets safe with an approximate tokenizer: once `reportUsage` has 3 reports, budgets
   * are divided by the provider/RecallKit ratio (95th percentile, at most 2). Default false.
   */
  calibrate?: boolean | undefined;
  /**
   * `'journal'`: besides IndexedDB, keep an append-only journal per session in the Origin
   * Private File System and restore from it what IndexedDB loses (Chromium deletes a database
   * it finds corrupt after a crash). `'none'`: IndexedDB alone. Default `'journal'` where it
   * can run (the IndexedDB store in a dedicated worker, as `createWorkerMemory` has), else `'none'`.
   */
  durability?: Durability | undefined;
  /**
   * Put what recall finds for the newest user message into every context: one system message
   * after the summaries, of at most `maxTokens` tokens, inside the profile's budget.
   */
  contextRecall?: ContextRecallOptions | undefined;
  /**
   * How many sessions stay in memory (least recently used evicted first; an evicted session is
   * read again from the store when next used). Default 1000: a server touching 100,000
   * sessions keeps flat memory.
   */
  maxCachedSessions?: number | undefined;
  /**
   * The longest content one entry may have, in characters (`string.length`): larger content
   * (a message, tool arguments or result, an imported entry) is refused with a
   * `ValidationError` naming the field, before anything is stored.
   * @default 1_000_000 (`DEFAULT_MAX_CONTENT_LENGTH`: about 250,000 tokens, at most 3 MB of UTF-8)
   */
  maxContentLength?: number | undefined;
  /**
   * Keep this memory in sync with a `syncHandler` endpoint (`recallkit/postgres`): push local
   * changes, pull other devices' ones, offline-first. Needs `fetch`. `memory.sync()` runs a round now.
   */
  sync?: SyncOptions | undefined;
  /**
   * Facts about the user: durable statements read from user turns in the background (offline
   * rules by default; `extract: 'model'` adds a pass through the summarizer), kept across
   * sessions with their history, shown to the model in a "Known about the user" block of at
   * most `maxTokens` tokens (default 300), and managed with `listFacts`, `setFact`,
   * `forgetFact`. `true` turns them on with the defaults. Default: off.
   */
  facts?: FactsOptions | boolean | undefined;
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
  return openMemory(options, true);
}

/**
 * `createMemory` for one user of `createServerMemory`: the same engine, without the open's
 * probe of the store (a round trip per user's first call; its answer, `storageState()`, is not
 * part of a user's handle). The database is reached by the first call instead.
 * @internal
 */
export function createUserEngine(options: MemoryOptions): Promise<Memory> {
  return openMemory(options, false);
}

async function openMemory(options: MemoryOptions, probe: boolean): Promise<Memory> {
  if (!isPlainObject(options as unknown))
    throw new ValidationError('options', 'an object of createMemory options', options);
  checkOptionNames(options);
  const config = validateConfig(options.config, 'config');
  const contextRecall = checkContextRecall(options.contextRecall);
  const strategies = buildStrategies(options.profile);
  const summarizer =
    options.summarizer === undefined ? heuristicSummarizer() : toSummarizer(options.summarizer, 'summarizer');
  if (options.embedder !== undefined && typeof options.embedder !== 'function') {
    throw new ValidationError('embedder', 'a function (texts: string[]) => Promise<number[][]>', options.embedder);
  }
  if (
    options.embeddingModel !== undefined &&
    (typeof options.embeddingModel !== 'string' || !options.embeddingModel || options.embeddingModel.length > 200)
  ) {
    throw new ValidationError('embeddingModel', 'a non-empty string of at most 200 characters', options.embeddingModel);
  }
  if (options.calibrate !== undefined && typeof options.calibrate !== 'boolean') {
    throw new ValidationError('calibrate', 'a boolean', options.calibrate);
  }
  const { maxCachedSessions } = options;
  if (maxCachedSessions !== undefined && (!Number.isInteger(maxCachedSessions) || maxCachedSessions < 1)) {
    throw new ValidationError('maxCachedSessions', 'a positive integer', maxCachedSessions);
  }
  const { maxContentLength } = options;
  if (maxContentLength !== undefined && (!Number.isInteger(maxContentLength) || maxContentLength < 1)) {
    throw new ValidationError('maxContentLength', 'a positive integer (characters)', maxContentLength);
  }
  const syncOptions = checkSyncOptions(options.sync);
  const facts = checkFactsOptions(options.facts);
  const tokenizer = checkTokenizer(options.tokenizer);
  if (options.persist !== undefined && typeof options.persist !== 'boolean')
    throw new ValidationError('persist', 'a boolean', options.persist);
  const resolved = resolveStore(options.store, options.dbName, strategies.persistence, options.persist ?? false);
  // tiktoken (its WASM and ranks, the longest part of a start) loads while the store opens.
  const counting = resolveTokenizer(tokenizer);
  counting.catch(() => undefined); // awaited below; a failure is reported there
  // Opens the store now (and restores from the journal what it lost), before the engine reads it.
  const opened = await openDurability(
    resolved,
    options.durability,
    (options.dbName as string | undefined) ?? 'recallkit',
    undefined,
    probe,
  );
  let counter: TokenCounter;
  try {
    counter = await counting;
  } catch (error) {
    // A store made here is closed again; one the app passed in stays as the app left it.
    if (resolved !== options.store) await opened.store.close().catch(() => undefined);
    throw error;
  }
  const { state } = opened;
  const sync = prepareSync(syncOptions, opened.store, (options.dbName as string | undefined) ?? 'recallkit');
  const store = sync.store;
  const engine = createEngine({
    store,
    counter,
    summarizer,
    config,
    calibrate: options.calibrate ?? false,
    embedder: options.embedder,
    embeddingModel: options.embeddingModel,
    contextRecall,
    maxCachedSessions,
    maxContentLength,
    strategies: (live) => withManager(strategies, live),
    hooks: sync.hooks,
    facts: facts && {
      ...facts,
      extractor: defaultExtractor,
      vocabulary: defaultVocabulary,
      model: defaultModelExtractor,
    },
  });
  return sync.finish(withStorage(engine, store, state));
}

type ProfileStrategies = Omit<BuiltStrategies, 'longTerm'> & { longTerm: BuiltStrategies['longTerm'] | undefined };

function buildStrategies(profile: unknown): ProfileStrategies {
  if (profile === undefined)
    return { longTerm: undefined, shortTerm: [], persistence: 'INCREMENTAL', summariesNewestFirst: false };
  const built = createStrategies(parseProfile(profile, 'profile'));
  return {
    longTerm: built.longTerm,
    shortTerm: built.shortTerm,
    persistence: built.persistence,
    knowledgeBase: built.knowledgeBase,
    ...profileTraits(built.traits),
  };
}

/** With no profile, the Memory Manager's own compression runs with the live config. */
function withManager(s: ProfileStrategies, config: () => MemoryConfig): BuiltStrategies {
  return { ...s, longTerm: s.longTerm ?? [managerStrategy(config)] };
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
