import type { MemoryConfig } from '../types.js';
import { ValidationError } from '../errors.js';
import { isPlainObject } from './checks/validate.js';

/**
 * The Memory Manager's defaults: compression thresholds and what a compression keeps, plus the
 * summarizer timeout, summary limit and retry backoff.
 */
export const DEFAULT_MEMORY_CONFIG: Readonly<MemoryConfig> = Object.freeze({
  maxEntries: 100,
  maxTokens: 50000,
  recentWindow: 10,
  minEntriesToCompress: 5,
  autoCompress: true,
  compressionRatio: 0.3,
  summarizeTimeoutMs: 120_000,
  maxSummaries: 10,
  compressionRetryMs: 2_000,
  compressionRetryMaxMs: 120_000,
});

type Rule = { kind: 'int'; min: number } | { kind: 'bool' } | { kind: 'ratio' };

const RULES: Record<keyof MemoryConfig, Rule> = {
  maxEntries: { kind: 'int', min: 1 },
  maxTokens: { kind: 'int', min: 1 },
  recentWindow: { kind: 'int', min: 0 },
  minEntriesToCompress: { kind: 'int', min: 1 },
  autoCompress: { kind: 'bool' },
  compressionRatio: { kind: 'ratio' },
  summarizeTimeoutMs: { kind: 'int', min: 0 },
  maxSummaries: { kind: 'int', min: 1 },
  compressionRetryMs: { kind: 'int', min: 0 },
  compressionRetryMaxMs: { kind: 'int', min: 0 },
};

/**
 * Validate a partial config: unknown keys and out-of-range values are refused with the field
 * named. Returns a copy holding only the given keys.
 */
export function validateConfig(input: unknown, path = 'config'): Partial<MemoryConfig> {
  if (input === undefined) return {};
  if (!isPlainObject(input)) throw new ValidationError(path, 'an object of Memory Manager settings', input);
  const out: Partial<MemoryConfig> = {};
  for (const [key, value] of Object.entries(input)) {
    // Own keys only: `constructor` or `__proto__` is an unknown setting, not Object's member.
    const rule = Object.hasOwn(RULES, key) ? RULES[key as keyof MemoryConfig] : undefined;
    const field = `${path}.${key}`;
    if (!rule) throw new ValidationError(field, `one of the known settings (${Object.keys(RULES).join(', ')})`, key);
    if (rule.kind === 'bool') {
      if (typeof value !== 'boolean') throw new ValidationError(field, 'a boolean', value);
    } else if (rule.kind === 'ratio') {
      if (typeof value !== 'number' || !(value > 0 && value < 1)) {
        throw new ValidationError(field, 'a number between 0 and 1 (exclusive)', value);
      }
    } else if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.min) {
      throw new ValidationError(field, `an integer >= ${rule.min}`, value);
    }
    (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
