/**
 * The state a new session's first batch leaves, which its journal's first snapshot holds, is
 * made in slices (#31): an import of 100,000 entries put them all in one step. The state is
 * the one `applyBatch` makes over an empty state; the work gives the thread back between slices.
 */
import { describe, expect, it } from 'vitest';
import { createSlicer } from '../../src/slices/slicer.js';
import { applyBatch, stateOfBatch, type SessionState } from '../../src/store/journal/session-state.js';
import { makeEntry, makeMeta, makeSummary } from '../../src/testing/index.js';
import type { StoreBatch } from '../../src/types.js';

const empty = (batch: StoreBatch): SessionState => {
  const state: SessionState = { meta: batch.meta, entries: new Map(), summaries: new Map(), aux: new Map() };
  applyBatch(state, batch);
  return state;
};

describe('stateOfBatch', () => {
  it('makes the state applyBatch makes over an empty state, giving the thread back between slices', async () => {
    const entries = Array.from({ length: 5000 }, (_, i) => makeEntry('s', i));
    entries.push({ ...entries[10]!, content: 'written again' }); // the last write of an id wins
    const batch: StoreBatch = {
      meta: makeMeta('s', 1, { nextSeq: 5000 }),
      replace: true,
      putEntries: entries,
      putSummaries: [makeSummary('s', 'a'), makeSummary('s', 'b')],
      deleteEntryIds: ['e3'],
      aux: { 'recall:seg:0': { n: 0 }, 'recall:gone': null },
    };
    let pauses = 0;
    const slicer = createSlicer({ units: 100_000, ms: Infinity, yieldNow: async () => void pauses++ });
    const state = await stateOfBatch(batch, slicer);
    const expected = empty(batch);
    expect(state.meta).toBe(expected.meta);
    expect([...state.entries]).toEqual([...expected.entries]);
    expect(state.entries.get('e10')?.content).toBe('written again');
    expect([...state.summaries]).toEqual([...expected.summaries]);
    expect([...state.aux]).toEqual([...expected.aux]);
    expect(pauses).toBeGreaterThanOrEqual(9);
  });
});
