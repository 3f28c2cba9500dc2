/**
 * The rebase (src/sync/client/rebase.ts) and the outbox (src/sync/client/outbox.ts), pure: what a device
 * stores after pulled ops, and what it pushes, for the cases the sync rules name.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryEntry, MemorySummary } from '../../src/types.js';
import type { ServerOp } from '../../src/sync/protocol.js';
import { applyOp, toWorking, type WorkingState } from '../../src/sync/client/state.js';
import { rebase } from '../../src/sync/client/rebase.js';
import { deriveOutbox } from '../../src/sync/client/outbox.js';
import { splitWorkerOptions } from '../../src/worker/worker-options.js';

const T = '2026-01-01T00:00:00.000Z';
function entry(
  id: string,
  seq: number,
  role: 'user' | 'assistant' = 'user',
  extra: Partial<MemoryEntry> = {},
): MemoryEntry {
  return {
    id,
    sessionId: 's',
    seq,
    interaction: 0,
    type: 'message',
    role,
    content: id,
    timestamp: T,
    tokenCount: 2,
    compressed: false,
    ...extra,
  };
}
function summary(id: string, ids: string[]): MemorySummary {
  return {
    id,
    sessionId: 's',
    content: `summary ${id}`,
    originalEntryIds: ids,
    tokenCount: 3,
    originalTokenCount: 2 * ids.length,
    compressionRatio: 1,
    createdAt: T,
    timeRange: { start: T, end: T },
  };
}
let seq = 0;
const op = (o: Record<string, unknown>): ServerOp =>
  ({ sessionId: 's', deviceId: 'x', seq: String(++seq), ...o }) as unknown as ServerOp;
const entryOp = (e: MemoryEntry) => op({ opId: e.id, kind: 'entry', entry: e });

function run(
  w: WorkingState,
  entries: MemoryEntry[],
  summaries: MemorySummary[] = [],
  rejected: string[] = [],
  erased: string[] = [],
) {
  return rebase({
    sessionId: 's',
    state: w,
    meta: undefined,
    entries,
    summaries,
    erasedLocal: new Set(erased),
    rejected: new Set(rejected),
    now: T,
  });
}

describe('rebase', () => {
  it('confirmed entries in server order, then provisional ones; seq and interaction renumbered', () => {
    const w = toWorking(undefined);
    for (const e of [entry('r1', 0), entry('r2', 1, 'assistant')]) applyOp(w, entryOp(e));
    const local = [entry('p1', 0), entry('p2', 1, 'assistant')];
    const r = run(w, local);
    expect(r.entries.map((e) => [e.id, e.seq, e.interaction])).toEqual([
      ['r1', 0, 1],
      ['r2', 1, 1],
      ['p1', 2, 2],
      ['p2', 3, 2],
    ]);
    expect(r.meta).toMatchObject({ nextSeq: 4, interactionCount: 2, totalEntries: 4 });
    expect(r.appendOnly).toBe(false);
  });

  it('an erased entry keeps its place in the numbering and counts as erased', () => {
    const w = toWorking(undefined);
    for (const e of [entry('a', 0), entry('b', 1), entry('c', 2)]) applyOp(w, entryOp(e));
    applyOp(w, op({ opId: 'e1', kind: 'erase', entryIds: ['b'] }));
    const r = run(w, []);
    expect(r.entries.map((e) => [e.id, e.seq, e.interaction])).toEqual([
      ['a', 0, 1],
      ['c', 2, 3],
    ]);
    expect(r.meta).toMatchObject({ nextSeq: 3, erasedEntries: 1, interactionCount: 3 });
  });

  it('a local compaction overtaken by an accepted one is discarded: its summary goes, the accepted one applies', () => {
    const w = toWorking(undefined);
    const confirmed = [entry('a', 0), entry('b', 1, 'assistant'), entry('c', 2)];
    for (const e of confirmed) applyOp(w, entryOp(e));
    const mine = summary('mine', ['a', 'b']);
    const local = [
      { ...confirmed[0]!, compressed: true, summaryId: 'mine' },
      { ...confirmed[1]!, compressed: true, summaryId: 'mine' },
      confirmed[2]!,
    ];
    applyOp(w, op({ opId: 'theirs', kind: 'compact', summary: summary('theirs', ['a']), entryIds: ['a'] }));
    const r = run(w, local, [mine]);
    expect(r.summaries.map((s) => s.id)).toEqual(['theirs']);
    expect(r.entries.map((e) => [e.id, e.compressed, e.summaryId])).toEqual([
      ['a', true, 'theirs'],
      ['b', false, undefined],
      ['c', false, undefined],
    ]);
  });

  it('a rejected compaction is discarded and its entries are active again', () => {
    const w = toWorking(undefined);
    for (const e of [entry('a', 0), entry('b', 1)]) applyOp(w, entryOp(e));
    const local = [entry('a', 0, 'user', { compressed: true, summaryId: 'x' }), entry('b', 1)];
    const r = run(w, local, [summary('x', ['a'])], ['x']);
    expect(r.summaries).toEqual([]);
    expect(r.entries.every((e) => !e.compressed)).toBe(true);
  });

  it('a clear removes what its log held; provisional entries survive', () => {
    const w = toWorking(undefined);
    for (const e of [entry('old1', 0), entry('old2', 1)]) applyOp(w, entryOp(e));
    applyOp(w, op({ opId: 'c', kind: 'clear' }));
    applyOp(w, entryOp(entry('after', 0)));
    const r = run(w, [entry('old1', 0), entry('old2', 1), entry('mine', 2)]);
    expect(r.entries.map((e) => [e.id, e.seq])).toEqual([
      ['after', 0],
      ['mine', 1],
    ]);
  });

  it('an op applied twice (a re-pulled batch) changes nothing', () => {
    const w = toWorking(undefined);
    const ops = [entryOp(entry('a', 0)), op({ opId: 'c', kind: 'clear' }), entryOp(entry('b', 0))];
    for (const o of ops) applyOp(w, o);
    for (const o of ops) applyOp(w, o);
    expect(w.order).toEqual(['b']);
  });
});

describe('outbox', () => {
  it('derives entry, compact and erase ops with ids that do not change on a retry', () => {
    const w = toWorking(undefined);
    applyOp(w, entryOp(entry('a', 0)));
    applyOp(w, entryOp(entry('gone', 1)));
    const local = [entry('a', 0, 'user', { compressed: true, summaryId: 'sum' }), entry('new', 2)];
    const once = deriveOutbox('s', w, local, [summary('sum', ['a'])], new Set(['gone']));
    const twice = deriveOutbox('s', w, local, [summary('sum', ['a'])], new Set(['gone']));
    expect(once.ops.map((o) => [o.kind, o.opId])).toEqual([
      ['entry', 'new'],
      ['compact', 'sum'],
      ['erase', expect.stringMatching(/^erase~/)],
    ]);
    expect(twice.ops).toEqual(once.ops);
    expect((once.ops[0] as { entry: MemoryEntry }).entry.compressed).toBe(false);
  });

  it('a fold of a confirmed summary travels under a derived id, with the old one dropped', () => {
    const w = toWorking(undefined);
    for (const e of [entry('a', 0), entry('b', 1)]) applyOp(w, entryOp(e));
    applyOp(w, op({ opId: 'sum', kind: 'compact', summary: summary('sum', ['a']), entryIds: ['a'] }));
    const local = [
      entry('a', 0, 'user', { compressed: true, summaryId: 'sum' }),
      entry('b', 1, 'user', { compressed: true, summaryId: 'sum' }),
    ];
    const { ops } = deriveOutbox('s', w, local, [{ ...summary('sum', ['b']), content: 'folded' }], new Set());
    expect(ops.map((o) => o.kind)).toEqual(['compact', 'drop-summary']);
    expect(ops[0]).toMatchObject({
      entryIds: ['b'],
      summary: { content: 'folded', id: expect.stringMatching(/^sum~/) },
    });
  });
});

describe('the sync option in the page (createWorkerMemory)', () => {
  it('is checked before the worker starts, naming the field', () => {
    expect(() => splitWorkerOptions({ sync: { url: 42 } })).toThrow(/^sync\.url: expected the sync endpoint URL/);
    expect(() => splitWorkerOptions({ sync: { url: 'https://x/sync', token: 'a' } })).toThrow(
      /^sync\.token: expected one of the sync options/,
    );
    expect(() => splitWorkerOptions({ sync: { url: 'https://x/sync', intervalMs: -1 } })).toThrow(
      /^sync\.intervalMs: expected an integer >= 0/,
    );
    expect(splitWorkerOptions({ sync: { url: 'https://x/sync' } }).init.sync).toEqual({ url: 'https://x/sync' });
  });
});

describe('pins', () => {
  it("a pin changed here after the entry was pushed survives the pull of the entry's pushed (unpinned) copy", () => {
    const w = toWorking(undefined);
    applyOp(w, entryOp(entry('m1', 0)));
    applyOp(w, entryOp(entry('m2', 1, 'assistant', { pinned: true })));
    // Here: m1 pinned and m2 unpinned while the round that pushed them ran.
    const r = run(w, [entry('m1', 0, 'user', { pinned: true }), entry('m2', 1, 'assistant')]);
    expect(r.entries.map((e) => [e.id, e.pinned])).toEqual([
      ['m1', true],
      ['m2', undefined],
    ]);
  });
});
