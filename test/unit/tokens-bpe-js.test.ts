/**
 * The JavaScript counter browsers use while tiktoken's WASM encoder builds gives tiktoken's own
 * counts (compared with the WASM build on the token corpus and random text), and declines
 * what it cannot vouch for.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createJsBpe, type JsBpe } from '../../src/tokens/bpe-js.js';
import { loadRanks } from '../../src/tokens/tiktoken-assets.js';
import { TIKTOKEN_ENCODINGS, loadTiktoken, type TiktokenCounter } from '../../src/tokens/tiktoken.js';
import { TOKEN_CORPUS, mixedText } from '../support/token-corpus.js';

const EDGES = [
  "it's IT'S It'S i'Ll we'VE you'RE I'D he'ſ 'ſ ſ",
  'a\u0085b \u0085\u0085 c\uFEFFd \uFEFF e\u00A0f \u3000g\u2028h',
  'line\r\n\r\n  next\n\n\n   \t\n x',
  '   leading and trailing   ',
  'ABCdef GHIjkl ÀÉÎõü ǅungla ʰʲ ẞtraße',
  '1234567 12.5% $3,000 ٣٤٥ ௧௨௩ ½ Ⅻ',
  '<|endoftext|> <|im_start|>user',
  'path/to/file.ts:12 https://example.com/a?b=c&d=e#f ==> !== ...//\n/',
  'x'.repeat(300),
  'ab'.repeat(120),
];

describe.each(TIKTOKEN_ENCODINGS)('%s', (encoding) => {
  let wasm: TiktokenCounter;
  let js: JsBpe;
  const same = (text: string): void => {
    const n = js.count(text);
    if (n !== undefined) expect(n, JSON.stringify(text.slice(0, 80))).toBe(wasm.count(text));
  };

  it('counts the corpus and edge cases as the WASM build does', async () => {
    wasm = await loadTiktoken(encoding);
    js = createJsBpe(await loadRanks(encoding));
    let counted = 0;
    for (const { text } of TOKEN_CORPUS) {
      same(text);
      if (js.count(text) !== undefined) counted++;
    }
    for (const text of EDGES) same(text);
    same(mixedText(20_000, 7));
    expect(counted).toBeGreaterThan(TOKEN_CORPUS.length / 2);
    for (const text of EDGES.slice(0, 8)) expect(js.count(text), text).toBeTypeOf('number');
  });

  it('counts random text as the WASM build does', () => {
    const alphabet = fc.constantFrom(
      ...'aAbBsStTzZ  \n\r\t\'"/.,;:!?-_()[]{}0123456789éÉñßſ\u0085\u00A0\uFEFF\u3000中文日本語한국어😀👍🏽\u200D'.split(
        '',
      ),
      '😀',
      '👍🏽',
      '🇫🇷',
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 120 }), (chars) => same(chars.join(''))),
      { numRuns: 400 },
    );
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), same), { numRuns: 400 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), same), { numRuns: 400 });
  });

  it('declines what it cannot vouch for: recent scripts, lone surrogates, very long merged pieces', () => {
    expect(js.count('\u{10D50}\u{10D51}')).toBeUndefined(); // Garay (Unicode 16)
    expect(js.count('ok \uD800 ok')).toBeUndefined();
    expect(js.count('\u1C89')).toBeUndefined();
    expect(js.count('q'.repeat(5_000))).toBeUndefined();
    expect(js.count('a normal sentence')).toBe(wasm.count('a normal sentence'));
  });
});
