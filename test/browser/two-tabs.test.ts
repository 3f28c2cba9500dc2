import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';

/** Two engines on one IndexedDB database: what two tabs of one app are. */
async function twoTabs(dbName: string) {
  const tokenizer = { count: (t: string) => Math.ceil(t.length / 4) };
  const a = await createMemory({ store: 'indexeddb', dbName, tokenizer });
  const b = await createMemory({ store: 'indexeddb', dbName, tokenizer });
  return { a, b };
}

describe('two tabs on one session (real IndexedDB, Web Locks)', () => {
  it('never interleave or lose writes, and each sees the other on its next read', async () => {
    const { a, b } = await twoTabs(`two-tabs-${crypto.randomUUID()}`);
    const S = 'shared';
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      writes.push(a.addUserMessage(S, `tab A message ${i}`));
      writes.push(b.addUserMessage(S, `tab B message ${i}`));
    }
    await Promise.all(writes);
    const fromA = await a.exportSession(S);
    const fromB = await b.exportSession(S);
    expect(fromA).toEqual(fromB);
    expect(fromA.entries).toHaveLength(80);
    // every seq used once, in order: no write overwrote another
    expect(fromA.entries.map((e) => e.seq)).toEqual([...Array(80).keys()]);
    // each tab's own messages kept their order
    for (const tab of ['A', 'B']) {
      const mine = fromA.entries.filter((e) => e.content.startsWith(`tab ${tab}`)).map((e) => Number(e.content.split(' ').pop()));
      expect(mine).toEqual([...Array(40).keys()]);
    }
    expect((await a.getStats(S)).totalEntries).toBe(80);
    expect((await b.getActiveEntries(S)).length).toBe(80);
    await b.addAssistantMessage(S, 'written by B last');
    expect((await a.getActiveEntries(S)).at(-1)?.content).toBe('written by B last');
    await a.close();
    await b.close();
  });

  it('a compression in one tab is seen by the other, with nothing lost', async () => {
    const { a, b } = await twoTabs(`two-tabs-${crypto.randomUUID()}`);
    const S = 's';
    await a.updateConfig({ maxEntries: 10, recentWindow: 4 });
    for (let i = 0; i < 6; i++) {
      await b.addUserMessage(S, `question ${i}`);
      await b.addAssistantMessage(S, `answer ${i}`);
    }
    await a.addUserMessage(S, 'tab A triggers compression'); // 13 active > 10
    const seenByB = await b.getStats(S);
    expect(seenByB.summaries).toBe(1);
    expect(seenByB.totalEntries).toBe(13);
    expect(seenByB.activeEntries + seenByB.compressedEntries).toBe(13);
    await a.close();
    await b.close();
  });
});
