import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitText } from '../../src/recall/split/split-text.js';

describe('splitText (text_splitter)', () => {
  it('keeps short text whole and cuts long text at paragraph, line, sentence, then word boundaries', () => {
    expect(splitText('short', { chunk_size: 100, chunk_overlap: 10, separators: null })).toEqual(['short']);
    const text = 'First paragraph here.\n\nSecond paragraph is here. It has two sentences.';
    const chunks = splitText(text, { chunk_size: 30, chunk_overlap: 0, separators: null });
    expect(chunks[0]).toBe('First paragraph here.');
    expect(chunks.every((c) => c.length <= 30)).toBe(true);
    expect(chunks.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
  });

  it('carries an overlap from each chunk into the next', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const chunks = splitText(words, { chunk_size: 40, chunk_overlap: 10, separators: [' '] });
    for (let i = 1; i < chunks.length; i++) {
      const firstWord = chunks[i]!.split(' ')[0]!;
      expect(chunks[i - 1]!.split(' ')).toContain(firstWord);
    }
  });

  it('never returns a chunk over chunk_size and never loses a character of non-space text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), fc.integer({ min: 1, max: 80 }), (text, size) => {
        const chunks = splitText(text, { chunk_size: size, chunk_overlap: 0, separators: null });
        expect(chunks.every((c) => c.length <= size && c.length > 0)).toBe(true);
        expect(chunks.join('').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});
