/**
 * The OPFS journal in every engine, through a real Worker: IndexedDB deleted under a memory
 * (what Chromium does to a database it finds corrupt after a crash) comes back from the journal
 * exactly; a damaged journal with a deleted database is reported as lost, never silently empty.
 * Where the engine has no synchronous OPFS handles (WebKitGTK), the same steps show the
 * documented fallback: IndexedDB alone, `durability: 'none'` and why.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { StorageLostError, ValidationError } from '../../src/errors.js';
import type { Memory } from '../../src/memory.js';
import { createWorkerMemory, type WorkerMemoryOptions } from '../../src/worker/client.js';
import { removeDatabases } from '../support/browser-cleanup.js';
import { engine, engineFeatures } from '../support/engine-features.js';

/** This engine keeps a journal (OPFS with synchronous handles in a worker). */
const journaled = (await engineFeatures()).opfsSyncHandles === true;
/** What storageState() says without one: the engine has no OPFS, or refused its handle. */
const NO_JOURNAL =
  /navigator\.storage\.getDirectory is missing|refused a synchronous access handle|refused its directory/;

const PREFIX = 'recallkit-journal-test-';
const opened: Memory[] = [];
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((m) => m.close()));
});
// Only this file's databases and journals: the journal directory holds other files' journals too.
afterAll(() => removeDatabases(PREFIX));

const uniqueDb = (): string => `${PREFIX}${Date.now()}-${Math.random().toString(36).slice(2)}`;

async function open(dbName: string, options: WorkerMemoryOptions = {}): Promise<Memory> {
  const worker = new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' });
  const memory = await createWorkerMemory({
    dbName,
    worker,
    config: { maxEntries: 8, recentWindow: 2, minEntriesToCompress: 2 },
    ...options,
  });
  opened.push(memory);
  return memory;
}

async function chat(memory: Memory, s: string, turns: number): Promise<void> {
  for (let i = 0; i < turns; i++) {
    await memory.addUserMessage(s, `turn ${i}: my sister Ada keeps ${i} lighthouses`);
    await memory.addAssistantMessage(s, `noted, ${i} lighthouses for Ada`);
  }
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    // close() resolves once the engine let go of the database: a delete after it is never blocked.
    request.onblocked = () => reject(new Error('delete blocked'));
  });
}

async function journalFiles(dbName: string): Promise<{ name: string; size: number }[]> {
  const root = await navigator.storage.getDirectory();
  const dir = await (await root.getDirectoryHandle('recallkit-journal')).getDirectoryHandle(encodeURIComponent(dbName));
  const out: { name: string; size: number }[] = [];
  for await (const [name, handle] of (
    dir as unknown as { entries(): AsyncIterable<[string, FileSystemFileHandle]> }
  ).entries()) {
    out.push({ name, size: (await handle.getFile()).size });
  }
  return out;
}

/**
 * The files that hold a journal: an empty one is the file made ahead for the next new session,
 * where a worker can hold a file for itself alone (Firefox's exclusive handles).
 */
async function written(dbName: string): Promise<{ name: string; size: number }[]> {
  return (await journalFiles(dbName)).filter((f) => f.size > 0);
}

async function settle(memory: Memory, s: string): Promise<void> {
  await (memory as Memory & { idle?: (s?: string) => Promise<void> }).idle?.(s);
}

describe('OPFS journal through a real Worker', () => {
  it('restores a deleted IndexedDB exactly: entries, summaries, recall', async () => {
    const dbName = uniqueDb();
    if (!journaled) return withoutJournal(dbName);
    const first = await open(dbName);
    expect(await first.storageState()).toMatchObject({ durability: 'journal', status: 'fresh' });
    await chat(first, 'chat', 12);
    await settle(first, 'chat');
    const recalled = await first.recall('chat', 'Ada lighthouses 7');
    const exported = await first.exportSession('chat');
    const context = await first.getContextForLLM('chat');
    expect(exported.summaries.length).toBeGreaterThan(0);
    expect((await first.storageState()).journalBytes).toBeGreaterThan(0);
    await first.close();
    const files = await journalFiles(dbName);
    // One file: the one made ahead that the session took (Firefox), else named by the session.
    expect((await written(dbName)).map((f) => f.name)).toEqual([
      expect.stringMatching(engine === 'firefox' ? /^n-[a-z0-9]+\.rkj$/ : /^s-chat\.\d+\.rkj$/),
    ]);
    expect(files.filter((f) => f.size === 0).map((f) => f.name)).toEqual(
      engine === 'firefox' ? [expect.stringMatching(/^n-[a-z0-9]+\.rkj$/)] : [],
    );

    await deleteDatabase(dbName);
    const second = await open(dbName);
    const state = await second.storageState();
    expect(state).toMatchObject({
      durability: 'journal',
      status: 'restored',
      restoredSessions: ['chat'],
      lostSessions: [],
    });
    expect(await second.exportSession('chat')).toEqual(exported);
    expect(await second.recall('chat', 'Ada lighthouses 7')).toEqual(recalled);
    expect(await second.getContextForLLM('chat')).toEqual(context);
    expect(await second.verify('chat')).toMatchObject({ ok: true, entries: 24 });
    const heard: string[] = [];
    second.on('storage:restored', (s) => heard.push(s));
    await expect.poll(() => heard).toEqual(['chat']);
  });

  it('compacts a long session into a named generation, leaves no file opened ahead on close, and restores it exactly', async () => {
    const dbName = uniqueDb();
    if (!journaled) return withoutJournal(dbName);
    const first = await open(dbName, { config: { autoCompress: false } });
    // Turns of about 2,000 characters: the journal passes twice its 256 KiB threshold within 160
    // adds, where a compaction runs even when the next generation's file is still being opened.
    const long = (i: number): string =>
      `turn ${i}: ${'the lighthouse keeper Ada logs the tide and the ships '.repeat(36)}`;
    for (let i = 0; i < 160; i++) await first.addUserMessage('long', long(i));
    const exported = await first.exportSession('long');
    await first.close();
    // One generation named by the session (compaction moved it there), and no empty file of it
    // (the next generation's file, opened ahead on Firefox, is removed on close).
    const files = await journalFiles(dbName);
    const named = files.filter((f) => f.name.startsWith('s-long.'));
    expect(named.map((f) => f.size > 0)).toEqual([true]);
    expect(Number(/^s-long\.(\d+)\.rkj$/.exec(named[0]!.name)?.[1])).toBeGreaterThan(1);
    expect(files.filter((f) => f.size === 0 && !/^n-[a-z0-9]+\.rkj$/.test(f.name))).toEqual([]);

    await deleteDatabase(dbName);
    const second = await open(dbName, { config: { autoCompress: false } });
    expect(await second.storageState()).toMatchObject({ status: 'restored', restoredSessions: ['long'] });
    expect(await second.exportSession('long')).toEqual(exported);
    expect(await second.verify('long')).toMatchObject({ ok: true, entries: 160 });
  });

  it('an intact store opens intact, and appends continue in the journal', async () => {
    const dbName = uniqueDb();
    const first = await open(dbName);
    await chat(first, 's', 2);
    await first.close();
    const second = await open(dbName);
    expect((await second.storageState()).status).toBe('intact');
    await chat(second, 's', 1);
    await second.close();
    await deleteDatabase(dbName);
    const third = await open(dbName);
    // Without a journal, a deleted database is gone: the memory opens as a new user's.
    expect((await third.getActiveEntries('s')).length + (await third.getStats('s')).compressedEntries).toBe(
      journaled ? 6 : 0,
    );
    expect((await third.storageState()).status).toBe(journaled ? 'restored' : 'fresh');
  });

  it('appends reach the journal: before the add resolves on a disk profile, within the gathering delay off the record, all of them by close', async () => {
    const dbName = uniqueDb();
    if (!journaled) return withoutJournal(dbName);
    const first = await open(dbName);
    // Playwright's contexts are off the record: Chromium keeps OPFS and IndexedDB in memory.
    // Firefox runs on a profile directory of its own: its OPFS is on disk.
    const writes = engine === 'chromium' ? 'deferred' : 'awaited';
    expect(await first.storageState()).toMatchObject({ durability: 'journal', journalWrites: writes });
    await chat(first, 'd', 1);
    const before = (await written(dbName))[0]!.size;
    await first.addUserMessage('d', 'the last words before a pause');
    if (writes === 'awaited') expect((await written(dbName))[0]!.size).toBeGreaterThan(before);
    // Written by the journal writer once due, without a close.
    else await expect.poll(async () => (await written(dbName))[0]!.size).toBeGreaterThan(before);
    for (let i = 0; i < 5; i++) await first.addAssistantMessage('d', `reply ${i} right before closing`);
    const exported = await first.exportSession('d');
    await first.close();
    await deleteDatabase(dbName);
    const second = await open(dbName);
    expect((await second.storageState()).status).toBe('restored');
    expect(await second.exportSession('d')).toEqual(exported);
  });

  it('reports a loss when the database is gone and the journal is damaged: status lost and an error event', async () => {
    const dbName = uniqueDb();
    if (!journaled) return withoutJournal(dbName);
    const first = await open(dbName);
    await chat(first, 'gone', 2);
    await first.close();
    // Damage the snapshot at the start of the journal file, then lose the database.
    const root = await navigator.storage.getDirectory();
    const dir = await (
      await root.getDirectoryHandle('recallkit-journal')
    ).getDirectoryHandle(encodeURIComponent(dbName));
    const [file] = await written(dbName);
    const writable = await (await dir.getFileHandle(file!.name)).createWritable({ keepExistingData: true });
    await writable.write({ type: 'write', position: 12, data: new Uint8Array([0x5a, 0x5a]) });
    await writable.close();
    await deleteDatabase(dbName);

    const second = await open(dbName);
    expect(await second.storageState()).toMatchObject({ status: 'lost', lostSessions: ['gone'] });
    const errors: Error[] = [];
    second.on('error', (_s, e) => errors.push(e));
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]!.name).toBe(new StorageLostError('x').name);
  });

  it('asking for a journal where the engine has none is refused, naming why', async () => {
    const dbName = uniqueDb();
    if (journaled) {
      expect(await (await open(dbName, { durability: 'journal' })).storageState()).toMatchObject({
        durability: 'journal',
      });
    } else {
      await expect(open(dbName, { durability: 'journal' })).rejects.toThrow(NO_JOURNAL);
    }
  });

  it('durability none keeps no journal; the main thread has none and refuses to be asked for one', async () => {
    const dbName = uniqueDb();
    const plain = await open(dbName, { durability: 'none' });
    await plain.addUserMessage('s', 'hello');
    expect(await plain.storageState()).toMatchObject({ durability: 'none', status: 'fresh' });
    await expect(createMemory({ dbName: uniqueDb(), durability: 'journal' })).rejects.toThrow(ValidationError);
    const inPage = await createMemory({ dbName: uniqueDb() });
    opened.push(inPage);
    const state = await inPage.storageState();
    expect(state.durability).toBe('none');
    expect(state.journalUnavailable).toMatch(/dedicated worker/);
  });

  it('createWorkerMemory resolves with the store open: a database that cannot open fails the create', async () => {
    const dbName = uniqueDb();
    // A newer layout version than this RecallKit knows: opening must fail now, not at the first call.
    await new Promise<void>((resolve, reject) => {
      const r = indexedDB.open(dbName, 999);
      r.onsuccess = () => {
        r.result.close();
        resolve();
      };
      r.onerror = () => reject(r.error);
    });
    await expect(open(dbName)).rejects.toThrow(/newer RecallKit/);
  });
});

/**
 * The fallback where the engine keeps no journal: IndexedDB alone, `durability: 'none'` with the
 * reason, the memory intact across a reopen; a deleted database is gone (a new user's memory,
 * status `fresh`), and no `storage:lost` can be told (nothing else kept a copy).
 */
async function withoutJournal(dbName: string): Promise<void> {
  const first = await open(dbName);
  expect(await first.storageState()).toMatchObject({ durability: 'none', status: 'fresh' });
  expect((await first.storageState()).journalUnavailable).toMatch(NO_JOURNAL);
  await chat(first, 'chat', 3);
  const exported = await first.exportSession('chat');
  await first.close();
  const second = await open(dbName);
  expect(await second.storageState()).toMatchObject({ durability: 'none', status: 'intact' });
  expect(await second.exportSession('chat')).toEqual(exported);
  await second.close();
  await deleteDatabase(dbName);
  const third = await open(dbName);
  const lost: string[] = [];
  third.on('storage:lost', (s) => lost.push(s));
  expect(await third.storageState()).toMatchObject({ durability: 'none', status: 'fresh', lostSessions: [] });
  expect(await third.listSessions()).toEqual([]);
  expect(lost).toEqual([]);
}
