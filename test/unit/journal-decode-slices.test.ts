import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrames, encodeFrame } from '../../src/store/journal/frame.js';
import { decodeFramesInSlices } from '../../src/store/journal/decode-in-slices.js';
import { crc32 } from '../../src/store/journal/crc32.js';
import { concatBytes } from '../../src/store/journal/files.js';
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

describe('decodeFramesInSlices', () => {
  it('reads what decodeFrames reads on any journal bytes: intact, torn, flipped, or cut anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 8 }),
        fc.option(fc.nat(), { nil: undefined }),
        fc.option(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { nil: undefined }),
        fc.integer({ min: 1, max: 5_000 }),
        async (values, cutAt, flip, units) => {
          let bytes = concatBytes(values.map((v) => encodeFrame(v)));
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
    const bytes = concatBytes([
      encodeFrame(big),
      ...Array.from({ length: 50 }, (_, i) => encodeFrame({ t: 'batch', i })),
    ]);
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
      expect(crc32(bytes.subarray(cut), crc32(bytes.subarray(0, cut)))).toBe(0xcbf43926);
    }
  });
});
