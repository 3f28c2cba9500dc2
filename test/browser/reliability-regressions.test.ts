/**
 * A browser bug the reliability suites found, kept as its smallest reproduction so that it
 * cannot come back (it was intermittent, hence the repeats).
 */
import { expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { indexedDBStore } from '../../src/store/indexeddb/indexeddb-store.js';

interface StorageBuckets {
  open(name: string, options?: { quota?: number }): Promise<{ indexedDB: IDBFactory }>;
  delete(name: string): Promise<void>;
}

/** Incompressible text (Chromium compresses stored values). */
const randomText = (length: number): string =>
  Array.from({ length: Math.ceil(length / 50_000) }, () =>
    Array.from(crypto.getRandomValues(new Uint8Array(50_000)), (b) => String.fromCharCode(33 + (b % 94))).join(''),
  ).join('');

// It was intermittent (about 1 run in 3): a readonly transaction still committing when the
// connection was force-closed rejected idb's unobserved `tx.done` promise.
it.each([1, 2, 3, 4, 5])(
  'G: storage cleared right after close() surfaces an unhandled rejection (try %i)',
  async () => {
    const reasons: string[] = [];
    const onUnhandled = (e: PromiseRejectionEvent): void => {
      reasons.push(String(e.reason));
      e.preventDefault();
    };
    addEventListener('unhandledrejection', onUnhandled);
    const buckets = (navigator as unknown as { storageBuckets: StorageBuckets }).storageBuckets;
    const name = `recallkit-test-known-bug-${Date.now()}`;
    const bucket = await buckets.open(name, { quota: 1_000_000 });
    const memory = await createMemory({
      store: indexedDBStore({ indexedDB: bucket.indexedDB }),
      tokenizer: { count: (t) => t.length },
      maxContentLength: 3_000_000, // above the default cap: this add must reach the bucket's quota
    });
    await memory.addUserMessage('s', 'hello');
    await expect(memory.addUserMessage('s', randomText(2_000_000))).rejects.toMatchObject({
      name: 'QuotaExceededError',
    });
    await memory.exportSession('s');
    await memory.close();
    await buckets.delete(name); // what "clear site data" does
    await new Promise((resolve) => setTimeout(resolve, 100));
    removeEventListener('unhandledrejection', onUnhandled);
    expect(reasons).toEqual([]); // was ['UnknownError: Connection is closing because of: Force close delete origin']
  },
);
