/**
 * The short-term strategies read only what they keep: `max_tokens` walks back from the newest
 * interaction until the budget stops it, `buffer_window` reads its window, and both find pinned
 * entries and tool partners through the session's interaction index. These tests check that the
 * result is exactly what the straightforward whole-history versions (kept here as references)
 * give, on random conversations with pins, tool pairs split across turns, reused call ids and
 * conditions; and that a long history is not read. No timing is asserted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contextCost, scaledCost } from '../../src/core/context/assemble.js';
import { appendToInteractions, groupInteractions, interactionIndex } from '../../src/core/interactions.js';
import { createBufferWindow } from '../../src/strategies/short-term/buffer-window.js';
import {
  allConditions,
  conditionMessage,
  countChatMessages,
  groupChatMessages,
} from '../../src/strategies/chat-form.js';
import { createMaxTokens } from '../../src/strategies/short-term/max-tokens.js';
import { filterKeepingPairs, keepEntries, narrow, protectedIds } from '../../src/strategies/tool-pairs.js';
import type { ContextCost, ContextSelection, InteractionIndex, ShortTermStrategy } from '../../src/strategies/types.js';
import type { Interaction, MemoryEntry, MemorySummary } from '../../src/types.js';
import { conversation, makeSummary, testCost, type Conversation } from '../support/conversation-builders.js';

const FC = { seed: 20261120, numRuns: 300 };

// ---- References: the whole-history implementations the strategies had before (same rules). ----

function refMaxTokens(budget: number, conditions: string[]): ShortTermStrategy['select'] {
  const passes = conditions.length > 0 ? allConditions(conditions, ['message']) : undefined;
  return (selection, cost) => {
    if (budget === -1) return { interactions: [], summaries: [] };
    let interactions = selection.interactions;
    if (passes) {
      const kept = filterKeepingPairs(
        interactions.flatMap((i) => i.entries),
        (e) => passes({ message: conditionMessage(e) }),
      );
      interactions = keepEntries(interactions, new Set(kept.map((e) => e.id)));
    }
    const summaries = selection.summaries;
    const pinned = protectedIds(interactions.flatMap((i) => i.entries));
    const parts = interactions.map((i) => i.entries.filter((e) => pinned.has(e.id)));
    const pinnedCosts = interactions.map((i, n) =>
      (parts[n] ?? []).length > 0 ? cost.interaction(narrow(i, parts[n] ?? [])) : 0,
    );
    let used = cost.base + pinnedCosts.reduce((s, c) => s + c, 0);
    let firstSummary = summaries.length;
    const take = (limit: number): void => {
      while (firstSummary > 0) {
        const c = cost.summary(summaries[firstSummary - 1]!);
        if (used + c > limit) break;
        used += c;
        firstSummary -= 1;
      }
    };
    take(used + Math.max(0, budget - used) / 2);
    let firstWhole = interactions.length;
    while (firstWhole > 0) {
      const extra = cost.interaction(interactions[firstWhole - 1]!) - (pinnedCosts[firstWhole - 1] ?? 0);
      if (used + extra > budget) break;
      used += extra;
      firstWhole -= 1;
    }
    take(budget);
    const kept: Interaction[] = [];
    interactions.forEach((i, n) => {
      if (n >= firstWhole) kept.push(i);
      else if ((parts[n] ?? []).length > 0) kept.push(narrow(i, parts[n] ?? []));
    });
    return { interactions: kept, summaries: summaries.slice(firstSummary) };
  };
}

function refDropBrokenPairs(kept: readonly MemoryEntry[], all: readonly MemoryEntry[]): MemoryEntry[] {
  const callsKept = new Set(kept.filter((e) => e.type === 'tool_call' && e.tool).map((e) => e.tool!.callId));
  const resultsKept = new Set(kept.filter((e) => e.type === 'tool_result' && e.tool).map((e) => e.tool!.callId));
  const answered = new Set(all.filter((e) => e.type === 'tool_result' && e.tool).map((e) => e.tool!.callId));
  const broken = new Set<string>();
  for (const e of kept) {
    if (!e.tool || (e.type !== 'tool_call' && e.type !== 'tool_result')) continue;
    if (e.type === 'tool_result' && !callsKept.has(e.tool.callId)) broken.add(e.tool.callId);
    if (e.type === 'tool_call' && answered.has(e.tool.callId) && !resultsKept.has(e.tool.callId))
      broken.add(e.tool.callId);
  }
  return kept.filter(
    (e) => !(e.tool && (e.type === 'tool_call' || e.type === 'tool_result') && broken.has(e.tool.callId)),
  );
}

function refBufferWindow(size: number): ShortTermStrategy['select'] {
  return (selection) => {
    const all = selection.interactions.flatMap((i) => i.entries);
    const groups = groupChatMessages(all);
    const pinned = protectedIds(all);
    const keepNewest = (take: number): MemoryEntry[] => {
      const ids = new Set(pinned);
      for (const group of groups.slice(groups.length - take)) for (const e of group) ids.add(e.id);
      return refDropBrokenPairs(
        all.filter((e) => ids.has(e.id)),
        all,
      );
    };
    let kept = keepNewest(0);
    for (let take = Math.min(size, groups.length); take > 0; take -= 1) {
      const candidate = keepNewest(take);
      if (countChatMessages(candidate) <= size) {
        kept = candidate;
        break;
      }
    }
    return {
      interactions: keepEntries(selection.interactions, new Set(kept.map((e) => e.id))),
      summaries: selection.summaries,
    };
  };
}

// ---- Random conversations: pins, tool pairs (split across turns too), reused call ids, dangling calls. ----

type Step =
  | { op: 'user' | 'assistant' | 'context'; words: number; pinned: boolean; secret: boolean }
  | {
      op: 'call' | 'result';
      name: 'search' | 'shell';
      callId: string | null;
      pinned: boolean;
      isError: boolean;
      words: number;
    };

const pin = fc.integer({ min: 0, max: 11 }).map((n) => n === 0);
const words = fc.integer({ min: 1, max: 40 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constantFrom('user' as const, 'assistant' as const),
      words,
      pinned: pin,
      secret: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('context' as const), words, pinned: pin, secret: fc.boolean() }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constantFrom('call' as const, 'result' as const),
      name: fc.constantFrom('search' as const, 'shell' as const),
      // null: a fresh id (calls) or the oldest open call of that tool (results); else a reused id
      callId: fc.option(fc.constantFrom('r1', 'r2'), { nil: null, freq: 4 }),
      pinned: pin,
      isError: fc.boolean(),
      words,
    }),
  },
);

function play(c: Conversation, s: Step): MemoryEntry {
  const text = Array.from({ length: s.words }, (_, i) => `w${i}`).join(' ');
  const options = { pinned: s.pinned, tokens: s.words };
  switch (s.op) {
    case 'user':
      return c.user(text, { ...options, metadata: { secret: s.secret } });
    case 'assistant':
      return c.assistant(text, { ...options, metadata: { secret: s.secret } });
    case 'context':
      return c.context(text, options);
    case 'call':
      return c.toolCall(s.name, { text }, { ...options, ...(s.callId ? { callId: s.callId } : {}) });
    case 'result':
      return c.toolResult(s.name, text, { ...options, isError: s.isError, ...(s.callId ? { callId: s.callId } : {}) });
  }
}

const conditionSets = [
  [],
  ["message.role != 'tool'"],
  ['not message.is_error'],
  ["message.type != 'tool_call'"],
  ['len(message.content) < 60'],
  ['not message.metadata.secret', "message.name != 'shell'"],
];
const costs: [string, ContextCost][] = [
  ['chat cost', contextCost],
  ['scaled chat cost', scaledCost(1.3)],
  ['test cost', testCost],
];

const strategyArb = fc.oneof(
  fc.record({
    kind: fc.constant('max_tokens' as const),
    budget: fc.oneof(fc.integer({ min: 0, max: 600 }), fc.constant(-1)),
    conditions: fc.constantFrom(...conditionSets),
  }),
  fc.record({ kind: fc.constant('buffer_window' as const), size: fc.integer({ min: 1, max: 12 }) }),
);
type StrategySpec = typeof strategyArb extends fc.Arbitrary<infer T> ? T : never;

function build(spec: StrategySpec): { fast: ShortTermStrategy; ref: ShortTermStrategy['select'] } {
  if (spec.kind === 'buffer_window') {
    return {
      fast: createBufferWindow({ memory_strategy_id: 'buffer_window', window_size: spec.size }),
      ref: refBufferWindow(spec.size),
    };
  }
  const config = {
    memory_strategy_id: 'max_tokens' as const,
    memory_max_tokens: spec.budget,
    conditions: spec.conditions,
  };
  return { fast: createMaxTokens(config), ref: refMaxTokens(spec.budget, spec.conditions) };
}

const summariesOf = (n: number): MemorySummary[] =>
  Array.from({ length: n }, (_, i) => makeSummary({ id: `s${i}`, tokenCount: 5 + 30 * i }));

describe('short-term strategies read only what they keep, with unchanged results', () => {
  it('property: same selection as the whole-history reference, with the engine index and without', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { maxLength: 40 }),
        strategyArb,
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...costs),
        (steps, spec, n, [, cost]) => {
          const c = conversation();
          for (const s of steps) play(c, s);
          const summaries = summariesOf(n);
          const { fast, ref } = build(spec);
          const interactions = groupInteractions(c.entries);
          const expected = ref({ interactions, summaries }, cost);
          expect(fast.select({ interactions, summaries }, cost)).toEqual(expected);
          expect(fast.select({ interactions, summaries, index: interactionIndex(interactions) }, cost)).toEqual(
            expected,
          );
        },
      ),
      FC,
    );
  });

  it('property: the engine index stays right as entries are appended, and cached results stay right', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { minLength: 1, maxLength: 40 }),
        strategyArb,
        fc.integer({ min: 1, max: 6 }),
        (steps, spec, every) => {
          const c = conversation();
          const interactions: Interaction[] = [];
          interactionIndex(interactions); // built empty, then kept current by appendToInteractions
          const { fast, ref } = build(spec);
          const summaries = summariesOf(2);
          steps.forEach((s, i) => {
            appendToInteractions(interactions, play(c, s));
            if (i % every !== 0 && i !== steps.length - 1) return;
            const selection: ContextSelection = { interactions, summaries, index: interactionIndex(interactions) };
            expect(fast.select(selection, contextCost)).toEqual(
              ref({ interactions: [...interactions], summaries }, contextCost),
            );
          });
        },
      ),
      FC,
    );
  });

  it('a strategy given a narrowed selection (a chain) gives what the reference chain gives', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { maxLength: 40 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 500 }),
        fc.constantFrom(...conditionSets),
        (steps, size, budget, conditions) => {
          const c = conversation();
          for (const s of steps) play(c, s);
          const interactions = groupInteractions(c.entries);
          const window = createBufferWindow({ memory_strategy_id: 'buffer_window', window_size: size });
          const tokens = createMaxTokens({ memory_strategy_id: 'max_tokens', memory_max_tokens: budget, conditions });
          const first = window.select(
            { interactions, summaries: [], index: interactionIndex(interactions) },
            contextCost,
          );
          const expectedFirst = refBufferWindow(size)({ interactions, summaries: [] }, contextCost);
          expect(first).toEqual(expectedFirst);
          expect(tokens.select(first, contextCost)).toEqual(
            refMaxTokens(budget, conditions)(expectedFirst, contextCost),
          );
        },
      ),
      FC,
    );
  });
});

describe('a long history is not read', () => {
  /**
   * 20,000 turns (user, assistant, a tool pair every third turn) with a pin far back, behind a
   * proxy counting element reads, and the index the engine would keep for it.
   */
  function longHistory(): { interactions: Interaction[]; index: InteractionIndex; reads: () => number } {
    const c = conversation();
    for (let turn = 0; turn < 20_000; turn += 1) {
      c.user(`question ${turn}`, { tokens: 20, pinned: turn === 10 });
      if (turn % 3 === 0) {
        c.toolCall('search', { turn }, { tokens: 10 });
        c.toolResult('search', 'found', { tokens: 30 });
      }
      c.assistant(`answer ${turn}`, { tokens: 40 });
    }
    const real = groupInteractions(c.entries);
    let reads = 0;
    const interactions = new Proxy(real, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    return { interactions, index: interactionIndex(real), reads: () => reads };
  }

  it('max_tokens with conditions reads the interactions its budget walks over, and the pinned one', () => {
    const { interactions, index, reads } = longHistory();
    const strategy = createMaxTokens({
      memory_strategy_id: 'max_tokens',
      memory_max_tokens: 2000,
      conditions: ["message.role != 'tool'"],
    });
    const first = strategy.select({ interactions, summaries: [], index }, contextCost);
    expect(first.interactions[0]?.entries.map((e) => e.content)).toEqual(['question 10']);
    expect(first.interactions.length).toBeGreaterThan(10);
    expect(reads()).toBeLessThan(100);
    // A second request reuses the filtered interactions: the very same objects come back.
    const second = strategy.select({ interactions, summaries: [], index }, contextCost);
    expect(second.interactions).toHaveLength(first.interactions.length);
    second.interactions.forEach((interaction, i) => expect(interaction).toBe(first.interactions[i]));
  });

  it('buffer_window reads its window and the pinned interaction', () => {
    const { interactions, index, reads } = longHistory();
    const strategy = createBufferWindow({ memory_strategy_id: 'buffer_window', window_size: 10 });
    const selection = strategy.select({ interactions, summaries: [], index }, contextCost);
    expect(selection.interactions[0]?.entries.map((e) => e.content)).toEqual(['question 10']);
    expect(selection.interactions.flatMap((i) => i.entries)).toHaveLength(10);
    expect(reads()).toBeLessThan(100);
  });
});
