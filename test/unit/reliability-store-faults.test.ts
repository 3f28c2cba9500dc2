/**
 * A store that refuses a write (a full disk: QuotaExceededError) or a read: the call that
 * needed it rejects or reports an `error` event, nothing is half-applied, nothing stored is
 * lost, and the session keeps working once the store accepts writes again.
 */
import { describe, expect, it } from 'vitest';
import { createMemory, type MemoryOptions } from '../../src/create-memory.js';
import { StoreError } from '../../src/errors.js';
import type { Memory } from '../../src/memory.js';
import type { MemoryEntry, TokenCounter } from '../../src/types.js';
import { faultStore, isEntryWrite, isReplaceWrite, isStrategyWrite, type FaultStore } from '../support/fault-store.js';
import { goodAnswer } from '../support/faulty-summarizers.js';
import {
  expectContextValid,
  expectStillWorks,
  expectStoredAsReference,
  trackSession,
  type ReferenceModel,
} from '../support/reference-model.js';

const S = 'store-faults';
const counter: TokenCounter = { count: (t) => Math.ceil(t.length / 4) };

interface Run {
  memory: Memory;
  store: FaultStore;
  ref: ReferenceModel;
  errors: Error[];
  events: string[];
}

async function start(options: Pick<MemoryOptions, 'config' | 'profile'> = {}): Promise<Run> {
  const store = faultStore();
  const memory = await createMemory({
    store,
    tokenizer: counter,
    summarizer: async (_p, info) => goodAnswer(info),
    ...options,
  });
  const run: Run = { memory, store, ref: trackSession(memory, S), errors: [], events: [] };
  memory.on('error', (_s, e) => run.errors.push(e));
  memory.on('entry:added', (_s, e) => run.events.push(`added ${e.content}`));
  memory.on('compressed', () => run.events.push('compressed'));
  memory.on('erased', () => run.events.push('erased'));
  return run;
}

async function talk(run: Run, turns: number, from = 0): Promise<void> {
  for (let i = from; i < from + turns; i++) {
    run.ref.added(await run.memory.addUserMessage(S, `user turn ${i} asks about invoice ${i}`));
    run.ref.added(await run.memory.addAssistantMessage(S, `assistant turn ${i} answers about invoice ${i}`));
  }
}

async function expectIntact(run: Run): Promise<void> {
  await run.memory.idle(S); // compression runs in the background: check what it settled on
  await expectStoredAsReference(run.memory, S, run.ref);
  await expectContextValid(run.memory, S, counter);
}

type Add = (m: Memory) => Promise<unknown>;
/** [name, the add that is refused, what it needs stored first (a tool result answers a call)]. */
const adds: [string, Add, Add?][] = [
  ['addUserMessage', (m) => m.addUserMessage(S, 'refused user message')],
  ['addAssistantMessage', (m) => m.addAssistantMessage(S, 'refused assistant message')],
  ['addToolCall', (m) => m.addToolCall(S, 'lookup', { id: 7 })],
  [
    'addToolResult',
    (m) => m.addToolResult(S, 'lookup', { total: 12 }, { isError: true }),
    (m) => m.addToolCall(S, 'lookup', { id: 7 }),
  ],
  ['addContext', (m) => m.addContext(S, 'refused file', 'big.csv')],
  [
    'addInteraction (two entries in one write)',
    (m) => m.addInteraction(S, { userRequest: { q: 'refused' }, aiResponse: { a: 'refused' } }),
  ],
  [
    'addMessages (a whole conversation in one write)',
    (m) =>
      m.addMessages(S, [
        { role: 'user', content: 'refused 1' },
        { role: 'assistant', content: 'refused 2' },
      ]),
  ],
];

describe('an entry write refused with QuotaExceededError', () => {
  it.each(adds)('%s rejects with it; nothing is applied; the next add works', async (_name, add, setup) => {
    const run = await start();
    await talk(run, 2);
    if (setup) run.ref.added((await setup(run.memory)) as MemoryEntry);
    const before = await run.memory.exportSession(S);
    const statsBefore = await run.memory.getStats(S);
    const eventsBefore = run.events.length;

    run.store.fail('write', { match: isEntryWrite });
    await expect(add(run.memory)).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(run.store.refused).toHaveLength(1);
    expect(await run.memory.exportSession(S)).toEqual(before);
    expect(await run.memory.getStats(S)).toEqual(statsBefore);
    expect(run.events.length).toBe(eventsBefore); // no entry:added for what was not stored
    await expectIntact(run);

    // The next add takes the refused entry's place: seq has no gap, nothing refused shows up.
    const next = await run.memory.addUserMessage(S, 'after the refusal');
    run.ref.added(next);
    expect(next.seq).toBe(before.entries.length);
    await expectIntact(run);
    expect(JSON.stringify(await run.memory.exportSession(S))).not.toContain('refused');
  });

  it('refusals in a row, then recovery: only the accepted adds are stored, in call order', async () => {
    const run = await start();
    const outcomes: string[] = [];
    run.store.fail('write', { match: isEntryWrite, times: 3 });
    const calls = Array.from({ length: 6 }, (_, i) =>
      run.memory.addUserMessage(S, `message ${i}`).then(
        (e) => (run.ref.added(e), outcomes.push(`ok ${i}`)),
        (e: Error) => outcomes.push(`${e.name} ${i}`),
      ),
    );
    await Promise.all(calls);
    expect(outcomes).toEqual([
      'QuotaExceededError 0',
      'QuotaExceededError 1',
      'QuotaExceededError 2',
      'ok 3',
      'ok 4',
      'ok 5',
    ]);
    const state = await expectStoredAsReference(run.memory, S, run.ref);
    expect(state.entries.map((e) => [e.seq, e.interaction])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it('a refused tool call makes its later result refused too (never an orphan left out silently)', async () => {
    const run = await start();
    await talk(run, 1);
    run.store.fail('write', { match: isEntryWrite });
    await expect(run.memory.addToolCall(S, 'search', { q: 'x' })).rejects.toMatchObject({ name: 'QuotaExceededError' });
    await expect(run.memory.addToolResult(S, 'search', 'found 3')).rejects.toMatchObject({
      name: 'ValidationError',
      field: 'toolName',
    });
    run.ref.added(await run.memory.addAssistantMessage(S, 'done'));
    await expectIntact(run);
    const messages = await expectContextValid(run.memory, S, counter);
    expect(messages.some((m) => m.role === 'tool')).toBe(false);
  });

  it('a refusal in one session leaves another session alone', async () => {
    const run = await start();
    await run.memory.addUserMessage('other', 'kept elsewhere');
    run.store.fail('write', { match: (b) => isEntryWrite(b) && b!.meta.sessionId === S });
    await expect(run.memory.addUserMessage(S, 'refused')).rejects.toMatchObject({ name: 'QuotaExceededError' });
    await run.memory.addUserMessage('other', 'still accepted');
    expect((await run.memory.getActiveEntries('other')).map((e) => e.content)).toEqual([
      'kept elsewhere',
      'still accepted',
    ]);
  });
});

/** Long-term strategies set to act within a few turns. */
const strategies: [string, Pick<MemoryOptions, 'config' | 'profile'>, 'compressed' | 'erased'][] = [
  ['manager', { config: { maxEntries: 6, recentWindow: 2, minEntriesToCompress: 2 } }, 'compressed'],
  [
    'summarizer',
    {
      profile: {
        long_term_memory_strategy: [
          {
            long_term_memory_id: 'summarizer',
            interaction_threshold_qty: 2,
            interaction_threshold_tokens: -1,
            cod_max_loops: 2,
          },
        ],
      },
    },
    'compressed',
  ],
  [
    'summary_buffer',
    {
      profile: {
        long_term_memory_strategy: [{ long_term_memory_id: 'summary_buffer', budget: 60, threshold: 0.8, target: 0.5 }],
      },
    },
    'compressed',
  ],
  [
    'rolling',
    { profile: { long_term_memory_strategy: [{ long_term_memory_id: 'rolling', window: 2, max_summaries: 2 }] } },
    'compressed',
  ],
  [
    'neuralyzer',
    {
      profile: {
        long_term_memory_strategy: [
          { long_term_memory_id: 'neuralyzer', interaction_threshold_qty: 2, interaction_keep: 1 },
        ],
      },
    },
    'erased',
  ],
];

describe('a strategy write refused with QuotaExceededError', () => {
  it.each(strategies)(
    '%s: the add resolves, error fires, nothing is compressed or erased, the next trigger retries',
    async (_name, options, effect) => {
      // No backoff: the next trigger after a failure retries at once.
      const run = await start({ ...options, config: { ...options.config, compressionRetryMs: 0 } });
      run.store.fail('write', { match: isStrategyWrite, times: Infinity });
      await talk(run, 4);
      await run.memory.idle(S);
      expect(run.store.refused.length).toBeGreaterThan(0);
      expect(run.errors.length).toBeGreaterThan(0);
      expect(run.errors.every((e) => e.name === 'QuotaExceededError')).toBe(true);
      expect(run.events).not.toContain(effect);
      await expectIntact(run);
      expect(await run.memory.getStats(S)).toMatchObject({
        compressedEntries: 0,
        summaries: 0,
        erasedEntries: 0,
        totalEntries: 8,
      });

      run.store.heal();
      await talk(run, 1, 4);
      await run.memory.idle(S);
      expect(run.events).toContain(effect);
      await expectIntact(run);
      await expectStillWorks(run.memory, S, run.ref);
      await expectIntact(run);
    },
  );

  it('manual compress() rejects with the store error and changes nothing', async () => {
    const run = await start({ config: { autoCompress: false, recentWindow: 2, minEntriesToCompress: 2 } });
    await talk(run, 4);
    const before = await run.memory.exportSession(S);
    run.store.fail('write', { match: isStrategyWrite });
    await expect(run.memory.compress(S)).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(await run.memory.exportSession(S)).toEqual(before);
    await run.memory.compress(S);
    expect((await run.memory.getStats(S)).summaries).toBe(1);
    await expectIntact(run);
  });
});

describe('other store operations that fail', () => {
  it('importSession: a refused write leaves the old session untouched', async () => {
    const run = await start();
    await talk(run, 3);
    const before = await run.memory.exportSession(S);
    const replacement = {
      sessionId: S,
      entries: [{ id: 'n1', type: 'message', role: 'user', content: 'new history', timestamp: '2024-01-01T00:00:00Z' }],
      summaries: [],
      totalTokens: 0,
    };
    run.store.fail('write', { match: isReplaceWrite });
    // The stored session has entries the replacement lacks: replacing them is asked for explicitly.
    await expect(run.memory.importSession(replacement as never)).rejects.toMatchObject({ name: 'ImportConflictError' });
    await expect(run.memory.importSession(replacement as never, { replace: true })).rejects.toMatchObject({
      name: 'QuotaExceededError',
    });
    expect(await run.memory.exportSession(S)).toEqual(before);
    await expectIntact(run);
    await run.memory.importSession(replacement as never, { replace: true });
    expect((await run.memory.exportSession(S)).entries.map((e) => e.content)).toEqual(['new history']);
  });

  it('clearSession: a failed delete rejects and the session is intact and usable', async () => {
    const run = await start();
    await talk(run, 2);
    run.store.fail('deleteSession', { error: () => new StoreError('disk error') });
    await expect(run.memory.clearSession(S)).rejects.toThrow('disk error');
    await expectIntact(run);
    await expectStillWorks(run.memory, S, run.ref);
    await run.memory.clearSession(S);
    run.ref.cleared();
    await expectIntact(run);
  });

  it('exportSession: a failed read rejects; the next one succeeds', async () => {
    const run = await start();
    await talk(run, 2);
    run.store.fail('loadEntries', { error: () => new StoreError('read failed') });
    await expect(run.memory.exportSession(S)).rejects.toThrow('read failed');
    await expectIntact(run);
  });

  it('opening a stored session: a failed read rejects the call, not the session', async () => {
    const store = faultStore();
    const first = await createMemory({ store, tokenizer: counter });
    const kept: MemoryEntry[] = [await first.addUserMessage(S, 'stored before the reload')];
    await first.addAssistantMessage(S, 'and its answer').then((e) => kept.push(e));
    // A second engine over the same data, as after a reload.
    const second = await createMemory({ store: { ...store, close: async () => undefined }, tokenizer: counter });
    store.fail('loadSession', { error: () => new StoreError('transient read failure') });
    await expect(second.addUserMessage(S, 'refused while loading')).rejects.toThrow('transient read failure');
    const next = await second.addUserMessage(S, 'after the read recovered');
    expect((await second.exportSession(S)).entries.map((e) => e.id)).toEqual([...kept.map((e) => e.id), next.id]);
    expect(next.seq).toBe(2);
  });
});
