/**
 * A first recall without a wait (#35): for each LoCoMo conversation (and one of 1,451 turns, three
 * conversations in one chat), its turns are added through `createMemory`, the memory is closed
 * and opened again, and the first recall after the reopen is timed against warm recalls of the
 * same questions, on the memory store, on PGlite and on PostgreSQL (a throwaway local cluster,
 * skipped when `initdb` is not found). Then indexing: RecallKit's recall index
 * built from the same turns against MiniSearch's (defaults, and with stop words and a stemmer),
 * in the same run. Prints tables and writes them into docs/recall.md; asserts nothing.
 *
 * Run: `npm run bench:first-query` (data: ../shared/data/locomo, or LOCOMO_DIR).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import MiniSearch from 'minisearch';
import pg from 'pg';
import { createMemory, memoryStore } from 'recallkit';
import type { StoreAdapter } from 'recallkit';
import { postgresStore } from 'recallkit/postgres';
import { createRecallIndex } from 'recallkit/recall';
import { startCluster, type Cluster } from '../test/postgres/cluster.js';
import { loadConversations, type Conversation } from './eval-locomo.js';
import { writeDocTable } from './lib/doc-table.js';
import { machineHeader } from './lib/machine.js';
import { median } from './lib/stats.js';
import { fmt, markdownTable, ms } from './lib/table.js';

/** The doc the tables go into. */
const RECALL_DOC = join(fileURLToPath(new URL('../', import.meta.url)), 'docs/recall.md');
const ROUNDS = Number(process.env['FIRST_QUERY_ROUNDS'] ?? 5);
const WARM_QUERIES = 20;

/** A store whose `close` keeps its data, so a second memory over it is a reopen. */
const keepOpen = (store: StoreAdapter): StoreAdapter => ({ ...store, close: async () => undefined });

/** Add a conversation's turns as the eval does (speaker, turn time). */
async function ingest(store: StoreAdapter, conv: Conversation): Promise<void> {
  const memory = await createMemory({ store });
  for (const d of conv.docs) {
    const metadata = { ...d.metadata, speaker: d.speaker };
    const at = typeof d.timestamp === 'string' ? { timestamp: d.timestamp } : {};
    if (d.role === 'user') await memory.addUserMessage(conv.name, d.text, metadata, at);
    else await memory.addAssistantMessage(conv.name, d.text, metadata, at);
  }
  await memory.idle();
  await memory.close();
}

/** First recall after a reopen, and the median warm recall, in ms. */
async function firstAndWarm(open: () => StoreAdapter, conv: Conversation): Promise<{ first: number; warm: number }> {
  const questions = conv.questions.map((q) => q.question);
  const memory = await createMemory({ store: open() });
  // The memory is open (tokenizer loaded, store reached): what is timed is the conversation's first recall.
  await memory.listSessions();
  let t = performance.now();
  await memory.recall(conv.name, questions[0]!, { topK: 10 });
  const first = performance.now() - t;
  const warm: number[] = [];
  for (const q of questions.slice(1, 1 + WARM_QUERIES)) {
    t = performance.now();
    await memory.recall(conv.name, q, { topK: 10 });
    warm.push(performance.now() - t);
  }
  await memory.close();
  return { first, warm: median(warm) };
}

/** The first-query table: per store, the medians over conversations and rounds. */
async function firstQueryTable(convs: Conversation[], pool: pg.Pool | undefined): Promise<string> {
  const rows: string[][] = [];
  let tenants = 0;
  const stores: [string, () => { open: () => StoreAdapter; done: () => Promise<void> }][] = [
    [
      'memory store',
      () => {
        const store = memoryStore();
        return { open: () => keepOpen(store), done: () => store.close() };
      },
    ],
    [
      'PGlite',
      () => {
        const dir = mkdtempSync(join(tmpdir(), 'recallkit-slices-first-'));
        return {
          open: () => postgresStore({ pglite: dir, tenant: 'bench' }),
          done: async () => rmSync(dir, { recursive: true, force: true }),
        };
      },
    ],
  ];
  if (pool) {
    stores.push([
      'PostgreSQL (pg)',
      () => {
        const tenant = `first-${tenants++}`;
        return { open: () => postgresStore({ pool, tenant }), done: async () => undefined };
      },
    ]);
  }
  for (const [name, make] of stores) {
    // One unmeasured round first, so no store's first round also times the JIT compiling its code.
    const warmUp = make();
    await ingest(warmUp.open(), convs[0]!);
    await firstAndWarm(warmUp.open, convs[0]!);
    await warmUp.done();
    for (const conv of convs) {
      const firsts: number[] = [];
      const warms: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const { open, done } = make();
        await ingest(open(), conv);
        const { first, warm } = await firstAndWarm(open, conv);
        firsts.push(first);
        warms.push(warm);
        await done();
      }
      const first = median(firsts);
      const warm = median(warms);
      rows.push([name, conv.name, fmt(conv.docs.length), ms(first), ms(warm), `${fmt(first / warm, 2)}x`]);
      console.error(`${name} ${conv.name}: first ${ms(first)}, warm ${ms(warm)}`);
    }
  }
  return markdownTable(
    [
      { header: 'store' },
      { header: 'conversation' },
      { header: 'turns', align: 'right' },
      { header: 'first recall after a reopen', align: 'right' },
      { header: 'warm recall (median)', align: 'right' },
      { header: 'first / warm', align: 'right' },
    ],
    rows,
  );
}

const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have he her his i if in is it its me my of on or our she so that the their them they this to was we were what when where which who will with you your'.split(
    ' ',
  ),
);
/** A light suffix stemmer for MiniSearch's tuned configuration (no stemming package in the bench). */
const stemWord = (term: string): string | null => {
  if (STOP_WORDS.has(term)) return null;
  return term.replace(/(?:ing|edly|ed|ly|es|s)$/, '') || term;
};

/** Indexing the same turns: RecallKit's recall index against MiniSearch, per conversation, ms. */
function indexingTable(convs: Conversation[]): string {
  const time = (fn: () => void): number => {
    const t = performance.now();
    fn();
    return performance.now() - t;
  };
  const contenders: [string, (conv: Conversation) => void][] = [
    [
      'RecallKit recall index',
      (conv) => {
        const index = createRecallIndex();
        for (const d of conv.docs) index.add(d);
        index.flush();
      },
    ],
    [
      'MiniSearch, defaults',
      (conv) => {
        const search = new MiniSearch({ fields: ['text', 'speaker'] });
        search.addAll(conv.docs.map((d) => ({ id: d.id, text: d.text, speaker: d.speaker })));
      },
    ],
    [
      'MiniSearch, stop words and stemming',
      (conv) => {
        const search = new MiniSearch({ fields: ['text', 'speaker'], processTerm: (t) => stemWord(t.toLowerCase()) });
        search.addAll(conv.docs.map((d) => ({ id: d.id, text: d.text, speaker: d.speaker })));
      },
    ],
  ];
  // Warm-up, then rounds interleaved so the machine's load falls on every contender alike.
  for (const [, run] of contenders) for (const conv of convs) run(conv);
  const samples = contenders.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS * 2; round++) {
    contenders.forEach(([, run], i) => samples[i]!.push(time(() => convs.forEach(run))));
  }
  const turns = convs.reduce((n, c) => n + c.docs.length, 0);
  const base = median(samples[1]!);
  return markdownTable(
    [
      { header: `indexing ${fmt(turns)} turns (${convs.length} conversations)` },
      { header: 'median', align: 'right' },
      { header: 'µs per turn', align: 'right' },
      { header: 'x MiniSearch defaults', align: 'right' },
    ],
    contenders.map(([name], i) => {
      const m = median(samples[i]!);
      return [name, ms(m), fmt((m * 1000) / turns, 1), `${fmt(m / base, 2)}x`];
    }),
  );
}

/** Runs both measurements; returns the tables as Markdown. */
export async function runFirstQueryBench(): Promise<string> {
  const convs = loadConversations();
  // One chat of over 1,000 turns: three conversations one after the other.
  const [a, b, c] = convs;
  const long: Conversation = {
    name: 'conv-26+30+41',
    docs: [...a!.docs, ...b!.docs, ...c!.docs],
    questions: a!.questions,
  };
  const indexing = indexingTable(convs);
  console.error(indexing);
  let cluster: Cluster | undefined;
  try {
    cluster = startCluster();
  } catch (error) {
    console.error(`no PostgreSQL cluster (${(error as Error).message.split('\n')[0]}): PostgreSQL rows skipped`);
  }
  const pool = cluster && new pg.Pool({ connectionString: cluster.url, max: 4 });
  let first: string;
  try {
    first = await firstQueryTable([...convs.slice(0, 4), long], pool);
  } finally {
    await pool?.end();
    cluster?.stop();
  }
  return [
    '## The first recall after a reopen, against a warm one (LoCoMo conversations)',
    '',
    first,
    '',
    `Medians of ${ROUNDS} rounds (after one unmeasured round per store); each round adds the turns, closes the memory and opens a new one over the same store.`,
    '',
    '## Indexing the same turns, against MiniSearch',
    '',
    indexing,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const tables = await runFirstQueryBench();
  console.log(`${machineHeader()}\n\n${tables}`);
  writeDocTable(RECALL_DOC, 'first-query', tables, { command: 'npm run bench:first-query' });
}
