/**
 * `createStrategies`: build a profile's strategies from their JSON, by id. Profiles travel as
 * plain JSON (across a worker boundary too) and are built wherever the engine runs.
 * @module
 */
import { createBufferWindow } from './short-term/buffer-window.js';
import { createMaxTokens } from './short-term/max-tokens.js';
import { createNeuralyzer } from './long-term/neuralyzer.js';
import { parseProfile } from './profile/profile.js';
import type {
  KnowledgeBaseConfig,
  LongTermConfig,
  MemoryProfile,
  MemoryProfileInput,
  ShortTermConfig,
  TextSplitterConfig,
} from './profile/profile-types.js';
import { createRolling } from './long-term/rolling.js';
import { createSummarizer } from './long-term/summarizer.js';
import { createSummaryBuffer } from './long-term/summary-buffer.js';
import type { LongTermStrategy, PersistenceStrategy, ShortTermStrategy } from './types.js';

/** Where a summarizer's summaries also go (knowledge-base support builds on this). */
export interface KnowledgeBaseSetup {
  /** The strategy whose summaries are stored. */
  strategy: 'summarizer';
  knowledgeBase: KnowledgeBaseConfig;
  textSplitter: TextSplitterConfig;
}

/** A profile's strategies, built and ready for the engine. */
export interface Strategies {
  /** Consulted in profile order after each add and on `compress()`. */
  longTerm: LongTermStrategy[];
  /** Applied in profile order to narrow what the model sees. */
  shortTerm: ShortTermStrategy[];
  persistence: PersistenceStrategy;
  /** Present when a summarizer names a `knowledge_base`. */
  knowledgeBase?: KnowledgeBaseSetup;
}

type Factories<C, K extends keyof C, S> = {
  [Id in C[K] & string]: (config: Extract<C, Record<K, Id>>) => S;
};

/** Long-term strategy factories by `long_term_memory_id`. */
const longTermFactories: Factories<LongTermConfig, 'long_term_memory_id', LongTermStrategy> = {
  summarizer: createSummarizer,
  neuralyzer: createNeuralyzer,
  summary_buffer: createSummaryBuffer,
  rolling: createRolling,
};

/** Short-term strategy factories by `memory_strategy_id`. */
const shortTermFactories: Factories<ShortTermConfig, 'memory_strategy_id', ShortTermStrategy> = {
  max_tokens: createMaxTokens,
  buffer_window: createBufferWindow,
};

function buildLongTerm(config: LongTermConfig): LongTermStrategy {
  const factory = longTermFactories[config.long_term_memory_id] as (config: LongTermConfig) => LongTermStrategy;
  return factory(config);
}

function buildShortTerm(config: ShortTermConfig): ShortTermStrategy {
  const factory = shortTermFactories[config.memory_strategy_id] as (config: ShortTermConfig) => ShortTermStrategy;
  return factory(config);
}

/**
 * Build the strategies a profile names. The profile is validated first (a parsed
 * {@link MemoryProfile} passes unchanged), so raw JSON received in a worker is safe to give.
 * @throws ValidationError for an invalid profile.
 * @example
 * const { longTerm, shortTerm, persistence } = createStrategies({
 *   short_term_memory_strategy: [{ memory_strategy_id: 'buffer_window', window_size: 20 }],
 *   long_term_memory_strategy: [{ long_term_memory_id: 'rolling', window: 21, max_summaries: 3 }],
 * });
 */
export function createStrategies(profile: MemoryProfile | MemoryProfileInput): Strategies {
  const parsed = parseProfile(profile);
  const strategies: Strategies = {
    longTerm: parsed.long_term_memory_strategy.map(buildLongTerm),
    shortTerm: parsed.short_term_memory_strategy.map(buildShortTerm),
    persistence: parsed.persistence_strategy,
  };
  for (const config of parsed.long_term_memory_strategy) {
    if (config.long_term_memory_id === 'summarizer' && config.knowledge_base) {
      strategies.knowledgeBase = { strategy: 'summarizer', knowledgeBase: config.knowledge_base, textSplitter: config.text_splitter };
      break;
    }
  }
  return strategies;
}
