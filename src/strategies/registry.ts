/**
 * `createStrategies`: build a profile's strategies from their JSON, by id. Profiles travel as
 * plain JSON (across a worker boundary too) and are built wherever the engine runs.
 * @module
 */
import { parseProfile } from './profile/profile.js';
import type {
  KnowledgeBaseConfig,
  MemoryProfile,
  MemoryProfileInput,
  TextSplitterConfig,
} from './profile/profile-types.js';
import { STRATEGY_ID_KEYS, type StrategyKind, type StrategyTraits } from './strategy-definition.js';
import { strategyDefinition } from './strategy-registry.js';
import type { LongTermStrategy, PersistenceStrategy, ShortTermStrategy } from './types.js';

/** Where a strategy's summaries also go (knowledge-base support builds on this). */
export interface KnowledgeBaseSetup {
  /** The id of the strategy whose summaries are stored (`summarizer`). */
  strategy: string;
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
  /** What the strategies declared of themselves, in profile order (see `StrategyTraits`). */
  traits: { shortTerm: StrategyTraits[]; longTerm: StrategyTraits[] };
}

/** Build one strategy from its validated entry, with the traits its definition declares. */
function build<S>(kind: StrategyKind, config: object): { strategy: S; traits: StrategyTraits } {
  const id = (config as Record<string, unknown>)[STRATEGY_ID_KEYS[kind]] as string;
  // parseProfile has checked the id against the registry already.
  const definition = strategyDefinition(kind, id)!;
  return { strategy: definition.create(config as never) as S, traits: definition.traits?.(config as never) ?? {} };
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
  const shortTerm = parsed.short_term_memory_strategy.map((config) => build<ShortTermStrategy>('short_term', config));
  const longTerm = parsed.long_term_memory_strategy.map((config) => build<LongTermStrategy>('long_term', config));
  const strategies: Strategies = {
    longTerm: longTerm.map((b) => b.strategy),
    shortTerm: shortTerm.map((b) => b.strategy),
    persistence: parsed.persistence_strategy,
    traits: { shortTerm: shortTerm.map((b) => b.traits), longTerm: longTerm.map((b) => b.traits) },
  };
  const kb = longTerm.find((b) => b.traits.knowledgeBase);
  if (kb?.traits.knowledgeBase) strategies.knowledgeBase = { strategy: kb.strategy.id, ...kb.traits.knowledgeBase };
  return strategies;
}
