/**
 * The first recall after a reopen reads the stored recall index, not the session (#35): its
 * results are those of a memory that loads the session, after compression (summaries kept and
 * dropped), pins, erasures, and another writer's adds made while the index was not loaded.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { MemoryConfig, RecallResult, StoreAdapter } from '../../src/types.js';

const S = 'cold';
const WORDS =
  'garden tomato Lisbon beagle guitar marathon pottery budget Postgres painting sister trip rain barn blue train river cake violin camera'.split(
    ' ',
  );
const NAMES = ['Ana', 'Ben'];

/** A deterministic turn text (a small LCG: the same session every run). */
function turns(count: number, seed: number): string[] {
  let x = seed;
  const next = (n: number): number => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % n);
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 4 + next(8) }, () => WORDS[next(WORDS.length)]!);
    return `${i}: I told ${NAMES[next(2)]} about the ${words.join(' ')} in May ${2020 + next(4)}`;
  });
}

const QUERIES = [
  ...WORDS.map((w) => `What about the ${w}?`),
  'Lisbon trip in May 2021',
  'Ana and the beagle',
  'Ben painting violin',
  'budget Postgres river',
  'nothing matches this zzz',
];

/** A store that outlives the memories over it (their close is a no-op), counting its reads. */
function shared(inner: StoreAdapter, head = true) {
  const calls = { loadSession: 0, loadSessionHead: 0, gotIds: 0 };
  const store: StoreAdapter = {
    ...inner,
    loadSession: (id) => (calls.loadSession++, inner.loadSession(id)),
    getEntries: (id, ids) => ((calls.gotIds += ids.length), inner.getEntries(id, ids)),
    close: async () => undefined,
  };
  if (head && inner.loadSessionHead) {
    const loadHead = inner.loadSessionHead.bind(inner);
    store.loadSessionHead = (id, prefix) => (calls.loadSessionHead++, loadHead(id, prefix));
  } else delete store.loadSessionHead;
  return { store, calls };
}

const slim = (results: RecallResult[]) => results.map((r) => ({ id: r.entry.id, type: r.entry.type, score: r.score }));

/** Each query's first recall from a new memory, and from one that loads the session instead. */
async function compare(inner: StoreAdapter, config: Partial<MemoryConfig> = {}, queries = QUERIES) {
  for (const q of queries) {
    const cold = await createMemory({ store: shared(inner).store, config });
    const full = await createMemory({ store: shared(inner, false).store, config });
    const a = slim(await cold.recall(S, q, { topK: 8 }));
    const b = slim(await full.recall(S, q, { topK: 8 }));
    expect(a, q).toEqual(b);
    await cold.close();
    await full.close();
  }
}

async function fill(memory: Awaited<ReturnType<typeof createMemory>>, texts: string[]) {
  for (const [i, t] of texts.entries()) {
    if (i % 2) await memory.addAssistantMessage(S, t);
    else await memory.addUserMessage(S, t, { speaker: NAMES[i % 4 === 0 ? 0 : 1]! });
  }
  await memory.idle(S);
}

describe('the first recall after a reopen', () => {
  it('answers from the stored index without loading the session, with the results of a loaded session', async () => {
    const inner = memoryStore();
    const writer = await createMemory({ store: shared(inner).store });
    await fill(writer, turns(150, 7));
    const warm = await Promise.all(QUERIES.map(async (q) => slim(await writer.recall(S, q, { topK: 8 }))));
    const { store, calls } = shared(inner);
    const reopened = await createMemory({ store });
    for (const [i, q] of QUERIES.entries()) expect(slim(await reopened.recall(S, q, { topK: 8 })), q).toEqual(warm[i]);
    // One read of the index, then only the entries each recall returns; the session was never loaded.
    if (inner.loadSessionHead) {
      expect(calls.loadSessionHead).toBe(1);
      expect(calls.loadSession).toBe(0);
      expect(calls.gotIds).toBeLessThanOrEqual(8 * QUERIES.length);
    }
    // Loading the session later (a context, an add) takes the index over; recall stays the same.
    await reopened.getContextForLLM(S);
    expect(slim(await reopened.recall(S, QUERIES[0]!, { topK: 8 }))).toEqual(warm[0]);
    await reopened.addUserMessage(S, 'a zeppelin over the garden');
    expect((await reopened.recall(S, 'zeppelin'))[0]?.entry.content).toBe('a zeppelin over the garden');
    expect(calls.loadSessionHead).toBe(inner.loadSessionHead ? 1 : 0);
    await writer.close();
    await reopened.close();
  });

  it('gives the same results after compression, dropped summaries, pins and erasures', async () => {
    const inner = memoryStore();
    const config: Partial<MemoryConfig> = {};
    const profile = {
      long_term_memory_strategy: [{ long_term_memory_id: 'rolling' as const, window: 6, max_summaries: 2 }],
    };
    const writer = await createMemory({ store: shared(inner).store, profile });
    const texts = turns(120, 11);
    await fill(writer, texts.slice(0, 40));
    const [first] = await writer.getActiveEntries(S);
    await writer.pin(S, first!.id);
    await fill(writer, texts.slice(40));
    expect((await writer.getSummaries(S)).length).toBeGreaterThan(0);
    await compare(inner, config);
    // Erasures: the neuralyzer forgets old turns.
    const forgetting = await createMemory({
      store: shared(inner).store,
      profile: {
        long_term_memory_strategy: [
          { long_term_memory_id: 'neuralyzer' as const, interaction_threshold_qty: 10, interaction_keep: 3 },
        ],
      },
    });
    await fill(forgetting, turns(30, 13));
    await forgetting.compress(S);
    await forgetting.idle(S);
    await compare(inner, config);
    await writer.close();
    await forgetting.close();
  });

  it("sees another writer's adds: a held index is checked against the stored version, a stale one is caught up", async () => {
    const inner = memoryStore();
    const writer = await createMemory({ store: shared(inner).store });
    await fill(writer, turns(60, 3));
    await writer.close();
    const reader = await createMemory({ store: shared(inner).store });
    expect((await reader.recall(S, 'zeppelin')).length).toBe(0);
    // Another writer (a tab, a device, a process) adds without loading the index: the stored
    // index is now behind the session.
    const other = await createMemory({ store: shared(inner).store });
    await other.addUserMessage(S, 'the zeppelin flew over the barn');
    await other.close();
    expect((await inner.loadMeta(S))!.recallSeq).toBeLessThan((await inner.loadMeta(S))!.nextSeq);
    expect((await reader.recall(S, 'zeppelin'))[0]?.entry.content).toBe('the zeppelin flew over the barn');
    await compare(inner, {}, QUERIES.slice(0, 6));
    // A new memory reads the caught-up index (written by the recall above) without loading the session.
    const { store, calls } = shared(inner);
    const late = await createMemory({ store });
    expect((await late.recall(S, 'zeppelin barn'))[0]?.entry.content).toBe('the zeppelin flew over the barn');
    if (inner.loadSessionHead) expect(calls.loadSession).toBe(0);
    await reader.close();
    await late.close();
  });

  it('leaves an unknown session unknown', async () => {
    const inner = memoryStore();
    const memory = await createMemory({ store: shared(inner).store });
    expect(await memory.recall('nobody', 'anything')).toEqual([]);
    expect(await inner.loadMeta('nobody')).toBeUndefined();
    await memory.close();
  });
});
