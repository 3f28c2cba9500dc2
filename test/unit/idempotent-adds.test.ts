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
import { PARSE_CHUNK } from '../../src/core/context/messages-io.js';
import { ValidationError } from '../../src/errors.js';

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

  it('a batch longer than one slice of reading keeps every id; its retry stores nothing; a clash is placed in the whole batch', async () => {
    const memory = await createMemory({ store: 'memory', config: { autoCompress: false } });
    const n = PARSE_CHUNK * 2 + 10;
    const batch = Array.from({ length: n }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `message ${i}`,
      id: `b${i}`,
    }));
    const first = await memory.addMessages('chat', batch);
    expect(first.map((e) => e.id)).toEqual(batch.map((m) => m.id));
    const retried = await memory.addMessages('chat', batch);
    expect(retried.map((e) => e.seq)).toEqual(first.map((e) => e.seq));
    expect((await memory.exportSession('chat')).entries).toHaveLength(n);
    // The same id with other words, in the second slice: refused, named by its place in the whole batch.
    const at = PARSE_CHUNK + 5;
    const clash = batch.map((m, i) => (i === at ? { ...m, content: 'other words' } : m));
    const error = await memory.addMessages('chat', clash).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe(`messages[${at}].id`);
    expect((await memory.exportSession('chat')).entries).toHaveLength(n);
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
