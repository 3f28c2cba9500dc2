import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, type PushState } from '../../src/sync/server/rules.js';
import type { SyncOp } from '../../src/sync/protocol.js';

const T = '2026-01-01T00:00:00.000Z';
const fresh = (): PushState => ({
  known: new Map(),
  entries: new Map(),
  summaries: new Map(),
  cleared: new Map(),
  dirty: { entries: new Set(), summaries: new Set(), sessions: new Set() },
});
const entry = (s: string, id: string): SyncOp => ({
  opId: id,
  sessionId: s,
  kind: 'entry',
  entry: {
    id,
    sessionId: s,
    seq: 0,
    interaction: 0,
    type: 'message',
    role: 'user',
    content: id,
    timestamp: T,
    tokenCount: 1,
    compressed: false,
  },
});
const compact = (s: string, id: string, entryIds: string[]): SyncOp => ({
  opId: id,
  sessionId: s,
  kind: 'compact',
  entryIds,
  summary: {
    id,
    sessionId: s,
    content: id,
    originalEntryIds: entryIds,
    tokenCount: 1,
    originalTokenCount: 1,
    compressionRatio: 1,
    createdAt: T,
    timeRange: { start: T, end: T },
  },
});

/** Random ops over a few sessions and ids, so they collide. */
const opArb: fc.Arbitrary<SyncOp> = fc.oneof(
  fc
    .record({ s: fc.constantFrom('a', 'b'), id: fc.integer({ min: 0, max: 9 }) })
    .map(({ s, id }) => entry(s, `e${id}`)),
  fc
    .record({
      s: fc.constantFrom('a', 'b'),
      id: fc.integer({ min: 0, max: 4 }),
      ids: fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 4 }),
    })
    .map(({ s, id, ids }) =>
      compact(
        s,
        `c${id}`,
        ids.map((i) => `e${i}`),
      ),
    ),
  fc
    .record({
      s: fc.constantFrom('a', 'b'),
      id: fc.integer({ min: 0, max: 4 }),
      ids: fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 }),
    })
    .map(
      ({ s, id, ids }) =>
        ({ opId: `x${id}`, sessionId: s, kind: 'erase', entryIds: ids.map((i) => `e${i}`) }) as SyncOp,
    ),
  fc
    .record({ s: fc.constantFrom('a', 'b'), id: fc.integer({ min: 0, max: 4 }), sum: fc.integer({ min: 0, max: 4 }) })
    .map(({ s, id, sum }) => ({ opId: `d${id}`, sessionId: s, kind: 'drop-summary', summaryId: `c${sum}` }) as SyncOp),
  fc
    .record({ s: fc.constantFrom('a', 'b'), id: fc.integer({ min: 0, max: 2 }) })
    .map(({ s, id }) => ({ opId: `k${id}`, sessionId: s, kind: 'clear' }) as SyncOp),
);

describe('sync rules (the server decision over its state)', () => {
  it('over random pushes and retries: seqs count up without a gap, each op is applied once, retries answer the original result, the compaction rule holds', () => {
    fc.assert(
      fc.property(fc.array(fc.array(opArb, { maxLength: 8 }), { maxLength: 12 }), (pushes) => {
        const state = fresh();
        let last = 0n;
        const first = new Map<string, string>();
        const applied: SyncOp[] = [];
        for (const ops of [...pushes, ...pushes]) {
          const d = decide(state, ops, last);
          expect(d.applied.map((a) => a.seq)).toEqual(d.applied.map((_, i) => last + BigInt(i) + 1n));
          last = d.lastSeq;
          applied.push(...d.applied.map((a) => a.op));
          d.results.forEach((r, i) => {
            const key = `${ops[i]!.sessionId}/${r.opId}`;
            const answer = r.status === 'rejected' ? `rejected ${r.reason}` : `seq ${r.seq}`;
            if (!first.has(key)) first.set(key, answer);
            else expect(answer).toBe(first.get(key)); // a duplicate or repeated rejection answers the original
          });
        }
        // Applied once each, and no entry compacted by two applied compactions or after its erasure.
        expect(new Set(applied.map((o) => `${o.sessionId}/${o.opId}`)).size).toBe(applied.length);
        const compacted = new Set<string>();
        const erased = new Set<string>();
        for (const op of applied) {
          if (op.kind === 'erase') op.entryIds.forEach((id) => erased.add(`${op.sessionId}/${id}`));
          if (op.kind === 'compact') {
            for (const id of op.entryIds) {
              const key = `${op.sessionId}/${id}`;
              expect(compacted.has(key) || erased.has(key)).toBe(false);
              compacted.add(key);
            }
          }
          if (op.kind === 'entry') expect(erased.has(`${op.sessionId}/${op.entry.id}`)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('two devices compacting overlapping ranges: the first wins, whichever device it is', () => {
    const state = fresh();
    decide(
      state,
      ['1', '2', '3', '4'].map((i) => entry('s', `e${i}`)),
      0n,
    );
    const phone = decide(state, [compact('s', 'phone', ['e2', 'e3'])], 4n);
    const laptop = decide(state, [compact('s', 'laptop', ['e1', 'e2'])], phone.lastSeq);
    expect(phone.results[0]).toEqual({ opId: 'phone', status: 'applied', seq: '5' });
    expect(laptop.results[0]).toMatchObject({ opId: 'laptop', status: 'rejected' });
    expect(laptop.lastSeq).toBe(5n);
  });
});
