/**
 * The built-in strategies as registry definitions: each id's profile fields (with their
 * documented defaults), its factory, and the traits the host asks for. The registry registers them
 * first, through the same `registerStrategy` users call.
 * @module
 */
import { ValidationError } from '../errors.js';
import { createBufferWindow } from './short-term/buffer-window.js';
import {
  checkBelow,
  conditionList,
  expectObject,
  fraction,
  int,
  nested,
  nullable,
  oneOf,
  readFields,
  requiredString,
  stringList,
  stringOrNull,
} from './profile/fields.js';
import { createMaxTokens } from './short-term/max-tokens.js';
import { createNeuralyzer } from './long-term/neuralyzer.js';
import {
  KNOWLEDGE_BASE_SEARCH_MODES,
  type BufferWindowConfig,
  type KnowledgeBaseConfig,
  type MaxTokensConfig,
  type NeuralyzerConfig,
  type RollingConfig,
  type SummarizerConfig,
  type SummaryBufferConfig,
  type TextSplitterConfig,
} from './profile/profile-types.js';
import { createRolling } from './long-term/rolling.js';
import type { LongTermDefinition, ShortTermDefinition } from './strategy-definition.js';
import { createSummarizer } from './long-term/summarizer.js';
import { createSummaryBuffer } from './long-term/summary-buffer.js';

const DISABLED = '-1 or 0 = disabled';

/** The trigger fields `summarizer` and `neuralyzer` share, with that strategy's defaults. */
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
  return readFields(
    value,
    path,
    {
      collection_id: requiredString(),
      search_mode: oneOf(KNOWLEDGE_BASE_SEARCH_MODES, 'always'),
      top_k: int(3, 1),
    },
    'knowledge_base',
  );
}

function readTextSplitter(value: unknown, path: string): TextSplitterConfig {
  const raw = value === null ? {} : expectObject(value, path);
  const fields = readFields(
    raw,
    path,
    {
      chunk_size: int(1000, 1),
      chunk_overlap: nullable(int(0, 0)),
      separators: nullable(stringList()),
    },
    'text_splitter',
  );
  // An omitted overlap follows the chunk size so a small chunk_size alone stays valid.
  const overlap = fields.chunk_overlap ?? Math.min(200, Math.floor(fields.chunk_size / 5));
  if (overlap >= fields.chunk_size) {
    throw new ValidationError(
      `${path}.chunk_overlap`,
      `an integer less than chunk_size (${fields.chunk_size})`,
      overlap,
    );
  }
  return { chunk_size: fields.chunk_size, chunk_overlap: overlap, separators: fields.separators };
}

const maxTokens: ShortTermDefinition<MaxTokensConfig> = {
  kind: 'short_term',
  fields: {
    memory_max_tokens: int(10000, -1, '-1 = include nothing'),
    conditions: conditionList(['message']),
  },
  create: createMaxTokens,
  traits: (config) => ({ contextBudget: Math.max(0, config.memory_max_tokens) }),
};

const bufferWindow: ShortTermDefinition<BufferWindowConfig> = {
  kind: 'short_term',
  fields: { window_size: int(20, 1) },
  create: createBufferWindow,
};

const summarizer: LongTermDefinition<SummarizerConfig> = {
  kind: 'long_term',
  fields: {
    ...triggerFields(20, 20000),
    cod_max_loops: int(5, 1),
    instructions: stringOrNull(),
    knowledge_base: nested(readKnowledgeBase, () => null),
    text_splitter: nested(readTextSplitter, (path) => readTextSplitter(null, path)),
  },
  create: createSummarizer,
  traits: (config) =>
    config.knowledge_base
      ? { knowledgeBase: { knowledgeBase: config.knowledge_base, textSplitter: config.text_splitter } }
      : {},
};

const neuralyzer: LongTermDefinition<NeuralyzerConfig> = {
  kind: 'long_term',
  fields: triggerFields(-1, -1),
  create: createNeuralyzer,
};

const summaryBuffer: LongTermDefinition<SummaryBufferConfig> = {
  kind: 'long_term',
  fields: {
    budget: int(2000, 1),
    threshold: fraction(0.8, 0, 1),
    target: fraction(0.6, 0, 1),
  },
  check: (config, path) => checkBelow(config.target, config.threshold, `${path}.target`, 'threshold'),
  create: createSummaryBuffer,
  traits: (config) => ({ historyBudget: config.budget }),
};

const rolling: LongTermDefinition<RollingConfig> = {
  kind: 'long_term',
  fields: {
    window: int(21, 1),
    max_summaries: int(3, 0),
  },
  create: createRolling,
  traits: (config) => ({ summariesNewestFirst: true, pendingWindow: config.window }),
};

/** The built-in strategies by id, in the order errors list them. */
export const BUILTIN_STRATEGIES = {
  max_tokens: maxTokens,
  buffer_window: bufferWindow,
  summarizer,
  neuralyzer,
  summary_buffer: summaryBuffer,
  rolling,
} as const;
