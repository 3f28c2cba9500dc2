/**
 * How long each public call holds the event loop on large inputs (#31): `addMessages` of
 * 100,000 messages, the first recall of a 100,000-entry session after a reopen, import and
 * export of it, every read of it, a 1M-character question, `scope: 'all'` over 10,000
 * sessions, `listSessions`, `clearSession`, on the memory store and on PGlite. Each row is the
 * largest gap between ticks of a 1 ms timer while the call (and the background work it started)
 * ran, and the call's wall time. Prints a table and writes it into docs/limits.md; asserts nothing.
 *
 * Run: `npm run bench:event-loop` (`EVENT_LOOP_N=20000` for a smaller session, `EVENT_LOOP_STORES=memory`).
 * @module
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMemory, memoryStore } from 'recallkit';
import type { Memory, SessionState, StoreAdapter } from 'recallkit';
import { postgresStore } from 'recallkit/postgres';
import { writeDocTable } from './lib/doc-table.js';
import { measureLoopGap, type LoopGap } from './lib/loop-gap.js';
import { machineHeader } from './lib/machine.js';
import { markdownTable, ms } from './lib/table.js';

const N = Number(process.env['EVENT_LOOP_N'] ?? 100_000);
const SESSIONS = Number(process.env['EVENT_LOOP_SESSIONS'] ?? 10_000);
const STORES = (process.env['EVENT_LOOP_STORES'] ?? 'memory,pglite').split(',');
/** The doc the table goes into. */
export const LIMITS_DOC = join(fileURLToPath(new URL('../', import.meta.url)), 'docs/limits.md');

/** Figures of the same run before the calls were sliced (`EVENT_LOOP_JSON` of that commit). */
const BASELINE = join(fileURLToPath(new URL('./', import.meta.url)), 'baselines/event-loop-before.json');

const WORDS = 'painting road trip family garden dog camera sunrise lake mountain guitar recipe'.split(' ');

/** `n` short chat messages, alternating user and assistant. */
function messages(n: number): { role: 'user' | 'assistant'; content: string }[] {
  return Array.from({ length: n }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: `Message ${i} about the ${WORDS[i % WORDS.length]} and the ${WORDS[(i * 7) % WORDS.length]} we saw.`,
  }));
}

/** A question of `n` characters. */
function question(n: number): string {
  const unit = 'What did we say about the painting and the road trip with the family? ';
  return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}

/** A store whose `close` keeps its data, so a second memory over it is a reopen. */
function keepOpen(store: StoreAdapter): StoreAdapter {
  return { ...store, close: async () => undefined };
}

/** No compression: the whole history stays active, the worst case for reads. */
const NO_COMPRESSION = { config: { autoCompress: false } } as const;

interface Row {
  store: string;
  call: string;
  gap: LoopGap;
}

async function bench(storeName: string, makeStore: () => StoreAdapter, rows: Row[]): Promise<void> {
  const row = async (call: string, fn: () => Promise<unknown>, after?: () => Promise<unknown>): Promise<unknown> => {
    const gap = await measureLoopGap(fn, after);
    rows.push({ store: storeName, call, gap });
    const error = gap.error instanceof Error ? ` (${gap.error.name}: ${gap.error.message.slice(0, 80)})` : '';
    console.error(`${storeName} ${call}: gap ${ms(gap.gap)} (CPU ${ms(gap.gapCpu)}), total ${ms(gap.total)}${error}`);
    return gap.result;
  };
  const open = (extra: object = {}): Promise<Memory> =>
    createMemory({ store: makeStore(), ...NO_COMPRESSION, ...extra });
  const big = messages(N);

  let memory = await open();
  await row(`addMessages, ${N.toLocaleString('en-US')} messages`, () => memory.addMessages('big', big));
  await memory.close();

  memory = await open();
  await row('first recall after a reopen', () => memory.recall('big', 'painting with the family'));
  await row('recall, warm', () => memory.recall('big', 'road trip to the lake'));
  await memory.close();

  memory = await open();
  await row('getContextForLLM, first call after a reopen', () => memory.getContextForLLM('big'));
  await row('getContextForLLM with recall', () =>
    memory.getContextForLLM('big', { query: 'garden dog', recall: { maxTokens: 1000 } }),
  );
  await row('getContextForLLM with maxTokens 4,000', () => memory.getContextForLLM('big', { maxTokens: 4000 }));
  await row('getActiveEntries', () => memory.getActiveEntries('big'));
  await row('getInteractions', () => memory.getInteractions('big'));
  await row('getStats', () => memory.getStats('big'));
  const state = (await row('exportSession', () => memory.exportSession('big'))) as SessionState;
  await row(`importSession, ${N.toLocaleString('en-US')} entries`, () =>
    memory.importSession({ ...state, sessionId: 'imported' }),
  );
  await row('first recall of the imported session', () => memory.recall('imported', 'camera sunrise'));
  await row('recall, 1M-character question', () => memory.recall('big', question(1_000_000)));
  await row('recall, 10M-character question', () => memory.recall('big', question(10_000_000)));
  await row('compress (heuristic summarizer)', () => memory.compress('big'));
  await row('clearSession', () => memory.clearSession('imported'));
  await memory.close();

  memory = await open();
  const small = messages(4);
  for (let i = 0; i < SESSIONS; i++) await memory.addMessages(`chat-${i}`, small);
  await memory.close();
  memory = await open();
  await row(`listSessions, ${(SESSIONS + 1).toLocaleString('en-US')} sessions`, () => memory.listSessions());
  await row(`recall scope 'all', first (${(SESSIONS + 1).toLocaleString('en-US')} sessions)`, () =>
    memory.recall('chat-0', 'painting lake', { scope: 'all' }),
  );
  await row("recall scope 'all', warm", () => memory.recall('chat-0', 'dog guitar', { scope: 'all' }));
  await row("recall scope 'all', 1M-character question", () =>
    memory.recall('chat-0', question(1_000_000), { scope: 'all' }),
  );
  await row('clearSession of the large session', () => memory.clearSession('big'));
  await memory.close();
}

/** Runs every case on every store; returns the table as Markdown. */
export async function runEventLoopBench(): Promise<string> {
  const rows: Row[] = [];
  if (STORES.includes('memory')) {
    const store = memoryStore();
    await bench('memory', () => keepOpen(store), rows);
    await store.close();
  }
  if (STORES.includes('pglite')) {
    const dir = mkdtempSync(join(tmpdir(), 'recallkit-slices-loop-'));
    try {
      await bench('PGlite', () => postgresStore({ pglite: dir, tenant: 'bench' }), rows);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const measured = rows.map((r) => ({
    store: r.store,
    call: r.call,
    gap: r.gap.gap,
    gapCpu: r.gap.gapCpu,
    total: r.gap.total,
    result: r.gap.error instanceof Error ? r.gap.error.name : 'ok',
  }));
  const json = process.env['EVENT_LOOP_JSON'];
  if (json) writeFileSync(json, `${JSON.stringify({ n: N, sessions: SESSIONS, rows: measured }, null, 1)}\n`);
  // The same calls measured before the slicing (#31), run by this script at that commit.
  const before = existsSync(BASELINE)
    ? (JSON.parse(readFileSync(BASELINE, 'utf8')) as { rows: typeof measured })
    : undefined;
  const earlier = (r: (typeof measured)[number]) => before?.rows.find((b) => b.store === r.store && b.call === r.call);
  const table = markdownTable(
    [
      { header: 'store' },
      { header: 'call' },
      { header: 'longest hold', align: 'right' },
      { header: 'CPU in it', align: 'right' },
      { header: 'call took', align: 'right' },
      { header: 'result' },
      ...(before
        ? [
            { header: 'before: hold', align: 'right' as const },
            { header: 'before: took', align: 'right' as const },
          ]
        : []),
    ],
    measured.map((r) => {
      const b = earlier(r);
      return [
        r.store,
        r.call,
        ms(r.gap),
        ms(r.gapCpu),
        ms(r.total),
        r.result,
        ...(before
          ? [b ? ms(b.gap) : 'n/a', b ? `${ms(b.total)}${b.result === 'ok' ? '' : ` (${b.result})`}` : 'n/a']
          : []),
      ];
    }),
  );
  return [
    `## How long one call holds the event loop (Node, ${N.toLocaleString('en-US')}-entry session)`,
    '',
    table,
    '',
    'Longest hold: the largest gap between ticks of a 1 ms interval timer while the call ran. CPU in it: the',
    "CPU time the process used during that gap (all its threads, the garbage collector's included); far",
    'below the hold, the process was waiting for a core held by other processes of the machine, not working.',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const table = await runEventLoopBench();
  console.log(`${machineHeader()}\n\n${table}`);
  writeDocTable(LIMITS_DOC, 'event-loop', table, { command: 'npm run bench:event-loop' });
}
