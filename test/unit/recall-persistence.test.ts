import { describe, expect, it } from 'vitest';
import { createRecallIndex, loadRecallIndex } from '../../src/recall/recall-index.js';
import type { AuxEntries, RecallDoc, RecallIndex } from '../../src/recall/recall-index.js';
import { TAIL_PARTS } from '../../src/recall/lexical/segments.js';

const TOPICS = [
  'pottery class',
  'trip to Lisbon',
  'new guitar',
  'garden tomatoes',
  'marathon training',
  'dog named Luna',
];

function docAt(i: number): RecallDoc {
  return {
    id: `e${i}`,
    text: `Update ${i}: talking about the ${TOPICS[i % TOPICS.length]} again`,
    speaker: i % 2 ? 'Ben' : 'Ana',
    timestamp: Date.UTC(2024, 2, 1 + Math.floor(i / 10), 12, i % 10),
    ...(i % 7 === 3 ? { standalone: true } : {}),
  };
}

/** An aux store as a Map: what `StoreBatch.aux` writes (null deletes). */
function auxStore() {
  const map = new Map<string, unknown>();
  return {
    map,
    write(entries: AuxEntries) {
      // Values cross a structured clone in a real store: keep no shared references.
      for (const [key, value] of Object.entries(entries)) {
        if (value === null) map.delete(key);
        else map.set(key, structuredClone(value));
      }
    },
    load: async (key: string): Promise<unknown> => map.get(key),
  };
}

const QUERIES = ['Lisbon trip', 'What did Ben say about the guitar?', 'tomatoes in March 2024', 'Luna', 'update 7'];
const results = (index: RecallIndex) => QUERIES.map((q) => index.search(q, { topK: 5 }));

describe('recall index persistence', () => {
  it('writes an add as a delta of its own documents, and the segment whole when it fills', () => {
    const index = createRecallIndex({ segmentSize: 4 });
    const flushes = Array.from({ length: 10 }, (_, i) => {
      index.add(docAt(i));
      return index.flush();
    });
    const keys = flushes.map((aux) => Object.keys(aux).sort());
    const nullTails = ['recall:tail:0', 'recall:tail:1', 'recall:tail:2'];
    expect(keys).toEqual([
      ['recall:manifest', 'recall:tail:0'], // the first write brings the manifest
      ['recall:tail:1'],
      ['recall:tail:2'],
      ['recall:manifest', 'recall:seg:0', ...nullTails].sort(), // the segment is full: stored whole
      ['recall:tail:0'],
      ['recall:tail:1'],
      ['recall:tail:2'],
      ['recall:manifest', 'recall:seg:1', ...nullTails].sort(),
      ['recall:tail:0'],
      ['recall:tail:1'],
    ]);
    expect((flushes[5]!['recall:tail:1'] as { ids: string[] }).ids).toEqual(['e5']);
    for (const t of nullTails) expect(flushes[7]![t]).toBeNull();
    expect(index.flush()).toEqual({});
  });

  it(`rewrites the segment whole after ${TAIL_PARTS} deltas, or when one of its documents is removed`, () => {
    const index = createRecallIndex({ segmentSize: 64 });
    const keys = (aux: AuxEntries) =>
      Object.keys(aux)
        .filter((k) => aux[k] !== null)
        .sort();
    for (let i = 0; i < TAIL_PARTS; i++) {
      index.add(docAt(i));
      expect(keys(index.flush())).toEqual(i === 0 ? ['recall:manifest', 'recall:tail:0'] : [`recall:tail:${i}`]);
    }
    index.add(docAt(TAIL_PARTS));
    const compacted = index.flush();
    expect(keys(compacted)).toEqual(['recall:manifest', 'recall:seg:0']);
    expect((compacted['recall:seg:0'] as { ids: string[] }).ids).toHaveLength(TAIL_PARTS + 1);
    index.add(docAt(TAIL_PARTS + 1));
    expect(keys(index.flush())).toEqual(['recall:tail:0']);
    index.remove(`e${TAIL_PARTS + 1}`); // in the delta: the segment is rewritten, the delta deleted
    expect(index.flush()).toEqual({ 'recall:seg:0': expect.anything(), 'recall:tail:0': null });
  });

  it('reloaded after any flush of adds, removals and replacements, matches the index that wrote it', async () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 20; round++) {
      const store = auxStore();
      const index = createRecallIndex({ segmentSize: 1 + random(12) });
      let next = 0;
      for (let step = 0; step < 60; step++) {
        const op = random(10);
        if (op < 6 || next === 0) index.add(docAt(next++));
        else if (op < 8) index.remove(`e${random(next)}`);
        else index.add({ ...docAt(random(next)), text: `replaced ${step} with the new guitar` });
        if (random(3) === 0) {
          store.write(index.flush());
          const reloaded = await loadRecallIndex(store.load);
          expect(reloaded?.size, `round ${round}, step ${step}`).toBe(index.size);
          expect(results(reloaded!)).toEqual(results(index));
          // A reloaded index goes on writing where the first left off.
          reloaded!.add(docAt(1000 + step));
          const copy = auxStore();
          copy.write(Object.fromEntries(store.map) as AuxEntries);
          copy.write(reloaded!.flush());
          const again = (await loadRecallIndex(copy.load))!;
          expect(again.has(`e${1000 + step}`)).toBe(true);
          expect(again.size).toBe(index.size + 1);
        }
      }
    }
  });

  it('reads an index of the previous manifest format, and deletes deltas no manifest accounts for', async () => {
    const store = auxStore();
    const index = createRecallIndex({ segmentSize: 4 });
    for (let i = 0; i < 6; i++) index.add(docAt(i));
    store.write(index.toAux());
    store.map.set('recall:manifest', { ...(store.map.get('recall:manifest') as object), format: 2 });
    store.map.set('recall:tail:3', { left: 'over' });
    const reloaded = (await loadRecallIndex(store.load))!;
    expect(results(reloaded)).toEqual(results(index));
    reloaded.add(docAt(6));
    const aux = reloaded.flush();
    expect((aux['recall:manifest'] as { format: number }).format).toBe(3);
    expect(aux['recall:tail:3']).toBeNull();
    store.write(aux);
    index.add(docAt(6));
    expect(results((await loadRecallIndex(store.load))!)).toEqual(results(index));
  });

  it('reloads an incrementally built index with the same results, without the texts', async () => {
    const store = auxStore();
    const index = createRecallIndex({ segmentSize: 4 });
    for (let i = 0; i < 30; i++) {
      index.add(docAt(i));
      if (i % 3 === 2) store.write(index.flush());
    }
    index.remove('e5');
    index.remove('e17');
    store.write(index.flush());
    expect(JSON.stringify([...store.map.values()])).not.toContain('talking about'); // terms, not texts
    const reloaded = await loadRecallIndex(store.load);
    expect(reloaded).toBeDefined();
    expect(reloaded!.size).toBe(28);
    expect(reloaded!.has('e5')).toBe(false);
    expect(results(reloaded!)).toEqual(results(index));
    // Plain JSON is enough: a store may serialize the values any way.
    const viaJson = new Map([...store.map].map(([k, v]) => [k, JSON.parse(JSON.stringify(v)) as unknown]));
    expect(results((await loadRecallIndex(async (k) => viaJson.get(k)))!)).toEqual(results(index));
  });

  it('after reloading, a later add writes a delta and a removal rewrites only its segment', async () => {
    const store = auxStore();
    const index = createRecallIndex({ segmentSize: 4 });
    for (let i = 0; i < 10; i++) index.add(docAt(i));
    store.write(index.toAux());
    const reloaded = (await loadRecallIndex(store.load))!;
    reloaded.add(docAt(10));
    expect(Object.keys(reloaded.flush())).toEqual(['recall:tail:0']);
    reloaded.add(docAt(11));
    reloaded.add(docAt(12));
    expect(Object.keys(reloaded.flush()).sort()).toEqual([
      'recall:manifest',
      'recall:seg:2',
      'recall:seg:3',
      'recall:tail:0',
    ]);
    reloaded.remove('e1');
    expect(Object.keys(reloaded.flush())).toEqual(['recall:seg:0']);
    index.add(docAt(10));
    index.add(docAt(11));
    index.add(docAt(12));
    index.remove('e1');
    expect(results(reloaded)).toEqual(results(index));
  });

  it('reports nothing usable for a missing, damaged or foreign index', async () => {
    expect(await loadRecallIndex(async () => undefined)).toBeUndefined();
    const store = auxStore();
    const index = createRecallIndex({ segmentSize: 4 });
    for (let i = 0; i < 9; i++) index.add(docAt(i));
    store.write(index.toAux());
    const damaged = new Map(store.map);
    damaged.delete('recall:seg:1');
    expect(await loadRecallIndex(async (k) => damaged.get(k))).toBeUndefined();
    // A delta that does not continue the segments (or a gap among the deltas) is damage too.
    index.add(docAt(9));
    store.write(index.flush());
    expect(store.map.has('recall:tail:0')).toBe(true);
    expect((await loadRecallIndex(store.load))?.size).toBe(10);
    const gap = new Map(store.map);
    gap.set('recall:tail:2', gap.get('recall:tail:0'));
    gap.delete('recall:tail:0');
    expect(await loadRecallIndex(async (k) => gap.get(k))).toBeUndefined();
    const repeated = new Map(store.map);
    repeated.set('recall:tail:1', repeated.get('recall:tail:0'));
    expect(await loadRecallIndex(async (k) => repeated.get(k))).toBeUndefined();
    const foreign = new Map(store.map);
    foreign.set('recall:manifest', { ...(store.map.get('recall:manifest') as object), analyzer: -1 });
    expect(await loadRecallIndex(async (k) => foreign.get(k))).toBeUndefined();
    const garbled = new Map(store.map);
    garbled.set('recall:seg:0', { ...(store.map.get('recall:seg:0') as object), packed: [1e9, 1] });
    expect(await loadRecallIndex(async (k) => garbled.get(k))).toBeUndefined();
  });

  it('clear() deletes every key it wrote', () => {
    const store = auxStore();
    const index = createRecallIndex({ segmentSize: 4, keyPrefix: 'idx/' });
    for (let i = 0; i < 9; i++) index.add(docAt(i));
    store.write(index.flush());
    expect(store.map.size).toBe(4);
    store.write(index.clear());
    expect(store.map.size).toBe(0);
    expect(index.size).toBe(0);
    expect(index.search('Luna')).toEqual([]);
  });
});
