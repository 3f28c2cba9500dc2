import { expect, it } from 'vitest';
import { createWorkerMemory } from '../../src/worker/client.js';

const spawn = () => new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' });

it('a worker terminated in the middle of a compression loses nothing: the next worker finds every entry', async () => {
  const dbName = `terminated-${crypto.randomUUID()}`;
  const worker = spawn();
  let summarizing!: () => void;
  const started = new Promise<void>((resolve) => (summarizing = resolve));
  const memory = await createWorkerMemory({
    worker,
    dbName,
    config: { maxEntries: 10, recentWindow: 4 },
    summarizer: () => (summarizing(), new Promise<string>(() => {})), // never answers: the worker dies first
  });
  const added: string[] = [];
  for (let i = 0; i < 5; i++) {
    added.push((await memory.addUserMessage('s', `question ${i}`)).id);
    added.push((await memory.addAssistantMessage('s', `answer ${i}`)).id);
  }
  const triggering = memory.addUserMessage('s', 'this add triggers a compression'); // 11 > 10
  await started;
  worker.terminate(); // the tab's worker is gone mid-compression
  void triggering.catch(() => undefined);

  const next = await createWorkerMemory({ worker: spawn(), dbName });
  const state = await next.exportSession('s');
  expect(state.entries.slice(0, 10).map((e) => e.id)).toEqual(added);
  expect(state.entries).toHaveLength(11); // the triggering add was stored before the compression began
  expect(state.entries.every((e) => !e.compressed)).toBe(true);
  expect(state.summaries).toEqual([]);
  const stats = await next.getStats('s');
  expect(stats).toMatchObject({ totalEntries: 11, activeEntries: 11, compressedEntries: 0 });
  await next.addAssistantMessage('s', 'the session keeps working');
  expect((await next.getStats('s')).totalEntries).toBe(12);
  await next.close();
});
