import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { StoreAdapter } from '../../src/types.js';
import { until } from '../support/until.js';
import { leftOpen } from '../support/left-open.js';

/** A store that counts the calls of each method (and can hide some of them). */
function counting(inner: StoreAdapter, hide: readonly (keyof StoreAdapter)[] = []) {
  const calls = new Map<string, number>();
  const store = new Proxy(inner, {
    get(target, prop, receiver) {
      if (hide.includes(prop as keyof StoreAdapter)) return undefined;
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.set(String(prop), (calls.get(String(prop)) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store, calls, count: (m: string) => calls.get(m) ?? 0, reset: () => calls.clear() };
}

const waitFor = (check: () => boolean): Promise<void> => until(check, 5);

describe('the bounded session cache', () => {
  it('keeps at most maxCachedSessions sessions: the least recently used one is read again, the others are not', async () => {
    const c = counting(memoryStore());
    const memory = await createMemory({ store: c.store, maxCachedSessions: 3 });
    for (let i = 0; i < 10; i++) await memory.addUserMessage(`s${i}`, `hello ${i}`);
    c.reset();
    await memory.getContextForLLM('s9');
    await memory.getContextForLLM('s8');
    expect(c.count('loadSession')).toBe(0);
    await memory.getContextForLLM('s0');
    expect(c.count('loadSession')).toBe(1);
    // An evicted session comes back whole.
    expect((await memory.getContextForLLM('s0')).messages).toEqual([{ role: 'user', content: 'hello 0' }]);
    await memory.close();
  });

  it('a session with FLUSH changes not yet written is never evicted (nothing is lost)', async () => {
    const store = memoryStore();
    const memory = await createMemory({
      store,
      maxCachedSessions: 1,
      profile: { persistence_strategy: 'FLUSH' },
    });
    await memory.addUserMessage('a', 'kept in the cache');
    await memory.addUserMessage('b', 'other');
    expect((await memory.getContextForLLM('a')).messages.map((m) => m.content)).toEqual(['kept in the cache']);
    await memory.close();
  });

  it('refuses a maxCachedSessions that is not a positive integer, naming the field', async () => {
    await expect(createMemory({ store: 'memory', maxCachedSessions: 0 })).rejects.toThrow(/maxCachedSessions/);
    await expect(createMemory({ store: 'memory', maxCachedSessions: 1.5 })).rejects.toThrow(/positive integer/);
  });
});

describe('other writers are heard (subscribe, the change event, shared)', () => {
  it('a memory hears another memory write a session it holds: change event, and its next call sees the write', async () => {
    const store = memoryStore();
    // Two engines over one store, as two processes over one database.
    const a = await createMemory({ store });
    const b = await createMemory({ store });
    await a.addUserMessage('s', 'first');
    expect((await b.getContextForLLM('s')).messages).toHaveLength(1);
    const heardByB: string[] = [];
    const heardByA: string[] = [];
    b.on('change', (id) => heardByB.push(id));
    a.on('change', (id) => heardByA.push(id));
    await a.addAssistantMessage('s', 'second');
    await waitFor(() => heardByB.length > 0);
    expect(heardByB).toEqual(['s']);
    expect((await b.getContextForLLM('s')).messages.map((m) => m.content)).toEqual(['first', 'second']);
    // B writes on top of the fresh state: no conflict, nothing lost.
    await b.addUserMessage('s', 'third');
    await waitFor(() => heardByA.length > 0);
    expect(heardByA).toEqual(['s']);
    expect((await a.getContextForLLM('s')).messages.map((m) => m.content)).toEqual(['first', 'second', 'third']);
    // Its own writes are not reported as changes.
    await new Promise((r) => setTimeout(r, 20));
    expect(heardByB).toEqual(['s']);
    await a.close();
  });

  it('a store with shared: true (no subscribe) is checked before each read', async () => {
    const inner = memoryStore();
    const shared = (): StoreAdapter => {
      const c = counting(inner, ['subscribe']).store;
      return new Proxy(c, { get: (t, p, r) => (p === 'shared' ? true : Reflect.get(t, p, r)) });
    };
    const a = await createMemory({ store: shared() });
    const b = await createMemory({ store: shared() });
    await a.addUserMessage('s', 'first');
    expect((await b.getContextForLLM('s')).messages).toHaveLength(1);
    await a.addAssistantMessage('s', 'second');
    expect((await b.getContextForLLM('s')).messages).toHaveLength(2);
  });
});

describe('batched aux reads', () => {
  it('a first recall after a reopen is one loadSessionHead call and the hits: no session, entry or aux load', async () => {
    const inner = memoryStore();
    // The writer's close() would close the store the reader opens next: keep it open.
    const open = leftOpen(inner);
    const writer = await createMemory({ store: open });
    for (let i = 0; i < 300; i++) await writer.addUserMessage('s', `message ${i} about topic${i % 17}`);
    const expected = (await writer.recall('s', 'topic3')).map((h) => h.entry.id);
    expect(expected.length).toBeGreaterThan(0);
    await writer.close(); // close() stores the index's last, unfilled segment
    const c = counting(inner);
    const reader = await createMemory({ store: c.store });
    expect((await reader.recall('s', 'topic3')).map((h) => h.entry.id)).toEqual(expected);
    expect(c.count('loadSessionHead')).toBe(1);
    expect(c.count('getEntries')).toBe(1);
    for (const read of ['loadSession', 'loadEntries', 'loadAux', 'loadAuxPrefix']) expect(c.count(read), read).toBe(0);
  });

  it('without loadSessionHead, reopening a persisted recall index is one loadAuxPrefix call and no loadAux call', async () => {
    const inner = memoryStore();
    // The writer's close() would close the store the reader opens next: keep it open.
    const open = leftOpen(inner);
    const writer = await createMemory({ store: open });
    for (let i = 0; i < 300; i++) await writer.addUserMessage('s', `message ${i} about topic${i % 17}`);
    const expected = (await writer.recall('s', 'topic3')).map((h) => h.entry.id);
    expect(expected.length).toBeGreaterThan(0);
    await writer.close(); // close() stores the index's last, unfilled segment
    const c = counting(inner, ['loadSessionHead']);
    const reader = await createMemory({ store: c.store });
    const hits = await reader.recall('s', 'topic3');
    expect(hits.map((h) => h.entry.id)).toEqual(expected);
    expect(c.count('loadAuxPrefix')).toBe(1);
    expect(c.count('loadAux')).toBe(0);
    // The index is up to date: no entry is read to bring it up to date.
    expect(c.count('loadEntries')).toBe(0);
  });

  it('a store without loadAuxPrefix still reopens the index, one key at a time', async () => {
    const inner = memoryStore();
    const writer = await createMemory({ store: inner });
    for (let i = 0; i < 100; i++) await writer.addUserMessage('s', `note ${i} word${i % 7}`);
    const expected = (await writer.recall('s', 'word3')).map((h) => h.entry.id);
    const c = counting(inner, ['loadAuxPrefix', 'loadSessionHead']);
    const reader = await createMemory({ store: c.store });
    expect((await reader.recall('s', 'word3')).map((h) => h.entry.id)).toEqual(expected);
    expect(c.count('loadAux')).toBeGreaterThan(1);
  });
});

describe('the React memory store hears other writers', () => {
  it('createMemoryStore re-reads a session another memory wrote (change event)', async () => {
    const { createMemoryStore } = await import('../../src/react/memory-store.js');
    const store = memoryStore();
    const writer = await createMemory({ store });
    const viewer = await createMemory({ store });
    await writer.addUserMessage('chat', 'first');
    const view = createMemoryStore(viewer, 'chat');
    const stop = view.subscribe(() => undefined);
    await waitFor(() => view.getSnapshot().entries.length === 1);
    await writer.addAssistantMessage('chat', 'second, from another tab');
    await waitFor(() => view.getSnapshot().entries.length === 2);
    expect(view.getSnapshot().entries.map((e) => e.content)).toEqual(['first', 'second, from another tab']);
    stop();
    await writer.close();
  });
});
