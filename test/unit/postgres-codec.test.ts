import { describe, expect, it } from 'vitest';
import { StoreError } from '../../src/errors.js';
import { decodeValue, encodeValue } from '../../src/store/postgres/codec.js';

describe('postgresStore value encoding', () => {
  it('writes what JSON.stringify writes and reads it back', () => {
    const value = {
      id: 'e1',
      content: 'quote " backslash \\ NUL \u0000 lone \ud800',
      at: new Date('2026-01-02T03:04:05.000Z'),
      metadata: { tags: ['a', 'b'], nested: [{ n: 1 }, null], custom: { toJSON: () => ({ kept: true }) } },
      missing: undefined,
    };
    const text = encodeValue(value, 'entry "e1"');
    expect(text).toBe(JSON.stringify(value));
    expect(decodeValue(text)).toEqual({
      id: 'e1',
      content: value.content,
      at: '2026-01-02T03:04:05.000Z',
      metadata: { tags: ['a', 'b'], nested: [{ n: 1 }, null], custom: { kept: true } },
    });
  });

  it.each([
    ['a function in nested metadata', { metadata: { deep: [{ f: () => 1 }] } }, 'a function is not JSON data'],
    ['a symbol in an array', { metadata: { list: [1, Symbol('s')] } }, 'a symbol is not JSON data'],
    ['a function returned by toJSON', { metadata: { toJSON: () => ({ f: () => 1 }) } }, 'a function is not JSON data'],
    ['a function as the value itself', () => 1, 'a function is not JSON data'],
    ['a bigint', { n: 1n }, 'BigInt'],
  ])('refuses %s with an error naming what was written', (_name, value, reason) => {
    let error: unknown;
    try {
      encodeValue(value, 'the meta of session "s"');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoreError);
    expect((error as Error).message).toContain('cannot write the meta of session "s": a value is not JSON data');
    expect((error as Error).message).toContain(reason);
  });

  it('refuses a cycle', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = cyclic;
    expect(() => encodeValue(cyclic, 'aux "k"')).toThrow(StoreError);
  });
});
