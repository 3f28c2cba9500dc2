/**
 * A store's own writes, announced by NOTIFY after they commit (a few milliseconds later, often
 * after the caller went on), are not heard by a subscription made after they settled: a memory
 * that cleared a session and opened it again would take them for another writer's. Another
 * store's writes are always heard. Ordering, not timing: each wait is for a notice to arrive.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { StoreAdapter } from '../../src/types.js';
import { makeMeta } from '../../src/testing/store-conformance.js';
import { closeShared, DRIVERS, freshTenant } from './support.js';
import { until } from '../support/until.js';

afterAll(closeShared);

describe.each(DRIVERS)('own change notices on %s', (_name, makeStore) => {
  it("a subscription hears another store's writes and not this store's own made before it", async () => {
    const tenant = freshTenant();
    const [a, b] = [await makeStore(tenant), await makeStore(tenant)];
    const early: number[] = [];
    const stopEarly = a.subscribe!('s', (v) => early.push(v));
    await a.listSessions(); // waits for the LISTEN
    await a.write('s', { meta: makeMeta('s', 1), expectVersion: 0 });
    await a.write('s', { meta: makeMeta('s', 2), expectVersion: 1 });
    await a.deleteSession('s');
    // Subscribed once this store's own writes settled, before their notices arrive.
    const late: number[] = [];
    const stopLate = a.subscribe!('s', (v) => late.push(v));
    await b.write('s', { meta: makeMeta('s', 1), expectVersion: 0 });
    await until(() => early.length === 4);
    expect(early.sort()).toEqual([0, 1, 1, 2]);
    expect(late).toEqual([1]);
    stopEarly();
    stopLate();
    await Promise.all([a.close(), b.close()]);
  });

  it('no change event for its own writes before a clearSession, heard after it; another writer is heard', async () => {
    const tenant = freshTenant();
    const store: StoreAdapter = await makeStore(tenant);
    const memory = await createMemory({ store });
    const other = await createMemory({ store: await makeStore(tenant) });
    const changes: string[] = [];
    memory.on('change', (s) => changes.push(s));
    // The last of this store's notices: once heard, all before it were delivered (one notifier, in order).
    const marks: number[] = [];
    const stop = store.subscribe!('mark', (v) => marks.push(v));
    await memory.listSessions();

    await memory.addUserMessage('s', 'one');
    await memory.addAssistantMessage('s', 'two');
    await memory.clearSession('s');
    await memory.addUserMessage('s', 'three');
    await store.write('mark', { meta: makeMeta('mark', 1), expectVersion: 0 });
    await until(() => marks.length > 0);
    expect(changes).toEqual([]);

    await other.clearSession('s');
    await until(() => changes.length > 0);
    expect(changes).toEqual(['s']);
    expect(await memory.getActiveEntries('s')).toEqual([]);
    stop();
    await Promise.all([memory.close(), other.close()]);
  });
});
