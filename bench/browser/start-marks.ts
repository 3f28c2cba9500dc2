/**
 * Where each reload's warm start goes, per engine, from the page's navigation start: the page's
 * response, its script, the bench step (`createWorkerMemory`), and through the traced worker
 * (`page/trace-worker.ts`) the worker script's first line, `init` received and answered; then the
 * first add resolved. One profile per engine and run (`RECALLKIT_START_MARKS_RUNS`, default 2),
 * `RECALLKIT_START_MARKS_LOADS` loads each (default 8: a cold start, then reloads), and the medians
 * of the first three reloads (what the engines bench measures) against the later ones. Prints
 * tables; asserts nothing; writes no docs. `RECALLKIT_BENCH_SETTLE_MS` (engines.ts) waits after the
 * browser's launch first.
 *
 * Run: build the page (`RECALLKIT_TRACE_BUILD=dir npx tsx bench/browser/trace.ts`), then
 * `RECALLKIT_START_MARKS_DIR=dir npx tsx bench/browser/start-marks.ts` (`RECALLKIT_ENGINES` picks engines).
 * @module
 */
import { loadavg } from 'node:os';
import { runProfile } from './engines.js';
import { median } from '../lib/stats.js';
import { selectedEngines } from '../../test/support/engines/engines.js';

interface Mark {
  kind: string;
  at: number;
  detail?: string;
}

interface Start {
  firstAdd: number;
  marks: { responseEnd: number; script: number; start: number };
  trace?: Mark[];
  origin?: number;
}

const r = (x: number): string => (Number.isFinite(x) ? String(Math.round(x)) : '—');

/** One load's marks, ms from the navigation's start. */
function row(s: Start) {
  const { start } = s.marks;
  const fromNav = (m: Mark | undefined): number => (m && s.origin !== undefined ? m.at - s.origin : NaN);
  const init = s.trace?.find((m) => m.kind === 'recv' && /^APPLY:init/.test(m.detail ?? ''));
  const answered = s.trace?.find((m) => m.kind === 'reply' && m.at > (init?.at ?? Infinity));
  return {
    response: s.marks.responseEnd,
    pageScript: s.marks.script,
    start,
    workerScript: fromNav(s.trace?.find((m) => m.kind === 'script')),
    init: fromNav(init),
    initAnswered: fromNav(answered),
    firstAdd: start + s.firstAdd,
    startToFirstAdd: s.firstAdd,
  };
}

async function main(): Promise<void> {
  const dir = process.env['RECALLKIT_START_MARKS_DIR'];
  if (!dir) throw new Error('set RECALLKIT_START_MARKS_DIR to a built bench page');
  const runs = Number(process.env['RECALLKIT_START_MARKS_RUNS'] ?? 2);
  const loads = Number(process.env['RECALLKIT_START_MARKS_LOADS'] ?? 8);
  for (const engine of selectedEngines()) {
    const early: number[] = [];
    const later: number[] = [];
    for (let run = 0; run < runs; run++) {
      const { values } = await runProfile(
        engine,
        dir,
        Array.from({ length: loads }, () => ['startUp', { dbName: 'app', traced: true }] as [string, unknown]),
      );
      const rows = (values as Start[]).map(row);
      console.log(
        `\n### ${engine}, run ${run} (load average ${loadavg()[0]!.toFixed(1)}; ms from the navigation's start)\n`,
      );
      console.log(`| load | ${Object.keys(rows[0]!).join(' | ')} |`);
      console.log(
        `|---|${Object.keys(rows[0]!)
          .map(() => '---:')
          .join('|')}|`,
      );
      rows.forEach((x, i) =>
        console.log(`| ${i === 0 ? 'cold' : `reload ${i}`} | ${Object.values(x).map(r).join(' | ')} |`),
      );
      early.push(...rows.slice(1, 4).map((x) => x.startToFirstAdd));
      later.push(...rows.slice(4).map((x) => x.startToFirstAdd));
    }
    console.log(
      `\n${engine}: step start → first add, reloads 1–3 median ${r(median(early))} ms, reloads 4+ median ${r(median(later))} ms`,
    );
  }
}

await main();
