/**
 * importSession against damaged input: cut-off JSON, structurally truncated states, a state
 * of 50,000 entries whose last one is bad, and other export versions. A refused state
 * changes nothing; an accepted one keeps every invariant.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import type { SessionState, TokenCounter } from '../../src/types.js';
import { faultStore } from '../support/fault-store.js';
import {
  expectContextValid,
  expectStatsConsistent,
  expectStillWorks,
  referenceModel,
} from '../support/reference-model.js';

const S = 'imported';
const counter: TokenCounter = { count: (t) => Math.ceil(t.length / 4) };

/** A session with tool pairs and a summary, and its JSON export. */
async function source(): Promise<{ memory: Memory; state: SessionState; json: string }> {
  const memory = await createMemory({
    store: 'memory',
    tokenizer: counter,
    config: { maxEntries: 8, recentWindow: 3, minEntriesToCompress: 2 },
  });
  for (let i = 0; i < 4; i++) {
    await memory.addUserMessage(S, `question ${i}`);
    await memory.addToolCall(S, 'search', { q: i }, { callId: `call_${i}` });
    await memory.addToolResult(S, 'search', `result ${i}`, { callId: `call_${i}` });
    await memory.addAssistantMessage(S, `answer ${i}`);
  }
  const state = await memory.exportSession(S);
  expect(state.summaries.length).toBeGreaterThan(0);
  return { memory, state, json: JSON.stringify(state) };
}

/** An engine holding an older version of the session, to see that a refused import leaves it alone. */
async function target(): Promise<{ memory: Memory; before: SessionState }> {
  const memory = await createMemory({ store: faultStore(), tokenizer: counter });
  await memory.addUserMessage(S, 'the old history');
  await memory.addAssistantMessage(S, 'stays until an import succeeds');
  return { memory, before: await memory.exportSession(S) };
}

describe('truncated input', () => {
  it('cut-off JSON text never parses, so nothing reaches importSession', async () => {
    const { json } = await source();
    for (const cut of [1, 10, Math.floor(json.length / 3), Math.floor(json.length / 2), json.length - 2]) {
      expect(() => JSON.parse(json.slice(0, cut))).toThrow(SyntaxError);
    }
  });

  it('entries cut mid-array (a tool call without its result) import as they are, valid', async () => {
    const { state } = await source();
    const cut = state.entries.findIndex((e) => e.type === 'tool_call' && !e.compressed) + 1;
    const truncated = { ...state, entries: state.entries.slice(0, cut) };
    const { memory } = await target();
    await memory.importSession(JSON.parse(JSON.stringify(truncated)));
    const imported = await memory.exportSession(S);
    expect(imported.entries.map((e) => [e.id, e.content, e.compressed])).toEqual(
      truncated.entries.map((e) => [e.id, e.content, e.compressed]),
    );
    await expectStatsConsistent(memory, S);
    const messages = await expectContextValid(memory, S, counter);
    expect(messages.some((m) => m.tool_calls?.some((c) => c.id === truncated.entries[cut - 1]!.tool!.callId))).toBe(
      false,
    );
    const ref = referenceModel();
    ref.added(...imported.entries);
    await expectStillWorks(memory, S, ref);
  });

  it.each([
    [
      'an entry cut to its id',
      (s: Raw) => (s.entries[s.entries.length - 1] = { id: 'cut' }),
      /state\.entries\[\d+\]\.type/,
    ],
    [
      'an entry without content',
      (s: Raw) => delete s.entries[s.entries.length - 1]!.content,
      /state\.entries\[\d+\]\.content: expected a string/,
    ],
    ['an entry without role', (s: Raw) => delete s.entries[2]!.role, /state\.entries\[2\]\.role/],
    [
      'an entry without id',
      (s: Raw) => delete s.entries[0]!.id,
      /state\.entries\[0\]\.id: expected a non-empty string/,
    ],
    ['an entry cut to null', (s: Raw) => (s.entries[3] = null), /state\.entries\[3\]: expected an entry object/],
    ['a summary without content', (s: Raw) => delete s.summaries[0]!.content, /state\.summaries\[0\]\.content/],
    [
      'a summary without its entry ids',
      (s: Raw) => delete s.summaries[0]!.originalEntryIds,
      /state\.summaries\[0\]\.originalEntryIds/,
    ],
    ['no entries array', (s: Raw) => delete (s as Partial<Raw>).entries, /state\.entries: expected an array/],
    ['no session id', (s: Raw) => delete (s as Partial<Raw>).sessionId, /state\.sessionId/],
    ['a timestamp cut mid-way', (s: Raw) => (s.entries[1]!.timestamp = '2024-0'), /state\.entries\[1\]\.timestamp/],
    [
      'a tool entry cut inside its tool info',
      (s: Raw) => (s.entries[1]!.tool = { name: 'search' }),
      /state\.entries\[1\]\.tool\.callId/,
    ],
  ])('%s is refused with its field named; the old session is untouched', async (_name, damage, message) => {
    const { state } = await source();
    const raw = JSON.parse(JSON.stringify(state)) as Raw;
    damage(raw);
    const { memory, before } = await target();
    await expect(memory.importSession(raw as never)).rejects.toThrow(message);
    expect(await memory.exportSession(S)).toEqual(before);
  });
});

type Raw = { sessionId: string; entries: (Record<string, unknown> | null)[]; summaries: Record<string, unknown>[] };

describe('an oversized state (50,000 entries)', () => {
  const big = (n: number): SessionState => ({
    schemaVersion: 1,
    sessionId: S,
    entries: Array.from({ length: n }, (_, i) => ({
      id: `e${i}`,
      sessionId: S,
      seq: i,
      interaction: Math.floor(i / 2) + 1,
      type: 'message' as const,
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `message ${i}`,
      timestamp: '2024-01-01T00:00:00.000Z',
      tokenCount: 1,
      compressed: false,
    })),
    summaries: [],
    totalTokens: 0,
  });

  it('a bad last entry is found before anything is written; the old session is untouched', async () => {
    const store = faultStore();
    const memory = await createMemory({ store, tokenizer: counter });
    await memory.addUserMessage(S, 'the old history');
    const before = await memory.exportSession(S);
    const writes = store.accepted.length;
    const state = big(50_000) as unknown as Raw;
    state.entries[49_999]!.role = 'robot';
    await expect(memory.importSession(state as never)).rejects.toThrow(
      /state\.entries\[49999\]\.role: expected one of 'user', 'assistant', 'system'/,
    );
    expect(store.accepted.length).toBe(writes);
    expect(store.refused).toEqual([]);
    expect(await memory.exportSession(S)).toEqual(before);
  });

  it('a valid one is imported whole, in one write, stats agreeing', async () => {
    const store = faultStore();
    const memory = await createMemory({ store, tokenizer: counter });
    await memory.importSession(big(50_000));
    expect(store.accepted.filter((b) => b.replace)).toHaveLength(1);
    const stats = await memory.getStats(S);
    expect(stats).toMatchObject({ totalEntries: 50_000, activeEntries: 50_000, interactions: 25_000 });
    await expectStatsConsistent(memory, S);
    const next = await memory.addUserMessage(S, 'one more');
    expect(next).toMatchObject({ seq: 50_000, interaction: 25_001 });
  });
});

describe('other versions', () => {
  it('schemaVersion 2 is refused with a clear error; nothing changes', async () => {
    const { state } = await source();
    const { memory, before } = await target();
    const error = await memory.importSession({ ...state, schemaVersion: 2 }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error).toMatchObject({ name: 'ValidationError', field: 'state.schemaVersion' });
    expect(error!.message).toMatch(
      /state\.schemaVersion: expected 1 \(or absent\).*newer RecallKit.*received number 2/,
    );
    expect(await memory.exportSession(S)).toEqual(before);
  });

  it.each([
    ['0', 0],
    ['a string "1"', '1'],
    ['1.5', 1.5],
  ])('schemaVersion %s is refused', async (_name, version) => {
    const { state } = await source();
    const { memory, before } = await target();
    await expect(memory.importSession({ ...state, schemaVersion: version } as never)).rejects.toThrow(
      /state\.schemaVersion/,
    );
    expect(await memory.exportSession(S)).toEqual(before);
  });

  it('an absent schemaVersion is read as version 1: the same session comes back', async () => {
    const { state, memory: original } = await source();
    const { schemaVersion: _dropped, ...unversioned } = JSON.parse(JSON.stringify(state)) as SessionState;
    const { memory } = await target();
    await memory.importSession(unversioned);
    expect(await memory.exportSession(S)).toEqual(state);
    expect(await memory.getStats(S)).toEqual(await original.getStats(S));
    expect(await memory.getContextForLLM(S)).toEqual(await original.getContextForLLM(S));
  });
});
