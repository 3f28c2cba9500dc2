/**
 * Bounded waits (#33): a database that accepts connections and never answers (a TCP listener
 * that says nothing; a real PostgreSQL frozen with SIGSTOP) or is stopped makes a call fail
 * with a retryable `StoreError`, instead of hanging; once it answers again, calls work, and
 * what was acknowledged is there. The bound's figure is measured by
 * `bench/postgres/timeouts.ts`, not here: these tests' own timeouts only detect a hang.
 */
import { createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { StoreError } from '../../src/errors.js';
import { createServerMemory, postgresStore, syncHandler } from '../../src/server/index.js';
import { startCluster, type Cluster } from './cluster.js';

/** Generous: a call that waits past this hangs (the documented bound is 4 s). */
const HANG = 30_000;

/** What `promise` rejected with; a test failure when it resolved. */
async function failure(promise: Promise<unknown>): Promise<StoreError> {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreError);
  return error as StoreError;
}

describe('a server that accepts connections and never answers', () => {
  let listener: Server;
  const sockets: Socket[] = [];
  let url = '';
  beforeAll(async () => {
    listener = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((ok) => listener.listen(0, '127.0.0.1', ok));
    url = `postgres://app:SECRET-PW@127.0.0.1:${(listener.address() as { port: number }).port}/app`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((ok) => listener.close(ok));
  });

  it(
    'postgresStore: each call fails with a retryable StoreError naming the wait, no secret in it',
    async () => {
      const store = postgresStore({ connectionString: url, tenant: 'user' });
      for (const call of [() => store.listSessions(), () => store.loadSession('chat')]) {
        const error = await failure(call());
        expect(error.retryable).toBe(true);
        expect(error.message).toMatch(/connectTimeoutMs|acquireTimeoutMs|no answer/);
        expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('SECRET-PW');
      }
      await store.close();
    },
    HANG,
  );

  it(
    'createServerMemory: a user call fails with a retryable StoreError, with custom timeouts too',
    async () => {
      for (const options of [{}, { connectTimeoutMs: 300, acquireTimeoutMs: 300, statementTimeoutMs: 500 }]) {
        const memories = createServerMemory({ connectionString: url, ...options });
        const error = await failure(memories.forUser('user').addUserMessage('chat', 'hello'));
        expect(error.retryable).toBe(true);
        await memories.close();
      }
    },
    HANG,
  );

  it(
    'syncHandler: answers 503 with Retry-After, the error told to onError only',
    async () => {
      const logged: unknown[] = [];
      const handler = syncHandler({ connectionString: url, authorize: () => 'user', onError: (e) => logged.push(e) });
      const res = await handler(
        new Request('http://x/sync', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ v: 1, deviceId: 'd', cursor: '0', ops: [] }),
        }),
      );
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.text()).not.toContain('SECRET');
      expect(logged).toHaveLength(1);
      await handler.close();
    },
    HANG,
  );

  it('timeouts that are not positive integers are refused up front, naming the option', () => {
    for (const [key, value] of [
      ['connectTimeoutMs', 0],
      ['acquireTimeoutMs', 1.5],
      ['statementTimeoutMs', '3000'],
    ] as const) {
      expect(() => postgresStore({ connectionString: url, tenant: 'u', [key]: value } as never)).toThrow(
        new RegExp(`^${key}: expected a positive integer of milliseconds`),
      );
      expect(() => createServerMemory({ connectionString: url, [key]: value } as never)).toThrow(new RegExp(key));
      expect(() => syncHandler({ connectionString: url, authorize: () => 'u', [key]: value } as never)).toThrow(
        new RegExp(key),
      );
    }
  });
});

describe('a real PostgreSQL, frozen (SIGSTOP), stopped, and back', () => {
  let cluster: Cluster;
  beforeAll(() => {
    cluster = startCluster();
  });
  afterAll(() => cluster?.stop());

  /** The contents of a session's entries, read straight from the database. */
  async function stored(tenant: string, sessionId: string): Promise<string[]> {
    const pool = new pg.Pool({ connectionString: cluster.url, max: 1 });
    try {
      const { rows } = await pool.query(
        'SELECT entry FROM recallkit_entries WHERE tenant = $1 AND session_id = $2 ORDER BY seq',
        [tenant, JSON.stringify(sessionId)],
      );
      return rows.map((r: { entry: string }) => (JSON.parse(r.entry) as { content: string }).content);
    } finally {
      await pool.end();
    }
  }

  it('frozen: a write, a read and a new user each fail retryable; once it goes on, the memory and the database agree', async () => {
    const memories = createServerMemory({ connectionString: cluster.url });
    const alice = memories.forUser('alice');
    await alice.addUserMessage('chat', 'before');
    cluster.pause();
    let during: StoreError;
    try {
      during = await failure(alice.addUserMessage('chat', 'during'));
      expect(during.retryable).toBe(true);
      // A write that got no answer may still commit: the caller is told so.
      expect(during.message).toMatch(/may or may not have been stored/);
      expect((await failure(alice.getActiveEntries('chat'))).retryable).toBe(true);
      expect((await failure(memories.forUser('bob').getActiveEntries('chat'))).retryable).toBe(true);
    } finally {
      cluster.resume();
    }
    // Back: calls work again by themselves, and what the engine says is what the database holds.
    let after: string[] = [];
    for (let i = 0; i < 100; i++) {
      try {
        await alice.addUserMessage('chat', 'after');
        after = (await alice.getActiveEntries('chat')).map((e) => e.content);
        break;
      } catch (error) {
        expect(error).toBeInstanceOf(StoreError);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const inDatabase = await stored('alice', 'chat');
    expect(after).toEqual(inDatabase);
    expect(after[0]).toBe('before');
    expect(after[after.length - 1]).toBe('after');
    // The unanswered write is there once or not at all (never twice, never out of order).
    expect(after.filter((c) => c === 'during').length).toBeLessThanOrEqual(1);
    expect((await memories.forUser('bob').listSessions()).length).toBe(0);
    await memories.close();
  });

  it('stopped: a call fails with a retryable StoreError; acknowledged writes are there after a restart', async () => {
    const memory = await createMemory({ store: postgresStore({ connectionString: cluster.url, tenant: 'carol' }) });
    await memory.addUserMessage('chat', 'acknowledged');
    cluster.down();
    try {
      const error = await failure(memory.addUserMessage('chat', 'refused'));
      expect(error.retryable).toBe(true);
    } finally {
      cluster.start();
    }
    expect(await stored('carol', 'chat')).toContain('acknowledged');
    await memory.close();
  });

  it('a burst is served: calls queued far longer than acquireTimeoutMs behind a database that answers all succeed', async () => {
    const store = postgresStore({
      connectionString: cluster.url,
      tenant: 'dave',
      maxConnections: 1,
      acquireTimeoutMs: 200,
    });
    await store.listSessions();
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: 3000 }, (_, i) => store.loadMeta(`chat-${i}`)));
    const failed = results.filter((r) => r.status === 'rejected');
    console.log(`3,000 reads on one connection (acquireTimeoutMs 200): ${(performance.now() - started).toFixed(0)} ms`);
    expect(failed).toEqual([]);
    await store.close();
  });
});
