import { expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { createWorkerMemory } from '../../src/worker/client.js';

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
  expect(estimate).toMatchObject({
    usage: expect.any(Number),
    quota: expect.any(Number),
    persisted: expect.any(Boolean),
  });
  expect(estimate!.quota).toBeGreaterThan(estimate!.usage);
  await inPage.close();

  const worker = await createWorkerMemory({
    worker: new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' }),
    dbName,
  });
  expect(await worker.estimateStorage()).toMatchObject({ usage: expect.any(Number), quota: expect.any(Number) });
  await worker.close();

  const memory = await createMemory({ store: 'memory', tokenizer: { count: (t) => t.length } });
  expect(await memory.estimateStorage()).toBeUndefined();
});
