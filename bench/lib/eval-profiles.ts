/**
 * The profiles the context evaluation compares, with the settings of CONTRACT.md's example
 * profile, and how a budget applies to each: inside the profile where it has a token budget
 * (`max_tokens`, `summary_buffer`), otherwise as the per-call `maxTokens` cap.
 * @module
 */
import type { EvalMemoryOptions } from './eval-engine.js';

/** One profile of the evaluation. */
export interface EvalProfile {
  /** Row label. */
  name: string;
  /** Engine options for a budget (the budget is ignored by profiles without one). */
  options(budget: number): EvalMemoryOptions;
  /** The profile holds the budget itself: one engine per budget; else one engine, per-call caps. */
  ownBudget: boolean;
}

const shortTerm = (strategy: object) => ({ profile: { short_term_memory_strategy: [strategy] } });
const longTerm = (strategy: object) => ({ profile: { long_term_memory_strategy: [strategy] } });

/** Every profile, truncation first. */
export const PROFILES: readonly EvalProfile[] = [
  {
    name: 'truncation (max_tokens)',
    ownBudget: true,
    options: (b) => shortTerm({ memory_strategy_id: 'max_tokens', memory_max_tokens: b }),
  },
  {
    name: 'buffer_window 20',
    ownBudget: false,
    options: () => shortTerm({ memory_strategy_id: 'buffer_window', window_size: 20 }),
  },
  { name: 'Memory Manager (default)', ownBudget: false, options: () => ({}) },
  {
    name: 'summarizer 20/keep 3',
    ownBudget: false,
    options: () =>
      longTerm({
        long_term_memory_id: 'summarizer',
        interaction_threshold_qty: 20,
        cod_max_loops: 5,
        interaction_keep: 3,
      }),
  },
  {
    name: 'summary_buffer',
    ownBudget: true,
    options: (b) => longTerm({ long_term_memory_id: 'summary_buffer', budget: b, threshold: 0.8, target: 0.6 }),
  },
  {
    name: 'rolling 21/3',
    ownBudget: false,
    options: () => longTerm({ long_term_memory_id: 'rolling', window: 21, max_summaries: 3 }),
  },
  {
    name: 'neuralyzer 30/keep 5',
    ownBudget: false,
    options: () => longTerm({ long_term_memory_id: 'neuralyzer', interaction_threshold_qty: 30, interaction_keep: 5 }),
  },
];

/** The whole history, no budget: the reference row. */
export const FULL_HISTORY: EvalProfile = {
  name: 'full history (no budget)',
  ownBudget: true,
  options: () => shortTerm({ memory_strategy_id: 'max_tokens', memory_max_tokens: 100_000_000 }),
};

/** Row label of the naive splice baseline. */
export const SPLICE = 'naive splice (recall top hits)';

/** Where a method's rows go in the tables: the profiles in order, then the references. */
export function methodRank(method: string): number {
  const i = PROFILES.findIndex((p) => p.name === method);
  return i >= 0 ? i : method === SPLICE ? PROFILES.length : PROFILES.length + 1;
}
