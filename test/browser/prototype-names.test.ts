/**
 * Issue #31 in real Chromium: the shared suite of every Object.prototype name through every
 * public path (test/support/prototype-suite.ts) on IndexedDB, through the worker
 * (`createWorkerMemory`, a new worker on each reopen) and in this thread.
 */
import { afterAll } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { createWorkerMemory } from '../../src/worker/client.js';
import { describePrototypeSafety } from '../support/prototype-suite.js';
import { removeDatabases } from '../support/browser-cleanup.js';

const PREFIX = `recallkit-prototype-names-${Date.now()}`;
let count = 0;
afterAll(() => removeDatabases(PREFIX));

describePrototypeSafety('worker, IndexedDB', {
  async storage() {
    const dbName = `${PREFIX}-worker-${count++}`;
    return (options = {}) =>
      createWorkerMemory({
        ...options,
        store: 'indexeddb',
        dbName,
        worker: new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' }),
      });
  },
  runs: 10,
});

describePrototypeSafety('this thread, IndexedDB', {
  async storage() {
    const dbName = `${PREFIX}-thread-${count++}`;
    return (options = {}) => createMemory({ ...options, store: 'indexeddb', dbName });
  },
  runs: 10,
});
