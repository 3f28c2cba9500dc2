import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { resolveTokenizer } from '../../src/tokens/resolve-tokenizer.js';
import { loadTiktoken, type TiktokenCounter } from '../../src/tokens/tiktoken.js';
import type { TokenCounter } from '../../src/types.js';

// o200k_base and cl100k_base split this differently (12 vs 18 tokens), so counts tell them apart.
const PROBE = '我们今天去公园散步，天气非常好。';
const loaded: TokenCounter[] = [];
afterAll(() => {
  for (const counter of loaded) (counter as Partial<TiktokenCounter>).free?.();
});

async function resolved(option: Parameters<typeof resolveTokenizer>[0]): Promise<TokenCounter> {
  const counter = await resolveTokenizer(option);
  loaded.push(counter);
  return counter;
}

describe('resolveTokenizer', () => {
  it('defaults to tiktoken o200k_base', async () => {
    const reference = await loadTiktoken('o200k_base');
    loaded.push(reference);
    const counter = await resolved(undefined);
    expect((counter as TiktokenCounter).encoding).toBe('o200k_base');
    expect(counter.count(PROBE)).toBe(reference.count(PROBE));
  });

  it('loads the encoding named', async () => {
    const o200k = await resolved('o200k_base');
    const cl100k = await resolved('cl100k_base');
    expect(o200k.count(PROBE)).toBe(12);
    expect(cl100k.count(PROBE)).toBe(18);
  });

  it('uses a custom counter as it is', async () => {
    const words: TokenCounter = { count: (text) => text.split(/\s+/).filter(Boolean).length };
    expect(await resolveTokenizer(words)).toBe(words);
  });

  it('refuses an unknown encoding name, listing the accepted ones', async () => {
    const error = await resolveTokenizer('gpt2' as 'o200k_base').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('tokenizer');
    expect((error as Error).message).toBe(
      `tokenizer: expected 'o200k_base' or 'cl100k_base', or an object with a count(text) function, received "gpt2"`,
    );
  });

  it.each([
    ['an object without count', { encode: () => [] }],
    ['count that is not a function', { count: 3 }],
    ['null', null],
    ['a number', 42],
    ['a bare function', (text: string) => text.length],
  ])('refuses %s with a ValidationError on tokenizer', async (_label, option) => {
    await expect(resolveTokenizer(option as unknown as TokenCounter)).rejects.toThrow(ValidationError);
    await expect(resolveTokenizer(option as unknown as TokenCounter)).rejects.toThrow(/^tokenizer: expected/);
  });
});
