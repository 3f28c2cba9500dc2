import { expect, it } from 'vitest';
import { createWorkerMemory } from '../../src/worker/client.js';
import type { MemoryProfileInput } from '../../src/strategies/profile/profile-types.js';

const profile: MemoryProfileInput = {
  short_term_memory_strategy: [{ memory_strategy_id: 'last_turns', turns: 2 }],
  long_term_memory_strategy: [{ long_term_memory_id: 'digest', every: 2 }],
};

it('a custom worker entry registers strategies that createWorkerMemory profiles then name', async () => {
  const memory = await createWorkerMemory({
    worker: new Worker(new URL('../support/custom-strategy-worker.ts', import.meta.url), { type: 'module' }),
    store: 'memory',
    tokenizer: 'o200k_base',
    profile,
    summarizer: async (_prompt, info) => `digest of ${info.entries.length} entries`,
  });
  for (let i = 1; i <= 3; i++) {
    await memory.addUserMessage('s', `question ${i}`);
    await memory.addAssistantMessage('s', `answer ${i}`);
  }
  await memory.idle('s');
  expect((await memory.getSummaries('s')).map((s) => [s.strategy, s.content])).toEqual([
    ['digest', 'digest of 4 entries'],
  ]);
  await memory.addUserMessage('s', 'question 4');
  const context = await memory.getContextForLLM('s');
  // last_turns keeps the 2 newest turns; the digest summary comes first.
  expect(context.messages.map((m) => m.content)).toEqual([
    'digest of 4 entries',
    'question 3',
    'answer 3',
    'question 4',
  ]);
  await memory.close();
});

it('the stock worker does not know them: the error lists the ids it knows', async () => {
  await expect(
    createWorkerMemory({
      worker: new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' }),
      store: 'memory',
      profile,
    }),
  ).rejects.toThrow(
    /long_term_memory_strategy\[0\]\.long_term_memory_id: expected one of the known ids "summarizer", "neuralyzer", "summary_buffer", "rolling", received "digest"/,
  );
});
