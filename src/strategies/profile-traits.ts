/**
 * `profileTraits`: what the engine needs to know about a profile's strategies as a whole,
 * gathered from the traits each strategy declares (never from its id).
 * @module
 */
import type { StrategyTraits } from './strategy-definition.js';

/** The engine settings that follow from a profile's strategy traits. */
export interface ProfileTraits {
  /** List summaries newest first in the context. */
  summariesNewestFirst: boolean;
  /** The smallest short-term context budget, when a strategy declares one. */
  contextBudget: number | undefined;
  /** The smallest token budget of the profile (context or history): recall in the context counts inside it. */
  tokenBudget: number | undefined;
  /** The first long-term history budget: entries waiting for a background summary leave a context above it. */
  pendingBudget: number | undefined;
  /** The first long-term pending window: while its summary is made, the context shows the newest turns. */
  pendingWindow: number | undefined;
}

const smallest = (values: number[]): number | undefined => (values.length ? Math.min(...values) : undefined);

/** Combine the traits of a profile's short-term and long-term strategies, in profile order. */
export function profileTraits(traits: {
  shortTerm: readonly StrategyTraits[];
  longTerm: readonly StrategyTraits[];
}): ProfileTraits {
  const budgets = traits.shortTerm.flatMap((t) => (t.contextBudget === undefined ? [] : [t.contextBudget]));
  const history = traits.longTerm.flatMap((t) => (t.historyBudget === undefined ? [] : [t.historyBudget]));
  return {
    summariesNewestFirst: traits.longTerm.some((t) => t.summariesNewestFirst === true),
    contextBudget: smallest(budgets),
    tokenBudget: smallest([...budgets, ...history]),
    pendingBudget: history[0],
    pendingWindow: traits.longTerm.find((t) => t.pendingWindow !== undefined)?.pendingWindow,
  };
}
