/**
 * Every Node benchmark in sequence, printed as Markdown under one machine header:
 * token counting, context assembly, scaling, heap, recall, recall in the context, and
 * background compression (add latency and wall time with a slow summarizer), and facts (the add
 * path and the context read with facts on and off).
 * Numbers are medians of several runs; nothing is asserted.
 *
 * Run: `npm run bench` (`tsx bench/run.ts`). Pass bench names to run only some:
 * `npm run bench -- context scaling`.
 * @module
 */
import { runBackgroundBench } from './background.js';
import { runContextBench } from './context.js';
import { runFactsBench } from './facts.js';
import { runHeapBench } from './heap.js';
import { capturePrinted, PERFORMANCE_DOC, writeDocTable } from './lib/doc-table.js';
import { machineHeader } from './lib/machine.js';
import { ms } from './lib/table.js';
import { runScalingBench } from './scaling.js';
import { runTokensBench } from './tokens.js';

/** A bench returns its tables, or prints them itself and returns nothing. */
type Bench = () => Promise<string | void>;

/** bench/recall.ts is optional: its `runRecallBench` runs when the file exists and exports it. */
const recallBench = (): Promise<Bench | undefined> => optionalBench('./recall.js', 'runRecallBench');

/** An optional bench: `run` of `specifier` when the file exists and exports it. */
async function optionalBench(specifier: string, run: string): Promise<Bench | undefined> {
  const file = specifier.replace(/^\.\//, 'bench/').replace(/\.js$/, '');
  try {
    const module = (await import(specifier)) as Record<string, unknown>;
    return typeof module[run] === 'function' ? (module[run] as Bench) : undefined;
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code === 'ERR_MODULE_NOT_FOUND' && message?.includes(file)) return undefined;
    return () => Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

async function main(only: readonly string[]): Promise<void> {
  const benches: [string, Bench | undefined][] = [
    ['tokens', runTokensBench],
    ['context', runContextBench],
    ['scaling', runScalingBench],
    ['heap', runHeapBench],
    ['recall', await recallBench()],
    ['recall-context', await optionalBench('./recall-context.js', 'runRecallContextBench')],
    ['background', runBackgroundBench],
    ['facts', runFactsBench],
  ];
  const timings: string[] = [];
  const started = performance.now();
  console.log(`# RecallKit benchmarks\n\n${machineHeader()}\nStarted ${new Date().toISOString()}.\n`);
  for (const [name, run] of benches) {
    if (only.length > 0 && !only.includes(name)) continue;
    if (!run) {
      timings.push(`${name}: skipped (bench/${name}.ts not found or exports no run function)`);
      continue;
    }
    const start = performance.now();
    try {
      const table = await capturePrinted(async () => {
        const returned = await run();
        if (typeof returned === 'string') console.log(returned);
      });
      writeDocTable(PERFORMANCE_DOC, name, table); // docs/performance.md shows what this run measured
      console.log('');
      timings.push(`${name}: ${ms(performance.now() - start)}`);
    } catch (error) {
      // One broken bench must not hide the others' tables.
      console.log(`## ${name}: failed\n\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      timings.push(`${name}: failed`);
      process.exitCode = 1;
    }
  }
  console.log(`Bench times: ${timings.join('; ')}; total ${ms(performance.now() - started)}.`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
