/**
 * The crash test (`npm run test:crash`): Chromium or Firefox ESR as a real process on a persistent profile,
 * SIGKILLed (the whole process group) at random moments while a page appends through
 * createWorkerMemory, some kills during compression; relaunched on the same profile and checked
 * after every restart. Some rounds also do what a browser may do after an unlucky crash: tear
 * the tail of the origin's IndexedDB log (Chromium's LevelDB log, Firefox's SQLite write-ahead
 * log: garbage over the last record's end) or delete the database directory; the journal must
 * bring every acknowledged entry back.
 *
 * Prints a table; exits 1 when an acknowledged entry is lost, duplicated, or a check fails.
 * `CRASH_ENGINE` (chromium or firefox, default chromium), `CRASH_ROUNDS` (default 60),
 * `RECALLKIT_CHROMIUM` (default /usr/bin/chromium), `RECALLKIT_FIREFOX` (default
 * /usr/bin/firefox-esr). Needs `npm run build`.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, openSync, writeSync, closeSync, fstatSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright';
import type { Browser as BidiBrowser } from 'puppeteer-core';
import { build, preview } from 'vite';
import { launchFirefox } from '../support/engines/firefox.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, '../..');
const CHROMIUM = process.env['RECALLKIT_CHROMIUM'] || '/usr/bin/chromium';

/** One round's outcome. */
export interface RoundResult {
  round: number;
  kind: 'kill' | 'kill+corrupt-log' | 'kill+delete-db';
  status: string;
  /** `storageState().journalWrites`: a persistent profile must append before acknowledging ('awaited'). */
  writes: string;
  acked: number;
  stored: number;
  lost: number;
  duplicates: number;
  summaries: number;
  verifyOk: boolean;
  statsOk: boolean;
  checkMs: number;
}

/** The engines the crash test runs on (WebKitGTK has no journal to test: see docs/browser-support.md). */
export type CrashEngine = 'chromium' | 'firefox';

/** Options of {@link runCrashTest}. */
export interface CrashTestOptions {
  rounds: number;
  /** Default chromium. */
  engine?: CrashEngine;
  /** Every how many rounds the database is damaged after the kill (0: never). */
  wipeEvery?: number;
  log?: (line: string) => void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** What the harness does with a page: run a function of `globalThis.crashTest` in it. */
interface CrashPage {
  evaluate<R>(
    fn: (arg: { round: number; from: number }) => Promise<R>,
    arg: { round: number; from: number },
  ): Promise<R>;
}

/** A launched browser: its process group, and a page of the crash test's site. */
interface Launched {
  pid: number;
  exited: Promise<void>;
  /** Open `url` in the browser's first tab, with `recallkitAck` reporting acknowledged contents. */
  openPage(url: string, onAck: (content: string) => void): Promise<CrashPage>;
  close(): Promise<void>;
}

const exitOf = (child: ChildProcess): Promise<void> =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

async function launchChromium(profile: string): Promise<Launched> {
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = exitOf(child);
  const ws = await new Promise<string>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${err.slice(-500)}`)), 120_000); // a hang detector
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${err.slice(-500)}`)));
  });
  child.stderr!.resume();
  const browser: Browser = await chromium.connectOverCDP(ws);
  return {
    pid: child.pid!,
    exited,
    async openPage(url, onAck) {
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const page = context.pages()[0] ?? (await context.newPage());
      await page.exposeBinding('recallkitAck', (_source, content: string) => onAck(content));
      await page.goto(url);
      await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
      return { evaluate: (fn, arg) => page.evaluate(fn, arg) };
    },
    close: () => browser.close().catch(() => undefined),
  };
}

async function launchFirefoxProcess(profile: string): Promise<Launched> {
  const browser: BidiBrowser = await launchFirefox({ profile });
  const child = browser.process()!;
  return {
    pid: child.pid!,
    exited: exitOf(child),
    async openPage(url, onAck) {
      const page = (await browser.pages())[0] ?? (await browser.newPage());
      await page.exposeFunction('recallkitAck', (content: string) => onAck(content));
      await page.goto(url);
      await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready', { timeout: 60_000 });
      return { evaluate: (fn, arg) => page.evaluate(fn, arg) };
    },
    close: () => browser.close().catch(() => undefined),
  };
}

/** SIGKILL the browser's whole process group and wait until the browser process is gone. */
async function kill(l: Launched): Promise<void> {
  try {
    process.kill(-l.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  await l.exited;
  // Children of the group (renderers, the storage service) die with it; give the kernel a moment.
  await new Promise((r) => setTimeout(r, 150));
}

/** Firefox's IndexedDB directories of the profile: `storage/default/<origin>/idb`. */
function firefoxIndexedDBDirs(profile: string): string[] {
  const root = join(profile, 'storage/default');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .map((origin) => join(root, origin, 'idb'))
    .filter((dir) => existsSync(dir));
}

/** Every IndexedDB LevelDB directory of the profile (the layout moved between Chromium versions). */
function indexedDBDirs(profile: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (depth > 6 || !existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const { name } = entry;
      const path = join(dir, name);
      if (!entry.isDirectory()) continue;
      if (name.endsWith('.indexeddb.leveldb') || name === 'indexeddb.leveldb') out.push(path);
      else walk(path, depth + 1);
    }
  };
  walk(profile, 0);
  return out;
}

/**
 * Damage the newest log (Chromium's LevelDB log, Firefox's SQLite write-ahead log) as a torn
 * write followed by a later write does: the tail of the last record is overwritten with
 * garbage (its checksum no longer matches), then more bytes follow it.
 */
function corruptLog(dir: string): string {
  const logs = readdirSync(dir)
    .filter((n) => n.endsWith('.log') || n.endsWith('.sqlite-wal'))
    .sort();
  const log = logs[logs.length - 1];
  if (!log) return 'no log';
  const path = join(dir, log);
  const fd = openSync(path, 'r+');
  try {
    const size = fstatSync(fd).size;
    if (size < 64) return `log ${size} B`;
    const garbage = Buffer.alloc(48);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 37 + 11) & 0xff;
    writeSync(fd, garbage, 0, garbage.length, size - 40);
    return `${log} (${size} B) torn`;
  } finally {
    closeSync(fd);
  }
}

type Checked = {
  state: { status: string; restoredSessions: string[]; lostSessions: string[]; journalWrites?: string };
  contents: string[];
  summaries: number;
  report: {
    ok: boolean;
    holes: number;
    duplicateSeqs: number[];
    danglingSummaryLinks: string[];
    statsMismatches: string[];
  };
  stats: { totalEntries: number; activeEntries: number; compressedEntries: number; summaries: number };
};

/** Run the crash test; resolves with one row per round. */
export async function runCrashTest(options: CrashTestOptions): Promise<RoundResult[]> {
  const log = options.log ?? (() => undefined);
  const wipeEvery = options.wipeEvery ?? 4;
  const engine = options.engine ?? 'chromium';
  const launch = engine === 'firefox' ? launchFirefoxProcess : launchChromium;
  const databaseDirs = engine === 'firefox' ? firefoxIndexedDBDirs : indexedDBDirs;
  const outDir = mkdtempSync(join(tmpdir(), `recallkit-crash-page-${engine}-`));
  const profile = mkdtempSync(join(tmpdir(), `recallkit-crash-profile-${engine}-`));
  if (!existsSync(join(REPO, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  await build({ root: join(HERE, 'page'), configFile: false, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  // A fixed port: the origin (and so its IndexedDB and OPFS) must be the same after each relaunch.
  const port = await freePort();
  const server = await preview({
    root: join(HERE, 'page'),
    configFile: false,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
  const url = `http://127.0.0.1:${port}/`;
  const acked = new Set<string>();
  const order: string[] = [];
  const results: RoundResult[] = [];
  let damage: RoundResult['kind'] = 'kill';
  try {
    for (let round = 0; round <= options.rounds; round++) {
      const l = await launch(profile);
      try {
        const page = await l.openPage(url, (content) => {
          acked.add(content);
          order.push(content);
        });
        const t0 = Date.now();
        const found = (await page.evaluate(
          () => (globalThis as unknown as { crashTest: { check(): Promise<unknown> } }).crashTest.check(),
          { round, from: 0 },
        )) as Checked;
        const checkMs = Date.now() - t0;
        if (round > 0) {
          const stored = new Map<string, number>();
          for (const c of found.contents) stored.set(c, (stored.get(c) ?? 0) + 1);
          const lost = [...acked].filter((c) => !stored.has(c)).length;
          const duplicates = [...stored.values()].filter((n) => n > 1).length;
          const statsOk =
            found.stats.totalEntries === found.contents.length &&
            found.stats.activeEntries + found.stats.compressedEntries === found.stats.totalEntries &&
            found.stats.summaries === found.summaries;
          const row: RoundResult = {
            round,
            kind: damage,
            status: found.state.status,
            writes: found.state.journalWrites ?? 'none',
            acked: acked.size,
            stored: found.contents.length,
            lost,
            duplicates,
            summaries: found.summaries,
            verifyOk: found.report.ok,
            statsOk,
            checkMs,
          };
          results.push(row);
          log(formatRow(row));
          if (!found.report.ok) log(`  verify: ${JSON.stringify(found.report)}`);
        }
        if (round === options.rounds) {
          await l.close();
          await kill(l);
          break;
        }
        // Append for a random while, then kill mid-flight (compressions run every ~20 entries).
        void page
          .evaluate(
            (o) => (globalThis as unknown as { crashTest: { run(o: unknown): Promise<void> } }).crashTest.run(o),
            { round, from: 0 },
          )
          .catch(() => undefined);
        await new Promise((r) => setTimeout(r, 300 + Math.random() * 1700));
      } catch (error) {
        await kill(l);
        throw error;
      }
      await kill(l);
      damage = 'kill';
      if (wipeEvery > 0 && round % wipeEvery === wipeEvery - 1) {
        const dirs = databaseDirs(profile);
        if (round % (2 * wipeEvery) === wipeEvery - 1) {
          damage = 'kill+corrupt-log';
          for (const d of dirs) log(`  corrupt ${corruptLog(d)}`);
        } else {
          damage = 'kill+delete-db';
          for (const d of dirs) rmSync(d, { recursive: true, force: true });
        }
        if (!dirs.length) log('  no IndexedDB directory found in the profile');
      }
    }
  } finally {
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}

function formatRow(r: RoundResult): string {
  return `| ${r.round} | ${r.kind} | ${r.status} (${r.writes}) | ${r.acked} | ${r.stored} | ${r.lost} | ${r.duplicates} | ${r.summaries} | ${r.verifyOk ? 'ok' : 'FAIL'} | ${r.statsOk ? 'ok' : 'FAIL'} | ${r.checkMs} |`;
}

/** The header of the printed table. */
export const TABLE_HEADER =
  '| round | kill | storage on reopen | acknowledged | stored | lost | duplicated | summaries | verify | stats | check ms |\n|---|---|---|---|---|---|---|---|---|---|---|';

/** Whether a run passed: nothing acknowledged lost or duplicated, every check consistent, appends journaled before their acknowledgement. */
export function passed(results: readonly RoundResult[]): boolean {
  return results.every(
    (r) =>
      r.lost === 0 && r.duplicates === 0 && r.verifyOk && r.statsOk && r.status !== 'lost' && r.writes === 'awaited',
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rounds = Number(process.env['CRASH_ROUNDS'] ?? 60);
  const engine = (process.env['CRASH_ENGINE'] ?? 'chromium') as CrashEngine;
  if (engine !== 'chromium' && engine !== 'firefox') throw new Error('CRASH_ENGINE: chromium or firefox');
  const started = Date.now();
  console.log(`RecallKit crash test: ${rounds} rounds, ${engine}`);
  console.log(TABLE_HEADER);
  runCrashTest({ rounds, engine, log: (line) => console.log(line) }).then(
    (results) => {
      const lost = results.reduce((n, r) => n + r.lost, 0);
      const wipes = results.filter((r) => r.kind !== 'kill').length;
      const restored = results.filter((r) => r.status === 'restored').length;
      console.log(
        `\n${results.length} rounds in ${Math.round((Date.now() - started) / 1000)} s: ${results[results.length - 1]?.acked ?? 0} acknowledged entries, ${lost} lost; ${wipes} rounds damaged the database, ${restored} reopens restored from the journal.`,
      );
      if (!passed(results)) {
        console.log('FAILED');
        process.exitCode = 1;
      } else console.log('PASSED');
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
