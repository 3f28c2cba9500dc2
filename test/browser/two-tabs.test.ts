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
      const mine = fromA.entries
        .filter((e) => e.content.startsWith(`tab ${tab}`))
        .map((e) => Number(e.content.split(' ').pop()));
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
    await a.idle(S); // compression runs in the background
    const seenByB = await b.getStats(S);
    expect(seenByB.summaries).toBe(1);
    expect(seenByB.totalEntries).toBe(13);
    expect(seenByB.activeEntries + seenByB.compressedEntries).toBe(13);
    await a.close();
    await b.close();
  });

  it('two tabs compressing the same session at once: one summary wins, the other is discarded, no entry links to a missing summary', async () => {
    const dbName = `two-tabs-${crypto.randomUUID()}`;
    const tokenizer = { count: (t: string) => Math.ceil(t.length / 4) };
    const releases: (() => void)[] = [];
    const calls: string[] = [];
    const held = (tab: string) => (_prompt: string, info: { entries: unknown[] }) =>
      new Promise<string>((resolve) => {
        calls.push(tab);
        releases.push(() => resolve(`Tab ${tab} summary of ${info.entries.length} entries.`));
      });
    const config = { maxEntries: 10, recentWindow: 4 };
    const a = await createMemory({ store: 'indexeddb', dbName, tokenizer, config, summarizer: held('A') });
    const b = await createMemory({ store: 'indexeddb', dbName, tokenizer, config, summarizer: held('B') });
    const S = 'race';
    const added: string[] = [];
    for (let i = 0; i < 5; i++) {
      added.push((await a.addUserMessage(S, `question ${i}`)).id);
      added.push((await b.addAssistantMessage(S, `answer ${i}`)).id);
    }
    added.push((await a.addUserMessage(S, 'A triggers')).id); // 11 > 10 in tab A
    added.push((await b.addUserMessage(S, 'B triggers')).id); // 12 > 10 in tab B
    await expect.poll(() => calls.slice().sort()).toEqual(['A', 'B']);
    const discarded: string[] = [];
    a.on('compression:discarded', () => discarded.push('A'));
    b.on('compression:discarded', () => discarded.push('B'));
    for (const release of releases.splice(0)) release();
    await Promise.all([a.idle(S), b.idle(S)]);
    // Whatever a tab summarizes after the race is answered at once.
    for (const release of releases.splice(0)) release();
    await Promise.all([a.idle(S), b.idle(S)]);

    const state = await a.exportSession(S);
    expect(await b.exportSession(S)).toEqual(state);
    expect(state.entries.map((e) => e.id)).toEqual(added); // nothing lost, nothing doubled
    expect(discarded).toHaveLength(1);
    expect(state.summaries).toHaveLength(1);
    const summaryIds = new Set(state.summaries.map((s) => s.id));
    expect(state.entries.every((e) => e.summaryId === undefined || summaryIds.has(e.summaryId))).toBe(true);
    const compressed = state.entries.filter((e) => e.compressed);
    expect(compressed.map((e) => e.id)).toEqual(state.summaries[0]!.originalEntryIds);
    const stats = await b.getStats(S);
    expect(stats).toMatchObject({
      totalEntries: 12,
      summaries: 1,
      compressedEntries: compressed.length,
      activeEntries: 12 - compressed.length,
    });
    await a.close();
    await b.close();
  });
});
