import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createNeuralyzer } from '../../src/strategies/long-term/neuralyzer.js';
import { parseProfile } from '../../src/strategies/profile/profile.js';
import type {
  NeuralyzerConfig,
  SummarizerConfig,
  SummaryBufferConfig,
} from '../../src/strategies/profile/profile-types.js';
import { createStrategies } from '../../src/strategies/registry.js';
import { createSummarizer } from '../../src/strategies/long-term/summarizer.js';
import { createSummaryBuffer } from '../../src/strategies/long-term/summary-buffer.js';
import type { LongTermStrategy, TriggerEvent } from '../../src/strategies/types.js';
import type { MemoryEntry } from '../../src/types.js';
import {
  buildConversation,
  conversation,
  createSimulator,
  groupInteractions,
  makeSummary,
  pinnedTurnStep,
  playTurn,
  sessionView,
  testCost,
  turnStep,
  type Conversation,
} from '../support/conversation-builders.js';

const FC = { seed: 20240611, numRuns: 120 };

const summarizer = (fields: Partial<Omit<SummarizerConfig, 'long_term_memory_id'>> = {}): LongTermStrategy =>
  createSummarizer(
    parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'summarizer', ...fields }] })
      .long_term_memory_strategy[0] as SummarizerConfig,
  );
const neuralyzer = (fields: Partial<Omit<NeuralyzerConfig, 'long_term_memory_id'>> = {}): LongTermStrategy =>
  createNeuralyzer(
    parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'neuralyzer', ...fields }] })
      .long_term_memory_strategy[0] as NeuralyzerConfig,
  );
const summaryBuffer = (fields: Partial<Omit<SummaryBufferConfig, 'long_term_memory_id'>> = {}): LongTermStrategy =>
  createSummaryBuffer(
    parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'summary_buffer', ...fields }] })
      .long_term_memory_strategy[0] as SummaryBufferConfig,
  );

/** `n` plain turns of a user and an assistant message of `tokens` each. */
function turns(n: number, tokens = 10): Conversation {
  const c = conversation();
  for (let i = 0; i < n; i += 1) {
    c.user(`q${i + 1}`, { tokens });
    c.assistant(`a${i + 1}`, { tokens });
  }
  return c;
}

const addEvent = (entry: MemoryEntry | undefined): TriggerEvent =>
  entry ? { reason: 'add', entry } : { reason: 'add' };
const indexes = (entries: readonly MemoryEntry[]): number[] => [...new Set(entries.map((e) => e.interaction))];

describe('shared triggers', () => {
  it('interaction_threshold_qty fires when the count exceeds it (>)', () => {
    const strategy = summarizer({ interaction_threshold_qty: 3, interaction_keep: 1 });
    const c = turns(3);
    expect(strategy.plan(sessionView({ entries: c.entries }), addEvent(c.entries.at(-1)))).toBeUndefined();
    const fourth = c.user('q4');
    const plan = strategy.plan(sessionView({ entries: c.entries }), addEvent(fourth));
    expect(indexes(plan?.summarize?.entries ?? [])).toEqual([1, 2, 3]);
  });

  it('interaction_threshold_tokens counts the tokens of active human turns', () => {
    const strategy = summarizer({ interaction_threshold_qty: 0, interaction_threshold_tokens: 100 });
    const c = turns(5, 10); // 20 per turn
    expect(strategy.plan(sessionView({ entries: c.entries }), addEvent(c.entries.at(-1)))).toBeUndefined();
    const entry = c.user('q6', { tokens: 1 });
    expect(strategy.plan(sessionView({ entries: c.entries }), addEvent(entry))).toBeDefined();
  });

  it('input_tokens_threshold compares the context the model would receive', () => {
    const strategy = summarizer({
      interaction_threshold_qty: 0,
      interaction_threshold_tokens: 0,
      input_tokens_threshold: 100,
    });
    const c = turns(2, 10); // 3 + 2 * 26 = 55
    const summaries = [makeSummary({ id: 'x', tokenCount: 45, strategy: 'rolling' })]; // + 49 = 104
    expect(strategy.plan(sessionView({ entries: c.entries }), addEvent(c.entries.at(-1)))).toBeUndefined();
    const plan = strategy.plan(sessionView({ entries: c.entries, summaries }), addEvent(c.entries.at(-1)));
    expect(plan?.summarize?.entries.map((e) => e.content)).toEqual(['q1', 'a1']);
    expect(plan?.summarize?.foldSummaries).toEqual([]);
  });

  it('0 and -1 disable a threshold', () => {
    const c = turns(50, 1000);
    const view = sessionView({ entries: c.entries });
    expect(
      summarizer({ interaction_threshold_qty: 0, interaction_threshold_tokens: 0 }).plan(
        view,
        addEvent(c.entries.at(-1)),
      ),
    ).toBeUndefined();
    expect(neuralyzer().plan(view, addEvent(c.entries.at(-1)))).toBeUndefined();
    expect(neuralyzer({ interaction_threshold_qty: 0 }).plan(view, addEvent(c.entries.at(-1)))).toBeUndefined();
  });

  it('on_tools_success_threshold / on_tools_error_threshold fire on those tools only', () => {
    const strategy = neuralyzer({ on_tools_error_threshold: ['shell'], on_tools_success_threshold: ['deploy'] });
    const c = turns(2);
    c.user('go');
    c.toolCall('shell', {});
    const ok = c.toolResult('shell', 'fine', { isError: false });
    expect(strategy.plan(sessionView({ entries: c.entries }), addEvent(ok))).toBeUndefined();
    c.toolCall('search', {});
    const otherFailure = c.toolResult('search', 'bad', { isError: true });
    expect(strategy.plan(sessionView({ entries: c.entries }), addEvent(otherFailure))).toBeUndefined();
    c.toolCall('shell', {});
    const failure = c.toolResult('shell', 'boom', { isError: true });
    // The turn in progress (with its tool pairs) stays; the older turns go.
    expect(strategy.plan(sessionView({ entries: c.entries }), addEvent(failure))?.erase).toEqual([
      'e0',
      'e1',
      'e2',
      'e3',
    ]);
    c.toolCall('deploy', {});
    const deployed = c.toolResult('deploy', 'ok');
    expect(strategy.plan(sessionView({ entries: c.entries }), addEvent(deployed))).toBeDefined();
  });

  it('interaction_conditions choose which turns count', () => {
    const strategy = summarizer({
      interaction_threshold_qty: 2,
      interaction_conditions: ['interaction.tokenCount > 50'],
    });
    const c = turns(5, 10);
    const small = c.user('q6', { tokens: 1 });
    expect(strategy.plan(sessionView({ entries: c.entries }), addEvent(small))).toBeUndefined();
    const big = turns(3, 30);
    const entry = big.user('q4', { tokens: 1 });
    expect(strategy.plan(sessionView({ entries: big.entries }), addEvent(entry))).toBeDefined();
    // Messages are there in chat form: count only turns that used a tool.
    const withTools = summarizer({
      interaction_threshold_qty: 1,
      interaction_conditions: ["interaction.messages[1].role == 'assistant' and len(interaction.messages) > 2"],
    });
    const t = turns(3);
    const plain = t.user('q4');
    expect(withTools.plan(sessionView({ entries: t.entries }), addEvent(plain))).toBeUndefined();
    t.toolCall('search', {});
    const result = t.toolResult('search', 'r');
    expect(withTools.plan(sessionView({ entries: t.entries }), addEvent(result))).toBeUndefined();
    t.user('q5');
    t.toolCall('search', {});
    const second = t.toolResult('search', 'r');
    expect(
      withTools.plan(sessionView({ entries: t.entries }), addEvent(second))?.summarize?.entries.map((e) => e.content),
    ).toEqual(['q1', 'a1', 'q2', 'a2', 'q3', 'a3', 'q4', '{}', 'r']);
  });

  it("a 'manual' event runs the strategy whatever the thresholds, when there is something beyond interaction_keep", () => {
    const c = turns(3);
    const plan = neuralyzer({ interaction_keep: 1 }).plan(sessionView({ entries: c.entries }), { reason: 'manual' });
    expect(plan?.erase).toEqual(['e0', 'e1', 'e2', 'e3']);
    expect(
      neuralyzer({ interaction_keep: 3 }).plan(sessionView({ entries: c.entries }), { reason: 'manual' }),
    ).toBeUndefined();
  });
});

describe('summarizer', () => {
  it('asks for cod_max_loops passes with the instructions, compressing all but interaction_keep', () => {
    const strategy = summarizer({
      interaction_threshold_qty: 20,
      cod_max_loops: 3,
      interaction_keep: 2,
      instructions: 'Focus on decisions.',
    });
    const c = turns(20);
    const entry = c.user('q21');
    const plan = strategy.plan(sessionView({ entries: c.entries }), addEvent(entry));
    expect(plan?.summarize).toMatchObject({
      passes: 3,
      instructions: 'Focus on decisions.',
      markCompressed: true,
      foldSummaries: [],
    });
    expect(indexes(plan?.summarize?.entries ?? [])).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
  });

  it('interaction_keep 0 keeps the message that just arrived', () => {
    const c = turns(20);
    const entry = c.user('q21');
    const plan = summarizer().plan(sessionView({ entries: c.entries }), addEvent(entry));
    expect(plan?.summarize?.entries).not.toContain(entry);
    expect(indexes(plan?.summarize?.entries ?? [])).toHaveLength(20);
  });

  it('folds its own previous summary, not other strategies’', () => {
    const c = turns(21);
    const own = makeSummary({ id: 'mine', strategy: 'summarizer' });
    const other = makeSummary({ id: 'theirs', strategy: 'rolling' });
    const plan = summarizer().plan(
      sessionView({ entries: c.entries, summaries: [own, other] }),
      addEvent(c.entries.at(-1)),
    );
    expect(plan?.summarize?.foldSummaries).toEqual([own]);
  });

  it('pinned entries and their tool partners stay active', () => {
    const c = turns(1);
    c.user('q2');
    c.toolCall('search', {}, { pinned: true });
    c.toolResult('search', 'found');
    c.user('q3', { pinned: true });
    const last = c.user('q4');
    const plan = summarizer({ interaction_keep: 0 }).plan(sessionView({ entries: c.entries }), { reason: 'manual' });
    expect(plan?.summarize?.entries.map((e) => e.id)).toEqual(['e0', 'e1', 'e2', 'e6']);
    const onAdd = summarizer({ interaction_threshold_qty: 1 }).plan(
      sessionView({ entries: c.entries }),
      addEvent(last),
    );
    expect(onAdd?.summarize?.entries.map((e) => e.id)).toEqual(['e0', 'e1', 'e2']);
  });

  it("Alquimia's combining example: summarize at 21 turns, keep 2, then max_tokens limits what is left", () => {
    const { longTerm, shortTerm } = createStrategies({
      profile: {
        short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 8000 }],
        long_term_memory_strategy: [
          { long_term_memory_id: 'summarizer', interaction_threshold_qty: 20, cod_max_loops: 3, interaction_keep: 2 },
        ],
      },
    });
    const sim = createSimulator(longTerm);
    const c = conversation();
    for (let i = 1; i <= 21; i += 1) {
      sim.receive(c.user(`q${i}`, { tokens: 50 }));
      sim.receive(c.assistant(`a${i}`, { tokens: 200 }));
      if (i <= 20) expect(sim.summaries).toHaveLength(0);
    }
    expect(sim.requests).toHaveLength(1);
    expect(sim.requests[0]?.request.passes).toBe(3);
    expect(indexes(sim.active())).toEqual([20, 21]);
    const selection = shortTerm[0]?.select(
      { interactions: groupInteractions(sim.active()), summaries: sim.summaries },
      testCost,
    );
    expect(selection?.interactions.map((i) => i.index)).toEqual([20, 21]);
    expect(selection?.summaries).toHaveLength(1);
  });

  it('property: keeps exactly the newest interaction_keep interactions (+ pinned), one running summary', () => {
    fc.assert(
      fc.property(
        fc.array(pinnedTurnStep, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 6 }),
        (steps, keep, qty) => {
          const strategy = summarizer({ interaction_threshold_qty: qty, interaction_keep: keep, cod_max_loops: 2 });
          const sim = createSimulator([strategy]);
          const c = conversation();
          for (const step of steps) {
            playTurn(c, step, (entry) => {
              const before = sim.requests.length;
              const activeBefore = groupInteractions(sim.active().concat(entry));
              sim.receive(entry);
              if (sim.requests.length === before) return;
              // The newest max(keep, 1) active interactions stay whole; everything older went, pinned aside.
              const kept = activeBefore.slice(-Math.max(keep, 1));
              for (const interaction of kept) for (const e of interaction.entries) expect(e.compressed).toBe(false);
              const older = activeBefore.slice(0, activeBefore.length - kept.length).flatMap((i) => i.entries);
              const pinnedCalls = new Set(
                older
                  .filter((e) => e.pinned)
                  .map((e) => e.tool?.callId)
                  .filter(Boolean),
              );
              for (const e of older) expect(e.compressed).toBe(!(e.pinned || pinnedCalls.has(e.tool?.callId)));
              expect(sim.summaries.filter((s) => s.strategy === 'summarizer')).toHaveLength(1);
            });
          }
        },
      ),
      FC,
    );
  });
});

describe('neuralyzer', () => {
  it('the concepts example: erase at 31 turns, keep 5', () => {
    const sim = createSimulator([neuralyzer({ interaction_threshold_qty: 30, interaction_keep: 5 })]);
    const c = conversation();
    for (let i = 1; i <= 31; i += 1) {
      sim.receive(c.user(`q${i}`));
      sim.receive(c.assistant(`a${i}`));
      if (i <= 30) expect(sim.erased).toHaveLength(0);
    }
    expect(indexes(sim.active())).toEqual([27, 28, 29, 30, 31]);
    expect(sim.erased).toHaveLength(52);
    expect(sim.entries.every((e) => !e.compressed)).toBe(true);
    expect(sim.summaries).toHaveLength(0);
  });

  it('defaults to never; compress() erases all but interaction_keep', () => {
    const sim = createSimulator([neuralyzer({ interaction_keep: 2 })]);
    const c = buildConversation([]);
    for (let i = 1; i <= 60; i += 1) sim.receive(c.user(`q${i}`));
    expect(sim.erased).toHaveLength(0);
    sim.compress();
    expect(indexes(sim.active())).toEqual([59, 60]);
  });

  it('property: keeps exactly the newest interaction_keep interactions (+ pinned) and plans only active entries', () => {
    fc.assert(
      fc.property(
        fc.array(pinnedTurnStep, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        (steps, keep, qty, manualAtEnd) => {
          const sim = createSimulator([neuralyzer({ interaction_threshold_qty: qty, interaction_keep: keep })]);
          const c = conversation();
          for (const step of steps) {
            playTurn(c, step, (entry) => {
              const before = sim.erased.length;
              const activeBefore = groupInteractions(sim.active().concat(entry));
              sim.receive(entry);
              if (sim.erased.length === before) return;
              const kept = activeBefore.slice(-Math.max(keep, 1));
              const survivors = groupInteractions(sim.active());
              const unpinned = survivors.filter((i) => i.entries.some((e) => !e.pinned && !e.tool));
              expect(unpinned.map((i) => i.index)).toEqual(
                kept.filter((i) => i.entries.some((e) => !e.pinned && !e.tool)).map((i) => i.index),
              );
              for (const interaction of kept) for (const e of interaction.entries) expect(sim.active()).toContain(e);
            });
          }
          if (manualAtEnd) {
            sim.compress();
            expect(groupInteractions(sim.active().filter((e) => !e.pinned && !e.tool)).length).toBeLessThanOrEqual(
              keep,
            );
          }
          for (const e of c.entries) if (e.pinned) expect(sim.active()).toContain(e);
        },
      ),
      FC,
    );
  });
});

describe('summary_buffer', () => {
  it('summarizes the oldest whole interactions down to target × budget', () => {
    const strategy = summaryBuffer({ budget: 1000 });
    const c = turns(9, 40); // 3 + 9 * 86 = 777 ≤ 800
    expect(strategy.plan(sessionView({ entries: c.entries }), addEvent(c.entries.at(-1)))).toBeUndefined();
    c.user('q10', { tokens: 40 });
    const last = c.assistant('a10', { tokens: 40 }); // 863 > 800
    const plan = strategy.plan(sessionView({ entries: c.entries }), addEvent(last));
    // estimate 863 + 200 + 8 = 1071, goal 600: 6 turns (480 raw tokens) must go.
    expect(plan?.summarize).toMatchObject({ passes: 1, targetTokens: 200, markCompressed: true, foldSummaries: [] });
    expect(indexes(plan?.summarize?.entries ?? [])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(plan?.summarize?.entries).toHaveLength(12);
  });

  it('keeps at least the 3 most recent messages', () => {
    const c = conversation();
    c.user('big', { tokens: 900 });
    c.assistant('bigger', { tokens: 900 });
    c.user('next', { tokens: 900 });
    expect(summaryBuffer().plan(sessionView({ entries: c.entries }), addEvent(c.entries.at(-1)))).toBeUndefined();
    const fourth = c.assistant('more', { tokens: 10 });
    expect(
      summaryBuffer()
        .plan(sessionView({ entries: c.entries }), addEvent(fourth))
        ?.summarize?.entries.map((e) => e.id),
    ).toEqual(['e0']);
  });

  it('folds its previous summary (one running summary) and compress() summarizes all but 3 messages', () => {
    const c = turns(4, 10);
    const own = makeSummary({ id: 'prev', strategy: 'summary_buffer' });
    const plan = summaryBuffer().plan(
      sessionView({ entries: c.entries, summaries: [own, makeSummary({ id: 'x', strategy: 'rolling' })] }),
      { reason: 'manual' },
    );
    expect(plan?.summarize?.foldSummaries).toEqual([own]);
    expect(plan?.summarize?.entries.map((e) => e.id)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4']);
  });

  it('Hector defaults: the context settles under 80% of 2000 and the newest messages stay', () => {
    const sim = createSimulator([summaryBuffer()]);
    const c = conversation();
    for (let i = 1; i <= 80; i += 1) {
      sim.receive(c.user(`q${i}`, { tokens: 60 }));
      sim.receive(c.assistant(`a${i}`, { tokens: 90 }));
      expect(sessionView({ entries: sim.active(), summaries: sim.summaries }).contextTokens()).toBeLessThanOrEqual(
        1600,
      );
      expect(sim.summaries.length).toBeLessThanOrEqual(1);
    }
    expect(sim.requests.length).toBeGreaterThan(3);
    for (const { request } of sim.requests) expect(request.targetTokens).toBe(400);
  });

  it('property: never splits a tool pair and keeps the 3 newest messages; settles under the threshold', () => {
    fc.assert(
      fc.property(
        fc.array(turnStep, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 300, max: 6000 }),
        (steps, budget) => {
          const sim = createSimulator([summaryBuffer({ budget })]);
          const c = conversation();
          for (const step of steps) {
            playTurn(c, step, (entry) => {
              sim.receive(entry);
              for (const e of sim.active()) {
                if (e.tool)
                  expect(sim.entries.filter((x) => x.tool?.callId === e.tool?.callId).every((x) => !x.compressed)).toBe(
                    true,
                  );
              }
              for (const e of sim.entries.slice(-3)) expect(e.compressed).toBe(false);
              const tokens = sessionView({ entries: sim.active(), summaries: sim.summaries }).contextTokens();
              // With messages small next to the budget there is always enough old history to cut.
              if (budget >= 2400) expect(tokens).toBeLessThanOrEqual(0.8 * budget);
              expect(sim.summaries.length).toBeLessThanOrEqual(1);
            });
          }
        },
      ),
      FC,
    );
  });

  it('does not summarize when that would not shrink the context', () => {
    const c = conversation();
    c.user('u1', { tokens: 1 });
    c.assistant('a', { tokens: 1 });
    c.toolCall('search', {}, { tokens: 1 });
    c.toolCall('search', {}, { tokens: 35 });
    c.toolResult('search', 'r1', { tokens: 1 });
    c.toolResult('search', 'r2', { tokens: 77 });
    c.user('u2', { tokens: 22 });
    const last = c.toolCall('search', {}, { tokens: 90 });
    // 3 + 8 entries × 3 + 228 = 255 > 240; the only safe cut drops 1 token for a 60-token summary.
    const view = sessionView({ entries: c.entries });
    expect(view.contextTokens()).toBeGreaterThan(240);
    expect(summaryBuffer({ budget: 300 }).plan(view, addEvent(last))).toBeUndefined();
    expect(
      summaryBuffer({ budget: 300 })
        .plan(view, { reason: 'manual' })
        ?.summarize?.entries.map((e) => e.id),
    ).toEqual(['e0']);
  });
});
