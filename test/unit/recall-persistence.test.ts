import { describe, expect, it } from 'vitest';
import { createRecallIndex, loadRecallIndex } from '../../src/recall/recall-index.js';
import type { AuxEntries, RecallDoc, RecallIndex } from '../../src/recall/recall-index.js';

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
  it('rewrites only the tail segment on add, and the manifest only when a segment starts', () => {
    const index = createRecallIndex({ segmentSize: 4 });
    for (let i = 0; i < 10; i++) {
      index.add(docAt(i));
      const keys = Object.keys(index.flush()).sort();
      const tail = `recall:seg:${Math.floor(i / 4)}`;
      expect(keys).toEqual(i % 4 === 0 ? ['recall:manifest', tail] : [tail]);
    }
    expect(index.flush()).toEqual({});
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

  it('after reloading, a later add rewrites only the tail and a removal only its segment', async () => {
    const store = auxStore();
    const index = createRecallIndex({ segmentSize: 4 });
    for (let i = 0; i < 10; i++) index.add(docAt(i));
    store.write(index.toAux());
    const reloaded = (await loadRecallIndex(store.load))!;
    reloaded.add(docAt(10));
    expect(Object.keys(reloaded.flush())).toEqual(['recall:seg:2']);
    reloaded.add(docAt(11));
    reloaded.add(docAt(12));
    expect(Object.keys(reloaded.flush()).sort()).toEqual(['recall:manifest', 'recall:seg:2', 'recall:seg:3']);
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
