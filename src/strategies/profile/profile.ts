/**
 * `parseProfile`: validate a memory profile (snake_case JSON, `{ profile }`-wrapped, or a
 * working-memory `{ memory }` block) and fill in every strategy's defaults.
 * @module
 */
import { ValidationError } from '../../errors.js';
import {
  checkBelow,
  conditionList,
  expectObject,
  fraction,
  int,
  literal,
  nested,
  nullable,
  oneOf,
  readFields,
  refuseUnknownKeys,
  requiredString,
  stringList,
  stringOrNull,
  type Field,
} from './fields.js';
import { fromHectorConfig } from './hector.js';
import {
  KNOWLEDGE_BASE_SEARCH_MODES,
  LONG_TERM_STRATEGY_IDS,
  PERSISTENCE_STRATEGIES,
  SHORT_TERM_STRATEGY_IDS,
  type HectorMemoryConfig,
  type KnowledgeBaseConfig,
  type LongTermConfig,
  type MemoryProfile,
  type ShortTermConfig,
  type TextSplitterConfig,
} from './profile-types.js';

const DISABLED = '-1 or 0 = disabled';

/** The trigger fields every Alquimia long-term strategy shares, with that strategy's defaults. */
function triggerFields(qty: number, tokens: number) {
  return {
    input_tokens_threshold: int(0, -1, DISABLED),
    interaction_threshold_qty: int(qty, -1, DISABLED),
    interaction_threshold_tokens: int(tokens, -1, DISABLED),
    on_tools_success_threshold: stringList('a tool name (string)'),
    on_tools_error_threshold: stringList('a tool name (string)'),
    interaction_keep: int(0, 0),
    interaction_conditions: conditionList(['interaction']),
  };
}

function readKnowledgeBase(value: unknown, path: string): KnowledgeBaseConfig | null {
  if (value === null) return null;
  return readFields(value, path, {
    collection_id: requiredString(),
    search_mode: oneOf(KNOWLEDGE_BASE_SEARCH_MODES, 'always'),
    top_k: int(3, 1),
  }, 'knowledge_base');
}

function readTextSplitter(value: unknown, path: string): TextSplitterConfig {
  const raw = value === null ? {} : expectObject(value, path);
  const fields = readFields(raw, path, {
    chunk_size: int(1000, 1),
    chunk_overlap: nullable(int(0, 0)),
    separators: nullable(stringList()),
  }, 'text_splitter');
  // An omitted overlap follows the chunk size so a small chunk_size alone stays valid.
  const overlap = fields.chunk_overlap ?? Math.min(200, Math.floor(fields.chunk_size / 5));
  if (overlap >= fields.chunk_size) {
    throw new ValidationError(`${path}.chunk_overlap`, `an integer less than chunk_size (${fields.chunk_size})`, overlap);
  }
  return { chunk_size: fields.chunk_size, chunk_overlap: overlap, separators: fields.separators };
}

const shortTermSpecs = {
  max_tokens: {
    memory_strategy_id: literal('max_tokens'),
    memory_max_tokens: int(10000, -1, '-1 = include nothing'),
    conditions: conditionList(['message']),
  },
  buffer_window: {
    memory_strategy_id: literal('buffer_window'),
    window_size: int(20, 1),
  },
} satisfies Record<ShortTermConfig['memory_strategy_id'], Record<string, Field<unknown>>>;

const longTermSpecs = {
  summarizer: {
    long_term_memory_id: literal('summarizer'),
    ...triggerFields(20, 20000),
    cod_max_loops: int(5, 1),
    instructions: stringOrNull(),
    knowledge_base: nested(readKnowledgeBase, () => null),
    text_splitter: nested(readTextSplitter, (path) => readTextSplitter(null, path)),
  },
  neuralyzer: {
    long_term_memory_id: literal('neuralyzer'),
    ...triggerFields(-1, -1),
  },
  summary_buffer: {
    long_term_memory_id: literal('summary_buffer'),
    budget: int(2000, 1),
    threshold: fraction(0.8, 0, 1),
    target: fraction(0.6, 0, 1),
  },
  rolling: {
    long_term_memory_id: literal('rolling'),
    window: int(21, 1),
    max_summaries: int(3, 0),
  },
} satisfies Record<LongTermConfig['long_term_memory_id'], Record<string, Field<unknown>>>;

function readId<T extends string>(object: Record<string, unknown>, key: string, ids: readonly T[], other: readonly string[], otherList: string, path: string): T {
  const id = object[key];
  if (typeof id === 'string' && (ids as readonly string[]).includes(id)) return id as T;
  const known = `one of the known ids ${ids.map((v) => JSON.stringify(v)).join(', ')}`;
  const hint = typeof id === 'string' && other.includes(id) ? ` (${JSON.stringify(id)} belongs in ${otherList})` : '';
  throw new ValidationError(`${path}.${key}`, known + hint, id);
}

function readShortTerm(value: unknown, path: string): ShortTermConfig {
  const object = expectObject(value, path);
  const id = readId(object, 'memory_strategy_id', SHORT_TERM_STRATEGY_IDS, LONG_TERM_STRATEGY_IDS, 'long_term_memory_strategy', path);
  return readFields(object, path, shortTermSpecs[id], JSON.stringify(id));
}

function readLongTerm(value: unknown, path: string): LongTermConfig {
  const object = expectObject(value, path);
  const id = readId(object, 'long_term_memory_id', LONG_TERM_STRATEGY_IDS, SHORT_TERM_STRATEGY_IDS, 'short_term_memory_strategy', path);
  const what = JSON.stringify(id);
  switch (id) {
    case 'summarizer':
      return readFields(object, path, longTermSpecs.summarizer, what);
    case 'neuralyzer':
      return readFields(object, path, longTermSpecs.neuralyzer, what);
    case 'rolling':
      return readFields(object, path, longTermSpecs.rolling, what);
    case 'summary_buffer': {
      const config = readFields(object, path, longTermSpecs.summary_buffer, what);
      checkBelow(config.target, config.threshold, `${path}.target`, 'threshold');
      return config;
    }
  }
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
    refuseUnknownKeys(object, ['memory'], path, "a Hector memory block");
    return fromHectorConfig(object.memory as HectorMemoryConfig | null, `${path}.memory`);
  }
  refuseUnknownKeys(object, PROFILE_KEYS, path, 'a profile');
  const longTerm = readList(object.long_term_memory_strategy, `${path}.long_term_memory_strategy`, readLongTerm);
  longTerm.forEach((config, i) => {
    // Strategy state and summaries are kept per id: two of one kind would fight over them.
    if (longTerm.findIndex((other) => other.long_term_memory_id === config.long_term_memory_id) !== i) {
      throw new ValidationError(`${path}.long_term_memory_strategy[${i}].long_term_memory_id`, 'an id not already used in this list', config.long_term_memory_id);
    }
  });
  return {
    short_term_memory_strategy: readList(object.short_term_memory_strategy, `${path}.short_term_memory_strategy`, readShortTerm),
    long_term_memory_strategy: longTerm,
    persistence_strategy: object.persistence_strategy === undefined
      ? 'INCREMENTAL'
      : oneOf(PERSISTENCE_STRATEGIES, 'INCREMENTAL').read(object.persistence_strategy, `${path}.persistence_strategy`),
  };
}
