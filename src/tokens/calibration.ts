/**
 * Calibration of RecallKit's token counts against what a provider reports. RecallKit counts
 * with tiktoken, exact for OpenAI models; Claude, Gemini and local models use other tokenizers,
 * so their `prompt_tokens` / `input_tokens` differ. Recording both numbers per request gives a
 * safe factor to shrink budgets by. Pure: plain JSON state, no I/O.
 * @module
 */
import { ValidationError } from '../errors.js';

/** Calibration state: plain JSON, safe to persist (e.g. in `localStorage`) between sessions. */
export interface CalibrationState {
  /** Samples recorded. */
  count: number;
  /** Mean of `promptTokens / estimated` over every sample (0 before any). */
  meanRatio: number;
  /** The newest sample's drift, `promptTokens / estimated - 1`: 0.15 = the provider counted 15% more. */
  lastDrift: number;
  /** The largest drift seen, i.e. the worst under-count (0 before any sample). */
  maxDrift: number;
  /** The newest ratios, oldest first, at most `window`: the quantile is taken over these. */
  ratios: number[];
  /** How many ratios are kept (default 50): older ones fall out, so a model change is followed. */
  window: number;
}

/** One request: RecallKit's estimate and the provider's count for the same prompt. */
export interface UsageSample {
  /**
   * RecallKit's count of what was sent: `getContextForLLM().tokenCount`, plus your own count
   * of anything else in the request (system prompt, tool definitions).
   */
  estimated: number;
  /** The provider's count: OpenAI `usage.prompt_tokens`, Anthropic `usage.input_tokens`, … */
  promptTokens: number;
}

/** Options of {@link correctionFactor}. */
export interface CorrectionOptions {
  /** Which ratio quantile to cover (default 0.95). */
  quantile?: number;
  /** Below this many samples the factor is 1 (default 3). */
  minSamples?: number;
  /** Upper clamp (default 2): a larger ratio means the estimate misses something. */
  max?: number;
}

/** An empty calibration keeping the newest `window` ratios (default 50). */
export function createCalibration(options: { window?: number } = {}): CalibrationState {
  const window = options.window ?? 50;
  if (!Number.isInteger(window) || window < 1) throw new ValidationError('window', 'an integer ≥ 1', window);
  return { count: 0, meanRatio: 0, lastDrift: 0, maxDrift: 0, ratios: [], window };
}

/**
 * Records one request and returns the new state (the given one is not changed).
 * @throws {ValidationError} when `estimated` is not a positive number or `promptTokens` a
 * non-negative one.
 * @example
 * calibration = recordUsage(calibration, { estimated: context.tokenCount, promptTokens: res.usage.input_tokens });
 */
export function recordUsage(state: CalibrationState, sample: UsageSample): CalibrationState {
  const { estimated, promptTokens } = sample;
  if (!Number.isFinite(estimated) || estimated <= 0) {
    throw new ValidationError('usage.estimated', 'a positive number', estimated);
  }
  if (!Number.isFinite(promptTokens) || promptTokens < 0) {
    throw new ValidationError('usage.promptTokens', 'a number ≥ 0', promptTokens);
  }
  const ratio = promptTokens / estimated;
  const drift = ratio - 1;
  const count = state.count + 1;
  return {
    count,
    meanRatio: state.meanRatio + (ratio - state.meanRatio) / count,
    lastDrift: drift,
    maxDrift: state.count === 0 ? drift : Math.max(state.maxDrift, drift),
    ratios: [...state.ratios, ratio].slice(-state.window),
    window: state.window,
  };
}

/**
 * A multiplier ≥ 1 for RecallKit's counts: the `quantile` (default 95th percentile) of the
 * recorded `provider / estimated` ratios, clamped to `[1, max]`; 1 until `minSamples` (3)
 * requests were recorded. It never lowers a count: over-counting is already safe.
 */
export function correctionFactor(state: CalibrationState, options: CorrectionOptions = {}): number {
  const { quantile = 0.95, minSamples = 3, max = 2 } = options;
  if (!(quantile >= 0 && quantile <= 1)) throw new ValidationError('quantile', 'a number from 0 to 1', quantile);
  if (!(max >= 1)) throw new ValidationError('max', 'a number ≥ 1', max);
  if (state.count < minSamples || state.ratios.length === 0) return 1;
  return Math.min(max, Math.max(1, quantileOf(state.ratios, quantile)));
}

/**
 * The budget to give RecallKit so the provider's count stays within `budget`:
 * `floor(budget / factor)`.
 * @example
 * const maxTokens = applyCorrection(200_000 - replyReserve, correctionFactor(calibration));
 * await memory.updateConfig({ maxTokens });
 */
export function applyCorrection(budget: number, factor: number): number {
  if (!(budget >= 0) || !Number.isFinite(budget)) throw new ValidationError('budget', 'a number ≥ 0', budget);
  if (!(factor > 0) || !Number.isFinite(factor)) throw new ValidationError('factor', 'a positive number', factor);
  const corrected = Math.floor(budget / factor);
  return corrected * factor > budget ? corrected - 1 : corrected; // float rounding
}

/** Linear-interpolated quantile (the common "type 7" definition). */
function quantileOf(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const lower = sorted[low] ?? 0;
  const upper = sorted[Math.min(low + 1, sorted.length - 1)] ?? lower;
  return lower + (upper - lower) * (position - low);
}
