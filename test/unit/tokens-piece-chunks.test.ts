import { get_encoding, type Tiktoken } from '@dqbd/tiktoken';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTiktoken, TIKTOKEN_ENCODINGS, type TiktokenCounter } from '../../src/tokens/tiktoken.js';
import { pieceChunks } from '../../src/tokens/piece-chunks.js';

/** Bits of text where line breaks meet punctuation, spaces, slashes, digits, accents and CJK. */
const BITS = [
  '\n',
  '\n\n',
  '\r\n',
  ' \n',
  '\n ',
  '?\n',
  '!\n/',
  '/\n',
  '\n/',
  '\n\t',
  ' ',
  '  ',
  '\t',
  'a',
  'The',
  'word',
  "'s",
  "'ll",
  '42',
  '2023',
  '1,000',
  '.',
  '?',
  '...',
  '—',
  '/',
  'é',
  'ü',
  '日本語',
  '🙂',
  '\u2028',
  '\u00a0',
  '\u0085',
  '\ufeff',
  '\n\u000b',
  '[8 May 2023]',
  'Caroline: ',
  'Tool result (search): ',
];

const texts = fc.array(fc.constantFrom(...BITS), { minLength: 60, maxLength: 400 }).map((parts) => parts.join(''));

describe('pieceChunks', () => {
  it('cuts a text into parts that join back to it, after line breaks only', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const chunks = pieceChunks(text);
        expect(chunks.join('')).toBe(text);
        for (const c of chunks.slice(0, -1)) expect(c.endsWith('\n') || c.endsWith('\r')).toBe(true);
      }),
    );
  });
});

describe.each(TIKTOKEN_ENCODINGS)('a %s counter counting long texts line by line', (encoding) => {
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

  it('counts exactly what tiktoken counts for the whole text, also when the lines were seen before', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const expected = raw.encode(text, [], []).length;
        expect(counter.count(text)).toBe(expected);
        expect(counter.count(text)).toBe(expected); // now from remembered lines
      }),
      { numRuns: 300 },
    );
  });

  it('counts a recalled block assembled from the same lines in another order exactly', () => {
    const lines = Array.from(
      { length: 40 },
      (_, i) => `Speaker ${i % 3}: line ${i} about the lake?${i % 5 === 0 ? '\n' : ''}`,
    );
    for (let k = 0; k < 20; k++) {
      const text = [
        'Recalled from earlier conversations (by date):',
        ...lines.filter((_, i) => (i * 7 + k) % 3 !== 0),
      ].join('\n');
      expect(counter.count(text)).toBe(raw.encode(text, [], []).length);
    }
  });
});
