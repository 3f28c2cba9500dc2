/**
 * Semantic recall with a real model (USE-lite): entries are embedded in the background, a
 * recall embeds only its question, stores keep the vectors (a reopened memory embeds only the
 * question), a new model name re-embeds, and a failing embedder never fails an add.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createMemory, indexedDBStore, memoryStore, type Memory } from '../../src/index.js';
import type { StoreAdapter } from '../../src/types.js';
import { countingUseLite } from '../support/use-lite.js';

const TOPICS = [
  'I adopted a puppy from the shelter last weekend',
  'My sister is getting married in June near the lake',
  'The new job at the bakery starts on Monday morning',
  'We hiked up the mountain and saw the sunrise',
  'I am learning to play the violin with a teacher',
  'Our kitchen flooded after the pipe burst',
  'I painted a portrait of my grandmother for her birthday',
  'The marathon training is going well, twenty miles today',
];

async function chat(memory: Memory, s: string, turns: number): Promise<void> {
  for (let i = 0; i < turns; i++) {
    const text = `${TOPICS[i % TOPICS.length]!} (${i})`;
    if (i % 2 === 0) await memory.addUserMessage(s, text);
    else await memory.addAssistantMessage(s, `Nice to hear: ${text}`);
  }
}

describe('background embedding with USE-lite', () => {
  it('embeds entries after they are stored, never holding an add; after idle() a recall embeds only its question', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const embedder = countingUseLite(() => gate);
    const memory = await createMemory({ store: 'memory', embedder });
    // The embedder is held: every add still resolves, since none waits for it.
    await chat(memory, 's', 200);
    expect(embedder.calls.length).toBeGreaterThan(0);
    expect(embedder.calls.every((c) => c.length <= 32)).toBe(true);
    release();
    await memory.idle();
    // Each entry once, and the summaries compaction made.
    const embedded = embedder.calls.flat();
    const summaries = await memory.getSummaries('s');
    expect(embedded.length).toBe(200 + summaries.length);
    expect(new Set(embedded).size).toBe(embedded.length);
    const before = embedder.calls.length;
    const hits = await memory.recall('s', 'an animal I brought home', { topK: 3 });
    expect(embedder.calls.slice(before)).toEqual([['an animal I brought home']]);
    expect(hits[0]!.entry.content).toContain('puppy');
    await memory.close();
  });

  it('idle(session) waits for that session only to be embedded', async () => {
    const embedder = countingUseLite();
    const memory = await createMemory({ store: 'memory', embedder });
    await chat(memory, 'a', 10);
    await memory.idle('a');
    const before = embedder.calls.length;
    await memory.recall('a', 'violin lessons');
    expect(embedder.calls.slice(before)).toEqual([['violin lessons']]);
    await memory.close();
  });
});

describe('stores keep the vectors', () => {
  const stores: [string, () => StoreAdapter][] = [
    ['the memory store', () => memoryStore()],
    ['IndexedDB (fake-indexeddb)', () => indexedDBStore({ indexedDB: factory, dbName: 'reopen' })],
  ];
  const factory = new IDBFactory();
  for (const [name, makeStore] of stores) {
    it(`${name}: a reopened memory embeds only the question`, async () => {
      const store = makeStore();
      // The memory store lives as long as its object: closing the first memory must not end it.
      const memoryKept = store.kind === 'memory' ? { ...store, close: async () => undefined } : undefined;
      const reopen = () => memoryKept ?? makeStore();
      const first = countingUseLite();
      const a = await createMemory({ store: reopen(), embedder: first, embeddingModel: 'use-lite' });
      await chat(a, 's', 40);
      await a.idle();
      expect(first.texts()).toBe(40);
      await a.close();

      const second = countingUseLite();
      const b = await createMemory({ store: reopen(), embedder: second, embeddingModel: 'use-lite' });
      const hits = await b.recall('s', 'the wedding by the lake', { topK: 3 });
      await b.idle();
      expect(second.calls).toEqual([['the wedding by the lake']]);
      expect(hits[0]!.entry.content).toContain('married');
      await b.close();
    });
  }

  it('a new model name drops the old vectors and embeds the history again in the background', async () => {
    const store = memoryStore();
    const keep = { ...store, close: async () => undefined };
    const a = await createMemory({ store: keep, embedder: countingUseLite(), embeddingModel: 'model-a' });
    await chat(a, 's', 12);
    await a.idle();
    await a.close();

    const second = countingUseLite();
    const b = await createMemory({ store: keep, embedder: second, embeddingModel: 'model-b' });
    // No vectors of this model yet: lexical, and the history is embedded in the background.
    expect((await b.recall('s', 'painting for grandma'))[0]!.entry.content).toContain('portrait');
    await b.idle();
    expect(second.texts()).toBe(12);
    await b.recall('s', 'painting for grandma');
    expect(second.calls.at(-1)).toEqual(['painting for grandma']);
    const manifest = (await store.loadAux('s', 'vectors:manifest')) as { model?: string; dims?: number };
    expect(manifest).toMatchObject({ model: 'model-b', dims: 512 });
    await b.close();
  });

  it('vectors are stored compactly (int8 as base64), not as JSON numbers', async () => {
    const store = memoryStore();
    const memory = await createMemory({ store, embedder: countingUseLite() });
    await chat(memory, 's', 5);
    await memory.idle();
    const segment = (await store.loadAux('s', 'vectors:seg:0')) as { codes: unknown; dims: number };
    expect(segment.dims).toBe(512);
    expect(typeof segment.codes).toBe('string');
    expect((segment.codes as string).length).toBe(Math.ceil((5 * 512) / 3) * 4);
    await memory.close();
  });
});

describe("scope 'all' with stored vectors", () => {
  it('ranks the same from a cold start (vectors read when first needed) as warm, embedding only the question', async () => {
    const store = memoryStore();
    const kept = { ...store, close: async () => undefined };
    const a = await createMemory({ store: kept, embedder: countingUseLite(), embeddingModel: 'use-lite' });
    for (let c = 0; c < 5; c++) await chat(a, `c${c}`, 12 + c);
    await a.idle();
    await a.close();

    const questions = ['the wedding by the lake', 'a dog from the shelter', 'music lessons'];
    const ranked = async (m: Memory): Promise<string[][]> => {
      const out: string[][] = [];
      for (const q of questions) out.push((await m.recall('c0', q, { topK: 8, scope: 'all' })).map((r) => r.entry.id));
      return out;
    };
    const embedder = countingUseLite();
    const b = await createMemory({ store: kept, embedder, embeddingModel: 'use-lite' });
    const cold = await ranked(b);
    const warm = await ranked(b);
    expect(cold).toEqual(warm);
    expect(cold[0]!.length).toBeGreaterThan(1);
    expect(embedder.calls).toEqual([...questions, ...questions].map((q) => [q]));
    await b.close();
  });
});

describe('a failing embedder', () => {
  it('never fails an add; it is reported and retried with backoff until the vectors are stored', async () => {
    let failures = 2;
    const embedder = countingUseLite(() => {
      if (failures-- > 0) throw new Error('model not loaded yet');
    });
    const memory = await createMemory({
      store: 'memory',
      embedder,
      config: { compressionRetryMs: 20, compressionRetryMaxMs: 100 },
    });
    const errors: string[] = [];
    memory.on('error', (_s, error) => errors.push(error.message));
    await chat(memory, 's', 6);
    expect((await memory.getActiveEntries('s')).length).toBe(6);
    await expect.poll(() => errors.length).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => (await memory.getStats('s')) && embedder.calls.length).toBe(3);
    await memory.idle();
    const before = embedder.calls.length;
    const hits = await memory.recall('s', 'flooded kitchen', { topK: 2 });
    expect(embedder.calls.slice(before)).toEqual([['flooded kitchen']]);
    expect(hits[0]!.entry.content).toContain('kitchen');
    await memory.close();
  });

  it('a recall answers lexically while the embedder fails', async () => {
    const memory = await createMemory({
      store: 'memory',
      embedder: async () => {
        throw new Error('offline');
      },
    });
    memory.on('error', () => undefined);
    await chat(memory, 's', 4);
    const hits = await memory.recall('s', 'puppy shelter');
    expect(hits[0]!.entry.content).toContain('puppy');
    await memory.close();
  });
});
