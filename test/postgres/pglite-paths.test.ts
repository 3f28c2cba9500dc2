/**
 * One PGlite directory, many spellings (#31): stores of one process naming the same directory
 * through a symlink, a relative or an absolute path, with or without a trailing slash or `..`,
 * share one instance; another process is refused while one holds it, its lock untouched; a
 * lock is removed only by its holder, taken over only from a dead one. The scenario is
 * replayed with a real second process and a SIGKILL: every acknowledged write is there after.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { StoreError } from '../../src/errors.js';
import { postgresStore } from '../../src/server/index.js';
import { openMigrated } from '../../src/store/postgres/open-driver.js';
import { LOCK_FILE, parseLock } from '../../src/store/postgres/pglite-lock.js';

const run = promisify(execFile);
const TSX = createRequire(import.meta.url).resolve('tsx');
const OPEN = resolve(__dirname, 'fixtures/open-pglite.ts');
const WRITER = resolve(__dirname, 'fixtures/pglite-writer.ts');

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const done of cleanup.splice(0)) done();
});

/** A temp dir of this test, removed afterwards. */
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'recallkit-server-ops-paths-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Open `dir` from another Node process: `{ ok, sessions, contents }` or the error it got. */
async function openElsewhere(
  dir: string,
  sessionId?: string,
): Promise<{ ok?: boolean; contents?: string[]; name?: string; message?: string; retryable?: boolean }> {
  const args = ['--import', TSX, OPEN, dir, 'user', ...(sessionId === undefined ? [] : [sessionId])];
  const { stdout } = await run(process.execPath, args, { timeout: 120_000 });
  return JSON.parse(stdout);
}

const lockText = (dir: string): string => readFileSync(join(dir, LOCK_FILE), 'utf8');
const lockState = (dir: string): string => `${lockText(dir)}@${statSync(join(dir, LOCK_FILE)).mtimeMs}`;

/** What `promise` rejected with (a test failure when it resolved). */
async function failure(promise: Promise<unknown>): Promise<StoreError> {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreError);
  return error as StoreError;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const { stdout } = await run(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(stdout);
}

describe('one PGlite directory under several paths in one process', () => {
  it('a symlink, a relative and an absolute path, trailing slashes and `..`: one instance, every write seen, nothing lost', async () => {
    const root = tempDir();
    const real = join(root, 'data');
    mkdirSync(real);
    symlinkSync(real, join(root, 'link'));
    const paths = [
      real,
      `${real}/`,
      join(root, 'link'),
      `${join(root, 'link')}/`,
      relative(process.cwd(), real),
      `${join(root, 'data', '..', 'link')}/./`,
    ];
    // Opened all at once: the directory is known by what it is on disk, whoever asks first.
    const memories = await Promise.all(
      paths.map((pglite) => createMemory({ store: postgresStore({ pglite, tenant: 'user' }) })),
    );
    const drivers = await Promise.all(paths.map((pglite) => openMigrated({ pglite })));
    expect(new Set(drivers.map((d) => d.source)).size).toBe(1);
    await Promise.all(drivers.map((d) => d.close()));
    for (const [i, memory] of memories.entries()) await memory.addUserMessage('chat', `through path ${i}`);
    const expected = paths.map((_, i) => `through path ${i}`);
    for (const memory of memories)
      expect((await memory.getActiveEntries('chat')).map((e) => e.content)).toEqual(expected);
    // One lock, this process's.
    expect(parseLock(lockText(real))?.pid).toBe(process.pid);
    await Promise.all(memories.map((m) => m.close()));
    expect(() => lockText(real)).toThrow(/ENOENT/);
    // After a close and a reopen (another process, another spelling), everything is there.
    expect((await openElsewhere(join(root, 'link'), 'chat')).contents).toEqual(expected);
  });

  it('a directory that does not exist yet, named two ways at once, is created once and shared', async () => {
    const root = tempDir();
    const a = join(root, 'new', 'data');
    const b = `${join(root, 'new', '.', 'data')}//`;
    const [one, two] = await Promise.all(
      [a, b].map((pglite) => createMemory({ store: postgresStore({ pglite, tenant: 'user' }) })),
    );
    await one!.addUserMessage('chat', 'one');
    await two!.addUserMessage('chat', 'two');
    expect((await one!.getActiveEntries('chat')).map((e) => e.content)).toEqual(['one', 'two']);
    await Promise.all([one!.close(), two!.close()]);
    expect((await openElsewhere(a, 'chat')).contents).toEqual(['one', 'two']);
  });
});

describe('the PGlite directory lock', () => {
  it('another process is refused while this one holds it (not retryable), the lock untouched; all writes there after', async () => {
    const root = tempDir();
    const real = join(root, 'data');
    symlinkSync(real, join(root, 'link'));
    const memory = await createMemory({ store: postgresStore({ pglite: real, tenant: 'user' }) });
    await memory.addUserMessage('chat', 'first');
    const before = lockState(real);
    for (const path of [real, join(root, 'link'), `${join(root, 'link')}/`]) {
      const other = await openElsewhere(path);
      expect(other).toMatchObject({ name: 'StoreError', retryable: false });
      expect(other.message).toContain(`is open in another process (pid ${process.pid})`);
      expect(lockState(real)).toBe(before);
    }
    await memory.addUserMessage('chat', 'second');
    await memory.close();
    expect((await openElsewhere(join(root, 'link'), 'chat')).contents).toEqual(['first', 'second']);
  });

  it("a dead process's lock is taken over (the JSON form and an older RecallKit's bare pid)", async () => {
    const root = tempDir();
    for (const text of [JSON.stringify({ pid: await deadPid(), started: 1, token: 'old' }), `${await deadPid()}\n`]) {
      const dir = join(root, String(Math.random()).slice(2));
      mkdirSync(dir);
      writeFileSync(join(dir, LOCK_FILE), text);
      const memory = await createMemory({ store: postgresStore({ pglite: dir, tenant: 'user' }) });
      await memory.addUserMessage('chat', 'mine now');
      expect(parseLock(lockText(dir))?.pid).toBe(process.pid);
      await memory.close();
      expect(() => lockText(dir)).toThrow(/ENOENT/);
    }
  });

  it('a lock of a live other process is never removed: refused on open, left as it is by close', async () => {
    const dir = tempDir();
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    cleanup.push(() => sleeper.kill('SIGKILL'));
    const text = `${JSON.stringify({ pid: sleeper.pid, started: 1, token: 'theirs' })}\n`;
    writeFileSync(join(dir, LOCK_FILE), text);
    for (let attempt = 0; attempt < 2; attempt++) {
      const store = postgresStore({ pglite: dir, tenant: 'user' });
      const error = await failure(store.listSessions());
      expect(error.retryable).toBe(false);
      expect(error.message).toContain(`is open in another process (pid ${sleeper.pid})`);
      await store.close();
      expect(lockText(dir)).toBe(text);
    }
  });

  it("this process's own pid counts as alive in a lock of this process's life; one of an earlier life is taken over", async () => {
    const root = tempDir();
    const ours = join(root, 'ours');
    mkdirSync(ours);
    // Another copy of RecallKit in this process (same pid, same start) holds it: refused, untouched.
    const mine = `${JSON.stringify({ pid: process.pid, started: performance.timeOrigin, token: 'another-copy' })}\n`;
    writeFileSync(join(ours, LOCK_FILE), mine);
    const store = postgresStore({ pglite: ours, tenant: 'user' });
    await expect(store.listSessions()).rejects.toThrow(/already open in this process/);
    await store.close();
    expect(lockText(ours)).toBe(mine);
    // A process that had this pid before (a container restarted): its lock is dead.
    const earlier = join(root, 'earlier');
    mkdirSync(earlier);
    writeFileSync(join(earlier, LOCK_FILE), JSON.stringify({ pid: process.pid, started: 1, token: 'earlier' }));
    const memory = await createMemory({ store: postgresStore({ pglite: earlier, tenant: 'user' }) });
    await memory.addUserMessage('chat', 'after the restart');
    expect(parseLock(lockText(earlier))?.token).not.toBe('earlier');
    await memory.close();
  });

  it('a directory PGlite cannot open says what happened (no [object Object]), and the lock is released', async () => {
    const root = tempDir();
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a directory');
    const notDir = postgresStore({ pglite: file, tenant: 'user' });
    const error = await failure(notDir.listSessions());
    expect(error.message).toMatch(
      /cannot use ".*a-file" as a PGlite data directory: .*(EEXIST|ENOTDIR|not a directory)/,
    );
    expect(error.retryable).toBe(false);
    await notDir.close();
    // A damaged data directory: PGlite's own error, said in words.
    const damaged = join(root, 'damaged');
    mkdirSync(damaged);
    writeFileSync(join(damaged, 'PG_VERSION'), 'not a version\n');
    const store = postgresStore({ pglite: damaged, tenant: 'user' });
    const failed = await failure(store.listSessions());
    expect(failed.message).toMatch(/^postgresStore: cannot open the PGlite directory ".*damaged": \S/);
    expect(failed.message).not.toContain('[object Object]');
    await store.close();
    expect(() => lockText(damaged)).toThrow(/ENOENT/);
  });
});

describe("#31's scenario, replayed", () => {
  it('N acknowledged writes through two paths, a second process refused midway, a SIGKILL and a restart: all N there', async () => {
    const N = 24;
    const root = tempDir();
    const real = join(root, 'data');
    mkdirSync(real);
    symlinkSync(real, join(root, 'link'));
    const writer = spawn(process.execPath, ['--import', TSX, WRITER, real, join(root, 'link'), String(N)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    cleanup.push(() => writer.kill('SIGKILL'));
    let stderr = '';
    writer.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<void>((ok) => writer.once('exit', () => ok()));
    const out = createInterface({ input: writer.stdout })[Symbol.asyncIterator]();
    const acked: string[] = [];
    const until = async (word: string): Promise<void> => {
      for (;;) {
        const { value, done } = await out.next();
        if (done) throw new Error(`the writer exited before "${word}": ${stderr}`);
        if (value.startsWith('ack ')) acked.push(`message ${value.slice(4)}`);
        if (value === word) return;
      }
    };
    await until('half');
    const before = lockState(real);
    // Another process, through a third spelling, while the writer holds the directory: refused.
    const relativeLink = `${relative(process.cwd(), join(root, 'link'))}/`;
    for (const path of [relativeLink, `${join(dirname(real), '..', basename(root), 'data')}`]) {
      const other = await openElsewhere(path);
      expect(other.name).toBe('StoreError');
      expect(other.message).toContain(`is open in another process (pid ${writer.pid})`);
      expect(lockState(real)).toBe(before);
    }
    writer.stdin.write('go\n');
    await until('done');
    // Still refused once every write is acknowledged: the lock was never deleted.
    expect((await openElsewhere(join(root, 'link'))).name).toBe('StoreError');
    expect(lockState(real)).toBe(before);
    // A crash, then a restart (another process): the dead writer's lock is taken over.
    writer.kill('SIGKILL');
    await exited;
    expect(acked).toHaveLength(N);
    const after = await openElsewhere(relativeLink, 'chat');
    expect(after.ok).toBe(true);
    expect(after.contents).toEqual(acked);
  });
});
