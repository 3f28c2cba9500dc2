/**
 * The shapes of an add's IndexedDB transaction per engine (#36), from the bench page's `txShapes`
 * (`page/tx-shapes.ts`): a raw put of one record, the entry and meta put over two stores, with the
 * version check's read first (the engine's shape), with an explicit `commit()` or none, with a
 * durability hint, with a smaller meta, with the meta in the entries' store. One new profile per
 * engine per pair, the engines taking turns; prints per engine and shape the median over every
 * round of the mean write (ms) and of its ratio to the raw put of the same round, with the load
 * average. Asserts nothing; writes no docs.
 *
 * Run: build the page (`RECALLKIT_TRACE_BUILD=dir npx tsx bench/browser/trace.ts`), then
 * `RECALLKIT_TX_SHAPES_DIR=dir npx tsx bench/browser/tx-shapes.ts` (`RECALLKIT_TX_SHAPES_PAIRS`,
 * default 2; `RECALLKIT_ENGINES` picks engines).
 * @module
 */
import { loadavg } from 'node:os';
import { runProfile } from './engines.js';
import { median } from '../lib/stats.js';
import { selectedEngines, type EngineName } from '../../test/support/engines/engines.js';

interface Measured {
  means: Record<string, number[]>;
  sizes: { meta: number; entry: number };
}

/** The page's step (`txShapes`, or `journalOverlap` of `page/overlap.ts`) and the shape the others are divided by. */
const STEP = process.env['RECALLKIT_TX_SHAPES_STEP'] ?? 'txShapes';
const BASE = STEP === 'txShapes' ? 'put1 plain' : 'raw put';

async function main(): Promise<void> {
  const dir = process.env['RECALLKIT_TX_SHAPES_DIR'];
  if (!dir) throw new Error('set RECALLKIT_TX_SHAPES_DIR to a built bench page');
  const pairs = Number(process.env['RECALLKIT_TX_SHAPES_PAIRS'] ?? 2);
  const engines = selectedEngines();
  const got = new Map<EngineName, Measured[]>(engines.map((e) => [e, []]));
  const loads: number[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    for (const engine of pair % 2 ? [...engines].reverse() : engines) {
      const { values } = await runProfile(engine, dir, [[STEP, { n: 40, rounds: 5, dbName: `shapes-${pair}` }]]);
      got.get(engine)!.push(values[0] as Measured);
      loads.push(loadavg()[0] ?? 0);
      console.log(`pair ${pair} ${engine} done (load ${loads.at(-1)!.toFixed(1)})`);
    }
  }
  const first = [...got.values()][0]![0]!;
  console.log(`\nrecords (JSON chars): meta ${first.sizes.meta}, entry ${first.sizes.entry}`);
  console.log(`load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}\n`);
  console.log(`| shape | ${engines.map((e) => `${e} ms | ${e} / put1`).join(' | ')} |`);
  console.log(`|---|${engines.map(() => '---:|---:').join('|')}|`);
  for (const shape of Object.keys(first.means)) {
    const cells = engines.map((engine) => {
      const runs = got.get(engine)!;
      const ms = runs.flatMap((m) => m.means[shape]!);
      const ratios = runs.flatMap((m) => m.means[shape]!.map((x, r) => x / m.means[BASE]![r]!));
      const lo = Math.min(...ratios).toFixed(2);
      const hi = Math.max(...ratios).toFixed(2);
      return `${median(ms).toFixed(2)} | ${median(ratios).toFixed(2)}x (${lo}–${hi})`;
    });
    console.log(`| ${shape} | ${cells.join(' | ')} |`);
  }
}

await main();
