/**
 * Bulk calls work in slices (#31): they give the thread back between bounded slices of work,
 * their results are those of the unsliced path, a call on another session goes through while
 * a bulk call runs, and a failed bulk write leaves nothing half done. Ordering and counts, never
 * timing: the yield is injected and counted.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/core/engine.js';
import { managerStrategy } from '../../src/strategies/long-term/manager.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import { COST, createSlicer, mapInSlices, SLICE_UNITS } from '../../src/slices/slicer.js';
import { forEachEntryPage, ENTRY_PAGE } from '../../src/core/entry-pages.js';
import { analyzedInSlices, documentFields, ANALYZE_PART, textParts } from '../../src/recall/text/document-fields.js';
import { MAX_QUERY_LENGTH, MESSAGE_QUERY_LENGTH, messageQuery } from '../../src/core/checks/query-bound.js';
import { createRecallIndex } from '../../src/recall/recall-index.js';
import { entryDoc } from '../../src/core/recall/recall.js';
import { assembleContext, assembleContextInSlices } from '../../src/core/context/assemble.js';
import { entriesToChat } from '../../src/core/context/to-chat.js';
import { groupInteractions } from '../../src/core/interactions.js';
import { makeEntry } from '../../src/testing/index.js';
import type { MemoryEntry } from '../../src/types.js';
import { createMemory } from '../../src/index.js';
import type { MemorySummary, StoreAdapter, TokenCounter } from '../../src/types.js';

const counter: TokenCounter = { count: (text) => Math.ceil(text.length / 4) };

/** A yield that counts, and runs `onYield` (once per yield) before giving the turn back. */
function countingYield(onYield?: (n: number) => void): { yieldNow: () => Promise<void>; count: () => number } {
  let n = 0;
  return {
    yieldNow: async () => {
      n += 1;
      onYield?.(n);
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
    count: () => n,
  };
}

function engine(store: StoreAdapter, yieldNow: () => Promise<void>) {
  return createEngine({
    store,
    counter,
    summarizer: { summarize: async () => 'summary' },
    config: { autoCompress: false },
    strategies: (config) => ({
      longTerm: [managerStrategy(config)],
      shortTerm: [],
      persistence: 'INCREMENTAL',
      summariesNewestFirst: false,
    }),
    yieldNow,
  });
}

const WORDS = 'painting road trip family garden dog camera sunrise lake mountain guitar recipe'.split(' ');
const messages = (n: number, from = 0) =>
  Array.from({ length: n }, (_, k) => {
    const i = k + from;
    return {
      role: i % 2 ? 'assistant' : 'user',
      content: `Message ${i} about the ${WORDS[i % WORDS.length]} and the ${WORDS[(i * 7) % WORDS.length]}.`,
    };
  });

describe('the slicer', () => {
  it('gives the thread back once per full slice of units', async () => {
    const y = countingYield();
    const slicer = createSlicer({ units: 100, ms: Infinity, yieldNow: y.yieldNow });
    for (let i = 0; i < 35; i++) if (slicer.spend(10)) await slicer.pause();
    expect(y.count()).toBe(3); // 350 units: full slices at 100, 200, 300
  });

  it('maps in slices to the same result as a plain map', async () => {
    const y = countingYield();
    const items = Array.from({ length: 1000 }, (_, i) => ({ i, text: 'x'.repeat(i % 50) }));
    const out = await mapInSlices(
      items,
      (x) => x.i * 2,
      createSlicer({ units: 5000, ms: Infinity, yieldNow: y.yieldNow }),
    );
    expect(out).toEqual(items.map((x) => x.i * 2));
    expect(y.count()).toBeGreaterThan(10);
  });
});

describe('bulk calls work in slices', () => {
  it('addMessages of 5,000 messages yields at least once per slice of its work, and stores all of them', async () => {
    const y = countingYield();
    const memory = engine(memoryStore({ yieldNow: y.yieldNow }), y.yieldNow);
    const input = messages(5000);
    const added = await memory.addMessages('big', input);
    expect(added).toHaveLength(5000);
    // Each message costs at least a token count (1,000 units) and its analysis for recall.
    expect(y.count()).toBeGreaterThanOrEqual(Math.floor((5000 * 1000) / SLICE_UNITS));
    expect((await memory.getStats('big')).totalEntries).toBe(5000);
    await memory.close();
  });

  it('a call on another session completes while a bulk add is in progress', async () => {
    const order: string[] = [];
    let other: Promise<unknown> | undefined;
    const box: { memory?: ReturnType<typeof engine> } = {};
    const y = countingYield((n) => {
      // At the bulk call's first yield, a small call on another session starts.
      if (n === 1) other = box.memory!.addUserMessage('small', 'hello').then(() => order.push('small'));
    });
    const memory = (box.memory = engine(memoryStore(), y.yieldNow));
    await memory.addMessages('big', messages(20_000)).then(() => order.push('big'));
    await other;
    expect(order).toEqual(['small', 'big']);
    await memory.close();
  });

  it('after its write, a bulk add groups its entries into interactions in slices, to the grouping in one go', async () => {
    const y = countingYield();
    const store = memoryStore();
    let atWrite = -1;
    const watched: StoreAdapter = {
      ...store,
      write: async (id, batch) => {
        await store.write(id, batch);
        atWrite = y.count();
      },
    };
    const memory = engine(watched, y.yieldNow);
    const added = await memory.addMessages('big', messages(20_000));
    // Grouping (and then announcing) 20,000 entries: at least two full slices of 200 units an entry each.
    expect(y.count() - atWrite).toBeGreaterThanOrEqual(2 * Math.floor((20_000 * COST.item) / SLICE_UNITS));
    expect(await memory.getInteractions('big')).toEqual(groupInteractions(added));
    await memory.close();
  });

  it('calls on one session still apply in call order around a bulk call', async () => {
    const memory = engine(memoryStore(), countingYield().yieldNow);
    const bulk = memory.addMessages('s', messages(3000));
    const after = memory.addUserMessage('s', 'the last word');
    const imported = memory.exportSession('s');
    await Promise.all([bulk, after]);
    const state = await imported;
    expect(state.entries).toHaveLength(3001);
    expect(state.entries.at(-1)!.content).toBe('the last word');
    await memory.close();
  });

  it('recall over a session built in slices ranks exactly as an index built in one go', async () => {
    const memory = engine(memoryStore(), countingYield().yieldNow);
    const added = await memory.addMessages('s', messages(2500));
    const plain = createRecallIndex();
    for (const e of added) plain.add(entryDoc(e));
    for (const q of ['painting with the family', 'camera at sunrise', 'Message 1234 guitar']) {
      const hits = await memory.recall('s', q, { topK: 10 });
      expect(hits.map((h) => [h.entry.id, h.score])).toEqual(plain.search(q, { topK: 10 }).map((h) => [h.id, h.score]));
    }
    await memory.close();
  });

  it('export and import of a large session yield, and the import writes the index its first recall loads', async () => {
    const y = countingYield();
    const store = memoryStore();
    const memory = engine(store, y.yieldNow);
    await memory.addMessages('a', messages(3000));
    const before = y.count();
    const state = await memory.exportSession('a');
    expect(state.entries).toHaveLength(3000);
    await memory.importSession({ ...state, sessionId: 'b' });
    expect(y.count()).toBeGreaterThan(before);
    const reads: string[] = [];
    const watched: StoreAdapter = {
      ...store,
      loadEntries: (id, options) => (reads.push(id), store.loadEntries(id, options)),
      close: async () => undefined,
    };
    const reopened = engine(watched, countingYield().yieldNow);
    const hits = await reopened.recall('b', 'garden dog', { topK: 5 });
    expect(hits).toHaveLength(5);
    expect(reads).toEqual([]); // the index came from the store: no entry was read to build it
    expect(hits.map((h) => h.score)).toEqual((await memory.recall('a', 'garden dog', { topK: 5 })).map((h) => h.score));
    await reopened.close();
    await memory.close();
  });

  it('a bulk add whose store write fails leaves nothing half done', async () => {
    const store = memoryStore();
    let fail = true;
    const failing: StoreAdapter = {
      ...store,
      write: (id, batch) => (fail ? Promise.reject(new Error('disk full')) : store.write(id, batch)),
    };
    const memory = engine(failing, countingYield().yieldNow);
    await memory.addUserMessage('s', 'before').catch(() => undefined);
    fail = false;
    await memory.addUserMessage('s', 'kept');
    fail = true;
    await expect(memory.addMessages('s', messages(4000))).rejects.toThrow('disk full');
    fail = false;
    const state = await memory.exportSession('s');
    expect(state.entries.map((e) => e.content)).toEqual(['kept']);
    expect((await memory.recall('s', 'painting', { topK: 3 })).length).toBe(0);
    await memory.close();
  });

  it('the memory store copies a batch in slices and refuses it whole when a late value cannot be cloned', async () => {
    const y = countingYield();
    const store = memoryStore({ yieldNow: y.yieldNow });
    const memory = engine(store, countingYield().yieldNow);
    await memory.addUserMessage('s', 'first');
    const meta = (await store.loadMeta('s'))!;
    const entries = (await memory.exportSession('s')).entries;
    const many = Array.from({ length: 20_000 }, (_, i) => ({ ...entries[0]!, id: `e${i}`, seq: i + 1 }));
    (many[19_999] as { metadata?: unknown }).metadata = { f: () => 1 };
    const batch = { meta: { ...meta, version: meta.version + 1 }, putEntries: many, expectVersion: meta.version };
    await expect(store.write('s', batch)).rejects.toThrow('not cloneable');
    expect(y.count()).toBeGreaterThan(0);
    expect(await store.loadEntries('s')).toHaveLength(1);
    expect((await store.loadMeta('s'))!.version).toBe(meta.version);
    await memory.close();
  });
});

describe('the context is assembled in slices', () => {
  /** A history of `n` turns: plain messages, added context, and assistant turns with tool calls and results. */
  function history(n: number): MemoryEntry[] {
    const out: MemoryEntry[] = [];
    let interaction = 0;
    const add = (e: Partial<MemoryEntry>) => out.push(makeEntry('s', out.length, { interaction, tokenCount: 3, ...e }));
    for (let i = 0; i < n; i++) {
      interaction += 1;
      add({ role: 'user', content: `question ${i}` });
      if (i % 3 === 0) {
        add({ role: 'assistant', content: `calling ${i}` });
        for (let k = 0; k < 1 + (i % 4); k++)
          add({ type: 'tool_call', role: 'assistant', content: '{}', tool: { name: 'f', callId: `c${i}-${k}` } });
        // One call of three is left without a result: it is left out, as in one step.
        for (let k = 0; k < 1 + (i % 4); k++)
          if (k !== 2)
            add({ type: 'tool_result', role: 'system', content: `r${k}`, tool: { name: 'f', callId: `c${i}-${k}` } });
      } else if (i % 3 === 1)
        add({ type: 'context', role: 'system', content: `doc ${i}`, metadata: { source: 'a.md' } });
      add({ role: 'assistant', content: `answer ${i}` });
    }
    return out;
  }

  it('gives the same context, message for message, as in one step, and yields on a large history', async () => {
    const entries = history(3000);
    const interactions = groupInteractions(entries);
    const rules = { shortTerm: [], summariesNewestFirst: false };
    const extra = [{ content: 'Recalled: x', tokenCount: 4 }];
    const y = countingYield();
    const seen = new Set<string>();
    const sliced = await assembleContextInSlices(
      interactions,
      [],
      rules,
      extra,
      1,
      seen,
      0,
      createSlicer({ units: 50_000, yieldNow: y.yieldNow }),
    );
    const whole = assembleContext(interactions, [], rules, extra, 1);
    const chat = entriesToChat(entries);
    expect(sliced.messages).toEqual([{ role: 'system', content: 'Recalled: x' }, ...chat.messages]);
    expect(whole.messages).toEqual(sliced.messages);
    expect(sliced.tokenCount).toBe(whole.tokenCount);
    expect(sliced.text).toBe(whole.text);
    expect(seen.size).toBe(entries.length);
    expect(y.count()).toBeGreaterThan(10);
  });
});

describe('a read in slices sees one state', () => {
  it('the memory store reads a session as it was when the read began, though a write lands between its slices', async () => {
    let write: (() => Promise<void>) | undefined;
    const y = countingYield(() => {
      const w = write;
      write = undefined;
      void w?.();
    });
    const store = memoryStore({ yieldNow: y.yieldNow });
    const memory = engine(store, countingYield().yieldNow);
    await memory.addMessages(
      's',
      messages(3000).map((m) => ({ ...m, content: m.content + ' x'.repeat(300) })),
    );
    const before = (await store.loadMeta('s'))!;
    const summary: MemorySummary = {
      id: 'sum-1',
      sessionId: 's',
      content: 'a summary',
      originalEntryIds: [],
      tokenCount: 3,
      originalTokenCount: 3,
      compressionRatio: 1,
      createdAt: before.updatedAt,
      timeRange: { start: before.updatedAt, end: before.updatedAt },
    };
    write = () =>
      store.write('s', {
        meta: { ...before, version: before.version + 1 },
        putSummaries: [summary],
        expectVersion: before.version,
      });
    const loaded = (await store.loadSession('s'))!;
    expect(y.count()).toBeGreaterThan(0);
    expect((await store.loadMeta('s'))!.version).toBe(before.version + 1); // the write landed meanwhile
    expect(loaded.meta.version).toBe(before.version);
    expect(loaded.summaries).toEqual([]);
    expect(loaded.activeEntries).toHaveLength(3000);
    await memory.close();
  });
});

describe('large inputs are processed in bounded pieces', () => {
  it('reads a session a page at a time', async () => {
    const store = memoryStore();
    const memory = engine(store, countingYield().yieldNow);
    await memory.addMessages('s', messages(ENTRY_PAGE * 2 + 10));
    const pages: number[] = [];
    await forEachEntryPage(store, 's', {}, createSlicer(), (page) => void pages.push(page.length));
    expect(pages).toEqual([ENTRY_PAGE, ENTRY_PAGE, 10]);
    // A store that ignores the page limit is read as one page.
    const unpaged: StoreAdapter = { ...store, loadEntries: (id) => store.loadEntries(id) };
    const whole: number[] = [];
    await forEachEntryPage(unpaged, 's', {}, createSlicer(), (page) => void whole.push(page.length));
    expect(whole).toEqual([ENTRY_PAGE * 2 + 10]);
    await memory.close();
  });

  it('analyzes a long text part by part, to the terms of the whole text', async () => {
    const line = 'On 7 May 2023 Caroline painted a sunrise over the lake, yesterday.\n';
    const text = line.repeat(Math.ceil((ANALYZE_PART * 3.5) / line.length));
    const parts = textParts(text);
    expect(parts.length).toBe(4);
    expect(parts.join('')).toBe(text);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(ANALYZE_PART);
    const y = countingYield();
    const doc = { id: 'x', text, timestamp: '2023-05-08T10:00:00Z', speaker: 'Mel' };
    const sliced = await analyzedInSlices(doc, createSlicer({ units: 100_000, ms: Infinity, yieldNow: y.yieldNow }));
    const whole = documentFields(doc);
    expect(sliced.fields[0]).toEqual(whole[0]);
    expect([...sliced.fields[1]!].sort()).toEqual([...whole[1]].sort());
    expect([...sliced.fields[2]!].sort()).toEqual([...whole[2]].sort());
    expect(y.count()).toBeGreaterThanOrEqual(3);
  });
});

describe('the question has a bound', () => {
  it(`recall refuses a question over ${MAX_QUERY_LENGTH.toLocaleString('en-US')} characters, naming query`, async () => {
    const memory = await createMemory({ store: 'memory', tokenizer: counter });
    await memory.addUserMessage('s', 'the dog is called Rex');
    await expect(memory.recall('s', 'x'.repeat(MAX_QUERY_LENGTH + 1))).rejects.toMatchObject({
      name: 'ValidationError',
      field: 'query',
    });
    await expect(memory.recall('s', 'x'.repeat(10_000_000), { scope: 'all' })).rejects.toMatchObject({
      field: 'query',
    });
    expect(await memory.recall('s', `dog ${'y'.repeat(MAX_QUERY_LENGTH - 4)}`)).toHaveLength(1);
    await expect(memory.getContextForLLM('s', { query: 'z'.repeat(MAX_QUERY_LENGTH + 1) })).rejects.toMatchObject({
      field: 'options.query',
    });
    await memory.close();
  });

  it("the context's own query is the newest message's first and last part", async () => {
    expect(messageQuery('short question')).toBe('short question');
    const long = `What is my dog called? ${'filler '.repeat(100_000)} And where do I live?`;
    const q = messageQuery(long);
    expect(q.length).toBe(MESSAGE_QUERY_LENGTH + 1);
    expect(q.startsWith('What is my dog called?')).toBe(true);
    expect(q.endsWith('And where do I live?')).toBe(true);
    const memory = await createMemory({
      store: 'memory',
      tokenizer: counter,
      contextRecall: { maxTokens: 200, scope: 'all' },
    });
    await memory.addUserMessage('earlier', 'My dog is called Rex.');
    await memory.addAssistantMessage('earlier', 'Nice name!');
    await memory.addUserMessage('s', long);
    const ctx = await memory.getContextForLLM('s');
    expect(ctx.recalled?.map((r) => r.entry.content)).toContain('My dog is called Rex.');
    await memory.close();
  });
});
