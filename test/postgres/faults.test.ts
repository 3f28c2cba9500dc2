import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { StoreError } from '../../src/errors.js';
import { postgresStore } from '../../src/server/index.js';
import { startCluster, type Cluster } from './cluster.js';

// A cluster of this file's own, stopped and killed under the stores (the shared one serves other files).
let cluster: Cluster;
beforeAll(() => {
  cluster = startCluster();
});
afterAll(() => cluster?.stop());

const PASSWORD = 'hunter2-secret';
/** The cluster's URL with a password in it (trust auth ignores it): errors must never show it. */
const url = (): string => cluster.url.replace('postgres@', `postgres:${PASSWORD}@`);

/** Call `fn` until it resolves (no deadline: the test's timeout detects a hang). */
async function until(fn: () => Promise<unknown>): Promise<void> {
  for (;;) {
    try {
      return void (await fn());
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe('postgresStore when the database goes away and comes back', () => {
  it('a store first used while the database is down fails with a StoreError (no password), then works once it is back', async () => {
    cluster.down();
    const store = postgresStore({ connectionString: url(), tenant: 'user-1' });
    let error: unknown;
    try {
      // A server that boots before its database: the memory cannot open yet.
      await createMemory({ store });
    } catch (e) {
      error = e;
    } finally {
      cluster.start();
    }
    expect(error).toBeInstanceOf(StoreError);
    expect(String((error as Error).message)).not.toContain(PASSWORD);
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(PASSWORD);
    // The same store, without a restart of the app, once the database is back.
    let memory: Awaited<ReturnType<typeof createMemory>> | undefined;
    await until(async () => {
      memory = await createMemory({ store });
      await memory.addUserMessage('chat', 'back');
    });
    expect((await memory!.getActiveEntries('chat')).map((e) => e.content)).toEqual(['back']);
    await memory!.close();
  });

  for (const how of ['restart', 'kill -9'] as const) {
    it(`writes acknowledged before a ${how} of the server are all there after, and writing goes on by itself`, async () => {
      const tenant = `user-${how}`;
      const config = { autoCompress: false };
      const writer = await createMemory({ store: postgresStore({ connectionString: url(), tenant }), config });
      const reader = await createMemory({ store: postgresStore({ connectionString: url(), tenant }), config });
      await writer.addUserMessage('chat', 'first');
      await reader.getActiveEntries('chat');
      const changes: string[] = [];
      reader.on('change', (id) => changes.push(id));
      const acknowledged: string[] = ['first'];
      let failures = 0;
      let stop = false;
      const load = (async () => {
        for (let i = 0; !stop; i++) {
          try {
            await writer.addUserMessage('chat', `m${i}`);
            acknowledged.push(`m${i}`);
          } catch (error) {
            expect(error).toBeInstanceOf(StoreError);
            expect((error as Error).message).not.toContain(PASSWORD);
            failures++;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      })();
      await until(async () => {
        if (acknowledged.length < 3) throw new Error('not writing yet');
      });
      try {
        if (how === 'restart') cluster.down();
        else cluster.kill();
        // Down until the writer has met it (however long a write takes on this machine).
        const seen = failures;
        await until(async () => {
          if (failures === seen) throw new Error('no failed write yet');
        });
      } finally {
        cluster.start();
      }
      const before = acknowledged.length;
      await until(async () => {
        if (acknowledged.length < before + 5) throw new Error('not yet');
      });
      stop = true;
      await load;
      expect(failures).toBeGreaterThan(0);
      const stored = (await reader.getActiveEntries('chat')).map((e) => e.content);
      for (const content of acknowledged) expect(stored).toContain(content);
      // The LISTEN connection came back: a write now is heard.
      changes.length = 0;
      await until(async () => {
        await writer.addUserMessage('chat', 'heard?');
        await new Promise((r) => setTimeout(r, 200));
        if (!changes.includes('chat')) throw new Error('not heard');
      });
      await Promise.all([writer.close(), reader.close()]);
    });
  }
});
