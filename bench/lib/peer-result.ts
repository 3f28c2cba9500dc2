/**
 * What a context benchmark reports for one subject at one history length.
 * @module
 */
import type { Latency } from './stats.js';

/** Latency of one context call and what it returned. */
export interface PeerResult {
  latency: Latency;
  /** Messages in the output. */
  kept?: number;
  /** Tokens of the output by OpenAI's chat rule. */
  tokens?: number;
  note?: string;
  /** The call was stopped at a deadline: `latency.median` is a lower bound. */
  lowerBound?: boolean;
  /** `latency.median` is an estimate (see `note`). */
  estimated?: boolean;
}

/** A single-value latency. */
export function oneValue(value: number): Latency {
  return { median: value, p95: value, runs: 1 };
}
