import { get_encoding, type Tiktoken } from '@dqbd/tiktoken';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ClosedError, ValidationError } from '../../src/errors.js';
import {
  loadTiktoken,
  TIKTOKEN_ENCODINGS,
  type TiktokenCounter,
  type TiktokenEncoding,
} from '../../src/tokens/tiktoken.js';
import { TOKEN_CORPUS } from '../support/token-corpus.js';

describe.each(TIKTOKEN_ENCODINGS)('loadTiktoken(%s) counts exactly like tiktoken', (encoding) => {
  let counter: TiktokenCounter;
  // The full Node build of @dqbd/tiktoken (its own WASM with embedded ranks): an independent reference.
  let raw: Tiktoken;

  beforeAll(async () => {
    counter = await loadTiktoken(encoding);
    raw = get_encoding(encoding);
  });
  afterAll(() => {
    counter.free();
    raw.free();
  });

  it.each(TOKEN_CORPUS.map((c) => [c.label, c.text] as const))('%s', (_label, text) => {
    // Special-token look-alikes are ordinary text: nothing allowed, nothing disallowed.
    expect(counter.count(text)).toBe(raw.encode(text, [], []).length);
  });

  it('counts special-token text as ordinary text, not as one special token', () => {
    const literal = '<|endoftext|>';
    expect(raw.encode(literal, 'all')).toHaveLength(1);
    expect(counter.count(literal)).toBe(raw.encode(literal, [], []).length);
    expect(counter.count(literal)).toBeGreaterThan(1);
  });

  it('counts a lone surrogate as U+FFFD, the UTF-8 a JSON request would carry', () => {
    expect(counter.count('a\uD83Db')).toBe(counter.count('a\uFFFDb'));
  });

  it('counts the whole corpus joined into one long text', () => {
    const text = TOKEN_CORPUS.map((c) => c.text).join('\n');
    expect(counter.count(text)).toBe(raw.encode(text, [], []).length);
  });
});

describe('TiktokenCounter', () => {
  it('gives the o200k_base and cl100k_base counts that differ where the vocabularies differ', async () => {
    const o200k = await loadTiktoken('o200k_base');
    const cl100k = await loadTiktoken('cl100k_base');
    const [rawO200k, rawCl100k] = [get_encoding('o200k_base'), get_encoding('cl100k_base')];
    const text = '我们今天去公园散步，天气非常好。';
    expect(o200k.count(text)).toBe(rawO200k.encode_ordinary(text).length);
    expect(cl100k.count(text)).toBe(rawCl100k.encode_ordinary(text).length);
    expect(o200k.count(text)).not.toBe(cl100k.count(text));
    expect(o200k.encoding).toBe('o200k_base');
    expect(cl100k.encoding).toBe('cl100k_base');
    for (const freeable of [o200k, cl100k, rawO200k, rawCl100k]) freeable.free();
  });

  it('throws ClosedError after free(), while other counters of the encoding keep working', async () => {
    const a = await loadTiktoken('o200k_base');
    const b = await loadTiktoken('o200k_base');
    a.free();
    a.free(); // idempotent
    expect(() => a.count('hello')).toThrow(ClosedError);
    expect(() => a.count('hello')).toThrow(/freed.*loadTiktoken\('o200k_base'\)/);
    expect(b.count('hello world')).toBe(2);
    b.free();
    const c = await loadTiktoken('o200k_base');
    expect(c.count('hello world')).toBe(2);
    c.free();
  });

  it('refuses a non-string text and an unknown encoding with a ValidationError naming the field', async () => {
    const counter = await loadTiktoken('cl100k_base');
    expect(() => counter.count(42 as unknown as string)).toThrow(ValidationError);
    expect(() => counter.count(undefined as unknown as string)).toThrow(/^text: expected a string/);
    counter.free();
    await expect(loadTiktoken('p50k_base' as 'o200k_base')).rejects.toThrow(
      /encoding: expected one of o200k_base, cl100k_base, received "p50k_base"/,
    );
  });
});

describe('loading is lazy and memoized', () => {
  it('loads nothing at import, then each encoding once, and never the WASM', async () => {
    vi.resetModules();
    const fresh = await import('../../src/tokens/tiktoken.js');
    expect(fresh.tiktokenStatus()).toEqual({ wasmLoads: 0, rankLoads: 0, encodings: [] });

    const [a, b] = await Promise.all([fresh.loadTiktoken('o200k_base'), fresh.loadTiktoken('o200k_base')]);
    const c = await fresh.loadTiktoken('o200k_base');
    expect(fresh.tiktokenStatus()).toEqual({ wasmLoads: 0, rankLoads: 1, encodings: ['o200k_base'] });

    const d = await fresh.loadTiktoken('cl100k_base');
    expect(fresh.tiktokenStatus()).toEqual({
      wasmLoads: 0,
      rankLoads: 2,
      encodings: ['o200k_base', 'cl100k_base'],
    });

    // The encoder is released when its last counter is: the next load reads the ranks again.
    a.free();
    b.free();
    expect(fresh.tiktokenStatus().encodings).toEqual(['o200k_base', 'cl100k_base']);
    c.free();
    expect(fresh.tiktokenStatus().encodings).toEqual(['cl100k_base']);
    const e = await fresh.loadTiktoken('o200k_base');
    expect(e.count('hello world')).toBe(2);
    expect(fresh.tiktokenStatus()).toMatchObject({ wasmLoads: 0, rankLoads: 3 });
    d.free();
    e.free();
  });
});

describe('TIKTOKEN_ENCODINGS', () => {
  it('lists exactly the TiktokenEncoding names (checked by the compiler in `npm run typecheck`)', () => {
    expectTypeOf<(typeof TIKTOKEN_ENCODINGS)[number]>().toEqualTypeOf<TiktokenEncoding>();
    expect([...TIKTOKEN_ENCODINGS].sort()).toEqual(['cl100k_base', 'o200k_base']);
  });
});
