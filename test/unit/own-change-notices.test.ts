/**
 * A memory's own writes are never reported as another writer's change, and another writer's
 * change is never taken for its own: whatever order the store's notices arrive in relative to
 * `clearSession` and the calls after it. The memory store and IndexedDB (fake-indexeddb here)
 * deliver a notice on a later timer; the timers are faked, so each test says exactly when the
 * notices queued so far are delivered. Ordering, never timing.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../src/core/engine.js';
import { indexedDBStore } from '../../src/store/indexeddb/indexeddb-store.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { PersistenceStrategy } from '../../src/strategies/types.js';
import type { StoreAdapter, TokenCounter } from '../../src/types.js';

const S = 'notices';
const counter: TokenCounter = { count: (text) => Math.ceil(text.length / 4) };

function engine(store: StoreAdapter, persistence: PersistenceStrategy = 'INCREMENTAL') {
  const memory = createEngine({
    store,
    counter,
    summarizer: { summarize: async () => 'summary' },
    config: { autoCompress: false },
    strategies: () => ({ longTerm: [], shortTerm: [], persistence, summariesNewestFirst: false }),
    // No pause between slices of work: only the faked timers decide when notices arrive.
    yieldNow: async () => undefined,
  });
  const changes: string[] = [];
  memory.on('change', (s) => changes.push(s));
  return { memory, changes };
}

/** Deliver every notice queued so far (and let what they start settle). */
async function deliver(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await vi.runOnlyPendingTimersAsync();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

let dbCount = 0;
const stores: [string, () => StoreAdapter][] = [
  ['memory store', () => memoryStore()],
  ['IndexedDB (fake-indexeddb)', () => indexedDBStore({ indexedDB: new IDBFactory(), dbName: `notices-${dbCount++}` })],
];

describe.each(stores)('own change notices on the %s', (_name, makeStore) => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('no change event for the notices of its own writes before a clearSession, heard after it', async () => {
    const { memory, changes } = engine(makeStore());
    await memory.addUserMessage(S, 'one');
    await memory.addAssistantMessage(S, 'two'); // version 2, its notice still queued
    await memory.clearSession(S);
    const three = await memory.addUserMessage(S, 'three'); // the new session's version 1
    await deliver(); // versions 2, 0 (the clear) and 1 of this memory's own writes are delivered now
    expect(changes).toEqual([]);
    expect((await memory.getActiveEntries(S)).map((e) => e.id)).toEqual([three.id]);
    await memory.close();
  });

  it('FLUSH: no change event for its own writes before a clearSession, heard during the next calls', async () => {
    const { memory, changes } = engine(makeStore(), 'FLUSH');
    await memory.addUserMessage(S, 'one');
    await memory.addAssistantMessage(S, 'flushed at the end of the inference');
    await memory.clearSession(S);
    await memory.addUserMessage(S, 'held for a flush');
    await deliver();
    await memory.addAssistantMessage(S, 'flushed');
    await deliver();
    expect(changes).toEqual([]);
    expect((await memory.getActiveEntries(S)).map((e) => e.content)).toEqual(['held for a flush', 'flushed']);
    await memory.close();
  });

  it('FLUSH: clearing a session never written, then another writer deleting it, drops the cached state', async () => {
    const store = makeStore();
    const { memory, changes } = engine(store, 'FLUSH');
    const other = engine(store).memory;
    await memory.addUserMessage(S, 'held for a flush, never written');
    await memory.clearSession(S); // nothing stored: the store has no deletion to announce
    await memory.addUserMessage(S, 'asked');
    await memory.addAssistantMessage(S, 'answered'); // written now, version 1
    await deliver();
    expect(changes).toEqual([]);

    await other.clearSession(S); // another writer deletes the session
    await deliver();
    expect(changes).toEqual([S]);
    expect(await memory.getActiveEntries(S)).toEqual([]);
    expect(await memory.getContextForLLM(S)).toMatchObject({ messages: [] });
    await other.close();
    await memory.close();
  });

  it("a clearSession's notice delivered while nothing listens is not taken for another writer's later deletion", async () => {
    const store = makeStore();
    const { memory, changes } = engine(store);
    const other = engine(store).memory;
    await memory.addUserMessage(S, 'before the clear');
    await memory.clearSession(S);
    await deliver(); // the deletion is announced while this memory holds nothing of the session
    await memory.addUserMessage(S, 'after the clear');
    await deliver();
    expect(changes).toEqual([]);

    await other.clearSession(S);
    await deliver();
    expect(changes).toEqual([S]);
    expect(await memory.getActiveEntries(S)).toEqual([]);
    await other.close();
    await memory.close();
  });

  it("another writer's deletion is heard, and the memory's own are not, on many sessions cleared in turn", async () => {
    const store = makeStore();
    const { memory, changes } = engine(store);
    const other = engine(store).memory;
    for (let i = 0; i < 20; i++) {
      await memory.addUserMessage(`s${i}`, 'hello');
      await memory.clearSession(`s${i}`);
      if (i % 2) await deliver();
      await memory.addUserMessage(`s${i}`, 'again');
    }
    await deliver();
    expect(changes).toEqual([]);
    for (let i = 0; i < 20; i++) await other.clearSession(`s${i}`);
    await deliver();
    expect(changes.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `s${i}`).sort());
    for (let i = 0; i < 20; i++) expect(await memory.getActiveEntries(`s${i}`)).toEqual([]);
    await other.close();
    await memory.close();
  });
});
