/**
 * Adds under a caller's id in Chromium (the suite in test/support/idempotent-adds.ts): on
 * IndexedDB in the page, and through createWorkerMemory (the option crosses comlink; the store is
 * IndexedDB with its OPFS journal). Each `open` is a new engine over the same database, as a reload.
 */
import { afterAll } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { createWorkerMemory } from '../../src/worker/client.js';
import { describeIdempotentAdds } from '../support/idempotent-adds.js';
import { removeDatabases } from '../support/browser-cleanup.js';

const PREFIX = 'recallkit-idempotent-';
afterAll(() => removeDatabases(PREFIX));

const tokenizer = { count: (t: string) => Math.ceil(t.length / 4) };
const fresh = (): string => `${PREFIX}${crypto.randomUUID()}`;

describeIdempotentAdds('IndexedDB (Chromium, in the page)', async () => {
  const dbName = fresh();
  return {
    open: (options = {}) => createMemory({ ...options, store: 'indexeddb', dbName, tokenizer }),
    dispose: async () => undefined,
  };
});

describeIdempotentAdds('createWorkerMemory (Chromium: IndexedDB and its journal, in a worker)', async () => {
  const dbName = fresh();
  return {
    open: async (options = {}) => {
      const memory = await createWorkerMemory({
        ...options,
        dbName,
        worker: new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' }),
      });
      // The journal is on: the adds go through the durable store.
      if ((await memory.storageState()).durability !== 'journal') throw new Error('expected the journal to be on');
      return memory;
    },
    dispose: async () => undefined,
  };
});
