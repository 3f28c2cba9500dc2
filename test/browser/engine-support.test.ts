/**
 * What this engine offers of the features RecallKit uses, and what RecallKit does with each,
 * recorded for the support table of docs/browser-support.md (`npm run support-table` writes it
 * from `test-results/engines/<engine>.json`, which this file leaves). An engine that changes
 * what it offers fails here first.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { createWorkerMemory } from '../../src/worker/client.js';
import { indexedDBStore } from '../../src/store/indexeddb/indexeddb-store.js';
import type { StorageState } from '../../src/store/durable/durability-types.js';
import { removeDatabases } from '../support/browser-cleanup.js';
import { EXPECTED_FEATURES, engine, engineFeatures } from '../support/engine-features.js';

const PREFIX = 'recallkit-engine-support-';
afterAll(() => removeDatabases(PREFIX));

const features = await engineFeatures();
let state: StorageState | undefined;
let estimate: unknown;
let lockName: string | undefined;

describe(`what ${engine} offers RecallKit`, () => {
  it('offers the features this engine is known to offer', () => {
    expect({ ...features, opfsSyncHandles: features.opfsSyncHandles === true }).toEqual(EXPECTED_FEATURES[engine]);
  });

  it('a worker memory keeps a journal exactly where the engine has synchronous OPFS handles, and says why not elsewhere', async () => {
    const dbName = `${PREFIX}${crypto.randomUUID()}`;
    const memory = await createWorkerMemory({
      dbName,
      persist: true,
      worker: new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' }),
    });
    await memory.addUserMessage('s', 'kept on every engine');
    state = await memory.storageState();
    estimate = await memory.estimateStorage();
    if (features.opfsSyncHandles === true) {
      expect(state).toMatchObject({ durability: 'journal', status: 'fresh' });
      expect(state.journalUnavailable).toBeUndefined();
    } else {
      expect(state).toMatchObject({ durability: 'none', status: 'fresh' });
      expect(state.journalUnavailable).toMatch(/Origin Private File System/);
    }
    if (features.storageEstimate) expect(estimate).toMatchObject({ usage: expect.any(Number) });
    else expect(estimate).toBeUndefined();
    await memory.close();
  });

  it("store.lock holds a Web Lock where the engine has them, else a lock of this page's realm", async () => {
    const store = indexedDBStore({ dbName: `${PREFIX}${crypto.randomUUID()}` });
    await store.lock!('s', async () => {
      const held = features.webLocks ? await navigator.locks.query() : { held: [] };
      lockName = held.held?.find((l) => l.name?.includes(':s'))?.name;
    });
    if (features.webLocks) expect(lockName).toMatch(/^recallkit:.*:s$/);
    else expect(lockName).toBeUndefined();
    await store.close();
  });
});

afterAll(async () => {
  await commands.writeFile(
    `test-results/engines/${engine}.json`,
    JSON.stringify({ engine, userAgent: navigator.userAgent, features, storageState: state, estimate }, null, 2),
  );
});
