import { get_encoding, type Tiktoken } from '@dqbd/tiktoken';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTiktoken, TIKTOKEN_ENCODINGS, type TiktokenCounter } from '../../src/tokens/tiktoken.js';
import { pieceCuts, RUN_CHUNK, SEGMENT_LENGTH } from '../../src/tokens/piece-cuts.js';

/** Words, spaces and signs of ordinary text: no run longer than a few dozen characters. */
const WORDS = [
  ' ',
  '  ',
  '\t',
  'a',
  'The',
  'word',
  'WORD',
  'CamelCase',
  "'s",
  "'LL",
  "it's",
  '42',
  '2023',
  '1,000',
  '3.14',
  '.',
  ',',
  '?!',
  '...',
  '—',
  '/',
  '"',
  '{"k":',
  '[1,2]',
  'é',
  'e\u0301',
  'ü',
  '日本語',
  '我们今天去公园散步，',
  '🙂',
  '👨‍👩‍👧',
  '\u00a0',
  '\u0085',
  '\ufeff',
  '\u2028',
  'x²',
  '½',
  'مرحبا',
  'Привет',
  'http://example.com/a?b=c',
  'aGVsbG8gd29ybGQ=',
];

/** One line (no line break) of 1,500 to 12,000 characters: longer than a part. */
const longLines = fc
  .array(fc.constantFrom(...WORDS), { minLength: 600, maxLength: 3000 })
  .map((parts) => parts.join(''))
  .filter((text) => text.length > SEGMENT_LENGTH);

const randomLetters = (n: number, alphabet = 'abcdefghijklmnopqrstuvwxyz'): string =>
  Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');

describe('pieceCuts', () => {
  it('cuts a line into parts that join back to it, none longer than a part may be', () => {
    const lines = fc.oneof(
      longLines,
      fc.string({ unit: 'binary', minLength: 0, maxLength: 5000 }),
      fc.constantFrom('z'.repeat(5000), ' '.repeat(3000), '😀'.repeat(2000), '我'.repeat(4000), 'a'.repeat(1025)),
    );
    fc.assert(
      fc.property(lines, (line) => {
        const parts = [...pieceCuts(line)];
        expect(parts.join('')).toBe(line);
        for (const part of parts) {
          if (line.length) expect(part.length).toBeGreaterThan(0);
          expect(part.length).toBeLessThanOrEqual(SEGMENT_LENGTH);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('never splits a surrogate pair, also in a run of astral characters', () => {
    for (const part of pieceCuts('😀'.repeat(3000))) {
      expect(part.length % 2).toBe(0);
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(RUN_CHUNK);
    }
  });
});

describe.each(TIKTOKEN_ENCODINGS)('a %s counter on long lines', (encoding) => {
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

  it('counts a long line of ordinary text exactly as tiktoken does', () => {
    fc.assert(
      fc.property(longLines, (text) => {
        expect(counter.count(text)).toBe(raw.encode_ordinary(text).length);
      }),
      { numRuns: 60 },
    );
  });

  it('counts base64, hex and minified JSON without separators exactly', () => {
    const b64 = randomLetters(6000, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
    const hex = randomLetters(6000, '0123456789abcdef');
    const json = JSON.stringify(
      Array.from({ length: 300 }, (_, i) => ({ id: i, name: randomLetters(8), on: !!(i % 2) })),
    );
    for (const text of [b64, hex, json]) expect(counter.count(text)).toBe(raw.encode_ordinary(text).length);
  });

  it('counts an unbroken run within 1% of tiktoken', () => {
    const runs = [
      'z'.repeat(6000),
      randomLetters(6000),
      randomLetters(6000, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      '='.repeat(6000),
      ' '.repeat(6000),
      randomLetters(3000, '我们今天去公园散步天气非常好机器学习是人工智能的一个分支'),
    ];
    for (const text of runs) {
      const exact = raw.encode_ordinary(text).length;
      expect(Math.abs(counter.count(text) - exact)).toBeLessThanOrEqual(Math.ceil(exact * 0.01));
    }
  });

  it('takes time linear in the length of an unbroken run (200k in at most 25x the time of 20k)', () => {
    const median = (n: number): number => {
      const times: number[] = [];
      for (let round = 0; round < 5; round++) {
        const text = randomLetters(n); // fresh letters: no part is remembered from a previous round
        const start = performance.now();
        counter.count(text);
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    median(20_000); // warm-up
    const small = median(20_000);
    const large = median(200_000);
    expect(large / small).toBeLessThan(25);
  });

  it('counts a 3M-character run without a crash', () => {
    expect(counter.count('z'.repeat(3_000_000))).toBe(1_500_000);
    const text = randomLetters(3_000_000);
    expect(counter.count(text)).toBeGreaterThan(1_000_000);
  });
});
