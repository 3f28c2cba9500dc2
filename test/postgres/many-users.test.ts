import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { postgresStore } from '../../src/server/index.js';
import { LOCK_FILE, parseLock } from '../../src/store/postgres/pglite-lock.js';
import { closeShared, pgUrl, sharedPool } from './support.js';
import { until } from '../support/until.js';

afterAll(closeShared);

const run = promisify(execFile);
const TSX = createRequire(import.meta.url).resolve('tsx');
const OPEN = resolve(__dirname, 'fixtures/open-pglite.ts');

let dbCount = 0;
/** A new, empty database on the cluster: its name and connection string. */
async function freshDatabase(): Promise<{ name: string; url: string }> {
  const name = `recallkit_users_${process.pid}_${dbCount++}`;
  await sharedPool().query(`CREATE DATABASE ${name}`);
  return { name, url: pgUrl().replace('/postgres?', `/${name}?`) };
}

const connections = async (db: string): Promise<number> =>
  (await sharedPool().query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [db])).rows[0].n;

/** Open `dir` from another Node process: what it printed. */
async function openElsewhere(dir: string): Promise<{ ok?: boolean; name?: string; message?: string }> {
  const { stdout } = await run(process.execPath, ['--import', TSX, OPEN, dir, 'someone'], { timeout: 120_000 });
  return JSON.parse(stdout) as { ok?: boolean; name?: string; message?: string };
}

describe('many users in one process: a store per user', () => {
  it('150 users on one connection string share one pool and one LISTEN: at most 11 connections, nothing lost', async () => {
    const { name, url } = await freshDatabase();
    const users = Array.from({ length: 150 }, (_, i) => `user-${i}`);
    const open = () =>
      Promise.all(users.map((tenant) => createMemory({ store: postgresStore({ connectionString: url, tenant }) })));
    const memories = await open();
    let most = 0;
    const watch = setInterval(() => void connections(name).then((n) => (most = Math.max(most, n))), 20);
    await Promise.all(
      memories.map(async (m, i) => {
        for (let k = 0; k < 3; k++) {
          await m.addUserMessage('chat', `${users[i]} says ${k}`);
          await m.getContextForLLM('chat');
        }
      }),
    );
    most = Math.max(most, await connections(name));
    clearInterval(watch);
    // The default pool (10) and one LISTEN connection, whatever the number of users.
    expect(most).toBeLessThanOrEqual(11);
    await Promise.all(memories.map((m) => m.close()));
    // Every store closed: the pool is ended.
    await until(async () => (await connections(name)) === 0, 20);
    expect(await connections(name)).toBe(0);
    const again = await open();
    for (const [i, m] of again.entries())
      expect((await m.getActiveEntries('chat')).map((e) => e.content)).toEqual(
        [0, 1, 2].map((k) => `${users[i]} says ${k}`),
      );
    await Promise.all(again.map((m) => m.close()));
  });

  it('the tenant is stored as plain text: WHERE tenant = the user id finds the session', async () => {
    const { url } = await freshDatabase();
    const memory = await createMemory({ store: postgresStore({ connectionString: url, tenant: 'user-7' }) });
    await memory.addUserMessage('chat', 'hello');
    await memory.close();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const { rows } = await pool.query("SELECT session_id FROM recallkit_sessions WHERE tenant = 'user-7'");
    expect(rows).toEqual([{ session_id: '"chat"' }]);
    const entries = await pool.query("SELECT count(*)::int AS n FROM recallkit_entries WHERE tenant = 'user-7'");
    expect(entries.rows[0].n).toBe(1);
    await pool.end();
  });

  it('a tenant PostgreSQL text cannot hold is refused with a ValidationError naming the field', () => {
    for (const tenant of ['a\u0000b', 'a\uD800b', '\uDC00'])
      expect(() => postgresStore({ connectionString: pgUrl(), tenant })).toThrow(/tenant: expected a user id/);
  });
});

describe('many users in one process: one PGlite directory', () => {
  it('20 users × 5 messages on one directory: all 100 there after a close and a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recallkit-users-'));
    try {
      const users = Array.from({ length: 20 }, (_, i) => `user-${i}`);
      const open = () =>
        Promise.all(users.map((tenant) => createMemory({ store: postgresStore({ pglite: dir, tenant }) })));
      const memories = await open();
      await Promise.all(
        memories.map(async (m, i) => {
          for (let k = 0; k < 5; k++) await m.addUserMessage('chat', `${users[i]} #${k}`);
        }),
      );
      await Promise.all(memories.map((m) => m.close()));
      // The last store closed the instance and released the directory.
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
      const again = await open();
      let total = 0;
      for (const [i, m] of again.entries()) {
        const contents = (await m.getActiveEntries('chat')).map((e) => e.content);
        expect(contents).toEqual([0, 1, 2, 3, 4].map((k) => `${users[i]} #${k}`));
        total += contents.length;
      }
      expect(total).toBe(100);
      await Promise.all(again.map((m) => m.close()));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a second process opening the directory is refused before it reads or writes anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recallkit-lock-'));
    const memory = await createMemory({ store: postgresStore({ pglite: dir, tenant: 'alice' }) });
    try {
      await memory.addUserMessage('chat', 'mine');
      expect(parseLock(readFileSync(join(dir, LOCK_FILE), 'utf8'))?.pid).toBe(process.pid);
      const files = () =>
        readdirSync(dir, { recursive: true })
          .map(String)
          .sort()
          .map((f) => `${f}:${statSync(join(dir, f)).mtimeMs}`);
      const before = files();
      const other = await openElsewhere(dir);
      expect(other.name).toBe('StoreError');
      expect(other.message).toContain('is open in another process');
      expect(other.message).toContain(`pid ${process.pid}`);
      expect(files()).toEqual(before);
      await memory.addUserMessage('chat', 'still mine');
      expect((await memory.getActiveEntries('chat')).map((e) => e.content)).toEqual(['mine', 'still mine']);
    } finally {
      await memory.close();
    }
    try {
      // Released on close: another process opens it now.
      expect(await openElsewhere(dir)).toEqual({ ok: true, sessions: 0 });
      // A lock left by a dead process (a crash) is taken over.
      const { stdout } = await run(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
      writeFileSync(join(dir, LOCK_FILE), `${stdout}\n`);
      const reopened = await createMemory({ store: postgresStore({ pglite: dir, tenant: 'alice' }) });
      expect((await reopened.getActiveEntries('chat')).map((e) => e.content)).toEqual(['mine', 'still mine']);
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
