/**
 * Two builds of the bench page compared on #36's measures, in the same run: for each pair, each
 * build in turn (the first to run alternating), each engine one profile of `measureEngine`
 * (`engines.ts`: a cold start, three warm reloads, the add-vs-put rounds, the floor). Prints one
 * line per profile (with the load average when it ended) and, per build and engine, the medians
 * over the pairs of: the warm start to the first add, it against the warm floor, it against
 * Chromium's warm start of the same pair and build, and the add against a raw put. Asserts
 * nothing; writes no docs.
 *
 * Run: build each page first (`RECALLKIT_TRACE_BUILD=dir npx tsx bench/browser/trace.ts`, once
 * per tree), then `RECALLKIT_ENGINES_AB_DIRS=old,new npx tsx bench/browser/engines-ab.ts`
 * (`RECALLKIT_ENGINES_AB_PAIRS`, default 4; `RECALLKIT_ENGINES` picks engines: Chromium's figures
 * are needed for the ratio against Chromium).
 * @module
 */
import { loadavg } from 'node:os';
import { measureEngine, type EngineFigures } from './engines.js';
import { median } from '../lib/stats.js';
import { selectedEngines, type EngineName } from '../../test/support/engines/engines.js';

interface Run {
  pair: number;
  build: number;
  engine: EngineName;
  load: number;
  figures: EngineFigures;
}

const f2 = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '—');
const ms = (x: number): string => (Number.isFinite(x) ? `${Math.round(x)} ms` : '—');

async function main(): Promise<void> {
  const dirs = process.env['RECALLKIT_ENGINES_AB_DIRS']?.split(',');
  if (!dirs || dirs.length < 2) throw new Error('set RECALLKIT_ENGINES_AB_DIRS=old,new (built bench pages)');
  const pairs = Number(process.env['RECALLKIT_ENGINES_AB_PAIRS'] ?? 4);
  const engines = selectedEngines();
  const runs: Run[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    const order = pair % 2 ? [...dirs].reverse() : dirs;
    for (const dir of order) {
      for (const engine of engines) {
        const figures = await measureEngine(engine, dir, 1);
        const run: Run = { pair, build: dirs.indexOf(dir), engine, load: loadavg()[0] ?? 0, figures };
        runs.push(run);
        console.log(
          `pair ${pair} build ${run.build} ${engine} (load ${run.load.toFixed(1)}): warm ${ms(figures.warmFirstAdd)}, ` +
            `warm floor ${ms(figures.warmFloor)}, cold ${ms(figures.coldFirstAdd)}, add/put ${f2(figures.addVsPut)}`,
        );
      }
    }
  }
  const chromiumOf = (run: Run): number =>
    runs.find((r) => r.engine === 'chromium' && r.pair === run.pair && r.build === run.build)?.figures.warmFirstAdd ??
    Number.NaN;
  console.log('\n| engine | build | warm start | warm / floor | warm / Chromium’s | add / put | load |');
  console.log('|---|---|---:|---:|---:|---:|---|');
  for (const engine of engines) {
    for (let build = 0; build < dirs.length; build++) {
      const mine = runs.filter((r) => r.engine === engine && r.build === build);
      const loads = mine.map((r) => r.load);
      console.log(
        `| ${engine} | ${build} | ${ms(median(mine.map((r) => r.figures.warmFirstAdd)))} | ` +
          `${f2(median(mine.map((r) => r.figures.warmFirstAdd / r.figures.warmFloor)))}x | ` +
          `${f2(median(mine.map((r) => r.figures.warmFirstAdd / chromiumOf(r)).filter(Number.isFinite)))}x | ` +
          `${f2(median(mine.map((r) => r.figures.addVsPut)))}x | ` +
          `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} |`,
      );
    }
  }
}

await main();
