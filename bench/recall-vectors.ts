/**
 * Semantic recall's cost (`npx tsx bench/recall-vectors.ts`): recall over 50,000 entries and
 * `scope: 'all'` over 100 chats × 1,000, lexical only beside with 512-dimension vectors, in
 * the same run; what an embedder adds to an append on the caller's side; memory per 100,000
 * vectors (int8 as kept, beside float32) and int8's cosine error on real USE-lite vectors.
 * Vectors for the large runs come from a seeded synthetic embedder (search cost does not depend
 * on what the vectors mean); the question's own USE-lite embedding is measured on its own.
 * Prints tables and writes them to docs/performance.md (region `recall-vectors`, full runs
 * only); asserts nothing. `--quick`: 10,000 entries and 20 × 1,000; `--search-only`.
 * @module
 */
import { createMemory, type Memory, type SessionState } from 'recallkit';
import { createVectorIndex } from 'recallkit/recall';
import { syntheticTurns } from './recall.js';
import { markdownTable, fmt } from './lib/table.js';
import { machineHeader } from './lib/machine.js';
import { loadUseLite } from './lib/use-lite.js';
import { capturePrinted, PERFORMANCE_DOC, writeDocTable } from './lib/doc-table.js';

const QUICK = process.argv.includes('--quick');
const ONE = QUICK ? 10_000 : 50_000;
const CHATS = QUICK ? 20 : 100;
const PER_CHAT = 1_000;
const DIMS = 512;
const QUERIES = 60;

/** A deterministic 512-dimension vector per text (seeded by its hash). */
function syntheticVector(text: string): number[] {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  const out = new Array<number>(DIMS);
  for (let i = 0; i < DIMS; i++) {
    h = (h + 0x6d2b79f5) >>> 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out[i] = ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  }
  return out;
}
const synthetic = async (texts: string[]): Promise<number[][]> => texts.map(syntheticVector);

function state(sessionId: string, turns: readonly string[]): SessionState {
  const t0 = Date.UTC(2025, 0, 1);
  return {
    schemaVersion: 1,
    sessionId,
    entries: turns.map((content, seq) => ({
      id: `e${seq}`,
      sessionId,
      seq,
      interaction: Math.floor(seq / 2),
      type: 'message',
      role: seq % 2 ? 'assistant' : 'user',
      content,
      timestamp: new Date(t0 + seq * 30_000).toISOString(),
      tokenCount: 0,
      compressed: false,
    })),
    summaries: [],
    totalTokens: 0,
  };
}

/** Questions: three words of a random turn. */
function questions(turns: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const words = turns[(i * 7919) % turns.length]!.split(' ').filter((w) => w.length > 3);
    return words.slice(0, 3).join(' ') || 'hello';
  });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Median ms of each memory's recalls, the two interleaved query by query (same GC weather):
 * a first pass over the questions (each chat's index and vectors loaded when first hit), then
 * a second (steady state).
 */
async function timeRecalls(
  memories: [Memory, Memory],
  session: string,
  qs: string[],
  scope: 'session' | 'all',
): Promise<number[]> {
  const out: number[] = [];
  for (let pass = 0; pass < 2; pass++) {
    const ms: [number[], number[]] = [[], []];
    for (const q of qs) {
      for (const [i, m] of memories.entries()) {
        const t = performance.now();
        await m.recall(session, q, { topK: 10, scope });
        ms[i]!.push(performance.now() - t);
      }
    }
    out.push(median(ms[0]), median(ms[1]));
  }
  return out;
}

async function open(states: SessionState[], embedder?: typeof synthetic): Promise<Memory> {
  const memory = await createMemory({ store: 'memory', ...(embedder ? { embedder } : {}) });
  for (const s of states) await memory.importSession(s);
  await memory.idle();
  return memory;
}

async function searchCost(): Promise<string[][]> {
  const rows: string[][] = [];
  const turns = syntheticTurns(ONE);
  const qs = questions(turns, QUERIES);
  const one = [state('big', turns)];
  for (const [label, states, session, scope] of [
    [`recall, one chat of ${fmt(ONE)}`, one, 'big', 'session'],
    [`scope 'all', ${CHATS} chats × ${fmt(PER_CHAT)}`, undefined, 'c0', 'all'],
  ] as const) {
    const built = states ?? Array.from({ length: CHATS }, (_, c) => state(`c${c}`, syntheticTurns(PER_CHAT, 100 + c)));
    const lexical = await open(built);
    const t = performance.now();
    const hybrid = await open(built, synthetic);
    const embedSeconds = (performance.now() - t) / 1000;
    const [l1, h1, l, h] = (await timeRecalls([lexical, hybrid], session, qs, scope)) as [
      number,
      number,
      number,
      number,
    ];
    await lexical.close();
    await hybrid.close();
    rows.push([
      label,
      `${fmt(l1, 2)} / ${fmt(h1, 2)}`,
      `${fmt(h1 / l1, 2)}x`,
      fmt(l, 2),
      fmt(h, 2),
      `${fmt(h / l, 2)}x`,
      fmt(embedSeconds, 1),
    ]);
  }
  return rows;
}

async function appendCost(): Promise<string[][]> {
  const rows: string[][] = [];
  const turns = syntheticTurns(400, 3);
  const model = await loadUseLite();
  const useLite = async (texts: string[]): Promise<number[][]> => (await model.embed(texts)).map((v) => Array.from(v));
  for (const [label, embedder] of [
    ['no embedder', undefined],
    ['USE-lite (real, same thread)', useLite],
    [
      'an embedder taking 200 ms per call',
      async (t: string[]) => (await new Promise((r) => setTimeout(r, 200)), t.map(syntheticVector)),
    ],
  ] as const) {
    const memory = await createMemory({ store: 'memory', ...(embedder ? { embedder } : {}) });
    const ms: number[] = [];
    for (const [i, text] of turns.entries()) {
      const t = performance.now();
      if (i % 2) await memory.addAssistantMessage('s', text);
      else await memory.addUserMessage('s', text);
      ms.push(performance.now() - t);
    }
    const t = performance.now();
    await memory.idle();
    const idle = performance.now() - t;
    rows.push([
      label,
      fmt(median(ms), 3),
      fmt([...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)]!, 3),
      fmt(idle, 0),
    ]);
    await memory.close();
  }
  return rows;
}

async function memoryCost(): Promise<string[][]> {
  const n = 100_000;
  global.gc?.();
  const before = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const index = createVectorIndex();
  for (let i = 0; i < n; i++) index.add(`entry-${i}`, syntheticVector(`t${i}`));
  global.gc?.();
  const after = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  // What the store holds: the persisted segments (base64 codes).
  const aux = JSON.stringify(index.toAux()).length;
  const model = await loadUseLite();
  const texts = syntheticTurns(200, 11).map((t, i) => `${t} ${i % 2 ? 'my dog' : 'the weather'}`);
  const vectors = (await model.embed(texts)).map((v) => Array.from(v));
  const small = createVectorIndex();
  vectors.forEach((v, i) => small.add(`v${i}`, v));
  let maxError = 0;
  for (let i = 0; i < 20; i++) {
    const exact = vectors.map((v) => cos(vectors[i]!, v));
    const approx = small.similarities(
      vectors[i]!,
      vectors.map((_, j) => `v${j}`),
    );
    exact.forEach((e, j) => (maxError = Math.max(maxError, Math.abs(e - approx.get(`v${j}`)!))));
  }
  return [
    ['int8 codes + one float (as kept in memory)', fmt(index.byteLength / 1e6, 1), fmt((after - before) / 1e6, 1)],
    ['float32 (for comparison)', fmt((n * DIMS * 4) / 1e6, 1), ''],
    ['JSON numbers (the first format)', fmt((n * DIMS * 9) / 1e6, 0), ''],
    ['persisted segments (base64, JSON text)', fmt(aux / 1e6, 1), ''],
    [`int8 cosine error on USE-lite vectors: max ${maxError.toFixed(4)}`, '', ''],
  ];
}

function cos(a: number[], b: number[]): number {
  let d = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < a.length; i++) {
    d += a[i]! * b[i]!;
    x += a[i]! ** 2;
    y += b[i]! ** 2;
  }
  return d / Math.sqrt(x * y);
}

async function queryEmbedding(): Promise<number> {
  const model = await loadUseLite();
  await model.embed(['warm up']);
  const ms: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await model.embed([`What did Caroline say about the ${i} paintings?`]);
    ms.push(performance.now() - t);
  }
  return median(ms);
}

async function main(): Promise<void> {
  console.log(`# Semantic recall: cost\n\n${machineHeader()}\n`);
  console.log(
    `## Search (median of ${QUERIES} recalls, topK 10, ${DIMS}-dimension vectors; a first pass, then the same questions again)\n`,
  );
  console.log(
    markdownTable(
      [
        { header: 'run' },
        { header: 'first pass: lexical / with vectors ms', align: 'right' },
        { header: 'ratio', align: 'right' },
        { header: 'lexical ms', align: 'right' },
        { header: 'with vectors ms', align: 'right' },
        { header: 'ratio', align: 'right' },
        { header: 'import + background embedding s', align: 'right' },
      ],
      await searchCost(),
    ),
  );
  if (process.argv.includes('--search-only')) return;
  console.log(`\nPlus the question's own embedding (USE-lite, median of 20): ${fmt(await queryEmbedding(), 1)} ms.\n`);
  console.log(`## An append on the caller's side (400 adds, ms until each add resolves)\n`);
  console.log(
    markdownTable(
      [
        { header: 'embedder' },
        { header: 'median ms', align: 'right' },
        { header: 'p95 ms', align: 'right' },
        { header: 'idle() after, ms', align: 'right' },
      ],
      await appendCost(),
    ),
  );
  console.log(`\n## Memory per 100,000 vectors of ${DIMS} dimensions\n`);
  console.log(
    markdownTable(
      [{ header: 'form' }, { header: 'MB', align: 'right' }, { header: 'heap + buffers measured, MB', align: 'right' }],
      await memoryCost(),
    ),
  );
}

capturePrinted(main)
  .then((table) => {
    // A partial run (--quick, --search-only) leaves the page's figures alone.
    if (!QUICK && !process.argv.includes('--search-only'))
      writeDocTable(PERFORMANCE_DOC, 'recall-vectors', table, { command: 'npx tsx bench/recall-vectors.ts' });
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
