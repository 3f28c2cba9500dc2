/**
 * The plug-in shapes of memory strategies. A strategy is a factory returning a plain object
 * (unstorage drivers, valibot actions): built from JSON config inside whichever thread runs
 * the engine, never sent across `postMessage`.
 * @module
 */
import type { Interaction, MemoryEntry, MemorySummary } from '../types.js';

/** What a long-term strategy sees when it decides. Read-only: strategies never mutate it. */
export interface SessionView {
  readonly sessionId: string;
  /** Active interactions, oldest first (an index-0 preamble first when present). */
  readonly interactions: readonly Interaction[];
  /** Kept summaries, oldest first. */
  readonly summaries: readonly MemorySummary[];
  /** Interactions started over the session's life (the newest interaction's index). */
  readonly interactionCount: number;
  /** Tokens of the context the model would receive now (`getContextForLLM().tokenCount`). */
  contextTokens(): number;
  /** This strategy's own persisted state (JSON), `{}` at first. */
  readonly state: Readonly<Record<string, unknown>>;
}

/** Why strategies are being consulted. */
export interface TriggerEvent {
  /** `add`: after an entry was added; `manual`: `compress()` was called. */
  reason: 'add' | 'manual';
  /** The entry just added (`add` only). */
  entry?: MemoryEntry;
}

/** A summary a plan asks the engine to make. */
export interface SummarizeRequest {
  /** Entries whose content is summarized, oldest first. */
  entries: MemoryEntry[];
  /** Summaries folded into the new one (their text enters the prompt; they are dropped after). */
  foldSummaries?: MemorySummary[];
  /** Chain of Density passes (1 = one plain summarization call). */
  passes: number;
  /** Extra instructions that go into every pass's prompt. */
  instructions?: string;
  /** Target size of the summary in tokens (a hint in the prompt). */
  targetTokens?: number;
  /** Rolling strategy: the interaction indexes covered. */
  range?: { startIndex: number; endIndex: number };
  /** Mark `entries` compressed and linked to the new summary. */
  markCompressed: boolean;
}

/** What a long-term strategy wants done. The engine applies it in one atomic store write. */
export interface LongTermPlan {
  /** Make a summary. */
  summarize?: SummarizeRequest;
  /**
   * Mark entries compressed without summarizing them now (a rolling window sliding).
   * `summaryId` links them to an existing summary, or to the one this plan makes when `'new'`.
   */
  evict?: { entryIds: string[]; summaryId?: string }[];
  /** Delete these entries for good (`neuralyzer`). */
  erase?: string[];
  /** Delete these summaries (a rolling strategy over its limit). */
  dropSummaryIds?: string[];
  /** The strategy's new persisted state. */
  state?: Record<string, unknown>;
}

/** A long-term strategy: decides, after each add or on `compress()`, what to summarize or erase. */
export interface LongTermStrategy {
  /** `manager`, `summarizer`, `neuralyzer`, `summary_buffer`, `rolling`. */
  readonly id: string;
  /** Return a plan, or `undefined` when nothing is due. Pure: no I/O. */
  plan(view: SessionView, event: TriggerEvent): LongTermPlan | undefined;
}

/**
 * Where the pinned entries and tool call ids of an interactions array sit, by position in that
 * array, so a strategy can honour pins and tool pairs without scanning the whole history.
 */
export interface InteractionIndex {
  /** Positions of the interactions holding a pinned entry, ascending. */
  readonly pinned: readonly number[];
  /** For each tool call id, the positions of the interactions holding a call or result with it, ascending. */
  readonly calls: ReadonlyMap<string, readonly number[]>;
}

/** What short-term strategies narrow: the history and summaries that would reach the model. */
export interface ContextSelection {
  /** Interactions to send, oldest first; an interaction's `entries` may be a filtered subset. */
  interactions: Interaction[];
  /** Summaries to send, oldest first. */
  summaries: MemorySummary[];
  /**
   * The index of exactly this `interactions` array, when the engine keeps one (it does for the
   * first strategy). Absent, a strategy builds it. A strategy's result never carries it.
   */
  index?: InteractionIndex;
}

/** Token arithmetic a short-term strategy needs, from cached counts (no encoding). */
export interface ContextCost {
  /** Tokens of an interaction's entries as chat messages, framing included. */
  interaction(interaction: Interaction): number;
  /** Tokens of a summary as a system message, framing included. */
  summary(summary: MemorySummary): number;
  /** Fixed tokens of every request (reply priming). */
  readonly base: number;
}

/** A short-term strategy: narrows what the model sees. Pure, and never splits a tool pair. */
export interface ShortTermStrategy {
  /** `max_tokens`, `buffer_window`. */
  readonly id: string;
  select(selection: ContextSelection, cost: ContextCost): ContextSelection;
}

/** When a session is written to the store (a profile's `persistence_strategy`). */
export type PersistenceStrategy = 'INCREMENTAL' | 'FLUSH' | 'EPHEMERAL';
