/**
 * How long one add at the content cap holds the event loop: `addUserMessage` of 1,000,000
 * characters (the default `maxContentLength`) of ordinary text and of unbroken runs, with a
 * 1 ms interval timer measuring the longest gap between its ticks while the add runs. Prints
 * a table; asserts nothing.
 *
 * Run: `npx tsx bench/add-blocking.ts`.
 * @module
 */
import { pathToFileURL } from 'node:url';
import { createMemory } from 'recallkit';
import { mixedText } from '../test/support/token-corpus.js';
import { machineHeader } from './lib/machine.js';
import { PERFORMANCE_DOC, writeDocTable } from './lib/doc-table.js';

const SIZE = 1_000_000;

const letters = (n: number, alphabet: string): string => {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
};

/** Inputs at the cap, each fresh (no part of it counted before). */
const INPUTS: [name: string, make: () => string][] = [
  ['ordinary text (mixed corpus, with line breaks)', () => mixedText(SIZE * 1.3).slice(0, SIZE)],
  [
    'ordinary text on one line',
    () =>
      mixedText(SIZE * 1.3)
        .replace(/\n/g, ' ')
        .slice(0, SIZE),
  ],
  ['unbroken run of random letters', () => letters(SIZE, 'abcdefghijklmnopqrstuvwxyz')],
  ['base64 without separators', () => letters(SIZE, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')],
  ['unbroken CJK run', () => letters(SIZE, '我们今天去公园散步天气非常好机器学习是人工智能的一个分支')],
];

/** The add's wall time and the longest the event loop was held during it, in ms. */
async function measure(add: () => Promise<unknown>): Promise<{ total: number; held: number }> {
  let last = performance.now();
  let held = 0;
  const timer = setInterval(() => {
    const t = performance.now();
    held = Math.max(held, t - last);
    last = t;
  }, 1);
  await new Promise((resolve) => setTimeout(resolve, 5));
  last = performance.now();
  held = 0;
  const start = performance.now();
  await add();
  const total = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 5));
  clearInterval(timer);
  return { total, held };
}

/** Runs the benchmark and returns the table as Markdown text. */
export async function runAddBlockingBench(): Promise<string> {
  const memory = await createMemory({ store: 'memory' });
  await memory.addUserMessage('warm-up', mixedText(20_000));
  const rows: string[] = [];
  for (const [i, [name, make]] of INPUTS.entries()) {
    const text = make();
    const { total, held } = await measure(() => memory.addUserMessage(`s${i}`, text));
    rows.push(`| ${name} | ${text.length.toLocaleString('en-US')} | ${total.toFixed(0)} | ${held.toFixed(0)} |`);
  }
  await memory.close();
  return [
    '## One add at the content cap (o200k_base, memory store)',
    '',
    '| content | characters | add: ms | longest event-loop hold: ms |',
    '|---|--:|--:|--:|',
    ...rows,
    '',
    'Longest hold: the largest gap between ticks of a 1 ms interval timer during the add.',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const table = await runAddBlockingBench();
  console.log(`${machineHeader()}\n\n${table}`);
  writeDocTable(PERFORMANCE_DOC, 'add-blocking', table, { command: 'npx tsx bench/add-blocking.ts' });
}
