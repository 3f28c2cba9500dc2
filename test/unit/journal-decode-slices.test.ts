import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrames, encodeFrame } from '../../src/store/journal/frame.js';
import { decodeFramesInSlices } from '../../src/store/journal/decode-in-slices.js';
import { CRC32_INIT, crc32, crc32Final, crc32Update } from '../../src/store/journal/crc32.js';
import { createSlicer } from '../../src/slices/slicer.js';

/** A slicer whose yields are counted and cost nothing. */
function countingSlicer(units: number) {
  let yields = 0;
  const slicer = createSlicer({
    units,
    ms: Infinity,
    yieldNow: async () => {
      yields++;
    },
  });
  return { slicer, yields: () => yields };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('decodeFramesInSlices', () => {
  it('reads what decodeFrames reads on any journal bytes: intact, torn, flipped, or cut anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 8 }),
        fc.option(fc.nat(), { nil: undefined }),
        fc.option(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { nil: undefined }),
        fc.integer({ min: 1, max: 5_000 }),
        async (values, cutAt, flip, units) => {
          let bytes = concat(values.map((v) => encodeFrame(v)));
          if (flip && bytes.length) {
            bytes = bytes.slice();
            const i = flip[0] % bytes.length;
            bytes[i] = (bytes[i] as number) ^ flip[1];
          }
          if (cutAt !== undefined) bytes = bytes.subarray(0, cutAt % (bytes.length + 1));
          const { slicer } = countingSlicer(units);
          expect(await decodeFramesInSlices(bytes, slicer)).toEqual(decodeFrames(bytes));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the thread back within a large record and between records', async () => {
    const big = { t: 'snapshot', text: 'x'.repeat(3_000_000) };
    const bytes = concat([encodeFrame(big), ...Array.from({ length: 50 }, (_, i) => encodeFrame({ t: 'batch', i }))]);
    const { slicer, yields } = countingSlicer(100_000);
    const decoded = await decodeFramesInSlices(bytes, slicer);
    expect(decoded.records).toHaveLength(51);
    expect(decoded.validBytes).toBe(bytes.length);
    expect(yields()).toBeGreaterThanOrEqual(10);
  });

  it('a CRC-32 in parts is the CRC-32 of the whole', () => {
    const bytes = new TextEncoder().encode('123456789');
    expect(crc32(bytes)).toBe(0xcbf43926);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const state = crc32Update(crc32Update(CRC32_INIT, bytes.subarray(0, cut)), bytes.subarray(cut));
      expect(crc32Final(state)).toBe(0xcbf43926);
    }
  });
});
