/**
 * Recall in the context on IndexedDB, in this thread and through the worker: the same contexts
 * (recalled block, `recalled`, caps and `context:truncated`), and after a reopen of the
 * database the other chats are still found.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory, type MemoryOptions } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import { createWorkerMemory } from '../../src/worker/client.js';

const opened: Memory[] = [];
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((m) => m.close()));
});

const uniqueDb = (label: string): string =>
  `recallkit-recall-ctx-${label}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
const spawnWorker = (): Worker =>
  new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' });

async function open(host: 'thread' | 'worker', options: MemoryOptions, dbName: string): Promise<Memory> {
  const memory =
    host === 'thread'
      ? await createMemory({ ...options, store: 'indexeddb', dbName })
      : await createWorkerMemory({ ...options, store: 'indexeddb', dbName, worker: spawnWorker() });
  opened.push(memory);
  return memory;
}

/** Ids are random: number them by first appearance; times of the run (summaries, stats) are blanked. */
function normalize(value: unknown): unknown {
  const ids = new Map<string, string>();
  const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string' && ISO.test(v) && !v.startsWith('2024-03-')) return '<time>';
    if (typeof v === 'string' && ID.test(v)) {
      if (!ids.has(v)) ids.set(v, `<id ${ids.size + 1}>`);
      return ids.get(v);
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

const at = (d: number, m = 0) => new Date(Date.UTC(2024, 2, d, 9, m)).toISOString();

async function script(memory: Memory): Promise<unknown[]> {
  const log: unknown[] = [];
  memory.on('context:truncated', (s, info) => log.push(['truncated', s, info]));
  await memory.addUserMessage('trip', 'We booked the cabin at Lake Tahoe for the first week of June.', undefined, {
    timestamp: at(3),
  });
  await memory.addAssistantMessage('trip', 'Great, the Tahoe cabin is noted for June.', undefined, {
    timestamp: at(3, 1),
  });
  for (let i = 0; i < 12; i++) {
    await memory.addUserMessage('trip', `Packing item ${i}: socks and a rain jacket?`, undefined, {
      timestamp: at(5, i),
    });
    await memory.addAssistantMessage('trip', `Item ${i} packed.`, undefined, { timestamp: at(5, i) });
  }
  await memory.addUserMessage('new', 'Where is our cabin in June?', undefined, { timestamp: at(20) });
  log.push(['context', await memory.getContextForLLM('new')]);
  log.push(['anthropic', await memory.getContextForLLM('new', { format: 'anthropic' })]);
  log.push([
    'session scope',
    await memory.getContextForLLM('trip', {
      query: 'Lake Tahoe cabin',
      recall: { scope: 'session', maxTokens: 80 },
      maxTokens: 200,
    }),
  ]);
  await memory.addUserMessage('new', 'word '.repeat(3000));
  log.push(['capped', await memory.getContextForLLM('new', { maxTokens: 500 })]);
  log.push(['recall all', await memory.recall('new', 'Tahoe cabin', { scope: 'all', topK: 2 })]);
  return log;
}

describe('recall in the context on IndexedDB', () => {
  const options: MemoryOptions = {
    config: { maxEntries: 12, recentWindow: 4, minEntriesToCompress: 3 },
    contextRecall: { maxTokens: 200, scope: 'all' },
  };

  it('the worker gives the same contexts, recalled turns and events as this thread', async () => {
    const thread = await script(await open('thread', options, uniqueDb('thread')));
    const worker = await script(await open('worker', options, uniqueDb('worker')));
    expect(normalize(worker)).toEqual(normalize(thread));
    const context = (
      thread[0] as [
        string,
        { messages: { role: string; content: string }[]; recalled: { entry: { sessionId: string } }[] },
      ]
    )[1];
    expect(context.messages[0]!.content).toContain('[3 March 2024, chat "trip"]');
    expect(context.messages[0]!.content).toContain('Lake Tahoe');
    expect(context.recalled.some((r) => r.entry.sessionId === 'trip')).toBe(true);
    const events = thread.filter((row) => (row as unknown[])[0] === 'truncated');
    expect(events).toHaveLength(1);
  });

  it('after reopening the database, a new chat still finds the other chats (indexes loaded, not lost)', async () => {
    const dbName = uniqueDb('reopen');
    const first = await open('worker', options, dbName);
    await first.addUserMessage('trip', 'We booked the cabin at Lake Tahoe for June.');
    await first.addUserMessage('other', 'Where is the cabin?');
    expect((await first.getContextForLLM('other')).recalled!.map((r) => r.entry.sessionId)).toContain('trip');
    await first.close();
    const second = await open('worker', options, dbName);
    await second.addUserMessage('third', 'Remind me where the cabin is?');
    const ctx = await second.getContextForLLM('third');
    expect(ctx.recalled!.map((r) => r.entry.content)).toContain('We booked the cabin at Lake Tahoe for June.');
  });
});
