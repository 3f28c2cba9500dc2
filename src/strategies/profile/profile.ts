/**
 * `parseProfile`: validate a memory profile (snake_case JSON, `{ profile }`-wrapped, or a
 * working-memory `{ memory }` block) and fill in every strategy's defaults.
 * @module
 */
import { ValidationError } from '../../errors.js';
import { expectObject, oneOf, readFields, refuseUnknownKeys, type Field } from './fields.js';
import { fromHectorConfig } from './hector.js';
import {
  PERSISTENCE_STRATEGIES,
  type HectorMemoryConfig,
  type LongTermConfig,
  type MemoryProfile,
  type ShortTermConfig,
} from './profile-types.js';
import { STRATEGY_ID_KEYS, STRATEGY_LISTS, type StrategyKind } from '../strategy-definition.js';
import { strategyDefinition, strategyIds } from '../strategy-registry.js';

/**
 * Read one strategy entry of `kind`: its id must be registered for that kind (the error lists
 * the known ids, and says where an id of the other kind belongs), then the definition's fields.
 */
function readStrategy(kind: StrategyKind, value: unknown, path: string): Record<string, unknown> {
  const object = expectObject(value, path);
  const key = STRATEGY_ID_KEYS[kind];
  const other: StrategyKind = kind === 'short_term' ? 'long_term' : 'short_term';
  const id = object[key];
  const definition = typeof id === 'string' ? strategyDefinition(kind, id) : undefined;
  if (!definition) {
    const known = `one of the known ids ${strategyIds(kind)
      .map((v) => JSON.stringify(v))
      .join(', ')}`;
    const hint =
      typeof id === 'string' && strategyIds(other).includes(id)
        ? ` (${JSON.stringify(id)} belongs in ${STRATEGY_LISTS[other]})`
        : '';
    throw new ValidationError(`${path}.${key}`, known + hint, id);
  }
  const spec: Record<string, Field<unknown>> = { [key]: { read: () => id, fallback: () => id }, ...definition.fields };
  const config = readFields(object, path, spec, JSON.stringify(id));
  definition.check?.(config as never, path);
  return config;
}

// A registered strategy's entry is typed as a built-in one (see MemoryProfile).
function readShortTerm(value: unknown, path: string): ShortTermConfig {
  return readStrategy('short_term', value, path) as unknown as ShortTermConfig;
}

function readLongTerm(value: unknown, path: string): LongTermConfig {
  return readStrategy('long_term', value, path) as unknown as LongTermConfig;
}

function readList<T>(value: unknown, path: string, read: (item: unknown, path: string) => T): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ValidationError(path, 'an array of strategy objects', value);
  return value.map((item, i) => read(item, `${path}[${i}]`));
}

const PROFILE_KEYS = ['short_term_memory_strategy', 'long_term_memory_strategy', 'persistence_strategy'];

/**
 * Validate a memory profile and apply every strategy's defaults. Accepts the profile JSON
 * (snake_case), the same wrapped as `{ profile: {...} }`, or a `{ memory: {...} }` block.
 * Conditions are compiled now, so a malformed one is refused here with its position.
 * @throws ValidationError naming the offending field path and what was expected.
 * @example
 * const profile = parseProfile({
 *   short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 8000 }],
 *   long_term_memory_strategy: [{ long_term_memory_id: 'summarizer', interaction_keep: 3 }],
 * });
 */
export function parseProfile(input: unknown, path = 'profile'): MemoryProfile {
  const object = expectObject(input, path);
  if ('profile' in object) {
    refuseUnknownKeys(object, ['profile'], path, 'a wrapped profile');
    return parseProfile(object.profile, `${path}.profile`);
  }
  if ('memory' in object) {
    refuseUnknownKeys(object, ['memory'], path, 'a Hector memory block');
    return fromHectorConfig(object.memory as HectorMemoryConfig | null, `${path}.memory`);
  }
  refuseUnknownKeys(object, PROFILE_KEYS, path, 'a profile');
  const longTerm = readList(object.long_term_memory_strategy, `${path}.long_term_memory_strategy`, readLongTerm);
  longTerm.forEach((config, i) => {
    // Strategy state and summaries are kept per id: two of one kind would fight over them.
    if (longTerm.findIndex((other) => other.long_term_memory_id === config.long_term_memory_id) !== i) {
      throw new ValidationError(
        `${path}.long_term_memory_strategy[${i}].long_term_memory_id`,
        'an id not already used in this list',
        config.long_term_memory_id,
      );
    }
  });
  return {
    short_term_memory_strategy: readList(
      object.short_term_memory_strategy,
      `${path}.short_term_memory_strategy`,
      readShortTerm,
    ),
    long_term_memory_strategy: longTerm,
    persistence_strategy:
      object.persistence_strategy === undefined
        ? 'INCREMENTAL'
        : oneOf(PERSISTENCE_STRATEGIES, 'INCREMENTAL').read(
            object.persistence_strategy,
            `${path}.persistence_strategy`,
          ),
  };
}
