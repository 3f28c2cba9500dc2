import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { LoadEntriesOptions, StoreAdapter, StoreBatch } from '../../src/types.js';

const S = 's';

/** A store that outlives engines (close is a no-op) and records reads and writes. */
function sharedStore() {
  const inner = memoryStore();
  const loads: LoadEntriesOptions[] = [];
  const writes: StoreBatch[] = [];
  const store: StoreAdapter = {
    ...inner,
    loadEntries: (id, o = {}) => (loads.push(o), inner.loadEntries(id, o)),
    write: (id, b) => (writes.push(b), inner.write(id, b)),
    close: async () => {},
  };
  return { store, loads, writes };
}

const facts = [
  ['My sister Caroline moved to Lisbon in May 2023.', 'That is a big move!'],
  ['I adopted a beagle named Pixel last week.', 'Pixel is a great name.'],
  ['The quarterly budget was approved at 42,000 dollars.', 'Good news for the team.'],
  ['We decided to migrate the database to Postgres.', 'Postgres is a solid choice.'],
];

async function fill(memory: Awaited<ReturnType<typeof createMemory>>) {
  for (const [u, a] of facts) {
    await memory.addUserMessage(S, u!);
    await memory.addAssistantMessage(S, a!);
  }
  for (let i = 0; i < 10; i++) {
    await memory.addUserMessage(S, `small talk number ${i} about the weather`);
    await memory.addAssistantMessage(S, `reply ${i} about clouds`);
  }
}

describe('recall through the engine', () => {
  it('finds compressed entries and summaries, best first', async () => {
    const memory = await createMemory({ store: 'memory', config: { maxEntries: 12, recentWindow: 4 } });
    await fill(memory);
    const stats = await memory.getStats(S);
    expect(stats.compressedEntries).toBeGreaterThan(8);
    const [top] = await memory.recall(S, 'Where did Caroline move?');
    expect(top!.entry.content).toBe(facts[0]![0]);
    expect(top!.entry.compressed).toBe(true);
    expect((await memory.recall(S, 'dog name'))[0]?.entry.content).toContain('Pixel');
    expect((await memory.recall(S, 'budget 42000'))[0]?.entry.content).toContain('42,000');
    const summaries = await memory.recall(S, 'user messages', { types: ['summary'] });
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries.every((r) => r.entry.type === 'summary')).toBe(true);
    const ids = new Set((await memory.getSummaries(S)).map((s) => s.id));
    expect(summaries.every((r) => ids.has(r.entry.id))).toBe(true);
  });

  it('includeCompressed: false searches only active entries; topK and types apply', async () => {
    const memory = await createMemory({ store: 'memory', config: { maxEntries: 12, recentWindow: 4 } });
    await fill(memory);
    const activeOnly = await memory.recall(S, 'Caroline Lisbon', { includeCompressed: false });
    const activeIds = new Set((await memory.getActiveEntries(S)).map((e) => e.id));
    expect(activeOnly.length).toBeGreaterThan(0);
    expect(activeOnly.every((r) => r.entry.type === 'summary' || activeIds.has(r.entry.id))).toBe(true);
    expect(activeOnly.some((r) => r.entry.content === facts[0]![0])).toBe(false);
    const weather = await memory.recall(S, 'weather', { topK: 3 });
    expect(weather).toHaveLength(3);
    expect(weather[0]!.score).toBeGreaterThanOrEqual(weather[2]!.score);
    const replies = await memory.recall(S, 'clouds', { types: ['message'], topK: 50 });
    expect(replies.length).toBeGreaterThanOrEqual(10);
    expect(replies.every((r) => r.entry.type === 'message')).toBe(true);
    expect(replies[0]!.entry.content).toContain('clouds');
  });

  it('persists the index with the session: a new engine does not re-index the history', async () => {
    const { store, loads } = sharedStore();
    const first = await createMemory({ store });
    await fill(first);
    await first.recall(S, 'Pixel');
    await first.addUserMessage(S, 'Remember: the wifi password is hunter2.'); // indexed incrementally
    await first.close(); // writes what the adds left of the index (written once a segment fills)
    expect((await store.loadMeta(S))!.recallSeq).toBe(29);

    loads.length = 0;
    const second = await createMemory({ store });
    const [hit] = await second.recall(S, 'wifi password');
    expect(hit!.entry.content).toContain('hunter2');
    // The persisted index covers every entry (recallSeq = nextSeq): no entry is read at all.
    expect(loads).toEqual([]);
  });

  it('an engine that never closed (a crash) left its newest turns out of the stored index: the next one recalls them, reading only those', async () => {
    const { store, loads } = sharedStore();
    const first = await createMemory({ store });
    for (let i = 0; i < 70; i++) await first.addUserMessage(S, `turn ${i} about the weather`);
    await first.addUserMessage(S, 'Remember: the wifi password is hunter2.');
    // Written once a segment (64 turns) fills: never a segment behind.
    const stored = (await store.loadMeta(S))!;
    expect(stored.recallSeq).toBeGreaterThanOrEqual(64);
    expect(stored.recallSeq).toBeLessThan(stored.nextSeq);

    loads.length = 0;
    const second = await createMemory({ store }); // `first` is left as a crash leaves it
    const [hit] = await second.recall(S, 'wifi password');
    expect(hit!.entry.content).toBe('Remember: the wifi password is hunter2.');
    expect(loads.length).toBeGreaterThan(0);
    expect(loads.every((o) => o.fromSeq === stored.recallSeq)).toBe(true);
    // Loaded for an add, the session takes that index over and goes on from it.
    await second.addUserMessage(S, 'The spare key is under the blue pot.');
    expect((await second.recall(S, 'spare key'))[0]?.entry.content).toBe('The spare key is under the blue pot.');
    expect((await second.recall(S, 'wifi password'))[0]?.entry.content).toContain('hunter2');
    await second.close();
    const closed = (await store.loadMeta(S))!;
    expect(closed.recallSeq).toBe(closed.nextSeq);
  });

  it('an erased entry is never returned', async () => {
    const memory = await createMemory({
      store: 'memory',
      profile: {
        long_term_memory_strategy: [
          { long_term_memory_id: 'neuralyzer', interaction_threshold_qty: 3, interaction_keep: 1 },
        ],
      },
    });
    await memory.recall(S, 'warm up'); // index loaded before the erasure
    await fill(memory);
    expect((await memory.getStats(S)).erasedEntries).toBeGreaterThan(0);
    expect(await memory.recall(S, 'Caroline Lisbon')).toEqual([]);
  });

  it('refuses bad options with the field named', async () => {
    const memory = await createMemory({ store: 'memory' });
    await expect(memory.recall(S, 42 as never)).rejects.toThrow(/query: expected a string/);
    await expect(memory.recall(S, 'x', { topK: 0 })).rejects.toThrow(/options\.topK/);
    await expect(memory.recall(S, 'x', { types: ['email' as never] })).rejects.toThrow(/options\.types/);
  });
});
