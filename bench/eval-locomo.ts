/**
 * LoCoMo retrieval evaluation (`npm run eval:locomo`): evidence recall@5/10/20 of RecallKit's
 * offline recall, per category and per split, next to a plain turn-level BM25 baseline computed
 * in the same run. Data: ../shared/data/locomo beside the repository, or LOCOMO_DIR.
 * Parameters were chosen on conversations 26, 30, 41, 42; 43, 44, 47, 48 are held out.
 * The peer table (MiniSearch, Orama, dense cosine; USE-lite vectors cached under bench/.cache)
 * is written into docs/recall.md; `--no-peers` leaves it out.
 * `--embedder use-lite`: also lexical beside hybrid recall (USE-lite through `createMemory({
 * embedder })`, vectors cached under bench/.cache), one table per category and split.
 * @module
 */

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRecallIndex } from 'recallkit/recall';
import type { RankingOptions } from 'recallkit/recall';
import { parseSessionDate } from './lib/locomo-data.js';
import type { Conversation, Question, Ranker, Turn } from './lib/locomo-types.js';

export type { Conversation, Question, Ranker } from './lib/locomo-types.js';
import { useLiteEmbedder, type CountingEmbedder } from './lib/use-lite.js';
import { capturePrinted, PERFORMANCE_DOC, writeDocTable } from './lib/doc-table.js';
import { denseCosine, miniSearchDefault, miniSearchTuned, oramaFullText, oramaHybrid } from './lib/locomo-peers.js';
import { measurePeer, peerTable } from './lib/locomo-table.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** LOCOMO_DIR, else ../shared/data/locomo beside the repository (or beside its worktree folder). */
export const DATA_DIR =
  process.env.LOCOMO_DIR ??
  [resolve(ROOT, '../shared/data/locomo'), resolve(ROOT, '../../shared/data/locomo')].find((d) => existsSync(d)) ??
  resolve(ROOT, '../shared/data/locomo');
/** Conversations the parameters were chosen on. */
export const TRAIN = ['conv-26', 'conv-30', 'conv-41', 'conv-42'];
const KS = [5, 10, 20] as const;
const CATEGORIES: Record<number, string> = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' };

/** "1:56 pm on 8 May, 2023" → a local ISO time (no zone), or undefined. */
export function sessionTime(text: string): string | undefined {
  try {
    return new Date(parseSessionDate(text)).toISOString().slice(0, 19);
  } catch {
    return undefined;
  }
}

/** Load every conv-*.json of the data directory, turns in order (speaker A = user). */
export function loadConversations(dir = DATA_DIR): Conversation[] {
  return readdirSync(dir)
    .filter((f) => /^conv-.*\.json$/.test(f))
    .sort()
    .map((file) => {
      const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
      const docs: Conversation['docs'] = [];
      for (let n = 1; Array.isArray(raw[`session_${n}`]); n++) {
        const sessionDate = String(raw[`session_${n}_date_time`] ?? '');
        const timestamp = sessionTime(sessionDate);
        for (const turn of raw[`session_${n}`] as Turn[]) {
          // The image caption is part of the turn as the benchmark gives it.
          const text = turn.blip_caption ? `${turn.text} (${turn.blip_caption})` : turn.text;
          docs.push({
            id: turn.dia_id,
            text,
            turnText: turn.text,
            speaker: turn.speaker,
            role: turn.speaker === raw.speaker_a ? 'user' : 'assistant',
            ...(timestamp ? { timestamp } : {}),
            metadata: { dia_id: turn.dia_id, session: n },
          });
        }
      }
      const questions = (raw.qa as Question[]).filter((q) => q.category !== 5 && q.evidence.length > 0);
      return { name: file.replace(/\.json$/, ''), docs, questions };
    });
}

/** RecallKit's recall through the index module, optionally with ranking overrides. */
export const recallKit =
  (ranking: Partial<RankingOptions> = {}): Ranker =>
  async (conv) => {
    const index = createRecallIndex({ ranking });
    for (const doc of conv.docs) index.add(doc);
    return (question, k) => index.search(question, { topK: k }).map((h) => h.id);
  };

/** The structural slice of `Memory` the engine ranker uses. */
interface EngineLike {
  addUserMessage(
    s: string,
    content: string,
    metadata?: Record<string, unknown>,
    options?: { timestamp?: string },
  ): Promise<unknown>;
  addAssistantMessage(
    s: string,
    content: string,
    metadata?: Record<string, unknown>,
    options?: { timestamp?: string },
  ): Promise<unknown>;
  recall(
    s: string,
    query: string,
    options: { topK: number },
  ): Promise<{ entry: { metadata?: Record<string, unknown> } }[]>;
}

/**
 * RecallKit's recall through `createMemory` (memory store, default config), when the engine
 * exists; with an embedder, hybrid recall (entries embedded in the background, waited for).
 */
export const viaEngine = async (embedder?: CountingEmbedder): Promise<Ranker | undefined> => {
  const { createMemory } = (await import('recallkit')) as unknown as {
    createMemory: (o: object) => Promise<EngineLike & { idle(): Promise<void> }>;
  };
  const memory = await createMemory({
    store: 'memory',
    ...(embedder ? { embedder, embeddingModel: 'use-lite' } : {}),
  });
  return async (conv) => {
    for (const d of conv.docs) {
      const metadata = { ...d.metadata, speaker: d.speaker };
      // The turn's own time: recall's date matching reads the entry's timestamp.
      const at = typeof d.timestamp === 'string' ? { timestamp: d.timestamp } : {};
      if (d.role === 'user') await memory.addUserMessage(conv.name, d.text, metadata, at);
      else await memory.addAssistantMessage(conv.name, d.text, metadata, at);
    }
    await memory.idle();
    embedder?.save();
    return async (question, k) =>
      (await memory.recall(conv.name, question, { topK: k })).map((h) => String(h.entry.metadata?.dia_id));
  };
};

/** Each signal switched off in turn, to show what it adds. */
const ABLATIONS: [string, Partial<RankingOptions>][] = [
  ['  without neighbouring turns', { previousWeight: 0, nextWeight: 0 }],
  ['  without episode score', { episodeWeight: 0 }],
  ['  without speaker boost', { speakerBoost: 0 }],
  ['  without date field', { dateWeight: 0 }],
];

// The README baseline: lower-cased alphanumeric tokens, NLTK English stop words, speaker prepended.
const NLTK = new Set(
  'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did doing a an the and but if or because as until while of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there when where why how all any both each few more most other some such no nor not only own same so than too very s t can will just don should now d ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn'.split(
    ' ',
  ),
);
const words = (s: string): string[] => (s.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !NLTK.has(w));

/** Plain turn-level BM25 (k1 1.2, b 0.75), brute force. `captions`: keep image captions in the turn. */
export const baseline =
  (captions: boolean): Ranker =>
  async (conv) => {
    const docs = conv.docs.map((d) => {
      const text = captions ? d.text : d.turnText;
      const tf = new Map<string, number>();
      const tokens = words(`${d.speaker ?? ''} ${text}`);
      for (const w of tokens) tf.set(w, (tf.get(w) ?? 0) + 1);
      return { id: d.id, tf, len: tokens.length };
    });
    const df = new Map<string, number>();
    for (const d of docs) for (const w of d.tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
    const n = docs.length;
    const avg = docs.reduce((s, d) => s + d.len, 0) / n;
    return (question, k) => {
      const q = words(question);
      const scored = docs.map((d, i) => {
        let s = 0;
        for (const w of q) {
          const f = d.tf.get(w) ?? 0;
          const m = df.get(w) ?? 0;
          if (f > 0)
            s += (Math.log(1 + (n - m + 0.5) / (m + 0.5)) * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.len) / avg));
        }
        return { i, s };
      });
      scored.sort((a, b) => b.s - a.s || a.i - b.i);
      return scored.slice(0, k).map(({ i }) => (docs[i] as { id: string }).id);
    };
  };

/** Recall@k sums and counts by group (overall, per category). */
export interface Scores {
  sums: Map<string, number[]>;
  counts: Map<string, number>;
  ms: number;
  queries: number;
}

/** Evaluate a ranker over conversations. */
export async function evaluate(ranker: Ranker, convs: readonly Conversation[]): Promise<Scores> {
  const scores: Scores = { sums: new Map(), counts: new Map(), ms: 0, queries: 0 };
  for (const conv of convs) {
    const ask = await ranker(conv);
    for (const q of conv.questions) {
      const start = performance.now();
      const ids = await ask(q.question, Math.max(...KS));
      scores.ms += performance.now() - start;
      scores.queries++;
      const evidence = new Set(q.evidence);
      for (const group of ['all', `c${q.category}`]) {
        const sums = scores.sums.get(group) ?? KS.map(() => 0);
        KS.forEach((k, i) => {
          const got = new Set(ids.slice(0, k));
          sums[i] = (sums[i] as number) + [...evidence].filter((e) => got.has(e)).length / evidence.size;
        });
        scores.sums.set(group, sums);
        scores.counts.set(group, (scores.counts.get(group) ?? 0) + 1);
      }
    }
  }
  return scores;
}

/** Recall@5/10/20 in percent for a group. */
export function percent(scores: Scores, group = 'all'): number[] {
  const count = scores.counts.get(group) ?? 0;
  return (scores.sums.get(group) ?? KS.map(() => 0)).map((s) => (count ? (100 * s) / count : 0));
}

function row(label: string, scores: Scores, group = 'all'): string {
  const cells = percent(scores, group).map((v) => v.toFixed(1).padStart(6));
  return `| ${label.padEnd(34)} | ${String(scores.counts.get(group) ?? 0).padStart(5)} |${cells.map((c) => ` ${c} |`).join('')}`;
}

/** Lexical beside hybrid (USE-lite) through `createMemory`, per split and category. */
async function semanticTables(convs: readonly Conversation[]): Promise<void> {
  const embedder = useLiteEmbedder();
  const splits: [string, Conversation[]][] = [
    ['tuned on (26 30 41 42)', convs.filter((c) => TRAIN.includes(c.name))],
    ['held out (43 44 47 48)', convs.filter((c) => !TRAIN.includes(c.name))],
    ['all', [...convs]],
  ];
  console.log(`\n## Lexical beside hybrid (USE-lite, 512 dimensions) through createMemory({ embedder })\n`);
  for (const [label, group] of splits) {
    if (!group.length) continue;
    const lexical = await evaluate((await viaEngine())!, group);
    const hybrid = await evaluate((await viaEngine(embedder))!, group);
    console.log(`### ${label}\n`);
    console.log(
      '| category | qs | lexical R@5 | hybrid R@5 | lexical R@10 | hybrid R@10 | lexical R@20 | hybrid R@20 |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const [group2, name] of [
      ['all', 'all'],
      ...Object.entries(CATEGORIES).map(([c, n]) => [`c${c}`, `${c} ${n}`]),
    ]) {
      const l = percent(lexical, group2!);
      const h = percent(hybrid, group2!);
      const cells = [0, 1, 2].flatMap((i) => [l[i]!.toFixed(1), h[i]!.toFixed(1)]);
      console.log(`| ${name} | ${lexical.counts.get(group2!) ?? 0} | ${cells.join(' | ')} |`);
    }
    console.log(
      `\nPer recall: lexical ${(lexical.ms / lexical.queries).toFixed(2)} ms, hybrid ${(hybrid.ms / hybrid.queries).toFixed(2)} ms (the question's embedding included).\n`,
    );
  }
  embedder.save();
}

/** The guide the peer table is written into. */
const RECALL_DOC = join(ROOT, 'docs/recall.md');

/** Every contender over every conversation in this one process: the peer table. */
async function peers(convs: readonly Conversation[]): Promise<string> {
  const embedder = useLiteEmbedder();
  const contenders: [string, Ranker][] = [
    ['RecallKit lexical', (await viaEngine())!],
    ['RecallKit hybrid (USE-lite)', (await viaEngine(embedder))!],
    ['MiniSearch, tuned (stop words, Porter stemmer, prefix)', miniSearchTuned],
    ['MiniSearch, defaults', miniSearchDefault],
    ['Orama hybrid (similarity 0.1)', oramaHybrid(embedder)],
    ['Orama full-text', oramaFullText],
    ['dense USE-lite (cosine, as MemoryVectorStore)', denseCosine(embedder)],
  ];
  const rows = [];
  for (const [name, ranker] of contenders) {
    rows.push(await measurePeer(name, ranker, convs));
    process.stderr.write(`peers: ${name} done\n`);
  }
  embedder.save();
  return [
    `LoCoMo evidence recall, ${convs.length} conversations (${convs.map((c) => c.name.replace('conv-', '')).join(' ')}), ${rows[0]!.questions} questions of categories 1–4, all contenders in one process, the same USE-lite vectors for every vector contender. Query p50 excludes each conversation's first query, shown on its own (index build or load included).`,
    '',
    peerTable(rows, rows[0]!),
  ].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--embedder');
  const embedderName = at >= 0 ? args[at + 1] : undefined;
  if (embedderName !== undefined && embedderName !== 'use-lite') {
    throw new Error(`--embedder: expected use-lite, got ${String(embedderName)}`);
  }
  if (!existsSync(DATA_DIR)) {
    console.log(`LoCoMo data not found at ${DATA_DIR} (set LOCOMO_DIR): evaluation skipped.`);
    return;
  }
  const convs = loadConversations();
  const train = convs.filter((c) => TRAIN.includes(c.name));
  const heldOut = convs.filter((c) => !TRAIN.includes(c.name));
  console.log(
    `LoCoMo evidence recall, ${convs.length} conversations, ${convs.reduce((s, c) => s + c.questions.length, 0)} questions (category 5 left out)\n`,
  );
  console.log(`| ${'method / split'.padEnd(34)} | ${'qs'.padStart(5)} |   R@5  |  R@10  |  R@20  |`);
  console.log(`|${'-'.repeat(36)}|${'-'.repeat(7)}|--------|--------|--------|`);
  const all = await evaluate(recallKit(), convs);
  console.log(row('RecallKit, train (26 30 41 42)', await evaluate(recallKit(), train)));
  console.log(row('RecallKit, held out (43 44 47 48)', await evaluate(recallKit(), heldOut)));
  console.log(row('RecallKit, all', all));
  for (const [c, name] of Object.entries(CATEGORIES)) console.log(row(`  ${c} ${name}`, all, `c${c}`));
  for (const [label, ranking] of ABLATIONS) console.log(row(label, await evaluate(recallKit(ranking), convs)));
  const engine = await viaEngine();
  if (engine) console.log(row('RecallKit via createMemory, all', await evaluate(engine, convs)));
  const base = await evaluate(baseline(false), convs);
  console.log(row('BM25 baseline (README recipe)', base));
  for (const [c, name] of Object.entries(CATEGORIES)) console.log(row(`  ${c} ${name}`, base, `c${c}`));
  console.log(row('BM25 baseline, captions in turns', await evaluate(baseline(true), convs)));
  console.log(`\nRecallKit: ${(all.ms / all.queries).toFixed(3)} ms per recall (top 20, index of one conversation).`);
  if (embedderName) await semanticTables(convs);
  if (!args.includes('--no-peers')) {
    const table = await peers(convs);
    console.log(`\n## Peers\n\n${table}`);
    writeDocTable(RECALL_DOC, 'eval-locomo-peers', table, { command: 'npm run eval:locomo' });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  capturePrinted(main)
    .then((table) =>
      writeDocTable(PERFORMANCE_DOC, 'eval-locomo', table, {
        command: `npm run eval:locomo${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
      }),
    )
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
