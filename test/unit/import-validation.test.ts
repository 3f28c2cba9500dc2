/**
 * importSession refuses states whose links would make history vanish (a compressed entry
 * pointing at no summary, a summary naming entries that are not there), refuses to replace a
 * stored session that gained entries after the export unless asked, and still imports the
 * export of every real compressed session, whatever strategy made it.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import type { MemoryProfileInput } from '../../src/strategies/profile/profile-types.js';
import type { SessionState } from '../../src/types.js';
import { ImportConflictError, ValidationError } from '../../src/errors.js';

const S = 's';

async function fill(memory: Memory, turns: number, from = 0): Promise<void> {
  const s = S;
  for (let i = from; i < from + turns; i++) {
    await memory.addUserMessage(s, `Question ${i}: what about the Lisbon trip, part ${i}?`);
    if (i % 3 === 0) {
      await memory.addToolCall(s, 'weather', { city: 'Lisbon', day: i }, { callId: `call_${i}` });
      await memory.addToolResult(s, 'weather', { forecast: `sunny ${i}` }, { callId: `call_${i}` });
    }
    await memory.addAssistantMessage(s, `Answer ${i}: the Lisbon plan, step ${i}, is fine.`);
  }
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

async function compressedState(): Promise<{ memory: Memory; state: SessionState }> {
  const memory = await createMemory({
    store: 'memory',
    config: { maxEntries: 8, recentWindow: 3, minEntriesToCompress: 2 },
  });
  await fill(memory, 8);
  const state = await memory.exportSession(S);
  expect(state.summaries.length).toBeGreaterThan(0);
  expect(state.entries.some((e) => e.compressed && e.summaryId)).toBe(true);
  return { memory, state };
}

describe('links between entries and summaries', () => {
  it("refuses a compressed entry whose summaryId names no summary ('ghost'); nothing changes", async () => {
    const { state } = await compressedState();
    const bad = clone(state);
    const k = bad.entries.findIndex((e) => e.compressed);
    bad.entries[k]!.summaryId = 'ghost';
    const memory = await createMemory({ store: 'memory' });
    await memory.addUserMessage(S, 'kept');
    const before = await memory.exportSession(S);
    const error = await memory.importSession(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: `state.entries[${k}].summaryId` });
    expect((error as Error).message).toMatch(/expected the id of a summary in state\.summaries.*received "ghost"/);
    expect(await memory.exportSession(S)).toEqual(before);
  });

  it('refuses a ghost summaryId when the state has no summaries at all', async () => {
    const { state } = await compressedState();
    const bad = { ...clone(state), summaries: [] };
    await expect((await createMemory({ store: 'memory' })).importSession(bad)).rejects.toThrow(
      /summaryId: expected .*none: the state has no summaries/,
    );
  });

  it('refuses a summary whose originalEntryIds name entries that are not in the state', async () => {
    const { state } = await compressedState();
    const bad = clone(state);
    bad.summaries[0]!.originalEntryIds = [...bad.summaries[0]!.originalEntryIds, 'nobody'];
    const memory = await createMemory({ store: 'memory' });
    const error = await memory.importSession(bad).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'ValidationError',
      field: `state.summaries[0].originalEntryIds[${bad.summaries[0]!.originalEntryIds.length - 1}]`,
    });
    expect(await memory.listSessions()).toEqual([]);
  });

  it('lets a summary name as many missing entries as the state says were erased, and no more', async () => {
    const { state } = await compressedState();
    const one = clone(state);
    one.summaries[0]!.originalEntryIds.push('erased-1');
    await expect(
      (await createMemory({ store: 'memory' })).importSession({ ...one, erasedEntries: 1 }),
    ).resolves.toBeUndefined();
    one.summaries[0]!.originalEntryIds.push('erased-2');
    await expect((await createMemory({ store: 'memory' })).importSession({ ...one, erasedEntries: 1 })).rejects.toThrow(
      /originalEntryIds\[\d+\]: expected the id of an entry in state\.entries; the state records only 1 erased entry, received "erased-2"/,
    );
  });

  it('accepts a compressed entry without summaryId (evicted by a budget or unlinked from a dropped summary)', async () => {
    const { state } = await compressedState();
    const ok = clone(state);
    const e = ok.entries.find((x) => x.compressed)!;
    delete e.summaryId;
    const memory = await createMemory({ store: 'memory' });
    await memory.importSession(ok);
    expect((await memory.exportSession(S)).entries.find((x) => x.id === e.id)).toMatchObject({ compressed: true });
  });
});

const profiles: [string, MemoryProfileInput | undefined, number][] = [
  ['the Memory Manager (no profile)', undefined, 30],
  [
    'summarizer',
    {
      long_term_memory_strategy: [
        { long_term_memory_id: 'summarizer', interaction_threshold_qty: 4, cod_max_loops: 2, interaction_keep: 1 },
      ],
    },
    30,
  ],
  [
    'neuralyzer',
    {
      long_term_memory_strategy: [
        { long_term_memory_id: 'neuralyzer', interaction_threshold_qty: 4, interaction_keep: 1 },
      ],
    },
    30,
  ],
  [
    'summary_buffer (folded rounds)',
    {
      long_term_memory_strategy: [{ long_term_memory_id: 'summary_buffer', budget: 200, threshold: 0.8, target: 0.5 }],
    },
    40,
  ],
  [
    'rolling (dropped summaries)',
    { long_term_memory_strategy: [{ long_term_memory_id: 'rolling', window: 3, max_summaries: 2 }] },
    30,
  ],
  [
    'max_tokens + buffer_window',
    {
      short_term_memory_strategy: [
        { memory_strategy_id: 'max_tokens', memory_max_tokens: 150 },
        { memory_strategy_id: 'buffer_window', window_size: 4 },
      ],
    },
    30,
  ],
  [
    'summarizer without marking + neuralyzer (summaries of erased entries)',
    {
      long_term_memory_strategy: [
        { long_term_memory_id: 'summarizer', interaction_threshold_qty: 3, cod_max_loops: 1, interaction_keep: 1 },
        { long_term_memory_id: 'neuralyzer', interaction_threshold_qty: 5, interaction_keep: 1 },
      ],
    },
    30,
  ],
];

describe('the export of a real compressed session imports again, whatever made it', () => {
  it.each(profiles)('%s', async (_name, profile, turns) => {
    const options = {
      store: 'memory' as const,
      config: { maxEntries: 10, recentWindow: 3, minEntriesToCompress: 2 },
      ...(profile ? { profile } : {}),
    };
    const original = await createMemory(options);
    await fill(original, turns);
    await original.idle(S);
    const state = await original.exportSession(S);
    const stats = await original.getStats(S);
    if (!(profile && 'short_term_memory_strategy' in profile))
      expect(stats.summaries + stats.compressedEntries + stats.erasedEntries, 'the strategy acted').toBeGreaterThan(0);
    const copy = await createMemory(options);
    await copy.importSession(clone(state));
    expect(await copy.exportSession(S)).toEqual(state);
    expect(await copy.getContextForLLM(S)).toEqual(await original.getContextForLLM(S));
    // And it keeps working the same way afterwards.
    await fill(original, 5, turns);
    await fill(copy, 5, turns);
    await Promise.all([original.idle(S), copy.idle(S)]);
    expect((await copy.getContextForLLM(S)).messages).toEqual((await original.getContextForLLM(S)).messages);
  });
});

describe('importing over a stored session', () => {
  it('refuses when the session gained entries after the export; nothing changes; { replace: true } replaces', async () => {
    const memory = await createMemory({ store: 'memory' });
    await fill(memory, 3);
    const state = await memory.exportSession(S);
    await memory.addUserMessage(S, 'added after the export');
    await memory.addAssistantMessage(S, 'also after');
    const live = await memory.exportSession(S);

    const error = await memory.importSession(clone(state)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportConflictError);
    expect((error as Error).message).toMatch(
      /session "s" holds 2 entries added after this export .*nothing was changed.*\{ replace: true \}/,
    );
    expect(await memory.exportSession(S)).toEqual(live);

    await memory.importSession(clone(state), { replace: true });
    expect(await memory.exportSession(S)).toEqual(state);
  });

  it('imports over a session that has nothing newer: the same export again, or a newer export', async () => {
    const memory = await createMemory({ store: 'memory' });
    await fill(memory, 3);
    const older = await memory.exportSession(S);
    await memory.importSession(clone(older));
    expect(await memory.exportSession(S)).toEqual(older);
    await fill(memory, 2, 3);
    const newer = await memory.exportSession(S);
    const other = await createMemory({ store: 'memory' });
    await other.importSession(clone(older));
    await other.importSession(clone(newer));
    expect(await other.exportSession(S)).toEqual(newer);
  });

  it('refuses a session with more entries under the same id (another conversation) unless replace is set', async () => {
    const memory = await createMemory({ store: 'memory' });
    await fill(memory, 6);
    const small = await createMemory({ store: 'memory' });
    await fill(small, 1);
    const state = await small.exportSession(S);
    await expect(memory.importSession(state)).rejects.toBeInstanceOf(ImportConflictError);
    await memory.importSession(state, { replace: true });
    expect((await memory.getStats(S)).totalEntries).toBe(state.entries.length);
  });

  it.each([
    [null, /options: expected an object \{ replace\?: boolean \}/],
    [{ replace: 'yes' }, /options\.replace: expected a boolean/],
    [{ replce: true }, /options\.replce: expected only replace/],
  ])('refuses bad options %j', async (options, message) => {
    const memory = await createMemory({ store: 'memory' });
    await fill(memory, 1);
    const state = await memory.exportSession(S);
    await expect(memory.importSession(state, options as never)).rejects.toThrow(message);
  });
});
