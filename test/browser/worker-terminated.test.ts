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
  // Compression runs in the background: the add that triggers it resolves without waiting.
  added.push((await memory.addUserMessage('s', 'this add triggers a compression')).id); // 11 > 10
  await started;
  worker.terminate(); // the tab's worker is gone mid-compression

  const next = await createWorkerMemory({ worker: spawn(), dbName });
  const state = await next.exportSession('s');
  expect(state.entries.map((e) => e.id)).toEqual(added);
  expect(state.entries.every((e) => !e.compressed)).toBe(true);
  expect(state.summaries).toEqual([]);
  const stats = await next.getStats('s');
  expect(stats).toMatchObject({ totalEntries: 11, activeEntries: 11, compressedEntries: 0 });
  await next.addAssistantMessage('s', 'the session keeps working');
  expect((await next.getStats('s')).totalEntries).toBe(12);
  await next.close();
});

it('a reloaded worker compresses again on the next add, with every entry linked to a stored summary', async () => {
  const dbName = `terminated-again-${crypto.randomUUID()}`;
  const config = { maxEntries: 10, recentWindow: 4 };
  const worker = spawn();
  let summarizing!: () => void;
  const started = new Promise<void>((resolve) => (summarizing = resolve));
  const first = await createWorkerMemory({
    worker,
    dbName,
    config,
    summarizer: () => (summarizing(), new Promise<string>(() => {})),
  });
  for (let i = 0; i < 6; i++) {
    await first.addUserMessage('s', `question ${i}`);
    await first.addAssistantMessage('s', `answer ${i}`);
  }
  await started;
  worker.terminate();

  const next = await createWorkerMemory({
    worker: spawn(),
    dbName,
    config,
    summarizer: async (_p, info) => `Summary of ${info.entries.length} entries.`,
  });
  await next.addUserMessage('s', 'the next add triggers the compression again');
  await next.idle('s');
  const state = await next.exportSession('s');
  expect(state.entries).toHaveLength(13);
  expect(state.summaries).toHaveLength(1);
  const compressed = state.entries.filter((e) => e.compressed);
  expect(compressed.length).toBeGreaterThan(0);
  expect(compressed.every((e) => e.summaryId === state.summaries[0]!.id)).toBe(true);
  expect(await next.getStats('s')).toMatchObject({
    totalEntries: 13,
    summaries: 1,
    compressedEntries: compressed.length,
  });
  await next.close();
});
