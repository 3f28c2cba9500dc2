/**
 * The shapes of a memory profile: JSON (snake_case) naming a short-term and long-term
 * strategies by id. {@link MemoryProfile} is the resolved form, every default filled
 * in; {@link MemoryProfileInput} is what users write. Both are plain JSON.
 * @module
 */
import type { PersistenceStrategy } from '../types.js';

/** Ids accepted in `short_term_memory_strategy[].memory_strategy_id`. */
export const SHORT_TERM_STRATEGY_IDS = ['max_tokens', 'buffer_window'] as const;

/** Ids accepted in `long_term_memory_strategy[].long_term_memory_id`. */
export const LONG_TERM_STRATEGY_IDS = ['summarizer', 'neuralyzer', 'summary_buffer', 'rolling'] as const;

/** Values of `persistence_strategy` (default `INCREMENTAL`). */
export const PERSISTENCE_STRATEGIES = [
  'INCREMENTAL',
  'FLUSH',
  'EPHEMERAL',
] as const satisfies readonly PersistenceStrategy[];

/** Values of `knowledge_base.search_mode`: the knowledge base is searched on every context. */
export const KNOWLEDGE_BASE_SEARCH_MODES = ['always'] as const;

/** `max_tokens`: keep the newest whole interactions that fit a token budget. */
export interface MaxTokensConfig {
  memory_strategy_id: 'max_tokens';
  /** Token budget of the whole request; `-1` = include nothing. Default 10000. */
  memory_max_tokens: number;
  /** Expressions over `message`; a message failing any is left out. Default `[]`. */
  conditions: string[];
}

/** `buffer_window`: keep the newest `window_size` chat messages. */
export interface BufferWindowConfig {
  memory_strategy_id: 'buffer_window';
  /** Messages kept. Default 20. */
  window_size: number;
}

/** A short-term strategy entry. */
export type ShortTermConfig = MaxTokensConfig | BufferWindowConfig;

/**
 * The trigger fields `summarizer` and `neuralyzer` share. A threshold fires when the
 * count exceeds it; `-1` and `0` disable it.
 */
export interface TriggerConfig {
  /** Fire when the context the model would receive exceeds this many tokens. Default 0 (off). */
  input_tokens_threshold: number;
  /** Fire when more active interactions (human turns) than this are counted. */
  interaction_threshold_qty: number;
  /** Fire when the counted active interactions hold more tokens than this. */
  interaction_threshold_tokens: number;
  /** Fire when a result of one of these tools arrives without error. Default `[]`. */
  on_tools_success_threshold: string[];
  /** Fire when a result of one of these tools arrives with an error. Default `[]`. */
  on_tools_error_threshold: string[];
  /** Newest interactions left untouched when the strategy runs. Default 0. */
  interaction_keep: number;
  /** Expressions over `interaction`: only interactions passing all count toward thresholds. */
  interaction_conditions: string[];
}

/** Where summaries are also stored for retrieval (used by knowledge-base support). */
export interface KnowledgeBaseConfig {
  collection_id: string;
  /** Default `always`. */
  search_mode: (typeof KNOWLEDGE_BASE_SEARCH_MODES)[number];
  /** Results retrieved per search. Default 3. */
  top_k: number;
}

/** How summaries are split before they enter a knowledge base. */
export interface TextSplitterConfig {
  /** Characters per chunk. Default 1000. */
  chunk_size: number;
  /** Characters shared by neighbouring chunks, less than `chunk_size`. Default 200. */
  chunk_overlap: number;
  /** Split points tried in order; `null` = paragraphs, lines, sentences, words. */
  separators: string[] | null;
}

/** `summarizer`: Chain of Density summary of everything but the newest `interaction_keep`. */
export interface SummarizerConfig extends TriggerConfig {
  long_term_memory_id: 'summarizer';
  /** Densification passes, one summarizer call each. Default 5. */
  cod_max_loops: number;
  /** Extra instructions in every pass's prompt. Default null. */
  instructions: string | null;
  knowledge_base: KnowledgeBaseConfig | null;
  text_splitter: TextSplitterConfig;
}

/** `neuralyzer`: erase everything but the newest `interaction_keep` interactions. */
export interface NeuralyzerConfig extends TriggerConfig {
  long_term_memory_id: 'neuralyzer';
}

/** `summary_buffer`: summarize the oldest messages when the context outgrows a share of a token budget. */
export interface SummaryBufferConfig {
  long_term_memory_id: 'summary_buffer';
  /** Token budget of the history. Default 2000. */
  budget: number;
  /** Summarize when the context exceeds `threshold × budget`. Default 0.8. */
  threshold: number;
  /** Summarize down to `target × budget`; less than `threshold`. Default 0.6. */
  target: number;
}

/** `rolling`: a window of the newest interactions plus a few block summaries. */
export interface RollingConfig {
  long_term_memory_id: 'rolling';
  /** Interactions in the window. Default 21. */
  window: number;
  /** Summaries kept, oldest dropped first; 0 = slide only. Default 3. */
  max_summaries: number;
}

/** A long-term strategy entry. */
export type LongTermConfig = SummarizerConfig | NeuralyzerConfig | SummaryBufferConfig | RollingConfig;

/**
 * The entry of a short-term strategy added with `registerStrategy`: its id and the fields its
 * definition reads (checked there, not by this type).
 */
export interface CustomShortTermConfig {
  memory_strategy_id: string;
  [field: string]: unknown;
}

/** The entry of a long-term strategy added with `registerStrategy` (see {@link CustomShortTermConfig}). */
export interface CustomLongTermConfig {
  long_term_memory_id: string;
  [field: string]: unknown;
}

/**
 * A validated profile with every default applied. Plain JSON: it crosses a worker unchanged.
 * The lists are typed by the built-in entries; an entry of a strategy added with
 * `registerStrategy` is there too, with its own id and fields (read it as a
 * {@link CustomShortTermConfig} / {@link CustomLongTermConfig}).
 */
export interface MemoryProfile {
  short_term_memory_strategy: ShortTermConfig[];
  long_term_memory_strategy: LongTermConfig[];
  persistence_strategy: PersistenceStrategy;
}

/** Makes every field but the discriminator optional. */
type Loose<T, K extends keyof T> = Pick<T, K> & { [P in Exclude<keyof T, K>]?: T[P] };

/**
 * A profile as users write it: the JSON with any default left out, optionally wrapped
 * as `{ profile: {...} }`, or a working-memory `{ memory: {...} }` block.
 */
export type MemoryProfileInput =
  | {
      short_term_memory_strategy?:
        | (
            | Loose<MaxTokensConfig, 'memory_strategy_id'>
            | Loose<BufferWindowConfig, 'memory_strategy_id'>
            | CustomShortTermConfig
          )[]
        | null;
      long_term_memory_strategy?:
        | (
            | (Loose<Omit<SummarizerConfig, 'knowledge_base' | 'text_splitter'>, 'long_term_memory_id'> & {
                knowledge_base?: Loose<KnowledgeBaseConfig, 'collection_id'> | null;
                text_splitter?: Partial<TextSplitterConfig> | null;
              })
            | Loose<NeuralyzerConfig, 'long_term_memory_id'>
            | Loose<SummaryBufferConfig, 'long_term_memory_id'>
            | Loose<RollingConfig, 'long_term_memory_id'>
            | CustomLongTermConfig
          )[]
        | null;
      persistence_strategy?: PersistenceStrategy;
    }
  | { profile: MemoryProfileInput }
  | { memory: HectorMemoryConfig | null };

/** A working-memory `memory:` block, as `fromHectorConfig` reads it. */
export interface HectorMemoryConfig {
  /** Default `summary_buffer`. */
  strategy?: 'summary_buffer' | 'buffer_window';
  /** Default 2000. */
  budget?: number;
  /** Default 0.8. */
  threshold?: number;
  /** Default 0.6. */
  target?: number;
  /** Default 20. */
  window_size?: number;
}
