import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSlicer } from '../../src/slices/slicer.js';
import { crc32 } from '../../src/store/journal/crc32.js';
import { memoryJournalFiles } from '../../src/store/journal/files.js';
import { decodeFrames, encodeFrame } from '../../src/store/journal/frame.js';
import { encodeFrameInSlices, jsonPieces } from '../../src/store/journal/frame-in-slices.js';
import { fileName, sessionJournal } from '../../src/store/journal/session-journal.js';
import type { SessionState } from '../../src/store/journal/session-state.js';
import { makeEntry, makeMeta } from '../support/store-conformance.js';

/** A slicer whose pauses are counted (and give the thread back for real). */
function countingSlicer(): { slicer: () => ReturnType<typeof createSlicer>; pauses: () => number } {
  let pauses = 0;
  const yieldNow = (): Promise<void> => {
    pauses++;
    return new Promise((resolve) => setImmediate(resolve));
  };
  return { slicer: () => createSlicer({ yieldNow, ms: Infinity }), pauses: () => pauses };
}

const bigSnapshot = (n: number) => ({
  t: 'snapshot',
  meta: makeMeta('s', 2, { nextSeq: n }),
  entries: Array.from({ length: n }, (_, i) => makeEntry('s', i, { content: `entry ${i} é✓ \u{1f600}`.repeat(4) })),
  summaries: [],
  aux: Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [`recall:seg:${i}`, { terms: { [`t${i}`]: [i, i + 1] } }]),
  ),
});

describe('journal frames made in slices', () => {
  it('continues a CRC-32 over bytes split anywhere', () => {
    const bytes = new TextEncoder().encode('123456789 and some more bytes é✓');
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(crc32(bytes.subarray(cut), crc32(bytes.subarray(0, cut)))).toBe(crc32(bytes));
    }
  });

  it('frames a small record at once, as bytes, identical to encodeFrame', () => {
    const { slicer, pauses } = countingSlicer();
    const record = { t: 'batch', batch: { meta: makeMeta('s', 3), putEntries: [makeEntry('s', 2)] } };
    const framed = encodeFrameInSlices(record, slicer);
    expect(framed).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(framed as Uint8Array).equals(Buffer.from(encodeFrame(record)))).toBe(true);
    expect(pauses()).toBe(0);
  });

  it('frames a 5,000-entry snapshot in several slices, byte for byte what encodeFrame makes', async () => {
    const { slicer, pauses } = countingSlicer();
    const record = bigSnapshot(5_000);
    const framed = encodeFrameInSlices(record, slicer);
    expect(framed).toBeInstanceOf(Promise);
    const bytes = await framed;
    expect(pauses()).toBeGreaterThan(2);
    // Compared as buffers: a deep equality of megabytes element by element takes minutes.
    expect(Buffer.from(bytes).equals(Buffer.from(encodeFrame(record)))).toBe(true);
    expect(decodeFrames(bytes).records).toHaveLength(1);
  });

  it('writes the JSON text JSON.stringify writes, whatever the values (many members, odd members)', () => {
    const wide = (value: fc.Arbitrary<unknown>) =>
      fc.oneof(
        fc.array(value, { minLength: 30, maxLength: 40 }),
        fc.dictionary(fc.string(), value, { minKeys: 30, maxKeys: 40 }),
      );
    const leaf = fc.oneof(
      fc.jsonValue(),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }), // lone surrogates
      fc.constantFrom(undefined, () => 1, Symbol('s'), new Date(0), new Map([[1, 2]]), Object(7), Object('x')),
    );
    const small = fc.oneof(leaf, fc.array(leaf, { maxLength: 3 }), fc.dictionary(fc.string(), leaf, { maxKeys: 3 }));
    const mid = fc.oneof(small, wide(small), fc.dictionary(fc.string(), small, { maxKeys: 4 }));
    fc.assert(
      fc.property(fc.oneof(wide(mid), fc.dictionary(fc.string(), mid, { maxKeys: 4 })), (v) => {
        expect([...jsonPieces(v, 0)].join('')).toBe(JSON.stringify(v));
      }),
      { numRuns: 50 },
    );
  });

  it('keeps the members JSON.stringify keeps: own __proto__, null prototypes, holes, toJSON', () => {
    const members = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]));
    const own = JSON.parse('{"__proto__": {"x": 1}, "constructor": 2}') as unknown;
    const bare = Object.assign(Object.create(null) as object, members, { u: undefined });
    // eslint-disable-next-line no-sparse-arrays
    const holes = [1, , 3, undefined, () => 0];
    const values = [own, bare, holes, { when: new Date(5), nested: { toJSON: () => 'custom' } }, [bare, own]];
    for (const v of values) expect([...jsonPieces(v, 0)].join('')).toBe(JSON.stringify(v));
  });

  it('throws what JSON.stringify throws (a BigInt), at once or in slices', async () => {
    const { slicer } = countingSlicer();
    expect(() => encodeFrameInSlices({ n: 1n }, slicer)).toThrow(TypeError);
    const big = bigSnapshot(2_000) as Record<string, unknown>;
    (big['entries'] as unknown[]).push({ n: 1n });
    await expect(Promise.resolve().then(() => encodeFrameInSlices(big, slicer))).rejects.toThrow(TypeError);
  });
});

describe('session journal: writes of a session reach its file in call order', () => {
  it('a small append called while a large one is framed in slices lands after it', async () => {
    const files = memoryJournalFiles();
    const journal = sessionJournal(files, { compactBytes: Number.MAX_SAFE_INTEGER });
    const state: SessionState = { meta: makeMeta('s', 1), entries: new Map(), summaries: new Map(), aux: new Map() };
    await journal.snapshot('s', state);
    const large = { t: 'batch' as const, batch: { meta: makeMeta('s', 2), putEntries: bigSnapshot(5_000).entries } };
    const small = { t: 'batch' as const, batch: { meta: makeMeta('s', 3), putEntries: [makeEntry('s', 5_000)] } };
    const [first, second] = await Promise.all([journal.append('s', large), journal.append('s', small)]);
    expect(second).toBeGreaterThan(first);
    const { records } = decodeFrames(files.files.get(fileName('s', 1))!);
    expect(records.map((r) => (r as { t: string; batch?: { meta: { version: number } } }).batch?.meta.version)).toEqual(
      [undefined, undefined, 2, 3],
    );
    // A truncate called after them cuts back to the size before the small one, not before the large one.
    await journal.truncate('s', second);
    expect(decodeFrames(files.files.get(fileName('s', 1))!).records).toHaveLength(3);
  });
});
