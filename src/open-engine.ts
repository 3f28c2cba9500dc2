/**
 * What every host of the engine shares: the engine's options, checked once, and the engine
 * made over a store that is already open. `createMemory` adds what only it can do (an IndexedDB
 * store, the OPFS journal, sync); a server's user engines (`server/user-engines.ts`) use this
 * alone, so a server never loads a browser store, and loads the facts extraction code with
 * `import()` only when facts are on.
 * @module
 */
import type {
  ContextRecallOptions,
  MemoryConfig,
  StoreAdapter,
  SummarizeCallback,
  Summarizer,
  TokenCounter,
} from './types.js';
import type { EngineMemory } from './memory.js';
import type { BuiltStrategies } from './core/engine.js';
import type { EngineHooks } from './core/engine-hooks.js';
import { createEngine } from './core/engine.js';
import { validateConfig } from './core/config.js';
import { checkContextRecall, type ResolvedRecall } from './core/context/context-options.js';
import { ValidationError } from './errors.js';
import { checkTokenizer, type TokenizerOption } from './tokens/resolve-tokenizer.js';
import { heuristicSummarizer } from './summarizers/heuristic.js';
import { toSummarizer } from './summarizers/callback.js';
import { managerStrategy } from './strategies/long-term/manager.js';
import { parseProfile } from './strategies/profile/profile.js';
import { createStrategies } from './strategies/registry.js';
import { profileTraits } from './strategies/profile-traits.js';
import type { MemoryProfileInput } from './strategies/profile/profile-types.js';
import type { FactsOptions } from './facts/types.js';
import { checkFactsOptions, type ResolvedFactsOptions } from './core/facts/facts-options.js';

/** The options of the engine itself, whatever host runs it (`createMemory` adds where it is stored). */
export interface EngineOptions {
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
   * Facts about the user: durable statements read from user turns in the background (offline
   * rules by default; `extract: 'model'` adds a pass through the summarizer), kept across
   * sessions with their history, shown to the model in a "Known about the user" block of at
   * most `maxTokens` tokens (default 300), and managed with `listFacts`, `setFact`,
   * `forgetFact`. `true` turns them on with the defaults. Default: off.
   */
  facts?: FactsOptions | boolean | undefined;
}

type ProfileStrategies = Omit<BuiltStrategies, 'longTerm'> & { longTerm: BuiltStrategies['longTerm'] | undefined };

/** The engine's options, checked: what {@link openEngine} builds from. */
export interface CheckedEngineOptions {
  /** The tokenizer option as given (checked); the host resolves it. */
  tokenizer: TokenizerOption | undefined;
  summarizer: Summarizer;
  config: ReturnType<typeof validateConfig>;
  strategies: ProfileStrategies;
  contextRecall: ResolvedRecall | undefined;
  embedder: ((texts: string[]) => Promise<number[][]>) | undefined;
  embeddingModel: string | undefined;
  calibrate: boolean;
  maxCachedSessions: number | undefined;
  maxContentLength: number | undefined;
  facts: ResolvedFactsOptions | undefined;
}

/**
 * Check the engine's options (the host checked the option names and its own options): a
 * `ValidationError` naming the first bad field.
 */
export function checkEngineOptions(options: EngineOptions): CheckedEngineOptions {
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
  return {
    tokenizer: checkTokenizer(options.tokenizer),
    summarizer,
    config,
    strategies,
    contextRecall,
    embedder: options.embedder,
    embeddingModel: options.embeddingModel,
    calibrate: options.calibrate ?? false,
    maxCachedSessions,
    maxContentLength,
    facts: checkFactsOptions(options.facts),
  };
}

/**
 * The facts extraction code (`facts/default-facts.ts`: the offline rules, the attribute
 * vocabulary, the model pass). `createMemory` and a server load it with `import()`, only when
 * facts are on (a worker bundled by Vite 8 keeps it in a chunk of its own, or inlined but not run).
 */
export type FactsCode = Pick<
  typeof import('./facts/default-facts.js'),
  'defaultExtractor' | 'defaultVocabulary' | 'defaultModelExtractor'
>;

/** Where the engine runs: an open store, the resolved tokenizer, and the hooks a store layer (sync) lends. */
export interface EngineHost {
  store: StoreAdapter;
  counter: TokenCounter;
  hooks?: ((hooks: EngineHooks) => void) | undefined;
  /** Needed when facts are on. */
  factsCode?: FactsCode | undefined;
}

/** The engine of `checked` over `host.store`. */
export function openEngine(checked: CheckedEngineOptions, host: EngineHost): EngineMemory {
  const { strategies, facts } = checked;
  const code = host.factsCode;
  if (facts && !code) throw new Error('recallkit: openEngine needs the facts code when facts are on');
  return createEngine({
    store: host.store,
    counter: host.counter,
    summarizer: checked.summarizer,
    config: checked.config,
    calibrate: checked.calibrate,
    embedder: checked.embedder,
    embeddingModel: checked.embeddingModel,
    contextRecall: checked.contextRecall,
    maxCachedSessions: checked.maxCachedSessions,
    maxContentLength: checked.maxContentLength,
    strategies: (live) => withManager(strategies, live),
    hooks: host.hooks,
    facts: facts &&
      code && {
        ...facts,
        extractor: code.defaultExtractor,
        vocabulary: code.defaultVocabulary,
        model: code.defaultModelExtractor,
      },
  });
}

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
