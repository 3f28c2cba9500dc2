/**
 * The memory store copies plain data out without a structured clone (`plain-copy.ts`): what a
 * read returns must still equal what `structuredClone` makes, and changing it must change nothing
 * stored, for plain values and for every kind of value the fast copy does not take.
 */
import { describe, expect, it } from 'vitest';
import { copyPlainTree, isPlainTree } from '../../src/store/memory/plain-copy.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import { makeMeta } from '../../src/testing/store-conformance.js';

const shared = { n: 1 };
const cyclic: Record<string, unknown> = { a: 1 };
cyclic.self = cyclic;
const holey: unknown[] = [1];
holey[2] = 3;
const withName = Object.assign([1, 2], { extra: 'kept' });
const proto = JSON.parse('{"__proto__": {"x": 1}, "y": 2}') as unknown;

/** Values the fast copy must refuse (a structured clone keeps what it would lose). */
const NOT_PLAIN: [string, unknown][] = [
  ['a Date', { at: new Date(0) }],
  ['a Map', { m: new Map([['k', 1]]) }],
  ['a typed array', { v: new Int8Array([1, -1]) }],
  ['an object reached twice', { a: shared, b: shared }],
  ['a cycle', cyclic],
  ['an array with a hole', { list: holey }],
  ['an array with a named property', { list: withName }],
  ['an own __proto__ key', proto],
  ['an object without a prototype', Object.assign(Object.create(null) as object, { k: 1 })],
];

describe('memory store: copies of plain data', () => {
  it('takes plain trees, with every primitive, and copies them object by object', () => {
    const value = { s: 'text', n: -0, b: true, z: null, u: undefined, big: 10n, list: ['a', { k: [1, 2] }], o: {} };
    expect(isPlainTree(value)).toBe(true);
    const copy = copyPlainTree(value);
    expect(copy).toEqual(structuredClone(value));
    expect(Object.is(copy.n, -0)).toBe(true);
    expect(copy.list).not.toBe(value.list);
    expect(copy.list[1]).not.toBe(value.list[1]);
  });

  for (const [what, value] of NOT_PLAIN) {
    it(`refuses ${what}`, () => expect(isPlainTree(value)).toBe(false));
  }

  it('returns what a structured clone returns, plain or not, and copies that change nothing stored', async () => {
    const store = memoryStore();
    const aux: Record<string, unknown> = { plain: { terms: ['a', 'b'], packed: 'xyz', first: 0 } };
    for (const [what, value] of NOT_PLAIN) aux[what] = value;
    await store.write('s', { meta: makeMeta('s'), aux });
    for (const key of Object.keys(aux)) {
      const read = await store.loadAux('s', key);
      expect(read, key).toEqual(structuredClone(aux[key]));
      if (key === 'an object reached twice') {
        const twice = read as { a: object; b: object };
        expect(twice.a).toBe(twice.b); // identity kept, as a structured clone keeps it
      }
      if (key === 'an array with a named property')
        expect((read as { list: { extra: string } }).list.extra).toBe('kept');
    }
    const read = (await store.loadAux('s', 'plain')) as { terms: string[] };
    read.terms.push('changed');
    const head = await store.loadSessionHead!('s', '');
    expect(head!.aux.get('plain')).toEqual({ terms: ['a', 'b'], packed: 'xyz', first: 0 });
    (head!.aux.get('plain') as { terms: string[] }).terms.length = 0;
    expect(await store.loadAux('s', 'plain')).toEqual({ terms: ['a', 'b'], packed: 'xyz', first: 0 });
    await store.close();
  });
});
