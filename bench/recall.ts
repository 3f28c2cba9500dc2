/**
 * Recall benchmark: indexing cost per entry against token counting (@dqbd/tiktoken
 * `encode_ordinary`, o200k_base) on the same texts, search latency over 50,000 entries, and
 * persistence (aux size, reopen time, tail-segment flush). Prints tables; asserts nothing.
 * Throughput is CPU time (steady on a shared machine); search latency is wall time.
 *
 * Corpus: synthetic chat turns (Zipf-distributed words, seeded), and LoCoMo turns repeated to
 * 50,000 when ../shared/data/locomo is present. Run: `npx tsx bench/recall.ts`.
 * @module
 */
import { capturePrinted, PERFORMANCE_DOC, writeDocTable } from './lib/doc-table.js';
import { get_encoding } from '@dqbd/tiktoken';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { analyze } from 'recallkit/recall';
import { createRecallIndex, loadRecallIndex } from 'recallkit/recall';
import type { RecallDoc } from 'recallkit/recall';
import { DATA_DIR, loadConversations } from './eval-locomo.js';

const DOCS = 50_000;
const QUERIES = 300;

/** Seeded PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FUNCTION_WORDS =
  'i you the a and to of it that is in my was for me on so but have with this just be we at what how not do are your'.split(
    ' ',
  );
const SYLLABLES = 'ka ro mi ten sa lu ver pan dor el is ment ing ed ly tra con bel fa ri no sun gar wil os ter'.split(
  ' ',
);

/** Synthetic chat turns: function words plus a 30,000-word vocabulary with Zipf frequencies. */
export function syntheticTurns(count: number, seed = 7): string[] {
  const rand = random(seed);
  const vocabulary = Array.from({ length: 30_000 }, () => {
    const n = 1 + Math.floor(rand() * 3);
    return Array.from({ length: n }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join('');
  });
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 1; r <= vocabulary.length; r++) cumulative.push((sum += 1 / r));
  const word = (): string => {
    if (rand() < 0.45) return FUNCTION_WORDS[Math.floor(rand() * FUNCTION_WORDS.length)] as string;
    const x = rand() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return vocabulary[lo] as string;
  };
  return Array.from({ length: count }, () => {
    const n = 6 + Math.floor(rand() * 34);
    const words = Array.from({ length: n }, word);
    if (rand() < 0.2) words.push(String(Math.floor(rand() * 2000)));
    return `${words.join(' ')}${rand() < 0.3 ? '?' : '.'}`;
  });
}

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

/** CPU time of `fn` in ms (user + system): steadier than wall time on a shared machine. */
function cpu(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

async function runCorpus(name: string, texts: string[], queries: string[]): Promise<void> {
  const start = Date.parse('2024-01-01T09:00:00Z');
  const docs: RecallDoc[] = texts.map((text, i) => ({
    id: `e${i}`,
    text,
    speaker: i % 2 ? 'Sam' : 'Alex',
    timestamp: start + i * 30_000 + Math.floor(i / 40) * 86_400_000,
  }));
  const encoder = get_encoding('o200k_base');
  let tokens = 0;
  for (let i = 0; i < 2000; i++) encoder.encode_ordinary(texts[i % texts.length] as string); // warm-up
  const tiktokenMs = cpu(() => {
    for (const t of texts) tokens += encoder.encode_ordinary(t).length;
  });
  encoder.free();
  for (let i = 0; i < 2000; i++) analyze(texts[i % texts.length] as string); // warm-up
  const analyzeMs = cpu(() => {
    for (const t of texts) analyze(t);
  });
  const index = createRecallIndex();
  const addMs = cpu(() => {
    for (const d of docs) index.add(d);
  });
  const us = (ms: number): string => `${((ms * 1000) / texts.length).toFixed(2)} µs`;
  console.log(`\n## ${name}: ${texts.length} entries, ${(tokens / texts.length).toFixed(1)} o200k tokens each\n`);
  console.log('| per entry (CPU time) | time |\n|---|---|');
  console.log(`| tiktoken encode_ordinary (o200k_base) | ${us(tiktokenMs)} |`);
  console.log(`| analyze (terms only) | ${us(analyzeMs)} |`);
  console.log(`| index.add (analyze + index) | ${us(addMs)} |`);

  for (let i = 0; i < 50; i++) index.search(queries[i % queries.length] as string); // warm-up
  const latencies = queries.map((q) => time(() => index.search(q, { topK: 10 }))).sort((a, b) => a - b);
  const mean = latencies.reduce((sum, v) => sum + v, 0) / latencies.length;
  const cpuMean = cpu(() => queries.forEach((q) => index.search(q, { topK: 10 }))) / queries.length;
  console.log(
    `\n| search, top 10, ${queries.length} queries, wall | mean ${mean.toFixed(2)} ms | p50 ${percentile(latencies, 0.5).toFixed(2)} ms | p95 ${percentile(latencies, 0.95).toFixed(2)} ms | max ${(latencies.at(-1) as number).toFixed(2)} ms | CPU mean ${cpuMean.toFixed(2)} ms |`,
  );

  const aux = new Map(Object.entries(index.toAux()));
  const bytes = [...aux.values()].reduce((sum: number, v) => sum + JSON.stringify(v).length, 0);
  const t0 = process.cpuUsage();
  const reopened = await loadRecallIndex(async (key) => aux.get(key));
  const used = process.cpuUsage(t0);
  const reopenMs = (used.user + used.system) / 1000;
  // A chat turn at a time: add one entry, write what flush() returns (the tail segment).
  const growing = createRecallIndex();
  for (const d of docs.slice(0, 1000)) growing.add(d);
  growing.flush();
  const flushMs =
    time(() => {
      for (const d of docs.slice(1000, 1200)) {
        growing.add(d);
        growing.flush();
      }
    }) / 200;
  console.log(
    `\n| persistence | ${aux.size} aux keys, ${(bytes / 1e6).toFixed(1)} MB as JSON | reopen ${reopenMs.toFixed(0)} ms CPU (${reopened?.size ?? 0} entries, nothing re-tokenized) vs rebuild ${addMs.toFixed(0)} ms CPU | add + flush per turn ${flushMs.toFixed(3)} ms |`,
  );
}

/** Run both corpora. */
export async function runRecallBench(): Promise<void> {
  const synthetic = syntheticTurns(DOCS);
  const rand = random(11);
  const pick = (texts: string[]): string => {
    const words = (texts[Math.floor(rand() * texts.length)] as string).split(/\s+/);
    const start = Math.floor(rand() * Math.max(1, words.length - 5));
    return `What about ${words.slice(start, start + 2 + Math.floor(rand() * 5)).join(' ')}?`;
  };
  await runCorpus(
    'synthetic',
    synthetic,
    Array.from({ length: QUERIES }, () => pick(synthetic)),
  );
  if (existsSync(DATA_DIR)) {
    const convs = loadConversations();
    const turns = convs.flatMap((c) => c.docs.map((d) => d.text));
    const questions = convs.flatMap((c) => c.questions.map((q) => q.question)).slice(0, QUERIES);
    await runCorpus(
      'LoCoMo turns repeated',
      Array.from({ length: DOCS }, (_, i) => turns[i % turns.length] as string),
      questions,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  capturePrinted(runRecallBench)
    .then((table) => writeDocTable(PERFORMANCE_DOC, 'recall', table, { command: 'npx tsx bench/recall.ts' }))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
