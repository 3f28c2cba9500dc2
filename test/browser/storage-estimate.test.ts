import { expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { createWorkerMemory } from '../../src/worker/client.js';
import { engineFeatures } from '../support/engine-features.js';

/** Without `navigator.storage.estimate()` (WebKitGTK's MiniBrowser) the documented answer is `undefined`. */
const canEstimate = (await engineFeatures()).storageEstimate;

it('reports storage use through both hosts, and undefined for the memory store', async () => {
  const dbName = `estimate-${crypto.randomUUID()}`;
  const inPage = await createMemory({
    store: 'indexeddb',
    dbName,
    persist: true,
    tokenizer: { count: (t) => t.length },
  });
  await inPage.addUserMessage('s', 'x'.repeat(10_000));
  const estimate = await inPage.estimateStorage();
  if (canEstimate) {
    expect(estimate).toMatchObject({
      usage: expect.any(Number),
      quota: expect.any(Number),
      persisted: expect.any(Boolean),
    });
    expect(estimate!.quota).toBeGreaterThan(estimate!.usage);
  } else expect(estimate).toBeUndefined();
  // The memory was kept all the same (persist: true is ignored where it cannot be asked).
  expect(await inPage.getStats('s')).toMatchObject({ totalEntries: 1 });
  await inPage.close();

  const worker = await createWorkerMemory({
    worker: new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' }),
    dbName,
  });
  if (canEstimate) {
    expect(await worker.estimateStorage()).toMatchObject({ usage: expect.any(Number), quota: expect.any(Number) });
  } else expect(await worker.estimateStorage()).toBeUndefined();
  await worker.close();

  const memory = await createMemory({ store: 'memory', tokenizer: { count: (t) => t.length } });
  expect(await memory.estimateStorage()).toBeUndefined();
});
