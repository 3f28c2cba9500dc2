/**
 * The shape of a strategy definition given to `registerStrategy`: its kind, profile fields,
 * factory and the traits the host asks for. Types only (and the id keys), so the registry
 * and the built-in definitions both import it without a cycle.
 * @module
 */
import type { Field } from './profile/fields.js';
import type { KnowledgeBaseConfig, TextSplitterConfig } from './profile/profile-types.js';
import type { LongTermStrategy, ShortTermStrategy } from './types.js';

/** `short_term` strategies narrow the context; `long_term` ones summarize or erase history. */
export type StrategyKind = 'short_term' | 'long_term';

/** The key naming a strategy's id in its profile entry, by kind. */
export const STRATEGY_ID_KEYS = { short_term: 'memory_strategy_id', long_term: 'long_term_memory_id' } as const;

/** The profile list holding each kind. */
export const STRATEGY_LISTS = {
  short_term: 'short_term_memory_strategy',
  long_term: 'long_term_memory_strategy',
} as const;

/**
 * What the host needs to know about a strategy built from a config, beyond its `select` or
 * `plan`. Every property is optional: a strategy declaring none is simply consulted.
 */
export interface StrategyTraits {
  /**
   * Short-term: the token budget of the whole context this strategy keeps (`max_tokens`).
   * Recall in the context and a knowledge base's recalled message fit inside the smallest one.
   */
  contextBudget?: number;
  /**
   * Long-term: the token budget of the history this strategy keeps (`summary_buffer`). Recall
   * in the context counts inside it, and while its summary is pending the context is held
   * under it.
   */
  historyBudget?: number;
  /**
   * Long-term: while this strategy's summary is made, the context shows the newest `pendingWindow` turns (`rolling`).
   */
  pendingWindow?: number;
  /** Long-term: the context lists summaries newest first (`rolling`). */
  summariesNewestFirst?: boolean;
  /**
   * Long-term: this strategy's summaries are also split into a knowledge base recalled into the context
   * (`summarizer`).
   */
  knowledgeBase?: { knowledgeBase: KnowledgeBaseConfig; textSplitter: TextSplitterConfig };
}

/** A validated profile entry: its id key, and every field of the definition with defaults applied. */
export type StrategyConfig = Readonly<Record<string, unknown>>;

interface DefinitionBase<C> {
  /**
   * The fields of the profile entry besides its id, each with its check and default
   * (`int`, `fraction`, `oneOf`, `stringList`, `conditionList` … from `recallkit/strategies`).
   * Any other key in the entry is refused, naming the accepted ones.
   */
  fields: Readonly<Record<string, Field<unknown>>>;
  /** Checks across fields after each was read (throw a `ValidationError` naming `path.field`). */
  check?(config: C, path: string): void;
  /** What the host should know about the strategy this config builds. */
  traits?(config: C): StrategyTraits;
}

/** A short-term strategy: `create` returns an object with `select` (see `ShortTermStrategy`). */
export interface ShortTermDefinition<C = never> extends DefinitionBase<C> {
  kind: 'short_term';
  create(config: C): ShortTermStrategy;
}

/** A long-term strategy: `create` returns an object with `plan` (see `LongTermStrategy`). */
export interface LongTermDefinition<C = never> extends DefinitionBase<C> {
  kind: 'long_term';
  create(config: C): LongTermStrategy;
}

/** What {@link registerStrategy} takes: the strategy's kind, fields and factory. */
export type StrategyDefinition<C = never> = ShortTermDefinition<C> | LongTermDefinition<C>;
