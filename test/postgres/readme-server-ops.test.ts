/**
 * The README's server (fixtures/readme-server.ts, spawned as a user runs it) in production's
 * rough moments (#33): SIGTERM in the middle of keep-alive load (it exits, and every turn
 * answered 200 is in the database), a second process on its PGlite directory (a 500 and a line
 * in the operator's log saying why), a database that does not answer (503 with Retry-After).
 * The hang detectors are generous: figures are the bench's (`bench/postgres/timeouts.ts`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { keepAliveLoad, type KeepAliveResult } from './keep-alive-load.js';
import { freePort, startServer, type ServerProcess } from './server-load.js';
import { closeShared, pgUrl, sharedPool } from './support.js';

afterAll(closeShared);

const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A working directory of this test (the PGlite server keeps `./memory-data` in it). */
function workDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'recallkit-server-ops-readme-'));
  dirs.push(dir);
  return dir;
}

async function start(cwd: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServer(cwd, env, await freePort());
  servers.push(server);
  return server;
}

/** POST one turn; resolves the status, the Retry-After header and the body. */
async function turn(port: number, user: string, message: string): Promise<[number, string | null, string]> {
  const res = await fetch(`http://127.0.0.1:${port}/?chat=chat`, {
    method: 'POST',
    headers: { 'x-user-id': user, 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
    signal: AbortSignal.timeout(60_000),
  });
  return [res.status, res.headers.get('retry-after'), await res.text()];
}

/**
 * POST one turn as the README's client does: a 503 is retried after its Retry-After (a server
 * just started on a busy machine may answer 503 while PGlite starts; that is the documented
 * answer, and the client's retry is the documented remedy), at most 30 times.
 */
async function answeredTurn(port: number, user: string, message: string): Promise<[number, string | null, string]> {
  for (let attempt = 1; ; attempt++) {
    const result = await turn(port, user, message);
    if (result[0] !== 503 || attempt === 30) return result;
    await new Promise((resolve) => setTimeout(resolve, Number(result[1] ?? '1') * 1000));
  }
}

/** Every stored entry's tenant, chat and content, straight from the database. */
async function storedContents(url: string | undefined, dir: string): Promise<Set<string>> {
  const sql = 'SELECT tenant, session_id, entry FROM recallkit_entries';
  let rows: { tenant: string; session_id: string; entry: string }[];
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      rows = (await pool.query(sql)).rows;
    } finally {
      await pool.end();
    }
  } else {
    const lite = await PGlite.create(dir);
    try {
      rows = (await lite.query<{ tenant: string; session_id: string; entry: string }>(sql)).rows;
    } finally {
      await lite.close();
    }
  }
  return new Set(
    rows.map((r) => `${r.tenant}\u0000${JSON.parse(r.session_id) as string}\u0000${JSON.parse(r.entry).content}`),
  );
}

let dbCount = 0;
async function freshDatabaseUrl(): Promise<string> {
  const name = `recallkit_ops_${process.pid}_${dbCount++}`;
  await sharedPool().query(`CREATE DATABASE ${name}`);
  return pgUrl().replace('/postgres?', `/${name}?`);
}

describe('the README server: SIGTERM under keep-alive load', () => {
  for (const backend of ['PGlite', 'PostgreSQL'] as const) {
    it(`on ${backend}: it stops, exits, and every turn answered 200 is in the database`, async () => {
      const cwd = workDir();
      const url = backend === 'PostgreSQL' ? await freshDatabaseUrl() : undefined;
      const server = await start(cwd, url ? { DATABASE_URL: url } : {});
      const out: KeepAliveResult = { acked: [], failed: 0, statuses: new Map() };
      let exited = false;
      void server.exited.then(() => (exited = true));
      // 16 requests in flight on 16 keep-alive connections, until the process is gone.
      const load = keepAliveLoad(server.port, 200, 16, () => exited, out);
      while (out.acked.length < 150) await new Promise((r) => setTimeout(r, 20));
      const signalled = performance.now();
      const ackedBefore = out.acked.length;
      server.child.kill('SIGTERM');
      const exit = await server.exited; // the hang detector: the test's own timeout
      const took = performance.now() - signalled;
      await load;
      console.log(
        `${backend}: exited ${(took / 1000).toFixed(2)} s after SIGTERM (code ${exit.code}), ` +
          `${out.acked.length - ackedBefore} turns answered 200 after it, ${out.acked.length} in all`,
      );
      expect(exit.signal).toBeNull();
      // Every turn answered 200, before or after the signal, was stored: its message and its reply.
      const stored = await storedContents(url, join(cwd, 'memory-data'));
      const missing = out.acked.filter(
        (t) =>
          !stored.has(`${t.user}\u0000${t.chat}\u0000${t.message}`) ||
          !stored.has(`${t.user}\u0000${t.chat}\u0000${t.reply}`),
      );
      expect(missing).toEqual([]);
      // And it starts again on the same data.
      const again = await start(cwd, url ? { DATABASE_URL: url } : {});
      expect((await answeredTurn(again.port, 'user-1', 'after the restart'))[0]).toBe(200);
    }, 240_000);
  }
});

describe('the README server: errors the operator sees', () => {
  it('a second process on the same PGlite directory answers 500 and logs why; the first keeps answering', async () => {
    const cwd = workDir();
    const first = await start(cwd);
    expect((await answeredTurn(first.port, 'alice', 'hello'))[0]).toBe(200);
    const second = await start(cwd);
    const [status, retryAfter, body] = await turn(second.port, 'bob', 'hello');
    expect(status).toBe(500);
    expect(retryAfter).toBeNull();
    expect(body).toBe('server error');
    // The operator's log says what is wrong, with the pid that holds the directory.
    expect(second.stderr()).toContain(`is open in another process (pid ${first.child.pid})`);
    expect((await answeredTurn(first.port, 'alice', 'still here'))[0]).toBe(200);
  });

  it('a database that accepts connections and never answers: 503 with Retry-After, logged as retryable', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
    try {
      const port = (silent.address() as { port: number }).port;
      const server = await start(workDir(), { DATABASE_URL: `postgres://app:SECRET-PW@127.0.0.1:${port}/app` });
      const [status, retryAfter] = await turn(server.port, 'alice', 'hello');
      expect(status).toBe(503);
      expect(retryAfter).toBe('1');
      expect(server.stderr()).toMatch(/chat turn failed \(retryable\): .*(connectTimeoutMs|acquireTimeoutMs)/);
      expect(server.stderr()).not.toContain('SECRET-PW');
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((ok) => silent.close(ok));
    }
  });
});
