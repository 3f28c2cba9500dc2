/**
 * What a new user met in a real browser: a misspelt worker option is named as a misspelling,
 * and reading a session that does not exist (a typo) does not create it in IndexedDB, so it
 * does not show in listSessions() after a reload (a new worker on the same database).
 */
import { afterEach, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import type { Memory } from '../../src/memory.js';
import { createWorkerMemory, type WorkerMemoryOptions } from '../../src/worker/client.js';

const opened: Memory[] = [];
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((m) => m.close()));
});

const uniqueDb = (): string => `recallkit-new-user-${Date.now()}-${Math.random().toString(36).slice(2)}`;

async function open(options: WorkerMemoryOptions): Promise<Memory> {
  const worker = new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' });
  const memory = await createWorkerMemory({ worker, ...options });
  opened.push(memory);
  return memory;
}

it('createWorkerMemory({ sumarizer: fn }) says that sumarizer is not a known option', async () => {
  const error = await createWorkerMemory({ sumarizer: async () => 'summary' } as never).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as Error).message).toMatch(
    /^options\.sumarizer: expected one of the known options \(store, dbName, .*summarizer.*worker\), received "sumarizer"$/,
  );
});

it('reads of an unknown session through the worker leave nothing in IndexedDB, also after a reload', async () => {
  const dbName = uniqueDb();
  const memory = await open({ dbName });
  await memory.addUserMessage('chat-1', 'My dog is called Pixel.');
  expect(await memory.recall('typo-session', 'dog')).toEqual([]);
  await memory.getContextForLLM('typo-session');
  await memory.getStats('typo-session');
  await memory.exportSession('typo-session');
  expect((await memory.listSessions()).map((s) => s.sessionId)).toEqual(['chat-1']);
  await memory.close();

  const reloaded = await open({ dbName });
  expect((await reloaded.listSessions()).map((s) => s.sessionId)).toEqual(['chat-1']);
  expect((await reloaded.recall('chat-1', 'dog'))[0]?.entry.content).toBe('My dog is called Pixel.');
});
