import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ClosedError, ValidationError } from '../../src/errors.js';
import { createServerMemory, migrateSchema } from '../../src/server/index.js';
import { closeShared, countingPool, pgUrl, sharedPool } from './support.js';
import { until } from '../support/until.js';

afterAll(closeShared);

let dbCount = 0;
async function freshDatabase(): Promise<{ name: string; url: string }> {
  const name = `recallkit_server_${process.pid}_${dbCount++}`;
  await sharedPool().query(`CREATE DATABASE ${name}`);
  return { name, url: pgUrl().replace('/postgres?', `/${name}?`) };
}
const connections = async (db: string): Promise<number> =>
  (await sharedPool().query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [db])).rows[0].n;

describe('createServerMemory: one set-up, then each user per request', () => {
  it('fails closed without a user id, and refuses options it cannot use', async () => {
    const memories = createServerMemory({ connectionString: pgUrl() });
    for (const id of ['', undefined, null, 7, 'a\u0000b'])
      expect(() => memories.forUser(id as string)).toThrow(ValidationError);
    expect(() => memories.forUser('')).toThrow(/^userId: expected/);
    expect(() => createServerMemory({ connectionString: pgUrl(), store: 'memory' } as never)).toThrow(/options.store/);
    expect(() => createServerMemory({ connectionString: pgUrl(), sumarizer: 1 } as never)).toThrow(/options.sumarizer/);
    expect(() => createServerMemory({} as never)).toThrow(/exactly one of connectionString, pool or pglite/);
    expect(() => createServerMemory({ connectionString: pgUrl(), maxCachedUsers: 0 })).toThrow(/maxCachedUsers/);
    await memories.close();
  });

  it('a handle does no I/O; users see only their own sessions; 600 users through a cache of 50 lose nothing', async () => {
    const { name, url } = await freshDatabase();
    const memories = createServerMemory({ connectionString: url, maxCachedUsers: 50 });
    for (let i = 0; i < 1000; i++) memories.forUser(`user-${i}`);
    expect(await connections(name)).toBe(0);
    const users = Array.from({ length: 600 }, (_, i) => `user-${i}`);
    let most = 0;
    const watch = setInterval(() => void connections(name).then((n) => (most = Math.max(most, n))), 20);
    for (let round = 0; round < 2; round++)
      await Promise.all(
        users.map(async (id) => {
          const memory = memories.forUser(id);
          await memory.addUserMessage('chat', `${id} asks ${round}`);
          await memory.addAssistantMessage('chat', `answer to ${id} ${round}`);
        }),
      );
    clearInterval(watch);
    expect(most).toBeLessThanOrEqual(11);
    for (const id of users.slice(0, 100)) {
      const memory = memories.forUser(id);
      expect(memory.userId).toBe(id);
      expect((await memory.getActiveEntries('chat')).map((e) => e.content)).toEqual([
        `${id} asks 0`,
        `answer to ${id} 0`,
        `${id} asks 1`,
        `answer to ${id} 1`,
      ]);
      expect((await memory.listSessions()).map((s) => s.sessionId)).toEqual(['chat']);
      const found = await memory.recall('chat', 'asks');
      expect(found.every((r) => r.entry.content.includes(id))).toBe(true);
    }
    await memories.close();
    await expect(memories.forUser('user-1').listSessions()).rejects.toThrow(ClosedError);
    await until(async () => (await connections(name)) === 0, 20);
    expect(await connections(name)).toBe(0);
  });

  it("a user's first call reads only its session: no statement beyond the session's load and the write", async () => {
    const { url } = await freshDatabase();
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    const sent: string[] = [];
    const counted = countingPool(pool, (text) => sent.push(text));
    const memories = createServerMemory({ pool: counted as never });
    // The pool's first user migrates the schema once.
    await memories.forUser('first').addUserMessage('chat', 'hello');
    await memories.forUser('first').idle();
    for (const id of ['second', 'third']) {
      sent.length = 0;
      await memories.forUser(id).addUserMessage('chat', `hello from ${id}`);
      const statements = sent.filter((text) => !text.includes('pg_notify'));
      expect(statements).toHaveLength(2);
      expect(statements[0]).toMatch(/^SELECT 0 AS k, meta AS body/);
      expect((await memories.forUser(id).getActiveEntries('chat')).map((e) => e.content)).toEqual([`hello from ${id}`]);
    }
    await memories.close();
    await pool.end();
  });

  it("a restarted server sets up its LISTEN beside the schema check, and its first read runs on the check's connection", async () => {
    const { url } = await freshDatabase();
    await migrateSchema({ connectionString: url }); // a server restarted: the schema is there
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // Which connection (numbered as the pool hands them out first) ran which statement.
    const ran: [connection: number, text: string][] = [];
    const numbers = new WeakMap<object, number>();
    let next = 0;
    const tracked = {
      query: (config: never) => pool.query(config),
      async connect() {
        const client = await pool.connect();
        if (!numbers.has(client)) {
          const n = ++next;
          numbers.set(client, n);
          const query = client.query.bind(client) as (...args: unknown[]) => unknown;
          (client as { query: unknown }).query = (config: string | { text: string }, ...rest: unknown[]) => {
            ran.push([n, typeof config === 'string' ? config : config.text]);
            return query(config, ...rest);
          };
        }
        return client;
      },
      end: async () => undefined,
    };
    const memories = createServerMemory({ pool: tracked as never });
    const memory = memories.forUser('first');
    await memory.addUserMessage('chat', 'Hello!');
    const { messages } = await memory.getContextForLLM('chat');
    await memory.addAssistantMessage('chat', `echo: ${String(messages.at(-1)?.content)}`);
    await memory.idle();
    const on = (prefix: string): number => ran.find(([, text]) => text.startsWith(prefix))![0];
    // The LISTEN has a connection of its own, made beside the schema check's, and the user's
    // first read runs on the check's: no connection is opened after the engine loaded for it.
    const listener = on('LISTEN');
    expect(on('SELECT max(version)')).not.toBe(listener);
    expect(on('SELECT 0 AS k, meta AS body')).toBe(on('SELECT max(version)'));
    expect(ran.filter(([n]) => n === listener).map(([, text]) => text)).toEqual(['LISTEN "recallkit_changes"']);
    const removed: object[] = [];
    pool.on('remove', (client: object) => removed.push(client));
    await memories.close();
    // The LISTEN connection is closed with the memory (the pool says so once it has ended); the
    // app's own pool keeps the others, whatever else close() wrote and on which connection.
    await until(() => removed.length > 0);
    expect(removed.map((client) => numbers.get(client))).toEqual([listener]);
    await pool.end();
  });

  it('on a PGlite directory: one instance for every user, everything there after a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recallkit-server-'));
    try {
      const users = Array.from({ length: 40 }, (_, i) => `user-${i}`);
      const first = createServerMemory({ pglite: dir, maxCachedUsers: 10 });
      await Promise.all(users.map((id) => first.forUser(id).addUserMessage('chat', `hello from ${id}`)));
      await first.close();
      const second = createServerMemory({ pglite: dir });
      for (const id of users)
        expect((await second.forUser(id).getActiveEntries('chat')).map((e) => e.content)).toEqual([`hello from ${id}`]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
