/**
 * How long each public call holds the worker (#31), in headless Chromium: the rows of the bench
 * page's `workerHolds` (the longest gap of a 1 ms timer inside the worker while the call ran),
 * as the table `docs/limits.md` shows beside the Node figures of `npm run bench:event-loop`.
 * @module
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright';
import type { BrowserBench } from './page/main.js';
import { markdownTable, ms } from '../lib/table.js';

/** The guide the table goes into (beside `npm run bench:event-loop`'s). */
export const LIMITS_DOC = join(fileURLToPath(new URL('../../', import.meta.url)), 'docs/limits.md');

/** Entries of the large session (`RECALLKIT_BENCH_HOLDS_N`, default 100,000). */
export const HOLDS_N = Number(process.env['RECALLKIT_BENCH_HOLDS_N'] ?? 100_000);

type Rows = Awaited<ReturnType<BrowserBench['workerHolds']>>;

/** Run the page's `workerHolds` on a fresh database; the Markdown table of its rows. */
export async function workerHoldsTable(page: Page, dbName: string, browserVersion: string): Promise<string> {
  const rows = (await page.evaluate(
    (options) => (globalThis as unknown as { recallkitBench: BrowserBench }).recallkitBench.workerHolds(options),
    { n: HOLDS_N, dbName },
  )) as Rows;
  for (const r of rows) console.error(`worker ${r.call}: hold ${ms(r.holdMs)}, took ${ms(r.tookMs)} (${r.result})`);
  const table = markdownTable(
    [
      { header: 'call' },
      { header: 'longest hold', align: 'right' },
      { header: 'call took', align: 'right' },
      { header: 'result' },
    ],
    rows.map((r) => [r.call, ms(r.holdMs), ms(r.tookMs), r.result]),
  );
  return [
    `## How long one call holds the worker (Chromium ${browserVersion}, ${HOLDS_N.toLocaleString('en-US')}-entry session)`,
    '',
    table,
    '',
    'Longest hold: the largest gap between ticks of a 1 ms interval timer inside the worker while the call ran',
    '(createWorkerMemory, IndexedDB with the OPFS journal, compression off so the whole history stays active).',
  ].join('\n');
}
