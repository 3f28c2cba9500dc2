import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseProfile } from '../../src/strategies/profile/profile.js';
import type { RollingConfig } from '../../src/strategies/profile/profile-types.js';
import { createRolling, rollingBoundary } from '../../src/strategies/long-term/rolling.js';
import type { LongTermStrategy } from '../../src/strategies/types.js';
import type { MemoryEntry } from '../../src/types.js';
import {
  conversation,
  createSimulator,
  pinnedTurnStep,
  playTurn,
  sessionView,
  turnStep,
  type Simulator,
} from '../support/conversation-builders.js';

const rolling = (fields: Partial<Omit<RollingConfig, 'long_term_memory_id'>> = {}): LongTermStrategy =>
  createRolling(
    parseProfile({ long_term_memory_strategy: [{ long_term_memory_id: 'rolling', ...fields }] })
      .long_term_memory_strategy[0] as RollingConfig,
  );

const activeIndexes = (sim: Simulator): number[] => [...new Set(sim.active().map((e) => e.interaction))];
const ranges = (sim: Simulator) => sim.summaries.map((s) => s.range);
const span = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The ranges the seed says are kept after `n` interactions. */
function expectedRanges(n: number, window: number, max: number): { startIndex: number; endIndex: number }[] {
  const all: { startIndex: number; endIndex: number }[] = [];
  for (let b = window + 1; b <= n; b += window) all.push({ startIndex: b - window + 1, endIndex: b });
  return max === 0 ? [] : all.slice(-max);
}

describe('rolling (window 21, 3 summaries)', () => {
  it('the seed example, checked after every message', () => {
    const sim = createSimulator([rolling()]);
    const c = conversation();
    let summariesMade = 0;
    for (let n = 1; n <= 85; n += 1) {
      for (const add of [() => c.user(`request ${n}`), () => c.assistant(`response ${n}`)]) {
        sim.receive(add());
        // Acceptance: after any message at most 21 interactions and 3 summaries.
        expect(activeIndexes(sim).length).toBeLessThanOrEqual(21);
        expect(sim.summaries.length).toBeLessThanOrEqual(3);
        expect(activeIndexes(sim)).toEqual(span(Math.max(1, n - 20), n));
        expect(ranges(sim)).toEqual(expectedRanges(n, 21, 3));
      }
      // A new summary every time the 22nd interaction of a block is added.
      if (n > 21 && (n - 1) % 21 === 0) summariesMade += 1;
      expect(sim.requests).toHaveLength(summariesMade);
    }
    // Given 85 interactions: exactly 3 summaries covering 23–43, 44–64, 65–85; the window shows 65–85.
    expect(ranges(sim)).toEqual([
      { startIndex: 23, endIndex: 43 },
      { startIndex: 44, endIndex: 64 },
      { startIndex: 65, endIndex: 85 },
    ]);
    expect(activeIndexes(sim)).toEqual(span(65, 85));
    // Summary A (2–22) was made from interactions 2–22 when 22 arrived, in one pass, without compressing them.
    const first = sim.requests[0]?.request;
    expect(first?.range).toEqual({ startIndex: 2, endIndex: 22 });
    expect(first?.markCompressed).toBe(false);
    expect(first?.passes).toBe(1);
    expect(first?.entries.map((e) => e.content)).toEqual([
      ...span(2, 21).flatMap((i) => [`request ${i}`, `response ${i}`]),
      'request 22',
    ]);
    // Slid-out interactions link to the summary that covers them; interaction 1 to none.
    const byContent = (content: string): MemoryEntry | undefined => sim.entries.find((e) => e.content === content);
    expect(byContent('request 1')).toMatchObject({ compressed: true });
    expect(byContent('request 1')?.summaryId).toBeUndefined();
    expect(byContent('request 2')?.summaryId).toBe('sum1');
    expect(byContent('response 43')?.summaryId).toBe('sum2');
    expect(byContent('request 64')?.summaryId).toBe('sum3');
  });

  it('the boundary arithmetic: 22, 43, 64, 85 … for 21', () => {
    expect([21, 22, 42, 43, 63, 64, 85, 86].map((n) => rollingBoundary(n, 21))).toEqual([
      0, 22, 22, 43, 43, 64, 85, 85,
    ]);
    expect([1, 2, 3, 4, 5].map((n) => rollingBoundary(n, 1))).toEqual([0, 2, 3, 4, 5]);
  });

  it('is idempotent and catches up a summary whose round failed', () => {
    const strategy = rolling({ window: 3, max_summaries: 2 });
    const c = conversation();
    for (let i = 1; i <= 4; i += 1) c.user(`q${i}`);
    const plan = strategy.plan(sessionView({ entries: c.entries }), { reason: 'add' });
    expect(plan?.summarize?.range).toEqual({ startIndex: 2, endIndex: 4 });
    expect(plan?.evict).toEqual([{ entryIds: ['e0'] }]);
    expect(plan?.state).toEqual({ lastSummaryEnd: 4 });
    // The plan was not applied (summarizer failed): at interaction 5 it is made, 2 links to it.
    c.user('q5');
    const retry = strategy.plan(sessionView({ entries: c.entries }), { reason: 'add' });
    expect(retry?.summarize?.range).toEqual({ startIndex: 2, endIndex: 4 });
    expect(retry?.evict).toEqual([{ entryIds: ['e0'] }, { entryIds: ['e1'], summaryId: 'new' }]);
    // Once stored, nothing more is due.
    const sim = createSimulator([strategy]);
    for (const entry of c.entries) sim.receive(entry);
    expect(strategy.plan(sim.view('rolling'), { reason: 'manual' })).toBeUndefined();
  });

  it('max_summaries 0 only slides the window; pinned entries never slide out', () => {
    const sim = createSimulator([rolling({ window: 2, max_summaries: 0 })]);
    const c = conversation();
    sim.receive(c.user('keep me', { pinned: true }));
    for (let i = 2; i <= 6; i += 1) sim.receive(c.user(`q${i}`));
    expect(sim.summaries).toHaveLength(0);
    expect(sim.active().map((e) => e.content)).toEqual(['keep me', 'q5', 'q6']);
  });

  it('property: window and summary bounds hold after every message, whatever the sizes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(turnStep, pinnedTurnStep), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 3 }),
        (steps, window, max) => {
          const sim = createSimulator([rolling({ window, max_summaries: max })]);
          const c = conversation();
          for (const step of steps) {
            playTurn(c, step, (entry) => {
              sim.receive(entry);
              const n = c.interactionCount;
              const pinnedCalls = new Set(sim.entries.filter((e) => e.pinned && e.tool).map((e) => e.tool?.callId));
              const unpinned = new Set(
                sim
                  .active()
                  .filter((e) => !e.pinned && !(e.tool && pinnedCalls.has(e.tool.callId)))
                  .map((e) => e.interaction),
              );
              expect(unpinned.size).toBeLessThanOrEqual(window);
              expect([...unpinned].every((i) => i > n - window)).toBe(true);
              expect(sim.entries.filter((e) => e.interaction > n - window).every((e) => !e.compressed)).toBe(true);
              expect(ranges(sim)).toEqual(expectedRanges(n, window, max));
              for (const e of sim.entries) if (e.pinned) expect(e.compressed).toBe(false);
            });
          }
        },
      ),
      { seed: 20240611, numRuns: 150 },
    );
  });
});
