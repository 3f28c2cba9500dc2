/**
 * createMemory loads tiktoken while the store opens: a bad `tokenizer` option is still refused
 * before anything is stored, and a store made for a memory whose tokenizer failed to load is
 * closed again.
 */
import 'fake-indexeddb/auto';
import { afterEach, expect, it, vi } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { RecallKitError, ValidationError } from '../../src/errors.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import * as rankSource from '../../src/tokens/rank-source.js';

afterEach(() => vi.restoreAllMocks());

const names = async (): Promise<string[]> => (await indexedDB.databases()).map((d) => d.name ?? '');

it('refuses a bad tokenizer before creating the database', async () => {
  const dbName = `bad-tokenizer-${Date.now()}`;
  await expect(createMemory({ store: 'indexeddb', dbName, tokenizer: 'gpt2' as never })).rejects.toThrow(
    ValidationError,
  );
  await expect(createMemory({ store: 'indexeddb', dbName, tokenizer: { count: 3 } as never })).rejects.toThrow(
    /tokenizer/,
  );
  expect(await names()).not.toContain(dbName);
});

it('closes the store it opened when tiktoken fails to load, and leaves an app-made store open', async () => {
  vi.spyOn(rankSource, 'loadRankTable').mockRejectedValue(new RecallKitError('tokenizer: could not fetch the ranks'));
  const store = memoryStore();
  const close = vi.spyOn(store, 'close');
  await expect(createMemory({ store, tokenizer: 'cl100k_base' })).rejects.toThrow(/could not fetch the ranks/);
  expect(close).not.toHaveBeenCalled();

  const made = memoryStore();
  const madeClose = vi.spyOn(made, 'close');
  const memoryModule = await import('../../src/store/memory/memory-store.js');
  vi.spyOn(memoryModule, 'memoryStore').mockReturnValue(made);
  await expect(createMemory({ store: 'memory', tokenizer: 'cl100k_base' })).rejects.toThrow(/could not fetch/);
  expect(madeClose).toHaveBeenCalledOnce();
});
