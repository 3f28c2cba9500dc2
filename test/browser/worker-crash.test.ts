import { expect, it } from 'vitest';
import { createWorkerMemory } from '../../src/worker/client.js';

it('a worker that fails after starting rejects pending and later calls instead of leaving them waiting', async () => {
  const worker = new Worker(new URL('../support/crashing-worker.ts', import.meta.url), { type: 'module' });
  const memory = await createWorkerMemory({
    worker,
    store: 'memory',
    tokenizer: 'o200k_base',
    config: { autoCompress: false, recentWindow: 0, minEntriesToCompress: 1 },
    summarizer: () => new Promise<string>(() => {}), // keeps compress() pending
  });
  await memory.addUserMessage('s', 'hello');
  const pending = memory.compress('s');
  worker.postMessage('crash-now');
  await expect(pending).rejects.toThrow(/the RecallKit worker failed.*boom/);
  await expect(memory.getStats('s')).rejects.toThrow(/the RecallKit worker failed/);
  await memory.close().catch(() => undefined);
});
