/**
 * The engine over IndexedDB in real Chromium when a write fails: a full disk (a Storage Bucket
 * with a small quota, and a simulated QuotaExceededError), an aborted transaction, and a batch
 * refused after some of its puts were issued. The call that needed the write rejects (an add)
 * or fires `error` (a compression); nothing stored is lost, nothing is half-written, and a
 * reopened engine reads exactly what was stored before.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import { indexedDBStore } from '../../src/store/indexeddb/indexeddb-store.js';
import type { TokenCounter } from '../../src/types.js';
import { goodAnswer } from '../support/faulty-summarizers.js';
import {
  expectContextValid,
  expectStillWorks,
  expectStoredAsReference,
  trackSession,
  type ReferenceModel,
} from '../support/reference-model.js';
import { deleteDatabase, removeDatabases } from '../support/browser-cleanup.js';

const PREFIX = 'recallkit-test-reliability-';
let count = 0;
const freshName = (): string => `${PREFIX}${Date.now()}-${count++}`;
const S = 'chat';
const counter: TokenCounter = { count: (t) => Math.ceil(t.length / 4) };

afterAll(() => removeDatabases(PREFIX));

/** Incompressible text (Chromium compresses stored values, so repeated text would take no room). */
function randomText(length: number): string {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 65_536) crypto.getRandomValues(bytes.subarray(i, i + 65_536));
  return Array.from(bytes, (b) => String.fromCharCode(33 + (b % 94))).join('');
}

/**
 * Faults in IDBObjectStore.put for one database: `quota` throws the DOMException a full disk
 * gives, `abort` issues the put and aborts its transaction. Only puts into `store` count
 * (`compressed`: only entries being marked compressed); the first `after` of them succeed, so
 * the failure can land mid-batch.
 */
interface Fault {
  dbName: string;
  kind: 'quota' | 'abort';
  store: 'sessions' | 'entries' | 'summaries';
  compressed?: boolean;
  after: number;
  times: number;
}
const realPut = IDBObjectStore.prototype.put;
let fault: Fault | undefined;
IDBObjectStore.prototype.put = function put(
  this: IDBObjectStore,
  ...args: Parameters<IDBObjectStore['put']>
): IDBRequest<IDBValidKey> {
  const f = fault;
  const counts =
    f !== undefined &&
    this.transaction.db.name === f.dbName &&
    this.name === f.store &&
    (!f.compressed || (args[0] as { active?: number }).active === 0);
  if (!counts) return realPut.apply(this, args);
  if (f.after > 0) {
    f.after -= 1;
    return realPut.apply(this, args);
  }
  if (--f.times <= 0) fault = undefined;
  if (f.kind === 'quota') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  const request = realPut.apply(this, args);
  this.transaction.abort();
  return request;
};
afterEach(() => {
  fault = undefined;
});
afterAll(() => {
  IDBObjectStore.prototype.put = realPut;
});

interface Run {
  memory: Memory;
  ref: ReferenceModel;
  errors: Error[];
}

async function open(dbName: string, config = {}): Promise<Run> {
  const memory = await createMemory({
    store: 'indexeddb',
    dbName,
    tokenizer: counter,
    summarizer: async (_p, i) => goodAnswer(i),
    config,
  });
  const run: Run = { memory, ref: trackSession(memory, S), errors: [] };
  memory.on('error', (_s, e) => run.errors.push(e));
  return run;
}

async function talk(run: Run, turns: number, from = 0): Promise<void> {
  for (let i = from; i < from + turns; i++) {
    run.ref.added(await run.memory.addUserMessage(S, `question ${i} about the quarterly report`));
    run.ref.added(await run.memory.addToolCall(S, 'fetch_report', { quarter: i }));
    run.ref.added(await run.memory.addToolResult(S, 'fetch_report', `report ${i}: revenue up ${i}%`));
    run.ref.added(await run.memory.addAssistantMessage(S, `Revenue rose ${i}% in quarter ${i}.`));
  }
}

async function expectIntact(run: Run): Promise<void> {
  await expectStoredAsReference(run.memory, S, run.ref);
  await expectContextValid(run.memory, S, counter);
}

/** A new engine over the same database (a reloaded page) sees exactly `state`. */
async function expectReopenedAs(dbName: string, run: Run): Promise<void> {
  const state = await run.memory.exportSession(S);
  const stats = await run.memory.getStats(S);
  await run.memory.close();
  const reopened = await open(dbName);
  expect(await reopened.memory.exportSession(S)).toEqual(state);
  expect(await reopened.memory.getStats(S)).toEqual(stats);
  reopened.ref.added(...state.entries);
  await expectStillWorks(reopened.memory, S, reopened.ref);
  await expectIntact(reopened);
  await reopened.memory.close();
}

describe.each(['quota', 'abort'] as const)('IndexedDB put fails (%s)', (kind) => {
  const rejection = kind === 'quota' ? 'QuotaExceededError' : 'StoreError';

  it('on an entry write: the add rejects, nothing is stored, the next add works, a reload agrees', async () => {
    const dbName = freshName();
    const run = await open(dbName);
    await talk(run, 2);
    const before = await run.memory.exportSession(S);
    fault = { dbName, kind, store: 'entries', after: 0, times: 1 };
    await expect(run.memory.addUserMessage(S, 'refused by the disk')).rejects.toMatchObject({ name: rejection });
    expect(run.errors).toEqual([]); // the caller is told through the rejection
    expect(await run.memory.exportSession(S)).toEqual(before);
    await expectIntact(run);
    await expectStillWorks(run.memory, S, run.ref);
    await expectReopenedAs(dbName, run);
  });

  it('on an addInteraction batch, mid-way (after its first puts): neither entry is stored', async () => {
    const dbName = freshName();
    const run = await open(dbName);
    await talk(run, 1);
    const before = await run.memory.exportSession(S);
    // The meta and the user entry are put; the assistant entry's put fails.
    fault = { dbName, kind, store: 'entries', after: 1, times: 1 };
    await expect(
      run.memory.addInteraction(S, { userRequest: 'refused request', aiResponse: 'refused response' }),
    ).rejects.toMatchObject({ name: rejection });
    expect(await run.memory.exportSession(S)).toEqual(before);
    await expectReopenedAs(dbName, run);
  });

  it('on a compression batch, mid-way: the add resolves, error fires, every entry stays active', async () => {
    const dbName = freshName();
    const run = await open(dbName, { maxEntries: 10, recentWindow: 2, minEntriesToCompress: 2 });
    await talk(run, 2);
    // The 11th entry pushes past maxEntries: its own write succeeds, then every compression
    // batch fails after its meta and first compressed entry were put.
    fault = { dbName, kind, store: 'entries', compressed: true, after: 1, times: Infinity };
    await talk(run, 1, 2);
    await run.memory.idle(S); // the compression runs in the background, while the fault holds
    fault = undefined;
    expect(run.errors.length).toBeGreaterThan(0);
    expect(run.errors.every((e) => e.name === rejection)).toBe(true);
    expect(await run.memory.getStats(S)).toMatchObject({ totalEntries: 12, compressedEntries: 0, summaries: 0 });
    await expectIntact(run);
    await expectReopenedAs(dbName, run);
    // The reopened session compresses once the disk accepts the batch.
    const again = await open(dbName, { maxEntries: 10, recentWindow: 2, minEntriesToCompress: 2 });
    again.ref.added(...(await again.memory.exportSession(S)).entries);
    await talk(again, 1, 3);
    await again.memory.idle(S);
    expect((await again.memory.getStats(S)).summaries).toBe(1);
    await expectIntact(again);
    await again.memory.close();
  });
});

/** The Storage Buckets API (Chromium 122+), not yet in TypeScript's DOM types. */
interface StorageBuckets {
  open(name: string, options?: { quota?: number }): Promise<{ indexedDB: IDBFactory }>;
  delete(name: string): Promise<void>;
}

/**
 * Adds that a full disk may refuse: Chromium keeps a refused write's bytes until it compacts,
 * so small writes right after a big refusal can be refused too. Every refusal must be a
 * QuotaExceededError; only what resolved is remembered.
 */
async function talkOnFullDisk(run: Run, turns: number, from: number): Promise<number> {
  let refused = 0;
  const attempt = async (add: () => Promise<Parameters<ReferenceModel['added']>[0]>): Promise<void> => {
    try {
      run.ref.added(await add());
    } catch (error) {
      expect((error as Error).name).toBe('QuotaExceededError');
      refused += 1;
    }
  };
  for (let i = from; i < from + turns; i++) {
    await attempt(() => run.memory.addUserMessage(S, `question ${i} about the quarterly report`));
    await attempt(() => run.memory.addAssistantMessage(S, `Revenue rose ${i}% in quarter ${i}.`));
    await expectIntact(run);
  }
  return refused;
}

describe('a real full disk (a Storage Bucket with a 3 MB quota)', () => {
  // A hang detector only: 4 MB texts counted, summarized and refused several times, which a busy
  // machine running three browsers at once stretches past the default 180 s.
  it(
    'an add too big for the disk rejects; a summary too big fires error; nothing stored is lost',
    { timeout: 600_000 },
    async ({ onTestFailed }) => {
      // Which step a timed-out run was waiting on.
      let step = 'opening the bucket';
      onTestFailed(() => console.error(`the full-disk test stopped while ${step}`));
      const buckets = (navigator as unknown as { storageBuckets: StorageBuckets }).storageBuckets;
      const name = `${PREFIX}bucket-${Date.now()}-${count++}`;
      const bucket = await buckets.open(name, { quota: 3_000_000 });
      let answer = (info: Parameters<typeof goodAnswer>[0]) => goodAnswer(info);
      const opened: Memory[] = [];
      const start = async (): Promise<Run> => {
        const memory = await createMemory({
          store: indexedDBStore({ dbName: 'recallkit', indexedDB: bucket.indexedDB }),
          tokenizer: counter,
          summarizer: async (_p, info) => answer(info),
          config: { maxEntries: 6, recentWindow: 2, minEntriesToCompress: 2 },
          maxContentLength: 5_000_000, // above the default cap: this add must reach the disk's quota
        });
        opened.push(memory);
        const run: Run = { memory, ref: trackSession(memory, S), errors: [] };
        memory.on('error', (_s, e) => run.errors.push(e));
        return run;
      };
      try {
        step = 'opening the memory';
        const run = await start();
        step = 'adding small turns';
        expect(await talkOnFullDisk(run, 2, 0)).toBe(0);
        const before = await run.memory.exportSession(S);
        step = 'adding 4 MB';
        const error = await run.memory.addUserMessage(S, randomText(4_000_000)).then(
          () => undefined,
          (e: Error) => e,
        );
        expect(error?.name).toBe('QuotaExceededError');
        expect(error?.message).toMatch(/storage quota exceeded while trying to write session "chat"/);
        expect(((error as Error).cause as DOMException).name).toBe('QuotaExceededError');
        expect(await run.memory.exportSession(S)).toEqual(before);

        // The summarizer answers with more than the disk holds: every compression batch is refused.
        const huge = randomText(4_000_000);
        answer = () => `Summary: ${huge}`;
        step = 'adding turns that start a refused compression';
        await talkOnFullDisk(run, 4, 2);
        step = 'waiting for the compression';
        await run.memory.idle(S);
        expect(run.errors.filter((e) => e.name !== 'QuotaExceededError').map((e) => `${e.name}: ${e.message}`)).toEqual(
          [],
        );
        expect(await run.memory.getStats(S)).toMatchObject({ compressedEntries: 0, summaries: 0 });
        step = 'exporting and closing';
        const state = await run.memory.exportSession(S);
        await run.memory.close();

        // A reloaded page reads exactly what was accepted.
        step = 'reopening';
        const reopened = await start();
        expect(await reopened.memory.exportSession(S)).toEqual(state);
        await reopened.memory.close();
      } finally {
        // A failed expectation leaves a memory open, and its connection would block the delete
        // below for ever, hiding the failure behind the time limit: close every memory first.
        step = 'cleaning up';
        await Promise.allSettled(opened.map((memory) => memory.close()));
        // close() resolves before the connection's last transactions finish; deleting the database
        // first waits for them (deleting the bucket at once aborts them: see the reliability report).
        await deleteDatabase('recallkit', bucket.indexedDB);
        await buckets.delete(name);
      }
    },
  );
});
