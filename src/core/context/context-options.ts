import type { ContextRecallOptions, RecallScope } from '../../types.js';
import { checkQuery } from '../checks/query-bound.js';
import { ValidationError } from '../../errors.js';
import { isPlainObject } from '../checks/validate.js';

/** Recall settings of one context, defaults filled in. */
export interface ResolvedRecall {
  maxTokens: number;
  scope: RecallScope;
  topK: number;
}

/** What one `getContextForLLM` call asks beyond the profile's context. */
export interface ContextPlan {
  /** Recall in the context, when on. */
  recall?: ResolvedRecall;
  /** What to recall for (default: the newest user message). */
  query?: string;
  /** Hard cap on the whole context. */
  maxTokens?: number;
}

/** Recall hits considered for the block when `topK` is not given. */
export const DEFAULT_CONTEXT_TOPK = 40;
/** Recall's share when a call turns it on without a size: at most this, at most half the cap. */
const DEFAULT_RECALL_TOKENS = 1000;
/** The smallest cap: room for a cut user message, its marker and the reply priming. */
export const MIN_CONTEXT_TOKENS = 32;

const OPTION_KEYS = ['format', 'query', 'recall', 'maxTokens'];

function tokens(value: unknown, field: string, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new ValidationError(field, `an integer of at least ${min} (tokens)`, value);
  }
  return value;
}

function scope(value: unknown, field: string): RecallScope {
  if (value !== 'session' && value !== 'all') throw new ValidationError(field, "'session' or 'all'", value);
  return value;
}

function onlyKeys(value: Record<string, unknown>, keys: readonly string[], field: string): void {
  for (const k of Object.keys(value)) {
    if (!keys.includes(k))
      throw new ValidationError(`${field}.${k}`, `one of the known options (${keys.join(', ')})`, k);
  }
}

/** Validate `createMemory({ contextRecall })`. */
export function checkContextRecall(value: unknown, field = 'contextRecall'): ResolvedRecall | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) throw new ValidationError(field, 'an object { maxTokens, scope?, topK? }', value);
  onlyKeys(value, ['maxTokens', 'scope', 'topK'], field);
  const o = value as Partial<ContextRecallOptions>;
  return {
    maxTokens: tokens(o.maxTokens, `${field}.maxTokens`, 1),
    scope: o.scope === undefined ? 'session' : scope(o.scope, `${field}.scope`),
    topK: o.topK === undefined ? DEFAULT_CONTEXT_TOPK : checkTopK(o.topK, `${field}.topK`),
  };
}

function checkTopK(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1000) {
    throw new ValidationError(field, 'an integer from 1 to 1000', value);
  }
  return value;
}

/**
 * Validate `getContextForLLM` options against the memory's `contextRecall`: the call's
 * `recall` overrides it (`false` turns it off), and `maxTokens` caps the whole context.
 */
export function planContext(options: unknown, defaults: ResolvedRecall | undefined): ContextPlan {
  if (options === undefined) return defaults ? { recall: defaults } : {};
  if (!isPlainObject(options))
    throw new ValidationError('options', 'an object { format?, query?, recall?, maxTokens? }', options);
  onlyKeys(options, OPTION_KEYS, 'options');
  const plan: ContextPlan = {};
  if (options.maxTokens !== undefined)
    plan.maxTokens = tokens(options.maxTokens, 'options.maxTokens', MIN_CONTEXT_TOKENS);
  if (options.query !== undefined) {
    plan.query = checkQuery(options.query, 'options.query');
  }
  const r = options.recall;
  if (r === false) return plan;
  if (r === undefined) {
    if (defaults) plan.recall = defaults;
    return plan;
  }
  if (!isPlainObject(r)) throw new ValidationError('options.recall', 'false or an object { maxTokens?, scope? }', r);
  onlyKeys(r, ['maxTokens', 'scope'], 'options.recall');
  const fallback =
    plan.maxTokens === undefined
      ? DEFAULT_RECALL_TOKENS
      : Math.min(DEFAULT_RECALL_TOKENS, Math.floor(plan.maxTokens / 2));
  plan.recall = {
    maxTokens:
      r.maxTokens === undefined
        ? (defaults?.maxTokens ?? fallback)
        : tokens(r.maxTokens, 'options.recall.maxTokens', 1),
    scope: r.scope === undefined ? (defaults?.scope ?? 'session') : scope(r.scope, 'options.recall.scope'),
    topK: defaults?.topK ?? DEFAULT_CONTEXT_TOPK,
  };
  return plan;
}
