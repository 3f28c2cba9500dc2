/**
 * Start-up of a built Vite app in headless Chromium, as a user meets it: time to
 * `createWorkerMemory` resolved and to the first add resolved.
 *
 * - Cold: a new browser profile each run (empty HTTP cache, code cache, IndexedDB and OPFS).
 * - Warm: the same profile reloaded (files in the HTTP cache, compiled code in the code cache,
 *   the database and journal already there).
 *
 * Each profile is a persistent context (a regular profile, as a user's browser has it:
 * Playwright's off-the-record contexts keep their caches in memory only).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright';
import { chromiumLaunchOptions } from '../../vite.config.js';
import { quantile } from '../lib/stats.js';
import { ms } from '../lib/table.js';
import type { BrowserBench } from './page/main.js';

type StartUp = Awaited<ReturnType<BrowserBench['startUp']>>;
type Parts = Awaited<ReturnType<BrowserBench['tokenizerParts']>>;
type StartOptions = Parameters<BrowserBench['startUp']>[0];

/** Reloads of each profile measured as warm starts. */
const WARM_RELOADS = 3;

const median = (xs: readonly number[]): number => quantile(xs, 0.5);

async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
}

function startUp(page: Page, options: StartOptions): Promise<StartUp> {
  return page.evaluate(
    (o) => (globalThis as unknown as { recallkitBench: BrowserBench }).recallkitBench.startUp(o),
    options,
  );
}

function tokenizerParts(page: Page): Promise<Parts> {
  return page.evaluate(() =>
    (globalThis as unknown as { recallkitBench: BrowserBench }).recallkitBench.tokenizerParts(),
  );
}

/** Measure `runs` cold profiles, each reloaded {@link WARM_RELOADS} times; returns table rows. */
export async function startupRows(url: string, runs: number): Promise<string[][]> {
  const cold: StartUp[] = [];
  const warm: StartUp[] = [];
  const warmNone: StartUp[] = [];
  const warmWords: StartUp[] = [];
  const coldParts: Parts[] = [];
  const warmParts: Parts[] = [];
  for (let r = 0; r < runs; r++) {
    const profile = mkdtempSync(join(tmpdir(), 'recallkit-bench-start-'));
    const context = await chromium.launchPersistentContext(profile, chromiumLaunchOptions);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(url);
      await ready(page);
      cold.push(await startUp(page, { dbName: 'app' }));
      for (let w = 0; w < WARM_RELOADS; w++) {
        await page.reload();
        await ready(page);
        warm.push(await startUp(page, { dbName: 'app' }));
      }
      await page.reload();
      await ready(page);
      warmNone.push(await startUp(page, { dbName: 'app-none', durability: 'none' }));
      await page.reload();
      await ready(page);
      warmWords.push(await startUp(page, { dbName: 'app-page', inPage: 'words' }));
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
    // The tokenizer's parts in a page, cold (fresh profile) then warm (reloaded).
    const partsProfile = mkdtempSync(join(tmpdir(), 'recallkit-bench-start-'));
    const partsContext = await chromium.launchPersistentContext(partsProfile, chromiumLaunchOptions);
    try {
      const page = partsContext.pages()[0] ?? (await partsContext.newPage());
      await page.goto(url);
      await ready(page);
      coldParts.push(await tokenizerParts(page));
      await page.reload();
      await ready(page);
      warmParts.push(await tokenizerParts(page));
    } finally {
      await partsContext.close();
      rmSync(partsProfile, { recursive: true, force: true });
    }
  }
  const pair = (xs: StartUp[]): string =>
    `${ms(median(xs.map((x) => x.created)))} / ${ms(median(xs.map((x) => x.firstAdd)))}`;
  const parts = (xs: Parts[]): string =>
    `${ms(median(xs.map((p) => p.wasmMs)))} / ${ms(median(xs.map((p) => p.ranksMs)))} / ${ms(median(xs.map((p) => p.encoderMs)))}`;
  const counterPair = (): string =>
    `${ms(median(coldParts.map((p) => p.counterMs)))} / ${ms(median(warmParts.map((p) => p.counterMs)))}`;
  const coldAdd = median(cold.map((x) => x.firstAdd));
  const warmAdd = median(warm.map((x) => x.firstAdd));
  return [
    [
      'Start-up, cold (new profile): createWorkerMemory / first add resolved',
      pair(cold),
      '≤ 800 ms (first add)',
      met(coldAdd <= 800),
    ],
    [
      'Start-up, warm (reload): createWorkerMemory / first add resolved',
      pair(warm),
      '≤ 300 ms (first add)',
      met(warmAdd <= 300),
    ],
    ["  warm, `durability: 'none'`", pair(warmNone), '', ''],
    [
      '  warm, the database alone: createMemory in the page with a word counter (no worker, no tiktoken)',
      pair(warmWords),
      '',
      '',
    ],
    ["  RecallKit's o200k counter in a page, cold / warm: `loadTiktoken` to a first count", counterPair(), '', ''],
    ["  tiktoken's WASM build of o200k in a page, cold: WASM / ranks / encoder build", parts(coldParts), '', ''],
    ["  tiktoken's WASM build of o200k in a page, warm: WASM / ranks / encoder build", parts(warmParts), '', ''],
  ];
}

function met(ok: boolean): string {
  return ok ? 'yes' : 'no';
}
