import type { SessionMeta, TokenDrift } from '../types.js';
import { ValidationError } from '../errors.js';
import { correctionFactor, createCalibration, recordUsage } from '../tokens/calibration.js';
import { isPlainObject } from './checks/validate.js';

/**
 * Record a provider's prompt token count against RecallKit's estimate of the same request
 * (`usage.estimatedTokens`, or the current context's `tokenCount`). Returns the new meta.
 */
export function recordUsageInMeta(
  meta: SessionMeta,
  usage: { promptTokens: number; estimatedTokens?: number },
  contextTokens: number,
): SessionMeta {
  if (!isPlainObject(usage)) throw new ValidationError('usage', 'an object { promptTokens, estimatedTokens? }', usage);
  const { promptTokens, estimatedTokens } = usage as { promptTokens: unknown; estimatedTokens?: unknown };
  // Each field is named by its own check, before the estimate is taken from the context.
  if (typeof promptTokens !== 'number' || !Number.isFinite(promptTokens) || promptTokens < 0)
    throw new ValidationError(
      'usage.promptTokens',
      'a finite number >= 0 (the provider reported prompt tokens)',
      promptTokens,
    );
  if (
    estimatedTokens !== undefined &&
    (typeof estimatedTokens !== 'number' || !Number.isFinite(estimatedTokens) || estimatedTokens <= 0)
  )
    throw new ValidationError('usage.estimatedTokens', 'a finite number > 0, or no estimatedTokens', estimatedTokens);
  const estimated = estimatedTokens ?? contextTokens;
  if (estimated <= 0)
    throw new ValidationError(
      'usage.estimatedTokens',
      'a positive estimate (the context is empty: pass estimatedTokens)',
      estimated,
    );
  const calibration = recordUsage(meta.calibration ?? createCalibration(), {
    estimated,
    promptTokens,
  });
  return { ...meta, calibration };
}

/** The drift a session's reports show, for `getStats`. */
export function driftOf(meta: SessionMeta): TokenDrift | undefined {
  const c = meta.calibration;
  if (!c || c.count === 0) return undefined;
  return {
    samples: c.count,
    meanRatio: c.meanRatio,
    lastDrift: c.lastDrift,
    maxDrift: c.maxDrift,
    correctionFactor: correctionFactor(c),
  };
}

/** The factor budgets are divided by when calibration is on (1 when off or before 3 reports). */
export function budgetScale(meta: SessionMeta, calibrate: boolean): number {
  return calibrate && meta.calibration ? correctionFactor(meta.calibration) : 1;
}
