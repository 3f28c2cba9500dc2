/**
 * Sync with real parts (issue #19), in every engine of the suite (Chromium, Firefox ESR,
 * WebKitGTK: `RECALLKIT_ENGINES`): two pages with storage of their own (separate IndexedDB), each
 * running createWorkerMemory (a real Worker) with sync on; the real `syncHandler` in a Node
 * server process of its own, on the throwaway PostgreSQL cluster. Each device reaches the
 * server through a TCP gate that can cut it off or hold answers back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../vite.config.js';
import type { SessionState } from '../../src/types.js';
import { freshTenant, pgUrl } from './support.js';
import { pullAll } from './sync-support.js';
import { startGate, type Gate } from './sync-gate.js';
import { until } from '../support/until.js';
import { ENGINES, selectedEngines, type EngineName } from '../support/engines/engines.js';
import { launchDeviceBrowser, type DeviceBrowser, type DevicePage } from '../support/engines/device-pages.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '../..');
const TSX = createRequire(import.meta.url).resolve('tsx');

/** Two tenants per engine (`tok-a-firefox`, …): each engine's run starts on an empty server log. */
const TOKENS: Record<string, string> = Object.fromEntries(
  ENGINES.flatMap((e) => [
    [`tok-a-${e}`, freshTenant()],
    [`tok-other-${e}`, freshTenant()],
  ]),
);
let engineNow: EngineName = 'chromium';
/** The token of tenant `name` (`tok-a`, `tok-other`) for the engine running now; any other string as it is. */
const token = (name: string): string => (TOKENS[`${name}-${engineNow}`] ? `${name}-${engineNow}` : name);

let server: { child: ChildProcess; port: number } | undefined;
let vite: ViteDevServer;
let browser: DeviceBrowser | undefined;
let pageUrl: string;

async function startServer(port = 0): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['--import', TSX, join(HERE, 'fixtures/sync-server.ts'), pgUrl(), String(port), JSON.stringify(TOKENS)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const listening = await new Promise<number>((ok, fail) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) ok(Number(m[1]));
    });
    child.on('exit', (code) => fail(new Error(`sync server exited (${code}): ${err.slice(-800)}`)));
  });
  return { child, port: listening };
}

function killServer(): Promise<void> {
  const s = server;
  server = undefined;
  if (!s || s.child.exitCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    s.child.once('exit', () => ok());
    s.child.kill('SIGKILL');
  });
}

const serverUrl = (): string => `http://127.0.0.1:${server!.port}/sync`;

interface Device {
  page: DevicePage;
  gate: Gate;
  dbName: string;
  open(config?: Record<string, unknown>, extra?: Record<string, unknown>): Promise<void>;
  run<T>(fn: string, ...args: unknown[]): Promise<T>;
}

let count = 0;
/** `token` null: no authorization header at all. A page with storage of its own (`device` of test/postgres/fixtures). */
async function newDevice(tokenName: string | null = 'tok-a'): Promise<Device> {
  const auth = tokenName === null ? null : token(tokenName);
  const page = await browser!.newPage(pageUrl);
  const gate = await startGate(server!.port);
  const dbName = `sync-${count++}`;
  return {
    page,
    gate,
    dbName,
    async open(config = {}, extra = {}) {
      const sync = {
        url: gate.url,
        intervalMs: 0,
        timeoutMs: 60_000, // a hang detector: the test that times a request out sets its own
        ...(auth ? { headers: { authorization: `Bearer ${auth}` } } : {}),
        ...extra,
      };
      await page.call('open', [dbName, sync, config]);
    },
    run: <T>(fn: string, ...args: unknown[]) => page.call<T>(fn, args),
  };
}

const contents = (s: SessionState) => s.entries.map((e) => e.content);

beforeAll(async () => {
  server = await startServer();
  vite = await createServer({
    root: join(HERE, 'fixtures/sync-page'),
    configFile: false,
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0, fs: { allow: [REPO, realpathSync(join(REPO, 'node_modules'))] } },
  });
  await vite.listen();
  pageUrl = vite.resolvedUrls!.local[0]!;
});

afterAll(async () => {
  await browser?.close();
  await vite?.close();
  await killServer();
});

describe.each(selectedEngines())(
  'sync between two browsers through the real handler and PostgreSQL, in %s',
  (engine) => {
    beforeAll(async () => {
      engineNow = engine;
      browser = await launchDeviceBrowser(engine, 'device', chromiumLaunchOptions);
    });
    afterAll(async () => {
      await browser?.close();
      browser = undefined;
    });

    it('both devices offline and writing, then reconnecting: identical exports, every entry kept, in server order', async () => {
      const a = await newDevice();
      const b = await newDevice();
      await a.open();
      await b.open();
      await a.run('add', 'trip', 4, 'shared');
      await a.run('sync');
      await b.run('sync');
      a.gate.setOffline(true);
      b.gate.setOffline(true);
      await a.run('add', 'trip', 5, 'laptop');
      await b.run('add', 'trip', 5, 'phone');
      expect(await a.run<string>('trySync')).toMatch(/^SyncError: .*could not be reached/);
      expect((await a.run<{ state: string }[]>('states')).at(-1)!.state).toBe('offline');
      a.gate.setOffline(false);
      b.gate.setOffline(false);
      await a.run('sync');
      await b.run('sync');
      await a.run('sync');
      const ea = await a.run<SessionState>('exportSession', 'trip');
      const eb = await b.run<SessionState>('exportSession', 'trip');
      expect(JSON.stringify(ea)).toBe(JSON.stringify(eb));
      // Every entry of both, ordered by the server: whichever device reconnected first (a retry of
      // its own may beat the explicit sync() calls) has its offline entries first, each block in
      // the order it was written.
      const laptop = [
        'laptop question 0',
        'laptop answer 1',
        'laptop question 2',
        'laptop answer 3',
        'laptop question 4',
      ];
      const phone = ['phone question 0', 'phone answer 1', 'phone question 2', 'phone answer 3', 'phone question 4'];
      const shared = ['shared question 0', 'shared answer 1', 'shared question 2', 'shared answer 3'];
      expect([
        [...shared, ...laptop, ...phone],
        [...shared, ...phone, ...laptop],
      ]).toContainEqual(contents(ea));
      const serverOrder = (await pullAll(serverUrl(), token('tok-a'))).flatMap((o) =>
        o.kind === 'entry' && o.sessionId === 'trip' ? [o.entry.content] : [],
      );
      expect(contents(ea)).toEqual(serverOrder);
      expect(ea.entries.map((e) => e.seq)).toEqual([...Array(14).keys()]);
      expect(ea.nextSeq).toBe(14);
      expect((await b.run<{ ok: boolean }>('verify', 'trip')).ok).toBe(true);
      // Recall on the device that received them (its index is rebuilt after the rebase).
      expect(await b.run<string[]>('recall', 'trip', 'laptop question 4')).toContain('laptop question 4');
      await a.run('close');
      await b.run('close');
    });

    it('compaction on both devices converges to one summary', async () => {
      const config = { maxEntries: 1000, recentWindow: 2, minEntriesToCompress: 2 };
      const a = await newDevice();
      const b = await newDevice();
      await a.open(config);
      await b.open(config);
      await a.run('add', 'notes', 10, 'base');
      await a.run('sync');
      await b.run('sync');
      a.gate.setOffline(true);
      b.gate.setOffline(true);
      await a.run('compress', 'notes');
      await b.run('compress', 'notes');
      a.gate.setOffline(false);
      b.gate.setOffline(false);
      await b.run('sync');
      await a.run('sync');
      await b.run('sync');
      const sa = await a.run<{ content: string }[]>('summaries', 'notes');
      expect(sa).toHaveLength(1);
      expect(sa[0]!.content).toMatch(/by sync-/);
      expect(await b.run('summaries', 'notes')).toEqual(sa);
      expect(await a.run('exportJson', 'notes')).toBe(await b.run('exportJson', 'notes'));
      const ops = await pullAll(serverUrl(), token('tok-a'));
      expect(ops.filter((o) => o.kind === 'compact' && o.sessionId === 'notes')).toHaveLength(1);
      await a.run('close');
      await b.run('close');
    });

    it('the server killed mid-sync, then back: nothing lost, nothing doubled', async () => {
      const a = await newDevice();
      await a.open();
      await a.run('add', 'long', 1200, 'bulk');
      // Killed as A's push arrives (it may or may not have been applied).
      a.gate.onRequest = () => void killServer();
      expect(await a.run<string>('trySync')).toMatch(/^SyncError/);
      a.gate.onRequest = undefined;
      server = await startServer();
      a.gate.setTarget(server.port);
      await a.run('sync');
      // B pulls 1,200 entries in two batches; the server dies when the second request arrives.
      const b = await newDevice();
      await b.open();
      b.gate.onRequest = (n) => {
        if (n === 2) void killServer();
      };
      expect(await b.run<string>('trySync')).toMatch(/^SyncError/);
      b.gate.onRequest = undefined;
      server = await startServer();
      a.gate.setTarget(server.port);
      b.gate.setTarget(server.port);
      await b.run('sync');
      const ea = await a.run<SessionState>('exportSession', 'long');
      expect(ea.entries).toHaveLength(1200);
      // Both serialized in their pages: a WebDriver result does not keep an object's key order.
      expect(await b.run('exportJson', 'long')).toBe(await a.run('exportJson', 'long'));
      const entryOps = (await pullAll(serverUrl(), token('tok-a'))).filter(
        (o) => o.kind === 'entry' && o.sessionId === 'long',
      );
      expect(entryOps).toHaveLength(1200);
      await a.run('close');
      await b.run('close');
    });

    it('a push retried after a timeout is stored once', async () => {
      const a = await newDevice();
      await a.open({}, { timeoutMs: 3000 });
      await a.run('add', 'retry', 6, 'slow');
      a.gate.holdAnswers(true);
      const answered = a.gate.answers;
      expect(await a.run<string>('trySync')).toMatch(/no answer within 3000 ms/);
      // The server applied the push and answered; the answer never reached the device.
      await until(() => a.gate.answers > answered);
      a.gate.holdAnswers(false);
      await a.run('sync');
      const ops = (await pullAll(serverUrl(), token('tok-a'))).filter((o) => o.sessionId === 'retry');
      expect(ops.map((o) => o.kind)).toEqual(['entry', 'entry', 'entry', 'entry', 'entry', 'entry']);
      const ea = await a.run<SessionState>('exportSession', 'retry');
      expect(contents(ea)).toEqual([
        'slow question 0',
        'slow answer 1',
        'slow question 2',
        'slow answer 3',
        'slow question 4',
        'slow answer 5',
      ]);
      await a.run('close');
    });

    it('a device whose IndexedDB was wiped is restored from the server', async () => {
      const a = await newDevice();
      await a.open();
      await a.run('add', 'keep', 8, 'precious');
      await a.run('add', 'keep2', 3, 'other');
      await a.run('sync');
      const before = {
        keep: await a.run<string>('exportJson', 'keep'),
        keep2: await a.run<string>('exportJson', 'keep2'),
      };
      await a.run('wipe', a.dbName);
      // Offline while it opens: its first sync round (at once) would otherwise race the check that
      // the wipe left nothing, pulling this tenant's sessions in first.
      a.gate.setOffline(true);
      await a.open();
      expect(await a.run('sessions')).toEqual([]);
      a.gate.setOffline(false);
      await a.run('sync');
      expect(await a.run<string[]>('sessions')).toEqual(expect.arrayContaining(['keep', 'keep2']));
      expect(await a.run('exportJson', 'keep')).toBe(before.keep);
      expect(await a.run('exportJson', 'keep2')).toBe(before.keep2);
      await a.run('close');
    });

    it('a wrong or missing token: 401, nothing read or written, sync:error fired, local data intact; another tenant never sees this one', async () => {
      const logBefore = (await pullAll(serverUrl(), token('tok-a'))).length;
      for (const token of ['wrong-token', null]) {
        const c = await newDevice(token);
        await c.open();
        await c.run('add', 'trip', 3, 'intruder');
        expect(await c.run<string>('trySync')).toMatch(
          /^SyncError: sync: http:\/\/127\.0\.0\.1:\d+\/sync answered 401/,
        );
        expect((await c.run<string[]>('errors')).at(-1)).toMatch(/401/);
        expect((await c.run<{ state: string }[]>('states')).at(-1)!.state).toBe('error');
        expect(contents(await c.run<SessionState>('exportSession', 'trip'))).toEqual([
          'intruder question 0',
          'intruder answer 1',
          'intruder question 2',
        ]);
        await c.run('close');
      }
      expect((await pullAll(serverUrl(), token('tok-a'))).length).toBe(logBefore);
      // Another tenant writing the same session id: its own session, never this tenant's.
      const other = await newDevice('tok-other');
      await other.open();
      await other.run('add', 'trip', 2, 'other tenant');
      await other.run('sync');
      expect(contents(await other.run<SessionState>('exportSession', 'trip'))).toEqual([
        'other tenant question 0',
        'other tenant answer 1',
      ]);
      expect(await other.run('sessions')).toEqual(['trip']);
      expect((await pullAll(serverUrl(), token('tok-a'))).length).toBe(logBefore);
      await other.run('close');
    });
  },
);
