/**
 * The pre-tokenizer cuts every text into the pieces tiktoken's pattern makes: compared with the
 * pattern run as a JavaScript `RegExp` over tiktoken's Unicode tables (test/support/piece-pattern.ts)
 * on random text of the characters the patterns single out and on random code points of the whole
 * range; and the patterns it implements are those of the rank files.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRankTable } from '../../src/tokens/rank-source.js';
import { CL100K_PATTERN, O200K_PATTERN, pieceEnd } from '../../src/tokens/pre-tokenizer.js';
import { TIKTOKEN_ENCODINGS } from '../../src/tokens/tiktoken.js';
import { piecePattern } from '../support/piece-pattern.js';
import { CATEGORY_SAMPLES } from '../support/unbroken-runs.js';

const PATTERNS = { o200k_base: O200K_PATTERN, cl100k_base: CL100K_PATTERN } as const;

/** Characters each alternative of the patterns tells apart, and sequences of them. */
const PICKS = [
  ...'aAbBsStTzZéÉñßſǅǈʰªˆ\u0301\u0903\u20dd  \t\n\r\v\f\'"/.,;:!?-_()[]{}0123456789²½Ⅻ٣\u0085\u00a0\ufeff\u3000\u2028',
  ...Object.values(CATEGORY_SAMPLES)
    .flat()
    .map((p) => String.fromCodePoint(p)),
  "'s",
  "'S",
  "'ll",
  "'LL",
  "'re",
  "'Ve",
  "'m",
  "'D",
  "'ſ",
  "'x",
  '\r\n',
  '\uD800',
  '\uDC00',
  '😀',
  '👍🏽',
  '👨‍👩‍👧',
];

const pick = fc.constantFrom(...PICKS);
const anyCodePoint = fc
  .integer({ min: 0, max: 0x10ffff })
  .map((c) => (c >= 0xd800 && c <= 0xdfff ? String.fromCharCode(c) : String.fromCodePoint(c)));

/** The pieces `end` makes of `text`. */
function cut(end: (text: string, at: number) => number, text: string): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length;) {
    const stop = end(text, i);
    expect(stop).toBeGreaterThan(i);
    pieces.push(text.slice(i, stop));
    i = stop;
  }
  return pieces;
}

describe.each(TIKTOKEN_ENCODINGS)('the %s pre-tokenizer', (encoding) => {
  const pattern = PATTERNS[encoding];
  const end = pieceEnd(pattern);
  const reference = piecePattern(pattern);
  const same = (text: string): void => {
    expect(cut(end, text), JSON.stringify(text)).toEqual([...text.matchAll(reference)].map((m) => m[0]));
  };

  it("implements the rank file's pattern", async () => {
    expect((await loadRankTable(encoding)).header.pat_str).toBe(pattern);
  });

  it('cuts random text of the characters the pattern tells apart as the pattern does', () => {
    fc.assert(
      fc.property(fc.array(pick, { maxLength: 60 }), (parts) => same(parts.join(''))),
      { numRuns: 3000 },
    );
  });

  it('cuts random code points of the whole range, and runs of them, as the pattern does', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(anyCodePoint, pick), { maxLength: 40 }), (parts) => same(parts.join(''))),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(anyCodePoint, pick), fc.nat(40)), { maxLength: 8 }), (runs) =>
        same(runs.map(([unit, n]) => unit.repeat(n)).join('')),
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses a pattern it does not implement', () => {
    expect(() => pieceEnd('\\p{L}+|\\s+')).toThrow(/no pre-tokenizer for the pattern/);
  });
});
