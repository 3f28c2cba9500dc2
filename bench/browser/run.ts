/**
 * Browser benchmark of createWorkerMemory in headless Chromium: main-thread long tasks while
 * appending, append latency against a raw `idb` put, cold start with the WASM, reopening a
 * 100,000-entry session against a 1,000-entry one, and the bundle a Vite app ships.
 * Prints a table; asserts nothing.
 *
 * Run: `npm run bench:browser` (RECALLKIT_BENCH_RUNS=n for more or fewer runs, default 5;
 * RECALLKIT_BENCH_APPENDS_ONLY=1 for the append rows alone, RECALLKIT_BENCH_STARTUP_ONLY=1 for the
 * start-up rows alone; RECALLKIT_BENCH_ENGINES_ONLY=1 for the per-engine table alone, of the engines
 * in RECALLKIT_ENGINES, RECALLKIT_BENCH_ENGINE_RUNS profiles each, default 3; RECALLKIT_BENCH_HOLDS_ONLY=1 for
 * how long each call holds the worker on a 100,000-entry session, written into docs/limits.md,
 * RECALLKIT_BENCH_HOLDS_N for another size).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright';
import { build, preview } from 'vite';
import { chromiumLaunchOptions } from '../../vite.config.js';
import { machineHeader } from '../lib/machine.js';
import { quantile } from '../lib/stats.js';
import { fmt, markdownTable, ms } from '../lib/table.js';
import type { BrowserBench } from './page/main.js';
import { startupRows } from './startup.js';
import { buildUserApp, bundleTable, createUserApp, packLibrary, REPO } from './user-app.js';
import { PERFORMANCE_DOC, writeDocTable } from '../lib/doc-table.js';
import { enginesReport } from './engines.js';
import { LIMITS_DOC, workerHoldsTable } from './worker-holds.js';
import { selectedEngines } from '../../test/support/engines/engines.js';

const RUNS = Number(process.env['RECALLKIT_BENCH_RUNS'] ?? 5);
const APPENDS = 2_000;
// Same active entries and summaries: only the compressed history differs.
const BIG = { total: 100_000, active: 100, summaries: 10 };
const SMALL = { total: 1_000, active: 100, summaries: 10 };

type Bench = BrowserBench;
type Call<K extends keyof Bench> = Awaited<ReturnType<Bench[K]>>;

/** Call a measurement of the bench page. */
function call<K extends keyof Bench>(page: Page, name: K, options: Parameters<Bench[K]>[0]): Promise<Call<K>> {
  return page.evaluate(
    ([n, o]) => {
      const bench = (globalThis as unknown as { recallkitBench: Record<string, (o: unknown) => Promise<unknown>> })
        .recallkitBench;
      return bench[n]!(o);
    },
    [name, options] as const,
  ) as Promise<Call<K>>;
}

const median = (xs: readonly number[]): number => quantile(xs, 0.5);
let dbCounter = 0;
const db = (label: string): string => `bench-${label}-${Date.now()}-${dbCounter++}`;

async function openPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (process.env['RECALLKIT_BENCH_HOLDS_ONLY']) {
    page.on('console', (message) => console.error(`page: ${message.text()}`));
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  }
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
  return page;
}

/** Run every measurement; returns the Markdown report. */
export async function runBrowserBench(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'recallkit-bench-page-'));
  const root = join(REPO, 'bench/browser/page');
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    resolve: { tsconfigPaths: true },
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true },
  });
  // Cross-origin isolated, so performance.now() is precise to 5 µs rather than 100 µs.
  const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
  const server = await preview({
    root,
    configFile: false,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, headers },
  });
  const url = server.resolvedUrls!.local[0]!;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const rows: string[][] = [];
    if (process.env['RECALLKIT_BENCH_ENGINES_ONLY']) return await enginesTable(outDir);
    if (process.env['RECALLKIT_BENCH_STARTUP_ONLY']) {
      rows.push(...(await startupRows(url, RUNS)));
      return report(rows);
    }
    const page = await openPage(browser, url);
    if (process.env['RECALLKIT_BENCH_HOLDS_ONLY']) {
      const table = await workerHoldsTable(page, db('holds'), browser.version());
      writeDocTable(LIMITS_DOC, 'worker-holds', table, {
        command: 'RECALLKIT_BENCH_HOLDS_ONLY=1 npm run bench:browser',
      });
      return table;
    }

    // Appends: awaited one by one (a chat), and all at once (an import loop that does not await).
    const awaited: Call<'appendRun'>[] = [];
    const burst: Call<'appendRun'>[] = [];
    const inThread: Call<'appendRun'>[] = [];
    const raw: Call<'rawRun'>[] = [];
    const rawMeta: Call<'rawRun'>[] = [];
    const pattern: Call<'rawEnginePattern'>[] = [];
    const locked: Call<'rawEnginePattern'>[] = [];
    const noJournal: Call<'appendRun'>[] = [];
    const strict: Call<'rawRun'>[] = [];
    const relaxed: Call<'rawRun'>[] = [];
    for (let r = 0; r < RUNS; r++) {
      strict.push(
        await call(page, 'rawRun', { n: APPENDS / 4, dbName: db('strict'), withMeta: true, durability: 'strict' }),
      );
      relaxed.push(
        await call(page, 'rawRun', { n: APPENDS / 4, dbName: db('relaxed'), withMeta: true, durability: 'relaxed' }),
      );
      awaited.push(await call(page, 'appendRun', { n: APPENDS, dbName: db('append'), burst: false }));
      noJournal.push(
        await call(page, 'appendRun', { n: APPENDS, dbName: db('append-none'), burst: false, durability: 'none' }),
      );
      burst.push(await call(page, 'appendRun', { n: APPENDS, dbName: db('burst'), burst: true }));
      inThread.push(await call(page, 'appendRun', { n: APPENDS, dbName: db('thread'), burst: false, inThread: true }));
      raw.push(await call(page, 'rawRun', { n: APPENDS, dbName: db('raw'), withMeta: false }));
      rawMeta.push(await call(page, 'rawRun', { n: APPENDS, dbName: db('raw-meta'), withMeta: true }));
      pattern.push(await call(page, 'rawEnginePattern', { n: APPENDS, dbName: db('pattern') }));
      locked.push(await call(page, 'rawEnginePattern', { n: APPENDS / 4, dbName: db('locked'), withLock: true }));
    }
    const longTasks = (runs: Call<'appendRun'>[]): string =>
      `${fmt(median(runs.map((r) => r.longTasks)))} (max ${fmt(Math.max(...runs.map((r) => r.longTasks)))}; longest ${ms(Math.max(...runs.map((r) => r.maxLongTaskMs)))})`;
    rows.push([
      `Main-thread long tasks, ${fmt(APPENDS)} awaited appends via worker`,
      longTasks(awaited),
      '0',
      met(median(awaited.map((r) => r.longTasks)) === 0),
    ]);
    rows.push([
      `Main-thread long tasks, ${fmt(APPENDS)} appends fired at once`,
      longTasks(burst),
      '0',
      met(median(burst.map((r) => r.longTasks)) === 0),
    ]);

    const lat = (runs: { latencies: number[] }[], q: number): number =>
      median(runs.map((r) => quantile(r.latencies, q)));
    const workerMedian = lat(awaited, 0.5);
    const rawMedian = lat(raw, 0.5);
    const trips = await call(page, 'roundTrips', { n: 500, dbName: db('trip') });
    const noJournalMedian = lat(noJournal, 0.5);
    rows.push([
      `Append latency, worker + IndexedDB + OPFS journal (default, journalWrites '${awaited[0]!.journalWrites}'; median / p95)`,
      `${ms(workerMedian)} / ${ms(lat(awaited, 0.95))}`,
      '≤ 2.5× raw',
      '',
    ]);
    rows.push([
      "Append latency, worker + IndexedDB, `durability: 'none'` (median / p95)",
      `${ms(noJournalMedian)} / ${ms(lat(noJournal, 0.95))}`,
      '≤ 2× raw',
      '',
    ]);
    rows.push([
      'Raw `idb` put of the same record, same page (median / p95)',
      `${ms(rawMedian)} / ${ms(lat(raw, 0.95))}`,
      '',
      '',
    ]);
    rows.push([
      '  ratio worker + journal / raw',
      `${fmt(workerMedian / rawMedian, 2)}×`,
      '≤ 2.5×',
      met(workerMedian / rawMedian <= 2.5),
    ]);
    rows.push([
      '  ratio worker without journal / raw',
      `${fmt(noJournalMedian / rawMedian, 2)}×`,
      '≤ 2×',
      met(noJournalMedian / rawMedian <= 2),
    ]);
    rows.push([
      '  where it goes: same engine in the page (createMemory, IndexedDB)',
      `${ms(lat(inThread, 0.5))} / ${ms(lat(inThread, 0.95))}`,
      '',
      '',
    ]);
    rows.push([
      '  worker round trip of a no-op call',
      `${ms(quantile(trips.latencies, 0.5))} / ${ms(quantile(trips.latencies, 0.95))}`,
      '',
      '',
    ]);
    rows.push([
      '  raw: record + session meta in one transaction',
      `${ms(lat(rawMeta, 0.5))} / ${ms(lat(rawMeta, 0.95))}`,
      '',
      '',
    ]);
    rows.push([
      "  raw: an add's I/O: version read + record + meta in one transaction, commit once the read passed",
      `${ms(lat(pattern, 0.5))} / ${ms(lat(pattern, 0.95))}`,
      '',
      '',
    ]);
    rows.push([
      '  raw: the same behind a Web Lock and a separate meta read (not done: the version read is in the transaction)',
      `${ms(lat(locked, 0.5))} / ${ms(lat(locked, 0.95))}`,
      '',
      '',
    ]);
    rows.push([
      "  raw: record + meta, IndexedDB `durability: 'strict'` / `'relaxed'` (fsync per commit or not)",
      `${ms(lat(strict, 0.5))} / ${ms(lat(relaxed, 0.5))} (p95 ${ms(lat(strict, 0.95))} / ${ms(lat(relaxed, 0.95))})`,
      '',
      '',
    ]);
    rows.push([
      '  raw: Web Lock acquisition alone',
      `${ms(median(locked.map((r) => quantile(r.lock, 0.5))))} / ${ms(median(locked.map((r) => quantile(r.lock, 0.95))))}`,
      '',
      '',
    ]);
    rows.push([
      `Throughput: ${fmt(APPENDS)} awaited / fired-at-once appends`,
      `${ms(median(awaited.map((r) => r.totalMs)))} / ${ms(median(burst.map((r) => r.totalMs)))}`,
      '',
      '',
    ]);

    // Playwright's contexts are off the record, where Chromium keeps OPFS in memory behind an
    // IPC per call; a user's profile writes OPFS files directly. Measure the journal there too.
    const profileDir = mkdtempSync(join(tmpdir(), 'recallkit-bench-profile-'));
    const persistent = await chromium.launchPersistentContext(profileDir, chromiumLaunchOptions);
    try {
      const p = persistent.pages()[0] ?? (await persistent.newPage());
      await p.goto(url);
      await p.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
      const pj: Call<'appendRun'>[] = [];
      const pn: Call<'appendRun'>[] = [];
      const pr: Call<'rawRun'>[] = [];
      for (let r = 0; r < RUNS; r++) {
        pj.push(await call(p, 'appendRun', { n: APPENDS, dbName: db('p-append'), burst: false }));
        pn.push(await call(p, 'appendRun', { n: APPENDS, dbName: db('p-none'), burst: false, durability: 'none' }));
        pr.push(await call(p, 'rawRun', { n: APPENDS, dbName: db('p-raw'), withMeta: false }));
      }
      const [j, n, raw0] = [lat(pj, 0.5), lat(pn, 0.5), lat(pr, 0.5)];
      rows.push([
        `Regular (persistent) profile: append with journal ('${pj[0]!.journalWrites}') / none / raw \`idb\` put (median)`,
        `${ms(j)} / ${ms(n)} / ${ms(raw0)}`,
        '',
        '',
      ]);
      rows.push([
        '  ratio worker + journal / raw, regular profile',
        `${fmt(j / raw0, 2)}× (none ${fmt(n / raw0, 2)}×)`,
        '≤ 2.5×',
        met(j / raw0 <= 2.5),
      ]);
    } finally {
      await persistent.close();
      rmSync(profileDir, { recursive: true, force: true });
    }

    if (process.env['RECALLKIT_BENCH_APPENDS_ONLY']) return report(rows);

    // Start-up: cold (a new profile) and warm (reloaded), to createWorkerMemory and the first add.
    rows.push(...(await startupRows(url, RUNS)));

    // Reopen: a new worker on an existing database, first context of the session.
    const bigDb = db('big');
    const smallDb = db('small');
    const bigBuild = await call(page, 'buildSession', { dbName: bigDb, sessionId: 'big', ...BIG });
    const smallBuild = await call(page, 'buildSession', { dbName: smallDb, sessionId: 'small', ...SMALL });
    const big: Call<'reopen'>[] = [];
    const small: Call<'reopen'>[] = [];
    for (let r = 0; r < RUNS; r++) {
      big.push(await call(page, 'reopen', { dbName: bigDb, sessionId: 'big' }));
      small.push(await call(page, 'reopen', { dbName: smallDb, sessionId: 'small' }));
    }
    const bigOpen = median(big.map((r) => r.openMs));
    const smallOpen = median(small.map((r) => r.openMs));
    const bigFirst = median(big.map((r) => r.openMs + r.contextMs));
    const smallFirst = median(small.map((r) => r.openMs + r.contextMs));
    const reopenRow = (size: typeof BIG, runs: Call<'reopen'>[]): string[] => [
      `Reopen ${fmt(size.total)}-entry session (${fmt(size.total - size.active)} compressed, ${size.summaries} summaries): first call`,
      `${ms(median(runs.map((r) => r.openMs)))} (then context ${ms(median(runs.map((r) => r.contextMs)))}; worker start ${ms(median(runs.map((r) => r.startMs)))})`,
      '',
      '',
    ];
    rows.push(reopenRow(BIG, big));
    rows.push(reopenRow(SMALL, small));
    rows.push([
      '  ratio 100k / 1k: first call / first call + context',
      `${fmt(bigOpen / smallOpen, 2)}× / ${fmt(bigFirst / smallFirst, 2)}×`,
      '≤ 2×',
      `${met(bigOpen / smallOpen <= 2)} / ${met(bigFirst / smallFirst <= 2)}`,
    ]);
    rows.push([
      `Building them: importSession of ${fmt(BIG.total)} / ${fmt(SMALL.total)} entries`,
      `${ms(bigBuild.importMs)} / ${ms(smallBuild.importMs)}`,
      '',
      '',
    ]);

    // The journal's cost on open and on disk: the same 100,000-entry session without a journal.
    const before = await call(page, 'usage', undefined as never);
    const plainDb = db('big-none');
    const plainBuild = await call(page, 'buildSession', {
      dbName: plainDb,
      sessionId: 'big',
      ...BIG,
      durability: 'none',
    });
    const afterPlain = await call(page, 'usage', undefined as never);
    const plain: Call<'reopen'>[] = [];
    for (let r = 0; r < RUNS; r++)
      plain.push(await call(page, 'reopen', { dbName: plainDb, sessionId: 'big', durability: 'none' }));
    const startJ = median(big.map((r) => r.startMs));
    const startN = median(plain.map((r) => r.startMs));
    rows.push([
      `Cold-start overhead of the journal: worker start on the ${fmt(BIG.total)}-entry database, journal / none`,
      `${ms(startJ)} / ${ms(startN)} (+${ms(startJ - startN)})`,
      '',
      '',
    ]);
    rows.push([
      `  importSession of ${fmt(BIG.total)} entries, journal / none`,
      `${ms(bigBuild.importMs)} / ${ms(plainBuild.importMs)}`,
      '',
      '',
    ]);
    const idbBytes = afterPlain - before;
    const journalBytes = big[0]!.journalBytes;
    rows.push([
      `Storage: IndexedDB (estimate) / journal file, ${fmt(BIG.total)} entries`,
      `${fmt(idbBytes / 1e6, 1)} MB / ${fmt(journalBytes / 1e6, 1)} MB (+${fmt((100 * journalBytes) / Math.max(1, idbBytes), 0)}%)`,
      '',
      '',
    ]);

    const version = browser.version();
    const table = report(rows);
    // The table stands without it: a failed pack (a broken install) is reported, not fatal.
    const bundle = await bundleSizes().catch(
      (error: unknown) => `not measured: ${String(error instanceof Error ? error.message.split('\n')[0] : error)}`,
    );
    await enginesTable(outDir);
    return [
      '## RecallKit in the browser (createWorkerMemory, IndexedDB, headless Chromium)',
      '',
      machineHeader(),
      `Chromium ${version} (headless, ${chromiumLaunchOptions.executablePath ?? "Playwright's"}); page and worker built by Vite ${await viteVersion()} from source.`,
      '',
      table,
      '',
      '### Bundle of a Vite app using createWorkerMemory (vite build, no config; gzip -9)',
      '',
      bundle,
    ].join('\n');
  } finally {
    await browser.close();
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The per-engine table (every engine of RECALLKIT_ENGINES): printed, and written to docs/performance.md. */
async function enginesTable(outDir: string): Promise<string> {
  const table = await enginesReport(outDir, selectedEngines(), Number(process.env['RECALLKIT_BENCH_ENGINE_RUNS'] ?? 3));
  console.log(table);
  writeDocTable(PERFORMANCE_DOC, 'browser-engines', table, { command: 'npm run bench:browser' });
  return table;
}

/** The rows as the Markdown table the run prints. */
function report(rows: string[][]): string {
  return markdownTable(
    [
      { header: 'Measure' },
      { header: `Median of ${RUNS} runs`, align: 'right' },
      { header: 'Goal' },
      { header: 'Met' },
    ],
    rows,
  );
}

function met(ok: boolean): string {
  return ok ? 'yes' : 'no';
}

async function viteVersion(): Promise<string> {
  const { version } = await import('vite');
  return version;
}

/** Build the e2e fixture app against the packed library and list what it ships. */
async function bundleSizes(): Promise<string> {
  const pkg = await packLibrary();
  const app = createUserApp(pkg);
  try {
    const built = await buildUserApp(app.root);
    return bundleTable(built.files);
  } finally {
    app.remove();
    pkg.remove();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runBrowserBench().then(
    (report) => {
      console.log(report);
      // A full run is what docs/performance.md shows; a partial one (…_ONLY) leaves it as it is.
      if (
        !process.env['RECALLKIT_BENCH_STARTUP_ONLY'] &&
        !process.env['RECALLKIT_BENCH_APPENDS_ONLY'] &&
        !process.env['RECALLKIT_BENCH_ENGINES_ONLY'] &&
        !process.env['RECALLKIT_BENCH_HOLDS_ONLY']
      )
        writeDocTable(PERFORMANCE_DOC, 'browser', report, { command: 'npm run bench:browser' });
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
