/**
 * Token counting benchmark: RecallKit's counter against raw @dqbd/tiktoken, js-tiktoken and
 * gpt-tokenizer, all with o200k_base, on mixed text and on unbroken runs (20k/200k/2M
 * characters), and RecallKit's counts of pathological inputs against tiktoken's (they are
 * exact). Prints tables; asserts nothing.
 *
 * Run: `npx tsx bench/tokens.ts`, or `runTokensBench()` from bench/run.ts.
 * @module
 */
import { PERFORMANCE_DOC, writeDocTable } from './lib/doc-table.js';
import { get_encoding } from '@dqbd/tiktoken';
import { countTokens as gptTokenizerCount } from 'gpt-tokenizer/encoding/o200k_base';
import { Tiktoken as JsTiktoken } from 'js-tiktoken/lite';
import o200kJs from 'js-tiktoken/ranks/o200k_base';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { loadTiktoken } from 'recallkit/tokens';
import { mixedText, TOKEN_CORPUS } from '../test/support/token-corpus.js';
import { REPORTED_RUNS } from '../test/support/unbroken-runs.js';

const RUNS = 7;
const BYTES = 1_000_000;
const MESSAGES = 10_000;

type Count = (text: string) => number;
interface Subject {
  name: string;
  count: Count;
}

/**
 * Median wall time in ms of each task over `RUNS` rounds, after one warm-up round. Rounds run
 * every task in turn, so load from other processes falls on all of them alike.
 */
function medianMs(tasks: readonly (() => void)[]): number[] {
  for (const task of tasks) task();
  const times = tasks.map((): number[] => []);
  for (let round = 0; round < RUNS; round++) {
    tasks.forEach((task, i) => {
      const start = performance.now();
      task();
      times[i]!.push(performance.now() - start);
    });
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]!);
}

/** Splits `text` into `n` pieces of about equal length, never inside a surrogate pair. */
function split(text: string, n: number): string[] {
  const points = Array.from(text);
  const size = Math.ceil(points.length / n);
  const out: string[] = [];
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(''));
  return out;
}

function versionOf(name: string): string {
  const require = createRequire(import.meta.url);
  try {
    const pkg = require.resolve(`${name}/package.json`);
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  } catch {
    // Packages whose exports hide package.json: walk up from the entry point.
    const entry = require.resolve(name);
    const root = entry.slice(0, entry.lastIndexOf(`/node_modules/${name}/`) + `/node_modules/${name}/`.length);
    return (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string }).version;
  }
}

const fmt = (n: number, digits = 1): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Runs the benchmark and returns the table as Markdown text. */
export async function runTokensBench(): Promise<string> {
  const firstLoadStart = performance.now();
  let recallkit = await loadTiktoken('o200k_base');
  const firstLoadMs = performance.now() - firstLoadStart;
  // tiktoken's own build of the same encoding (its WASM, its ranks, its encoder), for comparison.
  const rawLoadStart = performance.now();
  get_encoding('o200k_base').free();
  const rawLoadMs = performance.now() - rawLoadStart;
  // Ranks read + encoder built again (WASM already instantiated): free, then reload.
  const reloadMs = await (async () => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      recallkit.free();
      const start = performance.now();
      recallkit = await loadTiktoken('o200k_base');
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b)[2]!;
  })();

  const raw = get_encoding('o200k_base');
  const jsTiktoken = new JsTiktoken(o200kJs);
  const noSpecial = { disallowedSpecial: new Set<string>() };
  const subjects: Subject[] = [
    { name: 'RecallKit `count`', count: (t) => recallkit.count(t) },
    { name: '@dqbd/tiktoken `encode_ordinary`', count: (t) => raw.encode_ordinary(t).length },
    { name: '@dqbd/tiktoken `encode`', count: (t) => raw.encode(t, [], []).length },
    { name: 'js-tiktoken `encode`', count: (t) => jsTiktoken.encode(t, [], []).length },
    { name: 'gpt-tokenizer `countTokens`', count: (t) => gptTokenizerCount(t, noSpecial) },
  ];

  const text = mixedText(BYTES);
  const bytes = new TextEncoder().encode(text).length;
  const messages = split(text, MESSAGES);
  const reference: Count = (t) => raw.encode_ordinary(t).length;

  let sink = 0;
  const oneMs = medianMs(subjects.map((s) => () => void (sink += s.count(text))));
  const manyMs = medianMs(
    subjects.map((s) => () => {
      for (const m of messages) sink += s.count(m);
    }),
  );
  const rows = subjects.map((s, i) => ({
    name: s.name,
    oneMs: oneMs[i]!,
    manyMs: manyMs[i]!,
    tokens: s.count(text),
    exact: TOKEN_CORPUS.filter((c) => safeCount(s.count, c.text) === reference(c.text)).length,
  }));
  if (sink < 0) throw new Error('unreachable: keeps the counts observable');
  const base = rows[1]!;

  const lines = [
    '## Token counting (o200k_base)',
    '',
    `Machine: ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}; ` +
      `@dqbd/tiktoken ${versionOf('@dqbd/tiktoken')}, js-tiktoken ${versionOf('js-tiktoken')}, ` +
      `gpt-tokenizer ${versionOf('gpt-tokenizer')}.`,
    `Input: ${fmt(bytes / 1e6, 2)} MB of mixed text (seeded word runs from the test corpus: ` +
      `emoji, CJK, RTL, code, JSON, whitespace runs, ids, numbers), as one text and as ${fmt(messages.length, 0)} messages. ` +
      `Medians of ${RUNS} interleaved rounds after a warm-up. Special-token text counted as ordinary text by all.`,
    '',
    '| counter | 1 text: ms | MB/s | ratio | 10k msgs: ms | msgs/s | ratio | tokens (1 text) | exact on corpus |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${fmt(r.oneMs)} | ${fmt(bytes / 1e6 / (r.oneMs / 1000), 2)} | ${fmt(r.oneMs / base.oneMs, 2)}x ` +
        `| ${fmt(r.manyMs)} | ${fmt(messages.length / (r.manyMs / 1000), 0)} | ${fmt(r.manyMs / base.manyMs, 2)}x ` +
        `| ${fmt(r.tokens, 0)} | ${r.exact}/${TOKEN_CORPUS.length} |`,
    ),
    '',
    `Ratio: median time relative to raw \`encode_ordinary\` (goal for RecallKit: at most 1.2x). ` +
      `Exact: corpus texts counted identically to tiktoken \`encode_ordinary\`.`,
    `Loading: first \`loadTiktoken('o200k_base')\` (the rank file read and indexed) ${fmt(firstLoadMs, 0)} ms ` +
      `(one sample); again after \`free()\` ${fmt(reloadMs, 0)} ms (median of 5); ` +
      `@dqbd/tiktoken's \`get_encoding('o200k_base')\` (its WASM and encoder) ${fmt(rawLoadMs, 0)} ms.`,
  ];
  recallkit.free();
  raw.free();
  return [lines.join('\n'), await runUnbrokenRunsBench(), await runDeviationBench()].join('\n\n');
}

const RUN_SIZES = [20_000, 200_000, 2_000_000];
/** A peer whose next size would take longer than this (quadratic estimate) is not run. */
const RUN_BUDGET_MS = 10_000;

/** Wall time of one count, in ms (a throwing peer's time is its time to throw). */
function timeOnce(count: Count, text: string): number {
  const start = performance.now();
  safeCount(count, text);
  return performance.now() - start;
}

/** Fresh random lowercase letters: one unbroken run, and no part of it seen before. */
function letterRun(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return out;
}

/**
 * Counting one unbroken run of 20k / 200k / 2M letters (a base64 blob or a log line without
 * separators looks like this to a tokenizer): time per size, and the 200k/20k ratio (linear
 * is ~10x). Raw tiktoken is quadratic there (and traps near 1M); a peer whose next size would
 * exceed {@link RUN_BUDGET_MS} (estimated from the growth measured so far, quadratic until
 * two sizes ran) is shown as skipped.
 */
export async function runUnbrokenRunsBench(): Promise<string> {
  const recallkit = await loadTiktoken('o200k_base');
  const raw = get_encoding('o200k_base');
  const jsTiktoken = new JsTiktoken(o200kJs);
  const noSpecial = { disallowedSpecial: new Set<string>() };
  const subjects: Subject[] = [
    { name: 'RecallKit `count`', count: (t) => recallkit.count(t) },
    { name: '@dqbd/tiktoken `encode_ordinary`', count: (t) => raw.encode_ordinary(t).length },
    { name: 'js-tiktoken `encode`', count: (t) => jsTiktoken.encode(t, [], []).length },
    { name: 'gpt-tokenizer `countTokens`', count: (t) => gptTokenizerCount(t, noSpecial) },
  ];
  const exact = letterRun(20_000);
  const reference = raw.encode_ordinary(exact).length;
  const rows: string[] = [];
  for (const s of subjects) {
    const cells: string[] = [];
    const times = new Map<number, number>();
    // A 2k probe first: js-tiktoken takes about a second there, so 20k would take minutes.
    // A 2k probe, after a warm-up (compiled code, not first-call costs, is what grows): median of 3.
    timeOnce(s.count, letterRun(2_000));
    const probes = [0, 1, 2].map(() => timeOnce(s.count, letterRun(2_000))).sort((x, y) => x - y);
    let last = { n: 2_000, ms: probes[1]! };
    let growth = 2; // assume quadratic until a second size was measured
    for (const n of RUN_SIZES) {
      const estimate = last.ms * (n / last.n) ** growth;
      if (estimate > RUN_BUDGET_MS) {
        cells.push(`skipped (~${fmt(estimate / 1000, 0)} s est.)`);
        continue;
      }
      const rounds = n <= 20_000 && estimate < 3_000 ? 3 : 1;
      const samples = Array.from({ length: rounds }, () => timeOnce(s.count, letterRun(n)));
      const ms = samples.sort((x, y) => x - y)[Math.floor(samples.length / 2)]!;
      times.set(n, ms);
      // The growth from the previous measured size (the 2k probe first): linear is 1, quadratic 2.
      growth = Math.min(2, Math.max(1, Math.log(ms / last.ms) / Math.log(n / last.n)));
      last = { n, ms };
      cells.push(fmt(ms, 0));
    }
    const [small, large] = [times.get(RUN_SIZES[0]!), times.get(RUN_SIZES[1]!)];
    const ratio = small && large !== undefined ? `${fmt(large / small, 1)}x` : '—';
    const diff = small === undefined ? undefined : safeCount(s.count, exact) - reference;
    const shown = diff === undefined ? '—' : `${diff >= 0 ? '+' : ''}${diff}`;
    rows.push(`| ${s.name} | ${cells.join(' | ')} | ${ratio} | ${shown} |`);
  }
  recallkit.free();
  raw.free();
  return [
    '## Unbroken runs (o200k_base)',
    '',
    `One run of random lowercase letters, fresh for every measurement (nothing remembered); ` +
      `median of 3 at 20k, one sample above; a size estimated above ${fmt(RUN_BUDGET_MS / 1000, 0)} s is skipped. Tokens vs tiktoken: the count of one 20k run minus ` +
      `\`encode_ordinary\`'s (${fmt(reference, 0)} tokens).`,
    '',
    '| counter | 20k: ms | 200k: ms | 2M: ms | 200k / 20k | tokens vs tiktoken (20k) |',
    '|---|--:|--:|--:|--:|--:|',
    ...rows,
  ].join('\n');
}

/** Pathological inputs for the deviation table: each one line without separators, or a separator-rich blob. */
function deviationInputs(n: number): [string, string][] {
  const json = JSON.stringify(
    Array.from({ length: n / 30 }, (_, i) => ({ id: i, name: letterRun(8), ok: i % 2 === 0 })),
  ).slice(0, n);
  const pick = (alphabet: string): string =>
    Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
  return [
    ['`z` run', 'z'.repeat(n)],
    ['random lowercase run', letterRun(n)],
    ['random mixed-case run', pick('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')],
    ['base64 (with `+/`)', pick('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')],
    ['base64url-like, letters and digits only', pick('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')],
    ['hex', pick('0123456789abcdef')],
    ['minified JSON', json],
    ['`=` run', '='.repeat(n)],
    ['space run', ' '.repeat(n)],
    ...REPORTED_RUNS.map(({ label, text }): [string, string] => [`\`${label.replace(/`/g, '')}\``, text]),
    ['CJK run without punctuation', pick('我们今天去公园散步天气非常好机器学习是人工智能的一个分支')],
    [
      'mixed corpus text on one line',
      mixedText(n * 1.3)
        .replace(/\n/g, ' ')
        .slice(0, n),
    ],
  ];
}

/**
 * RecallKit's count against tiktoken's on pathological inputs of `n` characters (default 10,000;
 * tiktoken itself is quadratic there, so larger ones take minutes) and on the inputs the fourth
 * release's issue reported, in both encodings. Every difference is expected to be 0.
 */
export async function runDeviationBench(n = 10_000): Promise<string> {
  const rows: string[] = [];
  const inputs = deviationInputs(n);
  const diffs: Record<string, string[]> = {};
  for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
    const counter = await loadTiktoken(encoding);
    const raw = get_encoding(encoding);
    for (const [name, text] of inputs) {
      const exact = raw.encode_ordinary(text).length;
      const ours = counter.count(text);
      const pct = ((ours - exact) / exact) * 100;
      (diffs[name] ??= []).push(`${fmt(exact, 0)} / ${ours - exact >= 0 ? '+' : ''}${ours - exact} (${fmt(pct, 2)}%)`);
    }
    counter.free();
    raw.free();
  }
  for (const [name] of inputs) rows.push(`| ${name} | ${diffs[name]!.join(' | ')} |`);
  return [
    `## Counts of long runs vs tiktoken (${fmt(n, 0)} characters per input unless named)`,
    '',
    '| input | o200k_base: tiktoken / RecallKit − tiktoken | cl100k_base: tiktoken / RecallKit − tiktoken |',
    '|---|--:|--:|',
    ...rows,
  ].join('\n');
}

/** A peer that throws on some input counts as inexact there. */
function safeCount(count: Count, text: string): number {
  try {
    return count(text);
  } catch {
    return -1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const table = await runTokensBench();
  console.log(table);
  writeDocTable(PERFORMANCE_DOC, 'tokens', table, { command: 'npx tsx bench/tokens.ts' });
}
