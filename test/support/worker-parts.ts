/**
 * What the browser tests of worker parts (#31) share: a worker memory that counts the result
 * parts its worker posts, and a large exported session made by a memory in the page's thread.
 * @module
 */
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import type { SessionState } from '../../src/types.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import { createWorkerMemory } from '../../src/worker/client.js';
import { PART_ENTRIES } from '../../src/worker/import-parts.js';

/** Entries in a large state: more than two parts' worth. */
export const LARGE_COUNT = PART_ENTRIES * 2 + 345;

/** A worker memory on a fresh IndexedDB (autoCompress off), and the result parts posted so far. */
export async function openCountingParts(name: string): Promise<{ memory: Memory; parts: () => number }> {
  const worker = new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' });
  let parts = 0;
  worker.addEventListener('message', (event: MessageEvent) => {
    if (typeof (event.data as { recallkitResultPart?: unknown })?.recallkitResultPart === 'number') parts++;
  });
  const memory = await createWorkerMemory({
    dbName: `recallkit-${name}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    worker,
    config: { autoCompress: false },
  });
  return { memory, parts: () => parts };
}

/** What a large state holds besides `LARGE_COUNT` short messages. */
export interface LargeStateOptions {
  /** How many times `'long '` is repeated in message 77 (its one long text). */
  longRepeats: number;
  /** Whether a tool call and its result follow the messages. */
  toolCall?: boolean;
}

/** A session `source` of `LARGE_COUNT` entries, made and exported by a memory in this thread. */
export async function largeState({ longRepeats, toolCall = false }: LargeStateOptions): Promise<SessionState> {
  const thread = await createMemory({ store: memoryStore(), config: { autoCompress: false } });
  await thread.addMessages(
    'source',
    Array.from({ length: LARGE_COUNT }, (_, i) => ({
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      content: i === 77 ? 'long '.repeat(longRepeats) : `Message ${i} about the garden and the lake.`,
    })),
  );
  if (toolCall) {
    await thread.addToolCall('source', 'weather', { city: 'Lisbon' }, { callId: 'c1' });
    await thread.addToolResult('source', 'weather', 'Sunny, 24°C', { callId: 'c1' });
  }
  const state = await thread.exportSession('source');
  await thread.close();
  return state;
}
