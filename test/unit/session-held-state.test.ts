/**
 * A call holds its session's state until it ends: nothing drops that state meanwhile, or the
 * call's changes (held for a FLUSH in that state alone) would land in a copy no later call reads.
 *
 * Store change notices heard while a call runs on the session. The memory store announces a
 * write on a later task, so the notice of a session's last write before a clearSession can be
 * heard after the clear, while the new session's first add runs — whenever that add gives the
 * thread back between slices of work (a slice of a bulk call, or any slice on a busy machine).
 * The interleaving is forced here: the engine's yield is injected and runs one later task, on
 * which the notices queued before it are delivered. Ordering, never timing.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/core/engine.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { PersistenceStrategy } from '../../src/strategies/types.js';
import type { StoreAdapter, TokenCounter } from '../../src/types.js';

const S = 'notices';
const counter: TokenCounter = { count: (text) => Math.ceil(text.length / 4) };

/** A memory store that records every change notice its subscribers hear. */
function listenedStore(): { store: StoreAdapter; heard: number[] } {
  const inner = memoryStore();
  const heard: number[] = [];
  const store: StoreAdapter = {
    ...inner,
    subscribe: (sessionId, onChange) =>
      inner.subscribe!(sessionId, (version) => {
        heard.push(version);
        onChange(version);
      }),
  };
  return { store, heard };
}

/** A yield that counts, and gives the thread back for one later task (a timer queued after the notices). */
function laterTask(): { yieldNow: () => Promise<void>; count: () => number } {
  let n = 0;
  return {
    yieldNow: async () => {
      n += 1;
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
    },
    count: () => n,
  };
}

function engine(
  store: StoreAdapter,
  persistence: PersistenceStrategy,
  yieldNow: () => Promise<void>,
  maxCachedSessions?: number,
) {
  return createEngine({
    store,
    counter,
    summarizer: { summarize: async () => 'summary' },
    config: { autoCompress: false },
    strategies: () => ({ longTerm: [], shortTerm: [], persistence, summariesNewestFirst: false }),
    yieldNow,
    maxCachedSessions,
  });
}

/** Enough messages that adding them in one call fills a slice of work, so the add yields before it writes. */
const turns = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: `${tag} message ${i} about the garden, the lake and the road trip`,
  }));

describe('store change notices heard while a call runs', () => {
  it('FLUSH: the last write before a clearSession, heard during the first add after it, loses no entry from stats or context', async () => {
    const { store, heard } = listenedStore();
    const y = laterTask();
    const memory = engine(store, 'FLUSH', y.yieldNow);
    await memory.addUserMessage(S, 'before the clear');
    await memory.addAssistantMessage(S, 'flushed at the end of the inference'); // writes version 2
    await memory.clearSession(S);
    expect(heard).toEqual([]); // both notices (version 2, then the deletion) are still queued

    // A user message (it ends no inference, so nothing is flushed) long enough to fill a slice of work.
    const first = await memory.addUserMessage(S, 'a long paste '.repeat(25_000));
    // The add gave the thread back before its write, and heard the deleted session's version 2 then.
    expect(y.count()).toBeGreaterThan(0);
    expect(heard).toEqual([2, 0]);
    const next = await memory.addUserMessage(S, 'the next add');

    const exported = await memory.exportSession(S);
    expect(exported.entries.map((e) => e.id)).toEqual([first.id, next.id]);
    const stats = await memory.getStats(S);
    expect({ total: stats.totalEntries, active: stats.activeEntries }).toEqual({ total: 2, active: 2 });
    expect(stats.totalTokens).toBe(exported.totalTokens);
    expect(stats.totalTokens).toBe(first.tokenCount + next.tokenCount);
    expect((await memory.getActiveEntries(S)).map((e) => e.id)).toEqual([first.id, next.id]);
    const { messages } = await memory.getContextForLLM(S);
    expect(messages.map((m) => m.content)).toEqual([first.content, next.content]);
    await memory.close();
  });

  it('FLUSH: a tool call made right after a clearSession can be answered', async () => {
    const { store, heard } = listenedStore();
    const memory = engine(store, 'FLUSH', laterTask().yieldNow);
    await memory.addUserMessage(S, 'list the files');
    await memory.addAssistantMessage(S, 'on it');
    await memory.clearSession(S);
    // Arguments long enough to fill a slice of work: the deleted session's version 2 is heard meanwhile.
    const call = await memory.addToolCall(S, 'read_file', { path: 'notes.md', text: 'a long paste '.repeat(25_000) });
    expect(heard).toEqual([2, 0]);
    const result = await memory.addToolResult(S, 'read_file', 'done', { callId: call.tool!.callId });
    expect(result.tool?.callId).toBe(call.tool!.callId);
    const { messages } = await memory.getContextForLLM(S);
    expect(messages.map((m) => m.role)).toEqual(['assistant', 'tool']);
    await memory.close();
  });

  it('a change another writer makes while a call runs still drops the cached state once the call ends', async () => {
    const { store } = listenedStore();
    const y = laterTask();
    const other = engine(store, 'INCREMENTAL', y.yieldNow);
    let wrote = false;
    const memory = engine(store, 'INCREMENTAL', async () => {
      // The other writer adds while this memory's add is between two slices of work.
      if (!wrote) await other.addUserMessage(S, 'from the other writer');
      wrote = true;
      await y.yieldNow();
    });
    const changes: string[] = [];
    memory.on('change', (s) => changes.push(s));
    await memory.addUserMessage(S, 'first');
    await other.getStats(S); // the other writer holds the session at version 1
    await new Promise<void>((resolve) => setTimeout(resolve, 0)); // it hears this memory's write

    // The other writer's add makes this add's write conflict: it runs again on the new state.
    const mine = await memory.addMessages(S, turns(1000, 'mine'));
    const stored = await memory.getActiveEntries(S);
    expect(stored.map((e) => e.content)).toEqual(['first', 'from the other writer', ...mine.map((e) => e.content)]);
    expect(changes).toContain(S);
    expect(await memory.getStats(S)).toMatchObject({ totalEntries: 1002, activeEntries: 1002 });
    await other.close();
    await memory.close();
  });
});

describe('the bounded session cache while a call runs', () => {
  it('FLUSH: a session whose add is between two slices of work is not evicted by a call on another session', async () => {
    let other: Promise<unknown> | undefined;
    const memory = engine(
      memoryStore(),
      'FLUSH',
      async () => {
        // A call on another session, while this add has made its entry and not yet written it.
        other ??= memory.addUserMessage('b', 'another user');
        await other;
      },
      1,
    );
    await memory.addAssistantMessage(S, 'first'); // written: nothing of the session is held for a FLUSH
    const long = await memory.addUserMessage(S, 'a long paste '.repeat(25_000));
    expect(other).toBeDefined();
    const next = await memory.addUserMessage(S, 'the next add');
    const exported = await memory.exportSession(S);
    expect(exported.entries.map((e) => e.content)).toEqual(['first', long.content, next.content]);
    expect(await memory.getStats(S)).toMatchObject({ totalEntries: 3, activeEntries: 3 });
    expect((await memory.getContextForLLM(S)).messages.map((m) => m.content)).toEqual(
      exported.entries.map((e) => e.content),
    );
    await memory.close();
  });
});
