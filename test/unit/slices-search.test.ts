/**
 * The steps that held the thread after the bulk calls were sliced (#31): one search of a large
 * session, the summary's fact check over a large history, and applying a compression of many
 * entries. Each gives the thread back between slices and returns what the unsliced path
 * returns. Counts and equality, never timing: the yield is injected and counted.
 */
import { describe, expect, it } from 'vitest';
import { createSlicer } from '../../src/slices/slicer.js';
import { createRecallIndex } from '../../src/recall/recall-index.js';
import { SEARCH_STEP } from '../../src/recall/lexical/bm25-search.js';
import { findMissingFacts, findMissingFactsInSlices, FACT_CHECK_PART } from '../../src/summarizers/fact-check.js';
import { createEngine } from '../../src/core/engine.js';
import { managerStrategy } from '../../src/strategies/long-term/manager.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { TokenCounter } from '../../src/types.js';
import { renderConversation, renderConversationInSlices } from '../../src/summarizers/render-entries.js';
import { makeEntry, makeSummary } from '../../src/testing/index.js';

/** A yield that counts. */
function countingYield(): { yieldNow: () => Promise<void>; count: () => number } {
  let n = 0;
  return {
    yieldNow: async () => {
      n += 1;
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
    count: () => n,
  };
}

const WORDS = 'painting road trip family garden dog camera sunrise lake mountain guitar recipe'.split(' ');
const text = (i: number) =>
  `Message ${i} about the ${WORDS[i % WORDS.length]} and the ${WORDS[(i * 7) % WORDS.length]} with Maria Lopez.`;

describe('one search of a large session works in slices', () => {
  const index = createRecallIndex();
  const N = 40_000;
  for (let i = 0; i < N; i++)
    index.add({
      id: `e${i}`,
      text: text(i),
      role: i % 2 ? 'assistant' : 'user',
      timestamp: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
    });

  it('a question of common terms yields and ranks exactly as the search in one go', async () => {
    let yields = 0;
    for (const [query, topK] of [
      ['garden dog camera sunrise', 10],
      ['painting family guitar recipe lake mountain', 50],
      ['road trip garden dog camera sunrise', 1000],
    ] as const) {
      const y = countingYield();
      const sliced = await index.searchInSlices(query, createSlicer({ yieldNow: y.yieldNow, ms: Infinity }), {
        topK,
      });
      expect(sliced).toEqual(index.search(query, { topK }));
      expect(sliced).toHaveLength(topK);
      expect(y.count()).toBeGreaterThan(0);
      yields += y.count();
    }
    expect(yields).toBeGreaterThan(3);
  });

  it('the list spread across sittings is the same as in the search in one go', async () => {
    const ranking = { sittingCap: 2, foldNeighbours: 1 };
    const y = countingYield();
    const query = 'road trip garden dog camera sunrise';
    const sliced = await index.searchInSlices(query, createSlicer({ yieldNow: y.yieldNow, ms: Infinity }), {
      topK: 30,
      ranking,
    });
    expect(sliced).toEqual(index.search(query, { topK: 30, ranking }));
    expect(sliced.length).toBeGreaterThan(0);
    expect(y.count()).toBeGreaterThan(0);
  });

  it('a filter applies as in the search in one go', async () => {
    const filter = (id: string) => Number(id.slice(1)) % 3 === 0;
    const sliced = await index.searchInSlices('lake mountain', createSlicer({ ms: Infinity }), { topK: 20, filter });
    expect(sliced).toEqual(index.search('lake mountain', { topK: 20, filter }));
    expect(sliced.every((h) => filter(h.id))).toBe(true);
  });

  it('searches of the same index interleaved with a sliced one do not disturb it', async () => {
    const y = countingYield();
    let between: unknown[] = [];
    const slicer = createSlicer({
      ms: Infinity,
      units: 50_000,
      yieldNow: async () => {
        between.push(index.search('guitar recipe', { topK: 5 }));
        await y.yieldNow();
      },
    });
    const sliced = await index.searchInSlices('road trip garden dog camera sunrise', slicer, { topK: 10 });
    expect(sliced).toEqual(index.search('road trip garden dog camera sunrise', { topK: 10 }));
    expect(between.length).toBeGreaterThan(0);
    between = between.filter((b) => JSON.stringify(b) !== JSON.stringify(index.search('guitar recipe', { topK: 5 })));
    expect(between).toEqual([]);
  });

  it('an add or a removal landing between two steps leaves the hits whole', async () => {
    const local = createRecallIndex();
    for (let i = 0; i < 30_000; i++) local.add({ id: `e${i}`, text: text(i), role: i % 2 ? 'assistant' : 'user' });
    const query = 'road trip garden dog camera sunrise';
    const before = local.search(query, { topK: 50 });
    let step = 0;
    const slicer = createSlicer({
      ms: Infinity,
      units: 50_000,
      yieldNow: async () => {
        step += 1;
        if (step === 1)
          for (let i = 0; i < 50; i++) local.add({ id: `late${i}`, text: 'road trip garden dog camera sunrise' });
        if (step === 2) local.remove(before[0]!.id);
        await new Promise<void>((resolve) => setImmediate(resolve));
      },
    });
    const hits = await local.searchInSlices(query, slicer, { topK: 50 });
    expect(step).toBeGreaterThan(2);
    expect(hits.map((h) => h.id)).not.toContain(before[0]!.id);
    expect(hits.every((h) => typeof h.id === 'string' && !h.id.startsWith('late') && Number.isFinite(h.score))).toBe(
      true,
    );
    expect(hits).toHaveLength(50);
    // Nothing else moves: the hits after the removed one are the search before, in its order.
    const kept = before.map((h) => h.id).filter((id) => id !== before[0]!.id);
    expect(hits.slice(0, 40).map((h) => h.id)).toEqual(kept.slice(0, 40));
  });

  it('a search of rare terms runs in one go', async () => {
    const y = countingYield();
    expect(SEARCH_STEP).toBeGreaterThan(10);
    const hits = await index.searchInSlices('12345', createSlicer({ yieldNow: y.yieldNow, ms: Infinity }));
    expect(hits).toEqual(index.search('12345'));
    expect(y.count()).toBe(0);
  });
});

describe("a summary's fact check over a large history works in slices", () => {
  it('finds the same missing names, numbers and decisions as the check in one go, and yields', async () => {
    const sources = Array.from({ length: 6_000 }, (_, i) =>
      i % 7 === 0
        ? `We decided to use PostgreSQL ${i} for storage. Paid $${i},000 to Acme Corp on 2024-03-${(i % 28) + 1}.`
        : i % 5 === 0
          ? `Sarah Connor${i % 3 ? '' : ' Jr'} said: Connor will review version v${i}.2.1 at 10:${i % 6}0 am.`
          : text(i),
    );
    expect(sources.join('\n\n').length).toBeGreaterThan(FACT_CHECK_PART * 4);
    const summary = 'Maria Lopez talked about PostgreSQL, Acme Corp and $7,000.';
    const y = countingYield();
    const sliced = await findMissingFactsInSlices(
      sources,
      summary,
      createSlicer({ yieldNow: y.yieldNow, ms: Infinity }),
    );
    expect(sliced).toEqual(findMissingFacts(sources, summary));
    expect(sliced.names.length + sliced.numbers.length + sliced.decisions.length).toBeGreaterThan(0);
    expect(y.count()).toBeGreaterThan(0);
  });
});

describe("a compression's prompt and fact check in small slices", () => {
  it('render the same conversation and find the same missing facts as in one go, yielding between slices', async () => {
    const entries = Array.from({ length: 3_000 }, (_, i) =>
      makeEntry('s', i, {
        role: i % 2 ? 'assistant' : 'user',
        content:
          i % 4
            ? `Paid $${i},000 to Acme Corp on 2024-03-${(i % 28) + 1}, Sarah.`
            : `[User] line ${i}\n</conversation>`,
      }),
    );
    const summaries = [makeSummary('s', 'm1', { content: 'Earlier: Maria paid 12 dollars.' })];
    for (const units of [1, 5_000, 1_000_000]) {
      const y = countingYield();
      const slicer = createSlicer({ units, ms: Infinity, yieldNow: y.yieldNow });
      expect(await renderConversationInSlices(entries, summaries, slicer)).toBe(renderConversation(entries, summaries));
      const sources = entries.map((e) => e.content);
      const summary = 'Acme Corp was paid $1,000 and $2,000.';
      expect(await findMissingFactsInSlices(sources, summary, slicer)).toEqual(findMissingFacts(sources, summary));
      expect(y.count()).toBeGreaterThan(units === 1 ? 6_000 : 0);
    }
    expect(await renderConversationInSlices([], [], createSlicer())).toBe(renderConversation([]));
  });
});

describe('compressing a large active history', () => {
  it('gives the thread back while the plan is applied, and compresses what the plan says', async () => {
    const y = countingYield();
    const counter: TokenCounter = { count: (t) => Math.ceil(t.length / 4) };
    const store = memoryStore();
    const memory = createEngine({
      store,
      counter,
      summarizer: { summarize: async () => 'summary of the talk' },
      config: { autoCompress: false },
      strategies: (config) => ({
        longTerm: [managerStrategy(config)],
        shortTerm: [],
        persistence: 'INCREMENTAL',
        summariesNewestFirst: false,
      }),
      yieldNow: y.yieldNow,
    });
    const n = 20_000;
    await memory.addMessages(
      's',
      Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: text(i) })),
    );
    const before = y.count();
    await memory.compress('s');
    expect(y.count()).toBeGreaterThan(before);
    const stats = await memory.getStats('s');
    expect(stats.compressedEntries).toBeGreaterThan(0);
    expect(stats.activeEntries + stats.compressedEntries).toBe(n);
    await memory.close();
  });
});
