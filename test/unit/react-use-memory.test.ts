import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createMemoryStore, type MemorySource } from '../../src/react/memory-store.js';
import { useMemory } from '../../src/react/use-memory.js';
import type { MemoryEntry, MemoryEventName, MemoryStats } from '../../src/types.js';

/** A stand-in Memory: a list of entry contents per session and an event bus. */
function fakeMemory() {
  const sessions = new Map<string, string[]>();
  const handlers = new Map<MemoryEventName, Set<(...args: unknown[]) => void>>();
  let reads = 0;
  let failNext = false;
  const entry = (sessionId: string, content: string, seq: number) =>
    ({ id: `${sessionId}-${seq}`, sessionId, seq, content }) as MemoryEntry;
  const memory: MemorySource = {
    async getActiveEntries(s) {
      reads += 1;
      await Promise.resolve();
      if (failNext) {
        failNext = false;
        throw new Error('store closed');
      }
      return (sessions.get(s) ?? []).map((c, i) => entry(s, c, i));
    },
    // A fake: the messages carry the requested format so the test can see it was passed on.
    getContextForLLM: (async (s: string, options?: { format?: string }) => ({
      messages: (sessions.get(s) ?? []).map((content) => ({ role: 'user', content, format: options?.format })),
      text: '',
      tokenCount: 0,
      summaries: [],
    })) as MemorySource['getContextForLLM'],
    async getStats(s) {
      return { activeEntries: sessions.get(s)?.length ?? 0 } as MemoryStats;
    },
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      set.add(handler as (...args: unknown[]) => void);
      return () => set.delete(handler as (...args: unknown[]) => void);
    },
  };
  const emit = (event: MemoryEventName, ...args: unknown[]) => handlers.get(event)?.forEach((h) => h(...args));
  const add = (s: string, content: string) => {
    sessions.set(s, [...(sessions.get(s) ?? []), content]);
    emit('entry:added', s, entry(s, content, 0));
  };
  return {
    memory,
    emit,
    add,
    reads: () => reads,
    failOnce: () => (failNext = true),
    listeners: () => [...handlers.values()].reduce((n, s) => n + s.size, 0),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createMemoryStore', () => {
  it('reads on first subscribe and again after changing events of its session only', async () => {
    const fake = fakeMemory();
    fake.add('s1', 'hello');
    const store = createMemoryStore(fake.memory, 's1', { format: 'anthropic' });
    expect(store.getSnapshot().loading).toBe(true);
    let notified = 0;
    const stop = store.subscribe(() => (notified += 1));
    await settle();
    expect(store.getSnapshot()).toMatchObject({ loading: false, stats: { activeEntries: 1 }, error: undefined });
    expect(store.getSnapshot().entries.map((e) => e.content)).toEqual(['hello']);
    expect(store.getSnapshot().context?.messages).toEqual([{ role: 'user', content: 'hello', format: 'anthropic' }]);

    fake.add('other', 'ignored');
    fake.add('s1', 'world');
    fake.emit('compressing', 's1', { strategy: 'manager', entryCount: 2 });
    await settle();
    expect(store.getSnapshot().entries.map((e) => e.content)).toEqual(['hello', 'world']);
    expect(store.getSnapshot().events.map((e) => e.type)).toEqual(['entry:added', 'compressing']);
    expect(store.getSnapshot().events[1]?.payload).toEqual({ strategy: 'manager', entryCount: 2 });
    expect(notified).toBeGreaterThan(0);

    stop();
    expect(fake.listeners()).toBe(0);
  });

  it('coalesces bursts into one extra read and keeps only maxEvents events', async () => {
    const fake = fakeMemory();
    const store = createMemoryStore(fake.memory, 's', { maxEvents: 3 });
    store.subscribe(() => {});
    for (let i = 0; i < 10; i += 1) fake.add('s', `m${i}`);
    await settle();
    expect(fake.reads()).toBe(2); // the first read, then one more for the whole burst
    expect(store.getSnapshot().entries).toHaveLength(10);
    expect(store.getSnapshot().events).toHaveLength(3);
  });

  it('reports a failed read and clears it on the next success', async () => {
    const fake = fakeMemory();
    const store = createMemoryStore(fake.memory, 's');
    fake.failOnce();
    store.subscribe(() => {});
    await settle();
    expect(store.getSnapshot()).toMatchObject({ loading: false, error: { message: 'store closed' } });
    await store.refresh();
    expect(store.getSnapshot().error).toBeUndefined();
  });
});

describe('useMemory', () => {
  it('renders the initial snapshot through React', () => {
    const { memory } = fakeMemory();
    const Panel = () => {
      const state = useMemory(memory, 's');
      return createElement(
        'p',
        null,
        `${state.loading ? 'loading' : 'ready'}:${state.entries.length}:${typeof state.refresh}`,
      );
    };
    expect(renderToString(createElement(Panel))).toBe('<p>loading:0:function</p>');
  });
});
