import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { aboutSpan, summariesBelowTurns } from '../../src/core/recall/summary-rank.js';
import { SUMMARY_PREFIX } from '../../src/core/recall/recall-ids.js';
import { summaryById } from '../../src/core/recall/recall.js';
import type { MemorySummary } from '../../src/types.js';

const S = 'chat';

function summary(
  id: string,
  covers: string[],
  start = '2023-05-01T10:00:00Z',
  end = '2023-05-09T10:00:00Z',
): MemorySummary {
  return {
    id,
    sessionId: S,
    content: 'summary',
    originalEntryIds: covers,
    timeRange: { start, end },
    createdAt: end,
    tokenCount: 1,
  } as MemorySummary;
}

describe('summaries rank below the turns they cover', () => {
  it('moves a summary below the lowest of its turns among the hits, and keeps the others in order', () => {
    const summaries = new Map([['s1', summary('s1', ['a', 'b'])]]);
    const hits = [
      { id: SUMMARY_PREFIX + 's1', score: 9 },
      { id: 'a', score: 8 },
      { id: 'x', score: 7 },
      { id: 'b', score: 5 },
      { id: 'y', score: 4 },
    ];
    const out = summariesBelowTurns(hits, (id) => summaryById(summaries, id), 'Where did Caroline move?', [
      'caroline',
      'move',
    ]);
    expect(out.map((h) => h.id)).toEqual(['a', 'x', 'b', SUMMARY_PREFIX + 's1', 'y']);
  });

  it('keeps a summary whose turns did not score, or when the question is about its span', () => {
    const summaries = new Map([['s1', summary('s1', ['a', 'b'])]]);
    const alone = [
      { id: SUMMARY_PREFIX + 's1', score: 9 },
      { id: 'x', score: 7 },
    ];
    expect(summariesBelowTurns(alone, (id) => summaryById(summaries, id), 'q', []).map((h) => h.id)).toEqual([
      SUMMARY_PREFIX + 's1',
      'x',
    ]);
    const withTurn = [
      { id: SUMMARY_PREFIX + 's1', score: 9 },
      { id: 'a', score: 7 },
    ];
    expect(
      summariesBelowTurns(withTurn, (id) => summaryById(summaries, id), 'What happened in May 2023?', [
        'happen',
        'may',
        '2023',
        '2023-05',
      ])[0]!.id,
    ).toBe(SUMMARY_PREFIX + 's1');
    expect(summariesBelowTurns(withTurn, (id) => summaryById(summaries, id), 'Give me a recap', ['recap'])[0]!.id).toBe(
      SUMMARY_PREFIX + 's1',
    );
  });

  it('tells a question about the span by a month or day inside it', () => {
    const s = summary('s1', [], '2023-05-01T12:00:00Z', '2023-06-02T12:00:00Z');
    expect(aboutSpan('in June 2023?', ['june', '2023', '2023-06'], s)).toBe(true);
    expect(aboutSpan('on 2023-05-20?', ['2023-05-20'], s)).toBe(true);
    expect(aboutSpan('in July 2023?', ['july', '2023', '2023-07'], s)).toBe(false);
    expect(aboutSpan('Where did she move?', ['move'], s)).toBe(false);
  });

  it('through recall(): a summary never ranks above a turn it covers that was found', async () => {
    const memory = await createMemory({ store: 'memory', config: { maxEntries: 12, recentWindow: 4 } });
    const facts = [
      ['My sister Caroline moved to Lisbon in May 2023.', 'That is a big move to Lisbon!'],
      ['Caroline loves the Lisbon trams.', 'Trams in Lisbon are lovely.'],
    ];
    for (const [u, a] of facts) {
      await memory.addUserMessage(S, u!);
      await memory.addAssistantMessage(S, a!);
    }
    for (let i = 0; i < 10; i++) {
      await memory.addUserMessage(S, `small talk number ${i} about the weather`);
      await memory.addAssistantMessage(S, `reply ${i} about clouds`);
    }
    await memory.idle(S);
    const summaries = await memory.getSummaries(S);
    expect(summaries.length).toBeGreaterThan(0);
    const hits = await memory.recall(S, 'Caroline Lisbon', { topK: 20 });
    const rank = new Map(hits.map((h, i) => [h.entry.id, i]));
    let checked = 0;
    for (const s of summaries) {
      const at = rank.get(s.id);
      if (at === undefined) continue;
      for (const id of s.originalEntryIds) {
        const turn = rank.get(id);
        if (turn === undefined) continue;
        expect(turn).toBeLessThan(at);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
    await memory.close();
  });
});
