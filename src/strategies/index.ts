/**
 * `recallkit/strategies`: add your own memory strategy, and the plug-in types to write one.
 * Register it in the thread that runs the engine (your worker entry, for `createWorkerMemory`),
 * then name its id in a profile like a built-in one.
 * @example
 * ```ts
 * import { registerStrategy, int } from 'recallkit/strategies';
 * registerStrategy('last_turns', {
 *   kind: 'short_term',
 *   fields: { turns: int(4, 1) },
 *   create: (config: { turns: number }) => ({
 *     id: 'last_turns',
 *     select: (selection) => ({ ...selection, interactions: selection.interactions.slice(-config.turns) }),
 *   }),
 * });
 * const memory = await createMemory({ profile: { short_term_memory_strategy: [{ memory_strategy_id: 'last_turns',
 * turns: 2 }] } });
 * ```
 * @module
 */
export { registerStrategy, strategyIds } from './strategy-registry.js';
export {
  STRATEGY_ID_KEYS,
  type StrategyKind,
  type StrategyDefinition,
  type ShortTermDefinition,
  type LongTermDefinition,
  type StrategyTraits,
  type StrategyConfig,
} from './strategy-definition.js';
export {
  int,
  fraction,
  oneOf,
  requiredString,
  stringOrNull,
  stringList,
  conditionList,
  nullable,
  nested,
  readFields,
  type Field,
  type FieldValues,
} from './profile/fields.js';
export { createStrategies, type Strategies, type KnowledgeBaseSetup } from './registry.js';
export { parseProfile } from './profile/profile.js';
export { fromHectorConfig } from './profile/hector.js';
export { validateConfig } from '../core/config.js';
export { profileTraits, type ProfileTraits } from './profile-traits.js';
export {
  SHORT_TERM_STRATEGY_IDS,
  LONG_TERM_STRATEGY_IDS,
  PERSISTENCE_STRATEGIES,
  KNOWLEDGE_BASE_SEARCH_MODES,
  type CustomShortTermConfig,
  type CustomLongTermConfig,
} from './profile/profile-types.js';
export { createMaxTokens } from './short-term/max-tokens.js';
export { createBufferWindow } from './short-term/buffer-window.js';
export { createSummarizer } from './long-term/summarizer.js';
export { createNeuralyzer } from './long-term/neuralyzer.js';
export { createSummaryBuffer } from './long-term/summary-buffer.js';
export { createRolling } from './long-term/rolling.js';
export type {
  LongTermStrategy,
  ShortTermStrategy,
  LongTermPlan,
  SummarizeRequest,
  SessionView,
  TriggerEvent,
  ContextSelection,
  ContextCost,
  InteractionIndex,
  PersistenceStrategy,
} from './types.js';
export { compileCondition, type CompiledCondition, type CompileConditionOptions } from '../conditions/compile.js';
