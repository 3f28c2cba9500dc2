/**
 * Adds under a caller's id on the memory store (the suite in test/support/idempotent-adds.ts;
 * PGlite and PostgreSQL run it in test/postgres/, IndexedDB in Chromium in test/browser/), and
 * what is true of ids whatever the store.
 */
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import { createMemory } from '../../src/create-memory.js';
import { describeIdempotentAdds } from '../support/idempotent-adds.js';
import { RESERVED_ID_PREFIXES } from '../../src/core/checks/caller-ids.js';
import { SUMMARY_PREFIX } from '../../src/core/recall/recall-ids.js';

describeIdempotentAdds('memoryStore', async () => {
  const store = memoryStore();
  // A restart keeps the data: every engine opens the same store, and closing one leaves it open.
  const shared = { ...store, close: async () => undefined };
  return {
    open: (options = {}) => createMemory({ ...options, store: shared }),
    dispose: () => store.close(),
  };
});

describe('caller ids', () => {
  it("reserve the recall index's summary documents' prefix", () => {
    expect(RESERVED_ID_PREFIXES).toContain(SUMMARY_PREFIX);
  });

  it('are recalled as the entries they name', async () => {
    const memory = await createMemory({ store: 'memory' });
    await memory.addUserMessage('chat', 'My parrot is called Kiwi.', undefined, { id: 'constructor' });
    const [hit] = await memory.recall('chat', 'parrot');
    expect(hit?.entry.id).toBe('constructor');
    await memory.close();
  });

  it('under FLUSH persistence a retry is found before and after the flush', async () => {
    const store = memoryStore();
    const memory = await createMemory({ store, profile: { persistence_strategy: 'FLUSH' } });
    const user = await memory.addUserMessage('chat', 'Hi', undefined, { id: 'f1' });
    expect(await memory.addUserMessage('chat', 'Hi', undefined, { id: 'f1' })).toEqual(user);
    await memory.addAssistantMessage('chat', 'Hello', undefined, { id: 'f2' });
    expect(await memory.addAssistantMessage('chat', 'Hello', undefined, { id: 'f2' })).toMatchObject({ id: 'f2' });
    expect((await store.loadEntries('chat')).map((e) => e.id)).toEqual(['f1', 'f2']);
    await memory.close();
  });
});
