import { describe, expect, it } from 'vitest';
import { ExpressionError, ValidationError } from '../../src/errors.js';
import { fromHectorConfig } from '../../src/strategies/profile/hector.js';
import { parseProfile } from '../../src/strategies/profile/profile.js';
import { createStrategies } from '../../src/strategies/registry.js';

/** The ValidationError a call throws (fails the test when it throws nothing else). */
function thrown(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('expected a throw');
}

const summarizerDefaults = {
  input_tokens_threshold: 0,
  interaction_threshold_qty: 20,
  interaction_threshold_tokens: 20000,
  on_tools_success_threshold: [],
  on_tools_error_threshold: [],
  interaction_keep: 0,
  interaction_conditions: [],
  cod_max_loops: 5,
  instructions: null,
  knowledge_base: null,
  text_splitter: { chunk_size: 1000, chunk_overlap: 200, separators: null },
};

describe('parseProfile: Alquimia examples verbatim', () => {
  it('max_tokens (concepts page)', () => {
    const profile = parseProfile(
      JSON.parse(
        '{ "short_term_memory_strategy": [ { "memory_strategy_id": "max_tokens", "memory_max_tokens": 8000 } ]}',
      ),
    );
    expect(profile).toEqual({
      short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 8000, conditions: [] }],
      long_term_memory_strategy: [],
      persistence_strategy: 'INCREMENTAL',
    });
  });

  it('summarizer with a knowledge base (concepts page)', () => {
    const profile = parseProfile(
      JSON.parse(
        `{ "long_term_memory_strategy": [ { "long_term_memory_id": "summarizer", "interaction_threshold_qty": 20, "interaction_threshold_tokens": 20000, "cod_max_loops": 5, "interaction_keep": 3, "instructions": "Focus on action items and decisions made.", "knowledge_base": { "collection_id": "session-summaries", "search_mode": "always" } } ]}`,
      ),
    );
    expect(profile.long_term_memory_strategy).toEqual([
      {
        long_term_memory_id: 'summarizer',
        ...summarizerDefaults,
        interaction_keep: 3,
        instructions: 'Focus on action items and decisions made.',
        knowledge_base: { collection_id: 'session-summaries', search_mode: 'always', top_k: 3 },
      },
    ]);
  });

  it('neuralyzer (concepts page) keeps its -1 token default', () => {
    const profile = parseProfile(
      JSON.parse(
        '{ "long_term_memory_strategy": [ { "long_term_memory_id": "neuralyzer", "interaction_threshold_qty": 30, "interaction_keep": 5 } ]}',
      ),
    );
    expect(profile.long_term_memory_strategy[0]).toEqual({
      long_term_memory_id: 'neuralyzer',
      input_tokens_threshold: 0,
      interaction_threshold_qty: 30,
      interaction_threshold_tokens: -1,
      on_tools_success_threshold: [],
      on_tools_error_threshold: [],
      interaction_keep: 5,
      interaction_conditions: [],
    });
  });

  it('the combining example, wrapped in { profile }', () => {
    const profile = parseProfile(
      JSON.parse(
        `{ "profile": { "short_term_memory_strategy": [ { "memory_strategy_id": "max_tokens", "memory_max_tokens": 8000 } ], "long_term_memory_strategy": [ { "long_term_memory_id": "summarizer", "interaction_threshold_qty": 20, "cod_max_loops": 3, "interaction_keep": 2 } ] }}`,
      ),
    );
    expect(profile.short_term_memory_strategy).toEqual([
      { memory_strategy_id: 'max_tokens', memory_max_tokens: 8000, conditions: [] },
    ]);
    expect(profile.long_term_memory_strategy).toEqual([
      { long_term_memory_id: 'summarizer', ...summarizerDefaults, cod_max_loops: 3, interaction_keep: 2 },
    ]);
  });

  it('the reference page entries (max_tokens with conditions, summarizer with top_k, neuralyzer)', () => {
    const profile = parseProfile({
      short_term_memory_strategy: [
        JSON.parse(
          `{ "memory_strategy_id": "max_tokens", "memory_max_tokens": 8000, "conditions": ["message.role != 'tool'"]}`,
        ),
      ],
      long_term_memory_strategy: [
        JSON.parse(
          `{ "long_term_memory_id": "summarizer", "interaction_threshold_qty": 15, "interaction_threshold_tokens": 15000, "cod_max_loops": 3, "interaction_keep": 2, "instructions": "Focus on decisions made and action items.", "knowledge_base": { "collection_id": "session-memory", "search_mode": "always", "top_k": 3 }}`,
        ),
        JSON.parse('{ "long_term_memory_id": "neuralyzer", "interaction_threshold_qty": 30, "interaction_keep": 5}'),
      ],
    });
    expect(profile.short_term_memory_strategy[0]).toEqual({
      memory_strategy_id: 'max_tokens',
      memory_max_tokens: 8000,
      conditions: ["message.role != 'tool'"],
    });
    expect(profile.long_term_memory_strategy[0]).toMatchObject({
      interaction_threshold_qty: 15,
      interaction_threshold_tokens: 15000,
      knowledge_base: { top_k: 3 },
    });
  });

  it("the contract's profile with every id and a persistence strategy", () => {
    const profile = parseProfile({
      short_term_memory_strategy: [
        { memory_strategy_id: 'max_tokens', memory_max_tokens: 8000, conditions: ["message.role != 'tool'"] },
        { memory_strategy_id: 'buffer_window', window_size: 20 },
      ],
      long_term_memory_strategy: [
        { long_term_memory_id: 'summarizer', interaction_threshold_qty: 20, cod_max_loops: 5, interaction_keep: 3 },
        { long_term_memory_id: 'neuralyzer', interaction_threshold_qty: 30, interaction_keep: 5 },
        { long_term_memory_id: 'summary_buffer', budget: 2000, threshold: 0.8, target: 0.6 },
        { long_term_memory_id: 'rolling', window: 21, max_summaries: 3 },
      ],
      persistence_strategy: 'FLUSH',
    });
    expect(profile.persistence_strategy).toBe('FLUSH');
    const built = createStrategies(profile);
    expect(built.shortTerm.map((s) => s.id)).toEqual(['max_tokens', 'buffer_window']);
    expect(built.longTerm.map((s) => s.id)).toEqual(['summarizer', 'neuralyzer', 'summary_buffer', 'rolling']);
    expect(built.persistence).toBe('FLUSH');
    expect(built.knowledgeBase).toBeUndefined();
  });
});

describe('parseProfile: defaults', () => {
  it('fills every seed default', () => {
    const profile = parseProfile({
      short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens' }, { memory_strategy_id: 'buffer_window' }],
      long_term_memory_strategy: [
        { long_term_memory_id: 'summarizer' },
        { long_term_memory_id: 'neuralyzer' },
        { long_term_memory_id: 'summary_buffer' },
        { long_term_memory_id: 'rolling' },
      ],
    });
    expect(profile.short_term_memory_strategy).toEqual([
      { memory_strategy_id: 'max_tokens', memory_max_tokens: 10000, conditions: [] },
      { memory_strategy_id: 'buffer_window', window_size: 20 },
    ]);
    const [summarizer, neuralyzer, summaryBuffer, rolling] = profile.long_term_memory_strategy;
    expect(summarizer).toEqual({ long_term_memory_id: 'summarizer', ...summarizerDefaults });
    expect(neuralyzer).toMatchObject({
      interaction_threshold_qty: -1,
      interaction_threshold_tokens: -1,
      interaction_keep: 0,
    });
    expect(summaryBuffer).toEqual({ long_term_memory_id: 'summary_buffer', budget: 2000, threshold: 0.8, target: 0.6 });
    expect(rolling).toEqual({ long_term_memory_id: 'rolling', window: 21, max_summaries: 3 });
    expect(profile.persistence_strategy).toBe('INCREMENTAL');
  });

  it('an empty profile runs no strategy', () => {
    expect(parseProfile({})).toEqual({
      short_term_memory_strategy: [],
      long_term_memory_strategy: [],
      persistence_strategy: 'INCREMENTAL',
    });
  });

  it('a parsed profile parses to itself (it travels as JSON)', () => {
    const once = parseProfile({
      long_term_memory_strategy: [{ long_term_memory_id: 'summarizer', knowledge_base: { collection_id: 'kb' } }],
    });
    expect(parseProfile(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });

  it('text_splitter: a small chunk_size alone gets a smaller overlap', () => {
    const profile = parseProfile({
      long_term_memory_strategy: [{ long_term_memory_id: 'summarizer', text_splitter: { chunk_size: 100 } }],
    });
    expect(profile.long_term_memory_strategy[0]).toMatchObject({
      text_splitter: { chunk_size: 100, chunk_overlap: 20 },
    });
  });

  it('createStrategies exposes a knowledge base setup', () => {
    const built = createStrategies({
      long_term_memory_strategy: [
        {
          long_term_memory_id: 'summarizer',
          knowledge_base: { collection_id: 'notes', search_mode: 'always', top_k: 5 },
        },
      ],
    });
    expect(built.knowledgeBase).toEqual({
      strategy: 'summarizer',
      knowledgeBase: { collection_id: 'notes', search_mode: 'always', top_k: 5 },
      textSplitter: { chunk_size: 1000, chunk_overlap: 200, separators: null },
    });
  });
});

describe('parseProfile: refusals', () => {
  it('an unknown strategy id lists the known ones', () => {
    const error = thrown(() => parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'forget_all' }] }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.field).toBe('profile.long_term_memory_strategy[0].long_term_memory_id');
    for (const id of ['summarizer', 'neuralyzer', 'summary_buffer', 'rolling']) expect(error.message).toContain(id);
    expect(error.message).toContain('"forget_all"');
    const short = thrown(() => parseProfile({ short_term_memory_strategy: [{ memory_strategy_id: 'summarizer' }] }));
    expect(short.message).toMatch(/max_tokens.*buffer_window.*belongs in long_term_memory_strategy/);
  });

  it('an unknown field is named as such, with the fields the strategy accepts', () => {
    const error = thrown(() =>
      parseProfile({ short_term_memory_strategy: [{ memory_strategy_id: 'buffer_window', memory_max_messages: 20 }] }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.field).toBe('profile.short_term_memory_strategy[0].memory_max_messages');
    expect(error.message).toBe(
      'profile.short_term_memory_strategy[0].memory_max_messages: unknown field "memory_max_messages"; ' +
        '"buffer_window" accepts memory_strategy_id, window_size',
    );
    expect(thrown(() => parseProfile({ persistence: 'FLUSH' })).message).toBe(
      'profile.persistence: unknown field "persistence"; a profile accepts ' +
        'short_term_memory_strategy, long_term_memory_strategy, persistence_strategy',
    );
  });

  it('a wrong type names the field path', () => {
    const error = thrown(() =>
      parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'summarizer', interaction_keep: '3' }] }),
    );
    expect(error.field).toBe('profile.long_term_memory_strategy[0].interaction_keep');
    expect(error.message).toContain(
      'profile.long_term_memory_strategy[0].interaction_keep: expected an integer ≥ 0, received "3"',
    );
    expect(
      thrown(() => parseProfile({ short_term_memory_strategy: { memory_strategy_id: 'max_tokens' } })).message,
    ).toContain('profile.short_term_memory_strategy: expected an array');
    expect(thrown(() => parseProfile([])).message).toContain('profile: expected an object');
    expect(
      thrown(() =>
        parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'summarizer', cod_max_loops: 2.5 }] }),
      ).message,
    ).toContain('cod_max_loops');
  });

  it('unknown keys are refused, naming the key and the allowed ones', () => {
    const error = thrown(() =>
      parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'rolling', windows: 21 }] }),
    );
    expect(error.field).toBe('profile.long_term_memory_strategy[0].windows');
    expect(error.message).toContain('long_term_memory_id, window, max_summaries');
    expect(thrown(() => parseProfile({ short_term_memory: [] })).message).toContain(
      'short_term_memory_strategy, long_term_memory_strategy, persistence_strategy',
    );
    expect(thrown(() => parseProfile({ profile: {}, extra: 1 })).field).toBe('profile.extra');
  });

  it('negative budgets are refused, -1 only where it means something', () => {
    expect(
      parseProfile({ short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: -1 }] })
        .short_term_memory_strategy[0],
    ).toMatchObject({ memory_max_tokens: -1 });
    expect(
      thrown(() =>
        parseProfile({ short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: -2 }] }),
      ).message,
    ).toContain('-1 = include nothing');
    expect(
      thrown(() => parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'summary_buffer', budget: -1 }] }))
        .field,
    ).toBe('profile.long_term_memory_strategy[0].budget');
    expect(
      thrown(() =>
        parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'summarizer', interaction_keep: -1 }] }),
      ).field,
    ).toContain('interaction_keep');
    expect(
      thrown(() =>
        parseProfile({ short_term_memory_strategy: [{ memory_strategy_id: 'buffer_window', window_size: 0 }] }),
      ).field,
    ).toContain('window_size');
    expect(
      parseProfile({
        long_term_memory_strategy: [{ long_term_memory_id: 'neuralyzer', interaction_threshold_tokens: -1 }],
      }),
    ).toBeTruthy();
    expect(
      thrown(() =>
        parseProfile({
          long_term_memory_strategy: [{ long_term_memory_id: 'neuralyzer', interaction_threshold_qty: -5 }],
        }),
      ).message,
    ).toContain('-1 or 0 = disabled');
  });

  it('summary_buffer threshold/target must be fractions with target < threshold', () => {
    const lt = (extra: object) => ({
      long_term_memory_strategy: [{ long_term_memory_id: 'summary_buffer', ...extra }],
    });
    expect(thrown(() => parseProfile(lt({ threshold: 1.2 }))).field).toBe(
      'profile.long_term_memory_strategy[0].threshold',
    );
    expect(thrown(() => parseProfile(lt({ target: -0.1 }))).field).toBe('profile.long_term_memory_strategy[0].target');
    const inverted = thrown(() => parseProfile(lt({ threshold: 0.5, target: 0.6 })));
    expect(inverted.message).toContain('less than threshold (0.5)');
  });

  it('a malformed condition is refused at load with its position', () => {
    const error = thrown(() =>
      parseProfile({
        short_term_memory_strategy: [
          { memory_strategy_id: 'max_tokens', conditions: ["message.role != 'tool'", 'message.role ==== 1'] },
        ],
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.field).toBe('profile.short_term_memory_strategy[0].conditions[1]');
    expect(error.message).toMatch(/at position \d+/);
    expect(error.cause).toBeInstanceOf(ExpressionError);
    // Conditions only see their own variable.
    const wrongName = thrown(() =>
      parseProfile({
        long_term_memory_strategy: [
          { long_term_memory_id: 'summarizer', interaction_conditions: ["message.role == 'user'"] },
        ],
      }),
    );
    expect(wrongName.field).toBe('profile.long_term_memory_strategy[0].interaction_conditions[0]');
    const hostile = thrown(() =>
      parseProfile({
        short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', conditions: ['message.__class__'] }],
      }),
    );
    expect(hostile.message).toMatch(/position/);
  });

  it('knowledge_base and text_splitter are validated', () => {
    const kb = (value: unknown) => ({
      long_term_memory_strategy: [{ long_term_memory_id: 'summarizer', knowledge_base: value }],
    });
    expect(thrown(() => parseProfile(kb({ search_mode: 'always' }))).field).toBe(
      'profile.long_term_memory_strategy[0].knowledge_base.collection_id',
    );
    expect(thrown(() => parseProfile(kb({ collection_id: 'c', search_mode: 'sometimes' }))).message).toContain(
      '"always"',
    );
    expect(thrown(() => parseProfile(kb({ collection_id: 'c', top_k: 0 }))).field).toContain('top_k');
    const split = thrown(() =>
      parseProfile({
        long_term_memory_strategy: [
          { long_term_memory_id: 'summarizer', text_splitter: { chunk_size: 100, chunk_overlap: 100 } },
        ],
      }),
    );
    expect(split.message).toContain('text_splitter.chunk_overlap: expected an integer less than chunk_size (100)');
  });

  it('refuses two long-term strategies with the same id and an unknown persistence', () => {
    const twice = thrown(() =>
      parseProfile({
        long_term_memory_strategy: [{ long_term_memory_id: 'rolling' }, { long_term_memory_id: 'rolling' }],
      }),
    );
    expect(twice.field).toBe('profile.long_term_memory_strategy[1].long_term_memory_id');
    expect(thrown(() => parseProfile({ persistence_strategy: 'incremental' })).message).toContain(
      '"INCREMENTAL", "FLUSH", "EPHEMERAL"',
    );
  });
});

describe('Hector adapter', () => {
  const summaryBuffer = (budget: number, threshold: number, target: number) => ({
    short_term_memory_strategy: [],
    long_term_memory_strategy: [{ long_term_memory_id: 'summary_buffer', budget, threshold, target }],
    persistence_strategy: 'INCREMENTAL',
  });

  it('example 1: an empty memory block means summary_buffer with Hector defaults', () => {
    expect(fromHectorConfig(null)).toEqual(summaryBuffer(2000, 0.8, 0.6));
    expect(fromHectorConfig({})).toEqual(summaryBuffer(2000, 0.8, 0.6));
    expect(parseProfile({ memory: null })).toEqual(summaryBuffer(2000, 0.8, 0.6));
  });

  it('example 2: extended conversations (budget 3000)', () => {
    expect(fromHectorConfig({ strategy: 'summary_buffer', budget: 3000 })).toEqual(summaryBuffer(3000, 0.8, 0.6));
  });

  it('example 3: testing bot with buffer_window 15 → short-term buffer_window only', () => {
    expect(fromHectorConfig({ strategy: 'buffer_window', window_size: 15 })).toEqual({
      short_term_memory_strategy: [{ memory_strategy_id: 'buffer_window', window_size: 15 }],
      long_term_memory_strategy: [],
      persistence_strategy: 'INCREMENTAL',
    });
    expect(fromHectorConfig({ strategy: 'buffer_window' }).short_term_memory_strategy).toEqual([
      { memory_strategy_id: 'buffer_window', window_size: 20 },
    ]);
  });

  it('example 4: custom tuned (2500, 0.75, 0.5), also through parseProfile({ memory })', () => {
    const block = { strategy: 'summary_buffer', budget: 2500, threshold: 0.75, target: 0.5 } as const;
    expect(fromHectorConfig(block)).toEqual(summaryBuffer(2500, 0.75, 0.5));
    expect(parseProfile({ memory: block })).toEqual(summaryBuffer(2500, 0.75, 0.5));
    expect(createStrategies({ memory: block }).longTerm.map((s) => s.id)).toEqual(['summary_buffer']);
  });

  it('errors use Hector field names', () => {
    expect(thrown(() => fromHectorConfig({ threshold: 1.5 })).message).toContain(
      'memory.threshold: expected a number greater than 0 and at most 1',
    );
    expect(thrown(() => fromHectorConfig({ threshold: 0.5 })).field).toBe('memory.target');
    expect(thrown(() => fromHectorConfig({ strategy: 'lifo' } as never)).message).toContain(
      'memory.strategy: expected one of "summary_buffer", "buffer_window"',
    );
    expect(thrown(() => fromHectorConfig({ include_history: true } as never)).message).toContain(
      'memory.include_history',
    );
    expect(thrown(() => parseProfile({ memory: { budget: 0 } })).field).toBe('profile.memory.budget');
  });
});
