/**
 * `createMemory({ facts })`, checked: the block's size and how facts are extracted, with the
 * defaults filled in. Refused with a `ValidationError` naming the field.
 * @module
 */
import type { FactExtractMode, FactsOptions } from '../../facts/types.js';
import { ValidationError } from '../../errors.js';
import { isPlainObject } from '../checks/validate.js';
import { DEFAULT_FACTS_TOKENS } from './facts-block.js';

/** The facts options with their defaults. */
export interface ResolvedFactsOptions {
  maxTokens: number;
  extract: FactExtractMode;
}

/** Validate the `facts` option (`undefined`: facts are off). `true` turns them on with the defaults. */
export function checkFactsOptions(value: unknown, field = 'facts'): ResolvedFactsOptions | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return { maxTokens: DEFAULT_FACTS_TOKENS, extract: 'rules' };
  if (!isPlainObject(value))
    throw new ValidationError(field, "an object { maxTokens?, extract?: 'rules' | 'model' }", value);
  for (const k of Object.keys(value))
    if (k !== 'maxTokens' && k !== 'extract')
      throw new ValidationError(`${field}.${k}`, 'one of the known options (maxTokens, extract)', k);
  const o = value as FactsOptions;
  if (o.maxTokens !== undefined && (!Number.isInteger(o.maxTokens) || o.maxTokens < 0))
    throw new ValidationError(
      `${field}.maxTokens`,
      'an integer >= 0 (tokens; 0 keeps facts out of the context)',
      o.maxTokens,
    );
  if (o.extract !== undefined && o.extract !== 'rules' && o.extract !== 'model')
    throw new ValidationError(`${field}.extract`, "'rules' or 'model'", o.extract);
  return { maxTokens: o.maxTokens ?? DEFAULT_FACTS_TOKENS, extract: o.extract ?? 'rules' };
}
