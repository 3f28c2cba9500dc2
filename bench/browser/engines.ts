/**
 * Start-up and add latency per browser engine (Chromium, Firefox ESR, WebKitGTK's MiniBrowser),
 * in the same run on the same built page: create → first add resolved, cold (a new profile) and
 * warm (the page reloaded), against the floor a user could pick instead (IndexedDB opened and
 * `gpt-tokenizer`'s o200k counter loaded to count one message), and an awaited add against a raw
 * awaited IndexedDB put in the page (interleaved rounds; the median of the rounds' ratios).
 *
 * Each browser is launched as a user runs it, on a profile directory of its own, on the page's
 * URL: the page runs its steps by itself and posts each result (`runSteps` in page/main.ts), so
 * the one engine no driver can call into here (MiniBrowser) is measured like the others.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { CHROMIUM_PATH, FIREFOX_PATH, type EngineName } from '../../test/support/engines/engines.js';
import { launchMiniBrowser } from '../../test/support/engines/minibrowser.js';
import { stopGroup } from '../../test/support/engines/processes.js';
import { quantile } from '../lib/stats.js';

/** Reloads measured as warm starts after the cold one. */
const WARM = 3;
/** Adds and puts per round, and interleaved rounds, of the add-vs-put measure. */
const ADDS = 60;
const ROUNDS = 3;

/** What one engine measured (ms; ratios are of medians). */
export interface EngineFigures {
  engine: EngineName;
  userAgent: string;
  coldFirstAdd: number;
  warmFirstAdd: number;
  coldFloor: number;
  warmFloor: number;
  /** Median of the rounds' (mean add / mean put). */
  addVsPut: number;
  addMs: number;
  putMs: number;
  /** A new session's first add (ms, median of rounds), and the later adds' mean against the put (median of rounds). */
  firstAddMs: number;
  laterVsPut: number;
  /** Where an add's time goes (mean ms): no journal, the engine in the page (no worker), entry + meta put. */
  noJournalMs: number;
  inPageMs: number;
  putMetaMs: number;
  /** A worker call that does no work (`updateConfig({})`), mean ms. */
  roundTripMs: number;
  journalWrites: string;
}

interface Posted {
  at: number;
  name: string;
  userAgent: string;
  result: { ok: true; value: unknown } | { ok: false; error: string };
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/** A static server of the built page on 127.0.0.1, with `POST /result` handed to `onResult`. */
function serve(dir: string, onResult: (posted: Posted) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/result') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        res.end('ok');
        onResult(JSON.parse(body) as Posted);
      });
      return;
    }
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    res.setHeader('content-type', MIME[extname(file)] ?? 'application/octet-stream');
    res.setHeader('cache-control', 'max-age=3600');
    // Cross-origin isolated: timers precise to microseconds, not Firefox's 1 ms.
    res.setHeader('cross-origin-opener-policy', 'same-origin');
    res.setHeader('cross-origin-embedder-policy', 'require-corp');
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}/`, server });
    }),
  );
}

/** Launch `engine` on `url` with a new profile; resolves with a stop function. */
function launch(engine: EngineName, url: string): () => Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), `recallkit-bench-engines-${engine}-`));
  let child: ChildProcess | undefined;
  let stop: () => Promise<void>;
  if (engine === 'webkit') {
    const browser = launchMiniBrowser(url, { profile });
    stop = () => browser.close();
  } else {
    if (engine === 'chromium') {
      child = spawn(
        CHROMIUM_PATH || 'chromium',
        [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          `--user-data-dir=${profile}`,
          url,
        ],
        { detached: true, stdio: 'ignore' },
      );
    } else {
      writeFileSync(
        join(profile, 'user.js'),
        [
          'user_pref("browser.shell.checkDefaultBrowser", false);',
          'user_pref("browser.startup.homepage_override.mstone", "ignore");',
          'user_pref("datareporting.policy.dataSubmissionEnabled", false);',
          'user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);',
          'user_pref("browser.aboutwelcome.enabled", false);',
        ].join('\n'),
      );
      child = spawn(FIREFOX_PATH, ['--headless', '--no-remote', '--profile', profile, url], {
        detached: true,
        stdio: 'ignore',
      });
    }
    const c = child;
    stop = () => stopGroup(c);
  }
  return async () => {
    await stop();
    rmSync(profile, { recursive: true, force: true });
  };
}

/**
 * How long a profile's page waits after the browser's launch before its first step
 * (`RECALLKIT_BENCH_SETTLE_MS`, default 0): a Firefox just launched runs its own start-up work
 * beside the page for several seconds, which made its first warm reloads 2x slower than later ones.
 */
const SETTLE_MS = Number(process.env['RECALLKIT_BENCH_SETTLE_MS'] ?? 0);

/** Run `steps` of the bench page in a new profile of `engine`; resolves with each step's value, in order. */
export async function runProfile(
  engine: EngineName,
  dir: string,
  measured: [name: string, options: unknown][],
): Promise<{ values: unknown[]; userAgent: string }> {
  const settle = SETTLE_MS > 0 ? 1 : 0;
  const steps: [string, unknown][] = settle ? [['settle', { ms: SETTLE_MS }], ...measured] : measured;
  const values: unknown[] = [];
  let userAgent = '';
  let done!: () => void;
  let failed!: (e: Error) => void;
  const finished = new Promise<void>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  const { url, server } = await serve(dir, (posted) => {
    if (!posted.result.ok) return failed(new Error(`${engine} ${posted.name}: ${posted.result.error}`));
    values[posted.at] = posted.result.value;
    userAgent = posted.userAgent;
    if (values.filter((v) => v !== undefined).length === steps.length) done();
  });
  const query = new URLSearchParams({ steps: steps.map(([n, o]) => `${n}:${JSON.stringify(o)}`).join(';'), at: '0' });
  const stop = launch(engine, `${url}?${query.toString()}`);
  // A hang detector, not a measure: a slow machine only takes longer.
  const timer = setTimeout(() => failed(new Error(`${engine}: no result after 10 minutes`)), 600_000);
  try {
    await finished;
  } finally {
    clearTimeout(timer);
    await stop();
    await new Promise((r) => server.close(r));
    server.closeAllConnections();
  }
  return { values: values.slice(settle), userAgent };
}

const median = (xs: readonly number[]): number => quantile(xs, 0.5);

/** Measure `engine` over `runs` profiles. */
export async function measureEngine(engine: EngineName, dir: string, runs: number): Promise<EngineFigures> {
  const cold: number[] = [];
  const warm: number[] = [];
  const coldFloor: number[] = [];
  const warmFloor: number[] = [];
  const ratios: number[] = [];
  const adds: number[] = [];
  const puts: number[] = [];
  const firsts: number[] = [];
  const laterRatios: number[] = [];
  const noJournal: number[] = [];
  const inPage: number[] = [];
  const putMeta: number[] = [];
  const trips: number[] = [];
  let journalWrites = 'none';
  let userAgent = '';
  for (let r = 0; r < runs; r++) {
    const start = await runProfile(engine, dir, [
      ...Array.from({ length: 1 + WARM }, () => ['startUp', { dbName: 'app' }] as [string, unknown]),
      ['addVsPut', { n: ADDS, rounds: ROUNDS, dbName: `bench-${r}` }],
    ]);
    userAgent = start.userAgent;
    const starts = start.values.slice(0, 1 + WARM) as { firstAdd: number }[];
    cold.push(starts[0]!.firstAdd);
    warm.push(...starts.slice(1).map((s) => s.firstAdd));
    const measured = start.values[1 + WARM] as {
      rounds: {
        addMs: number;
        firstAddMs: number;
        laterAddMs: number;
        putMs: number;
        noJournalMs: number;
        inPageMs: number;
        putMetaMs: number;
        roundTripMs: number;
      }[];
      journalWrites: string;
    };
    journalWrites = measured.journalWrites;
    for (const round of measured.rounds) {
      ratios.push(round.addMs / round.putMs);
      adds.push(round.addMs);
      puts.push(round.putMs);
      firsts.push(round.firstAddMs);
      laterRatios.push(round.laterAddMs / round.putMs);
      noJournal.push(round.noJournalMs);
      inPage.push(round.inPageMs);
      putMeta.push(round.putMetaMs);
      trips.push(round.roundTripMs);
    }
    const floors = await runProfile(
      engine,
      dir,
      Array.from({ length: 1 + WARM }, () => ['floor', { dbName: 'floor' }] as [string, unknown]),
    );
    const f = floors.values as { firstCount: number }[];
    coldFloor.push(f[0]!.firstCount);
    warmFloor.push(...f.slice(1).map((x) => x.firstCount));
  }
  return {
    engine,
    userAgent,
    coldFirstAdd: median(cold),
    warmFirstAdd: median(warm),
    coldFloor: median(coldFloor),
    warmFloor: median(warmFloor),
    addVsPut: median(ratios),
    addMs: median(adds),
    putMs: median(puts),
    firstAddMs: median(firsts),
    laterVsPut: median(laterRatios),
    noJournalMs: median(noJournal),
    inPageMs: median(inPage),
    putMetaMs: median(putMeta),
    roundTripMs: median(trips),
    journalWrites,
  };
}

const RATIO = (x: number): string => `${x.toFixed(2)}x`;
const MS = (x: number): string => `${Math.round(x)} ms`;

/** Measure every engine in `engines` and return the Markdown table (goals from #36, as ratios). */
export async function enginesReport(dir: string, engines: readonly EngineName[], runs: number): Promise<string> {
  const figures: EngineFigures[] = [];
  for (const engine of engines) figures.push(await measureEngine(engine, dir, runs));
  const chromium = figures.find((f) => f.engine === 'chromium');
  const rows = figures.map((f) => [
    f.engine,
    `${MS(f.coldFirstAdd)} / ${MS(f.warmFirstAdd)}`,
    `${MS(f.coldFloor)} / ${MS(f.warmFloor)}`,
    `${RATIO(f.warmFirstAdd / f.warmFloor)} (≤ 1.5x: ${f.warmFirstAdd <= 1.5 * f.warmFloor ? 'yes' : 'no'})`,
    chromium
      ? `${RATIO(f.warmFirstAdd / chromium.warmFirstAdd)} (≤ 1.5x: ${f.warmFirstAdd <= 1.5 * chromium.warmFirstAdd ? 'yes' : 'no'})`
      : '—',
    `${f.addMs.toFixed(2)} ms / ${f.putMs.toFixed(2)} ms`,
    `${RATIO(f.addVsPut)} (≤ 3x: ${f.addVsPut <= 3 ? 'yes' : 'no'})`,
    `${MS(f.firstAddMs)} / ${RATIO(f.laterVsPut)}`,
    f.journalWrites,
    `${f.noJournalMs.toFixed(2)} / ${f.inPageMs.toFixed(2)} / ${f.putMetaMs.toFixed(2)} / ${f.roundTripMs.toFixed(2)} ms`,
  ]);
  const header =
    '| Engine | Create → first add, cold / warm | Floor (IndexedDB + gpt-tokenizer o200k count), cold / warm | Warm start / warm floor | Warm start / Chromium’s | Awaited add / raw put (mean, median of rounds) | Add / put (median of the rounds’ ratios) | A session’s first add / the later adds against the put | Journal writes | Add without the journal / add in the page (no worker) / raw entry + meta put / a worker call doing nothing |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|';
  const agents = figures.map((f) => `- ${f.engine}: ${f.userAgent}`).join('\n');
  return [
    `## Per engine: start-up and add latency (${runs} profile${runs === 1 ? '' : 's'} each; ${WARM} warm reloads; ${ROUNDS} interleaved rounds of ${ADDS} adds and ${ADDS} puts)`,
    '',
    header,
    rule,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    agents,
  ].join('\n');
}
