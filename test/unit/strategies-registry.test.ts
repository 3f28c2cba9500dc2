import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { ValidationError } from '../../src/errors.js';
import {
  createStrategies,
  int,
  profileTraits,
  registerStrategy,
  strategyIds,
  type Field,
  type LongTermStrategy,
} from '../../src/strategies/index.js';
import { parseProfile } from '../../src/strategies/profile/profile.js';

const S = 's';

/** A boolean field, written the way a plug-in author would. */
const bool = (fallback: boolean): Field<boolean> => ({
  read(value, path) {
    if (typeof value !== 'boolean') throw new ValidationError(path, 'a boolean', value);
    return value;
  },
  fallback: () => fallback,
});

interface DigestConfig {
  long_term_memory_id: string;
  every: number;
  newest_first: boolean;
}

/** Summarizes every active turn but the newest once more than `every` are active. */
function createDigest(config: DigestConfig): LongTermStrategy {
  return {
    id: 'digest',
    plan(view) {
      if (view.interactions.length <= config.every) return undefined;
      const entries = view.interactions.slice(0, -1).flatMap((i) => i.entries);
      return { summarize: { entries, passes: 1, markCompressed: true } };
    },
  };
}

registerStrategy('digest', {
  kind: 'long_term',
  fields: { every: int(3, 1), newest_first: bool(false) },
  check: (config: DigestConfig, path) => {
    if (config.every > 100) throw new ValidationError(`${path}.every`, 'at most 100', config.every);
  },
  create: createDigest,
  traits: (config: DigestConfig) => ({ summariesNewestFirst: config.newest_first }),
});

registerStrategy('last_turns', {
  kind: 'short_term',
  fields: { turns: int(2, 1) },
  create: (config: { turns: number }) => ({
    id: 'last_turns',
    select: (selection) => ({ ...selection, interactions: selection.interactions.slice(-config.turns) }),
  }),
});

const summarizer = async (_prompt: string, info: { entries: { content: string }[] }) =>
  `digest of ${info.entries
    .filter((e) => e.content.startsWith('question'))
    .map((e) => e.content.split(' ')[1])
    .join(',')}`;

async function turns(memory: Awaited<ReturnType<typeof createMemory>>, from: number, to: number) {
  for (let i = from; i <= to; i++) {
    await memory.addUserMessage(S, `question ${i}`);
    await memory.addAssistantMessage(S, `answer ${i}`);
  }
}

function thrown(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('expected a throw');
}

describe('registerStrategy', () => {
  it('a registered long-term strategy runs from a createMemory profile, with its fields defaulted', async () => {
    const memory = await createMemory({
      store: 'memory',
      summarizer,
      profile: { long_term_memory_strategy: [{ long_term_memory_id: 'digest' }] },
    });
    await turns(memory, 1, 4);
    await memory.idle(S);
    const summaries = await memory.getSummaries(S);
    expect(summaries.map((s) => [s.strategy, s.content])).toEqual([['digest', 'digest of 1,2,3']]);
    expect((await memory.getActiveEntries(S)).map((e) => e.content)).toEqual(['question 4', 'answer 4']);
    expect(await memory.getStats(S)).toMatchObject({ totalEntries: 8, compressedEntries: 6, summaries: 1 });
    await memory.close();
  });

  it('the host asks the strategy for its traits: newest-first summaries', async () => {
    const orders: string[][] = [];
    for (const newest_first of [false, true]) {
      const memory = await createMemory({
        store: 'memory',
        summarizer,
        profile: { long_term_memory_strategy: [{ long_term_memory_id: 'digest', every: 1, newest_first }] },
      });
      await turns(memory, 1, 2);
      await memory.idle(S);
      await turns(memory, 3, 3);
      await memory.idle(S);
      expect((await memory.getSummaries(S)).map((s) => s.content)).toEqual(['digest of 1', 'digest of 2']);
      orders.push((await memory.getContextForLLM(S)).summaries.map((s) => s.content));
      await memory.close();
    }
    expect(orders).toEqual([
      ['digest of 1', 'digest of 2'],
      ['digest of 2', 'digest of 1'],
    ]);
  });

  it('a registered short-term strategy narrows the context', async () => {
    const memory = await createMemory({
      store: 'memory',
      profile: { short_term_memory_strategy: [{ memory_strategy_id: 'last_turns', turns: 1 }] },
    });
    await turns(memory, 1, 3);
    expect((await memory.getContextForLLM(S)).messages.map((m) => m.content)).toEqual(['question 3', 'answer 3']);
    await memory.close();
  });

  it('registered ids join the known ones in errors; their fields are checked by their definition', async () => {
    const unknown = thrown(() => parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'forget_all' }] }));
    expect(unknown.message).toContain('"summarizer", "neuralyzer", "summary_buffer", "rolling", "digest"');
    const misplaced = thrown(() => parseProfile({ short_term_memory_strategy: [{ memory_strategy_id: 'digest' }] }));
    expect(misplaced.message).toMatch(
      /"max_tokens", "buffer_window", "last_turns".*"digest" belongs in long_term_memory_strategy/,
    );
    const typo = thrown(() =>
      parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'digest', evry: 2 }] }),
    );
    expect(typo.field).toBe('profile.long_term_memory_strategy[0].evry');
    expect(typo.message).toContain('long_term_memory_id, every, newest_first');
    const wrong = thrown(() =>
      parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'digest', newest_first: 'yes' }] }),
    );
    expect(wrong.field).toBe('profile.long_term_memory_strategy[0].newest_first');
    const checked = thrown(() =>
      parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'digest', every: 101 }] }),
    );
    expect(checked.field).toBe('profile.long_term_memory_strategy[0].every');
    await expect(
      createMemory({
        store: 'memory',
        profile: { long_term_memory_strategy: [{ long_term_memory_id: 'digest', every: 0 }] },
      }),
    ).rejects.toThrow(/profile\.long_term_memory_strategy\[0\]\.every: expected an integer ≥ 1/);
  });

  it('refuses a taken id (built-in or registered) and a malformed definition, naming the field', () => {
    expect(strategyIds('long_term')).toEqual(['summarizer', 'neuralyzer', 'summary_buffer', 'rolling', 'digest']);
    expect(strategyIds('short_term')).toEqual(['max_tokens', 'buffer_window', 'last_turns']);
    const noop = { kind: 'long_term' as const, fields: {}, create: () => ({ id: 'x', plan: () => undefined }) };
    expect(thrown(() => registerStrategy('rolling', noop)).message).toContain('"rolling" is a long_term strategy');
    expect(thrown(() => registerStrategy('digest', noop)).field).toBe('id');
    expect(thrown(() => registerStrategy('', noop)).field).toBe('id');
    expect(thrown(() => registerStrategy('x1', { ...noop, kind: 'mid_term' as 'long_term' })).field).toBe(
      'definition.kind',
    );
    expect(thrown(() => registerStrategy('x2', { ...noop, create: undefined as never })).field).toBe(
      'definition.create',
    );
    expect(thrown(() => registerStrategy('x3', { ...noop, fields: { n: 3 as never } })).field).toBe(
      'definition.fields.n',
    );
    expect(thrown(() => registerStrategy('x4', { ...noop, fields: { long_term_memory_id: int(1, 1) } })).field).toBe(
      'definition.fields.long_term_memory_id',
    );
    expect(strategyIds('long_term')).not.toContain('x1');
  });
});

describe('strategy traits of the built-ins', () => {
  it('give the budgets and orders the host used to read from the ids', () => {
    const built = createStrategies(
      parseProfile({
        short_term_memory_strategy: [
          { memory_strategy_id: 'max_tokens', memory_max_tokens: 8000 },
          { memory_strategy_id: 'max_tokens', memory_max_tokens: 3000 },
          { memory_strategy_id: 'buffer_window' },
        ],
        long_term_memory_strategy: [
          { long_term_memory_id: 'summarizer', knowledge_base: { collection_id: 'kb' } },
          { long_term_memory_id: 'summary_buffer', budget: 2500 },
          { long_term_memory_id: 'rolling', window: 7 },
        ],
      }),
    );
    expect(profileTraits(built.traits)).toEqual({
      summariesNewestFirst: true,
      contextBudget: 3000,
      tokenBudget: 2500,
      pendingBudget: 2500,
      pendingWindow: 7,
    });
    expect(built.knowledgeBase?.strategy).toBe('summarizer');
    const none = createStrategies(
      parseProfile({ short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: -1 }] }),
    );
    expect(profileTraits(none.traits)).toEqual({
      summariesNewestFirst: false,
      contextBudget: 0,
      tokenBudget: 0,
      pendingBudget: undefined,
      pendingWindow: undefined,
    });
  });
});
