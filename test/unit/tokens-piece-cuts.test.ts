import { get_encoding, type Tiktoken } from '@dqbd/tiktoken';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTiktoken, TIKTOKEN_ENCODINGS, type TiktokenCounter } from '../../src/tokens/tiktoken.js';
import { countingParts, pieceCuts, RUN_CHUNK, SEGMENT_LENGTH } from '../../src/tokens/piece-cuts.js';

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

  it('counts an unbroken run in parts of at most SEGMENT_LENGTH characters: bounded work per part, so linear', () => {
    // BPE is superlinear in a piece's length: what keeps counting linear is that tiktoken is
    // only given bounded parts. The times themselves are bench/tokens.ts's (200k / 20k).
    for (const text of [randomLetters(200_000), 'z'.repeat(200_000), randomLetters(50_000, '我们今天去公园散步')]) {
      const parts = [...countingParts(text)];
      expect(parts.join('')).toBe(text);
      expect(Math.max(...parts.map((p) => p.length))).toBeLessThanOrEqual(SEGMENT_LENGTH);
      expect(counter.count(text)).toBe(parts.reduce((n, p) => n + raw.encode_ordinary(p).length, 0));
    }
  });

  it('counts a 3M-character run without a crash', () => {
    expect(counter.count('z'.repeat(3_000_000))).toBe(1_500_000);
    const text = randomLetters(3_000_000);
    expect(counter.count(text)).toBeGreaterThan(1_000_000);
  });
});
