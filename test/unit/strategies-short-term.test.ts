import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBufferWindow } from '../../src/strategies/short-term/buffer-window.js';
import { createMaxTokens } from '../../src/strategies/short-term/max-tokens.js';
import type { ContextSelection } from '../../src/strategies/types.js';
import type { MemoryEntry } from '../../src/types.js';
import {
  buildConversation,
  conversation,
  makeSummary,
  pinnedTurnStep,
  selectionTokens,
  testCost,
  turnStep,
} from '../support/conversation-builders.js';

const FC = { seed: 20240611, numRuns: 150 };

const entriesOf = (selection: ContextSelection): MemoryEntry[] => selection.interactions.flatMap((i) => i.entries);
const ids = (entries: readonly MemoryEntry[]): string[] => entries.map((e) => e.id);

/** Chat messages as sent: a tool call right after an assistant message or call joins it. */
function messageCount(entries: readonly MemoryEntry[]): number {
  let count = 0;
  entries.forEach((entry, i) => {
    const prev = entries[i - 1];
    const joins =
      entry.type === 'tool_call' &&
      prev !== undefined &&
      prev.interaction === entry.interaction &&
      (prev.type === 'tool_call' || (prev.type === 'message' && prev.role === 'assistant'));
    if (!joins) count += 1;
  });
  return count;
}

/** The model: the entries of the newest `size` messages, minus results whose call was cut. */
function expectedWindow(entries: readonly MemoryEntry[], size: number): MemoryEntry[] {
  let start = entries.length;
  while (start > 0 && messageCount(entries.slice(start - 1)) <= size) start -= 1;
  const tail = entries.slice(start);
  return tail.filter(
    (e) => e.type !== 'tool_result' || tail.some((x) => x.type === 'tool_call' && x.tool?.callId === e.tool?.callId),
  );
}

/** Every kept result has its call, every kept answered call has its result. */
function expectNoOrphans(kept: readonly MemoryEntry[], all: readonly MemoryEntry[]): void {
  const has = (type: string, callId: string, list: readonly MemoryEntry[]) =>
    list.some((e) => e.type === type && e.tool?.callId === callId);
  for (const entry of kept) {
    if (entry.type === 'tool_result') expect(has('tool_call', entry.tool?.callId ?? '', kept)).toBe(true);
    if (entry.type === 'tool_call' && has('tool_result', entry.tool?.callId ?? '', all)) {
      expect(has('tool_result', entry.tool?.callId ?? '', kept)).toBe(true);
    }
  }
}

const maxTokens = (memory_max_tokens: number, conditions: string[] = []) =>
  createMaxTokens({ memory_strategy_id: 'max_tokens', memory_max_tokens, conditions });

describe('max_tokens', () => {
  /** Five turns of user+assistant; turn cost = (t + 3) * 2. */
  const turns = (...sizes: number[]) => {
    const c = conversation();
    for (const size of sizes) {
      c.user('q', { tokens: size });
      c.assistant('a', { tokens: size });
    }
    return c;
  };

  it('keeps the newest whole interactions that fit, and never exceeds the budget', () => {
    const c = turns(7, 7, 7, 7, 7); // 20 tokens per turn, base 3
    const selection = maxTokens(3 + 20 * 2 + 19).select({ interactions: c.interactions(), summaries: [] }, testCost);
    expect(selection.interactions.map((i) => i.index)).toEqual([4, 5]);
    expect(selection.interactions.every((i) => i.entries.length === 2)).toBe(true);
    expect(selectionTokens(selection)).toBeLessThanOrEqual(62);
    expect(
      maxTokens(63)
        .select({ interactions: c.interactions(), summaries: [] }, testCost)
        .interactions.map((i) => i.index),
    ).toEqual([3, 4, 5]);
  });

  it('stops at the first interaction that does not fit: no gaps', () => {
    const c = turns(2, 500, 2, 2); // 10, 1006, 10, 10
    const selection = maxTokens(100).select({ interactions: c.interactions(), summaries: [] }, testCost);
    expect(selection.interactions.map((i) => i.index)).toEqual([3, 4]);
  });

  it('-1 includes nothing, summaries included', () => {
    const c = turns(1, 1);
    const selection = maxTokens(-1).select(
      { interactions: c.interactions(), summaries: [makeSummary({ id: 's' })] },
      testCost,
    );
    expect(selection).toEqual({ interactions: [], summaries: [] });
  });

  it('reserves up to half the budget for the newest summaries, then history, then older summaries', () => {
    const c = turns(7, 7, 7, 7, 7); // 20 per turn
    const summaries = [makeSummary({ id: 'old', tokenCount: 26 }), makeSummary({ id: 'new', tokenCount: 26 })]; // 30 each
    // budget 103: base 3, half of 100 = 50 → 'new' (30); history: 3 turns (60) → 93; 'old' does not fit the 10 left.
    const selection = maxTokens(103).select({ interactions: c.interactions(), summaries }, testCost);
    expect(selection.summaries.map((s) => s.id)).toEqual(['new']);
    expect(selection.interactions.map((i) => i.index)).toEqual([3, 4, 5]);
    // With a short history the leftover goes to the older summary.
    const short = maxTokens(103).select({ interactions: turns(7).interactions(), summaries }, testCost);
    expect(short.summaries.map((s) => s.id)).toEqual(['old', 'new']);
    expect(selectionTokens(short)).toBeLessThanOrEqual(103);
  });

  it("conditions see the chat form: message.role != 'tool' drops results and their calls", () => {
    const c = conversation();
    c.user('find it', { tokens: 5 });
    c.assistant('checking', { tokens: 5 });
    c.toolCall('search', { q: 'x' }, { tokens: 5 });
    c.toolResult('search', 'found', { tokens: 5 });
    c.assistant('here', { tokens: 5 });
    const selection = maxTokens(10000, ["message.role != 'tool'"]).select(
      { interactions: c.interactions(), summaries: [] },
      testCost,
    );
    expect(entriesOf(selection).map((e) => e.type)).toEqual(['message', 'message', 'message']);
  });

  it('conditions over tool name, error flag and metadata; emptied interactions go', () => {
    const c = conversation();
    c.user('hidden', { metadata: { private: true } });
    c.user('run', {});
    c.toolCall('shell', { cmd: 'ls' });
    c.toolResult('shell', 'boom', { isError: true });
    c.toolCall('search', { q: 1 });
    c.toolResult('search', 'ok', { isError: false });
    const run = (conditions: string[]) =>
      entriesOf(maxTokens(10000, conditions).select({ interactions: c.interactions(), summaries: [] }, testCost));
    expect(run(['not message.is_error']).map((e) => e.tool?.name ?? e.content)).toEqual([
      'hidden',
      'run',
      'search',
      'search',
    ]);
    expect(run(["message.name != 'search'"]).map((e) => e.tool?.name ?? e.content)).toEqual([
      'hidden',
      'run',
      'shell',
      'shell',
    ]);
    const withoutPrivate = maxTokens(10000, ['not message.metadata.private']).select(
      { interactions: c.interactions(), summaries: [] },
      testCost,
    );
    expect(withoutPrivate.interactions.map((i) => i.index)).toEqual([2]);
    expect(run(["message.type != 'tool_call'"]).some((e) => e.type.startsWith('tool'))).toBe(false);
  });

  it('keeps pinned entries (with their tool partner) from interactions that do not fit, counting them first', () => {
    const c = conversation();
    c.user('remember my name is Ada', { tokens: 10, pinned: true });
    c.assistant('noted', { tokens: 200 });
    c.user('x', { tokens: 200 });
    c.toolCall('search', {}, { tokens: 5, pinned: true });
    c.toolResult('search', 'r', { tokens: 5 });
    c.assistant('y', { tokens: 200 });
    c.user('latest', { tokens: 10 });
    c.assistant('ok', { tokens: 10 });
    const selection = maxTokens(100).select({ interactions: c.interactions(), summaries: [] }, testCost);
    expect(ids(entriesOf(selection))).toEqual(['e0', 'e3', 'e4', 'e6', 'e7']);
    expect(selectionTokens(selection)).toBeLessThanOrEqual(100);
    // Conditions still apply to pinned entries: they filter what the model can take.
    const filtered = maxTokens(100, ["message.role != 'tool'"]).select(
      { interactions: c.interactions(), summaries: [] },
      testCost,
    );
    expect(ids(entriesOf(filtered))).toEqual(['e0', 'e6', 'e7']);
  });

  it('property: never exceeds the budget and keeps whole, contiguous, newest interactions', () => {
    fc.assert(
      fc.property(
        fc.array(turnStep, { maxLength: 12 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 0, max: 3 }),
        (steps, preamble, budget, nSummaries) => {
          const c = buildConversation(steps, preamble);
          const interactions = c.interactions();
          const summaries = Array.from({ length: nSummaries }, (_, i) =>
            makeSummary({ id: `s${i}`, tokenCount: 10 + 40 * i }),
          );
          const selection = maxTokens(budget).select({ interactions, summaries }, testCost);
          expect(selectionTokens(selection)).toBeLessThanOrEqual(Math.max(budget, testCost.base));
          const kept = selection.interactions;
          expect(kept).toEqual(interactions.slice(interactions.length - kept.length));
          // Summaries kept are a newest-first run that only stops when the next would not fit.
          expect(summaries.slice(summaries.length - selection.summaries.length)).toEqual(selection.summaries);
        },
      ),
      FC,
    );
  });

  it('property: conditions never leave a tool call without its result or vice versa', () => {
    const conditionSets = [
      ["message.role != 'tool'"],
      ['not message.is_error'],
      ["message.name != 'shell'"],
      ["message.type != 'tool_call'"],
      ["message.role != 'assistant'"],
      ["message.name != 'fetch'", 'message.is_error != True'],
    ];
    fc.assert(
      fc.property(
        fc.array(pinnedTurnStep, { maxLength: 10 }),
        fc.constantFrom(...conditionSets),
        fc.integer({ min: 50, max: 3000 }),
        (steps, conditions, budget) => {
          const c = buildConversation(steps);
          const selection = maxTokens(budget, conditions).select(
            { interactions: c.interactions(), summaries: [] },
            testCost,
          );
          expectNoOrphans(entriesOf(selection), c.entries);
          expect(selection.interactions.every((i) => i.entries.length > 0)).toBe(true);
        },
      ),
      FC,
    );
  });
});

describe('buffer_window', () => {
  const window = (window_size: number) => createBufferWindow({ memory_strategy_id: 'buffer_window', window_size });

  it('Hector: keeps the last 20 messages, dropping the oldest', () => {
    const c = conversation();
    for (let i = 1; i <= 13; i += 1) {
      c.user(`u${i}`);
      c.assistant(`a${i}`);
    }
    const selection = window(20).select({ interactions: c.interactions(), summaries: [] }, testCost);
    const kept = entriesOf(selection);
    expect(kept).toHaveLength(20);
    expect(kept[0]?.content).toBe('u4');
    expect(kept.at(-1)?.content).toBe('a13');
  });

  it('counts an assistant message with its tool calls as one message, each result as one', () => {
    const c = conversation();
    c.user('old');
    c.user('q');
    c.assistant('checking');
    c.toolCall('search', {});
    c.toolCall('fetch', {});
    c.toolResult('search', 'r1');
    c.toolResult('fetch', 'r2');
    c.assistant('done');
    const four = entriesOf(window(4).select({ interactions: c.interactions(), summaries: [] }, testCost));
    expect(ids(four)).toEqual(['e2', 'e3', 'e4', 'e5', 'e6', 'e7']);
    // Cutting after the calls would orphan both results: they go, the window holds less.
    const three = entriesOf(window(3).select({ interactions: c.interactions(), summaries: [] }, testCost));
    expect(ids(three)).toEqual(['e7']);
  });

  it('summaries pass through and pinned messages take a place in the window', () => {
    const c = conversation();
    c.user('pinned fact', { pinned: true });
    for (let i = 0; i < 5; i += 1) c.user(`u${i}`);
    const summaries = [makeSummary({ id: 's' })];
    const selection = window(3).select({ interactions: c.interactions(), summaries }, testCost);
    expect(selection.summaries).toBe(summaries);
    expect(entriesOf(selection).map((e) => e.content)).toEqual(['pinned fact', 'u3', 'u4']);
  });

  it('property: at most window_size messages, the newest ones, never an orphan tool message', () => {
    fc.assert(
      fc.property(
        fc.array(turnStep, { maxLength: 12 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 25 }),
        (steps, preamble, size) => {
          const c = buildConversation(steps, preamble);
          const kept = entriesOf(window(size).select({ interactions: c.interactions(), summaries: [] }, testCost));
          expect(messageCount(kept)).toBeLessThanOrEqual(size);
          expectNoOrphans(kept, c.entries);
          expect(ids(kept)).toEqual(ids(expectedWindow(c.entries, size)));
        },
      ),
      FC,
    );
  });

  it('property: with pinned entries the window still holds at most window_size messages', () => {
    fc.assert(
      fc.property(fc.array(pinnedTurnStep, { maxLength: 10 }), fc.integer({ min: 4, max: 25 }), (steps, size) => {
        const c = buildConversation(steps);
        const pinnedCalls = new Set(c.entries.filter((e) => e.pinned && e.tool).map((e) => e.tool?.callId));
        const mustStay = c.entries.filter((e) => e.pinned || pinnedCalls.has(e.tool?.callId));
        const kept = entriesOf(window(size).select({ interactions: c.interactions(), summaries: [] }, testCost));
        if (messageCount(mustStay) <= size) expect(messageCount(kept)).toBeLessThanOrEqual(size);
        expectNoOrphans(kept, c.entries);
        for (const entry of c.entries) if (entry.pinned) expect(kept).toContain(entry);
      }),
      FC,
    );
  });
});
