/**
 * What RecallKit tells the app when the browser takes its storage, on every engine. A browser
 * evicts an origin's script-writable storage as a whole (Safari after 7 days unvisited, any
 * engine's "best-effort" storage under pressure): the database and the journal together, so
 * nothing on the device is left to say there was a memory (status `fresh`, a new user's memory;
 * the app's answer is a sync server, docs/browser-support.md#storage-the-browser-may-evict).
 * When only the database goes (Chromium deletes one it finds corrupt, a partial clear), the
 * journal tells: restored where the engine keeps one, `storage:lost` when the journal cannot
 * bring it back; an engine with no journal (WebKitGTK) opens a new user's memory.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Memory } from '../../src/memory.js';
import { createWorkerMemory } from '../../src/worker/client.js';
import { removeDatabases, removeJournals } from '../support/browser-cleanup.js';
import { engineFeatures } from '../support/engine-features.js';

const journaled = (await engineFeatures()).opfsSyncHandles === true;
const PREFIX = 'recallkit-eviction-test-';
const opened: Memory[] = [];
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((m) => m.close()));
});
afterAll(() => removeDatabases(PREFIX));

async function open(dbName: string): Promise<{ memory: Memory; lost: string[]; restored: string[] }> {
  const memory = await createWorkerMemory({
    dbName,
    worker: new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' }),
  });
  opened.push(memory);
  const lost: string[] = [];
  const restored: string[] = [];
  memory.on('storage:lost', (s) => lost.push(s));
  memory.on('storage:restored', (s) => restored.push(s));
  return { memory, lost, restored };
}

async function remember(dbName: string): Promise<string> {
  const { memory } = await open(dbName);
  await memory.addUserMessage('trip', 'We fly to Lisbon on the 3rd of May.');
  await memory.addAssistantMessage('trip', 'Noted: Lisbon, 3 May.');
  const exported = JSON.stringify(await memory.exportSession('trip'));
  await memory.close();
  return exported;
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('delete blocked: a closed memory kept its connection'));
  });
}

describe('storage the browser takes', () => {
  it('the whole origin evicted (database and journal): a new user’s memory, no storage:lost, nothing to restore', async () => {
    const dbName = `${PREFIX}${crypto.randomUUID()}`;
    await remember(dbName);
    await deleteDatabase(dbName);
    await removeJournals(dbName);
    const { memory, lost, restored } = await open(dbName);
    expect(await memory.storageState()).toMatchObject({ status: 'fresh', restoredSessions: [], lostSessions: [] });
    expect(await memory.listSessions()).toEqual([]);
    await memory.getStats('trip');
    expect({ lost, restored }).toEqual({ lost: [], restored: [] });
  });

  it('only the database taken: restored from the journal where the engine keeps one, else a new user’s memory', async () => {
    const dbName = `${PREFIX}${crypto.randomUUID()}`;
    const exported = await remember(dbName);
    await deleteDatabase(dbName);
    const { memory, lost, restored } = await open(dbName);
    const state = await memory.storageState();
    if (journaled) {
      expect(state).toMatchObject({ durability: 'journal', status: 'restored', restoredSessions: ['trip'] });
      expect(JSON.stringify(await memory.exportSession('trip'))).toBe(exported);
      await expect.poll(() => restored).toEqual(['trip']);
    } else {
      expect(state).toMatchObject({ durability: 'none', status: 'fresh' });
      expect(state.journalUnavailable).toMatch(/Origin Private File System/);
      expect(await memory.listSessions()).toEqual([]);
      expect(restored).toEqual([]);
    }
    expect(lost).toEqual([]);
  });
});
