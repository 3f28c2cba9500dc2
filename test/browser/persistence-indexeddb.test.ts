import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';

const tokenizer = { count: (t: string) => Math.ceil(t.length / 4) };
const profile = (persistence_strategy: 'INCREMENTAL' | 'FLUSH' | 'EPHEMERAL') => ({ persistence_strategy });

/** What another engine (a reload, another tab) finds in IndexedDB. */
async function stored(dbName: string, sessionId: string): Promise<string[]> {
  const reader = await createMemory({ store: 'indexeddb', dbName, tokenizer });
  const entries = (await reader.exportSession(sessionId)).entries.map((e) => e.content);
  await reader.close();
  return entries;
}

describe('persistence strategies on IndexedDB', () => {
  it('INCREMENTAL writes each entry as it is added', async () => {
    const dbName = `incremental-${crypto.randomUUID()}`;
    const memory = await createMemory({ store: 'indexeddb', dbName, tokenizer, profile: profile('INCREMENTAL') });
    await memory.addUserMessage('s', 'question');
    expect(await stored(dbName, 's')).toEqual(['question']);
    await memory.close();
  });

  it('FLUSH writes the session in one transaction at the end of the inference, and on close', async () => {
    const dbName = `flush-${crypto.randomUUID()}`;
    const memory = await createMemory({ store: 'indexeddb', dbName, tokenizer, profile: profile('FLUSH') });
    await memory.addUserMessage('s', 'question');
    await memory.addToolCall('s', 'search', { q: 'x' });
    await memory.addToolResult('s', 'search', 'found');
    expect(await stored(dbName, 's')).toEqual([]);
    await memory.addAssistantMessage('s', 'answer');
    expect(await stored(dbName, 's')).toEqual(['question', '{"q":"x"}', 'found', 'answer']);
    await memory.addUserMessage('s', 'held until close');
    await memory.close();
    expect(await stored(dbName, 's')).toEqual(['question', '{"q":"x"}', 'found', 'answer', 'held until close']);
  });

  it('EPHEMERAL writes nothing to IndexedDB', async () => {
    const dbName = `ephemeral-${crypto.randomUUID()}`;
    const memory = await createMemory({ store: 'indexeddb', dbName, tokenizer, profile: profile('EPHEMERAL') });
    await memory.addUserMessage('s', 'question');
    await memory.addAssistantMessage('s', 'answer');
    expect((await memory.getStats('s')).totalEntries).toBe(2);
    await memory.close();
    expect(await stored(dbName, 's')).toEqual([]);
  });
});
