import { expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { indexedDBStore } from '../../src/store/indexeddb/indexeddb-store.js';
import type { LoadEntriesOptions, StoreAdapter } from '../../src/types.js';

const tokenizer = { count: (t: string) => Math.ceil(t.length / 4) };

it('persists the recall index in IndexedDB with the session: a reopened memory recalls without re-reading the history', async () => {
  const dbName = `recall-${crypto.randomUUID()}`;
  const first = await createMemory({
    store: 'indexeddb',
    dbName,
    tokenizer,
    config: { maxEntries: 20, recentWindow: 4 },
  });
  for (let i = 0; i < 30; i++) {
    await first.addUserMessage(
      's',
      i === 3 ? 'My locker code at the gym is 4471.' : `small talk ${i} about the weather`,
    );
    await first.addAssistantMessage('s', `reply ${i}`);
  }
  expect((await first.getStats('s')).compressedEntries).toBeGreaterThan(0);
  expect((await first.recall('s', 'gym locker code'))[0]?.entry.content).toBe('My locker code at the gym is 4471.');
  await first.addUserMessage('s', 'The spare key is under the blue pot.'); // indexed incrementally, same transaction
  await first.close();

  // Reopen on a store that records what it reads.
  const inner = indexedDBStore({ dbName });
  const reads: LoadEntriesOptions[] = [];
  const store: StoreAdapter = { ...inner, loadEntries: (id, o = {}) => (reads.push(o), inner.loadEntries(id, o)) };
  const second = await createMemory({ store, tokenizer });
  const [hit] = await second.recall('s', 'where is the spare key');
  expect(hit?.entry.content).toBe('The spare key is under the blue pot.');
  const [old] = await second.recall('s', 'gym locker code');
  expect(old).toMatchObject({ entry: { content: 'My locker code at the gym is 4471.', compressed: true } });
  // The persisted index covers every entry (recallSeq = nextSeq): no entry is read at all,
  // so the history was not re-indexed.
  expect(reads).toEqual([]);
  await second.close();
});
