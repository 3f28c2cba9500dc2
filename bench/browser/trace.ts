/**
 * Where an add's time and a warm start's go, per engine: the bench page's traced worker
 * (`page/trace-hooks.ts`) notes each message, IndexedDB transaction, OPFS call and rank-table
 * read with its time, and this script splits each add into steps (ms, medians over the adds):
 * page → worker (the call posted and cloned), the worker's work before its first transaction
 * (validation, token count, the batch), the transaction (created → complete), the journal's calls
 * (OPFS writes and flushes, inside the add), the worker's work after the commit, and the reply
 * back to the page. It also counts transactions and journal calls per add. Prints tables;
 * asserts nothing; writes no docs.
 *
 * Run: `npx tsx bench/browser/trace.ts` (RECALLKIT_ENGINES picks engines). To compare two
 * builds, build each page (`RECALLKIT_TRACE_BUILD=dir` builds only) and pass
 * `RECALLKIT_TRACE_DIRS=old,new`: their profiles then take turns (`RECALLKIT_TRACE_PAIRS`, default 3).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { runProfile } from './engines.js';
import { REPO } from './user-app.js';
import { quantile } from '../lib/stats.js';
import { selectedEngines, type EngineName } from '../../test/support/engines/engines.js';

interface Mark {
  kind: string;
  at: number;
  end?: number;
  detail?: string;
}

const ADDS = 60;
const WARM = 3;
const median = (xs: readonly number[]): number => (xs.length ? quantile(xs, 0.5) : NaN);
const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

async function buildPage(outDir: string): Promise<void> {
  await build({
    root: join(REPO, 'bench/browser/page'),
    configFile: false,
    logLevel: 'warn',
    resolve: { tsconfigPaths: true },
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true },
  });
}

/** Each add's steps (ms) from the page's times and the worker's marks. */
function addSteps(adds: { post: number; resolved: number }[], marks: Mark[]) {
  const calls = marks.filter(
    (m) => m.kind === 'recv' && /^APPLY:call:add(User|Assistant)Message$/.test(m.detail ?? ''),
  );
  // The warm-up add is the first one; the timed adds follow.
  const timed = calls.slice(calls.length - adds.length);
  return adds.map((page, i) => {
    const recv = timed[i]!;
    const next = timed[i + 1]?.at ?? Infinity;
    const mine = marks.filter((m) => m.at >= recv.at && m.at < Math.min(next, page.resolved));
    // comlink's answer: the first message posted after the call that is not an event.
    const reply = mine.find((m) => m.kind === 'reply' && m.detail !== 'event');
    const txs = mine.filter((m) => m.kind === 'idb.readwrite' || m.kind === 'idb.readonly');
    const writeTx = mine.find((m) => m.kind === 'idb.readwrite');
    const journal = mine.filter((m) => m.kind.startsWith('opfs.'));
    const commitCall = mine.find((m) => m.kind === 'idb.commit-call' && m.at >= (writeTx?.at ?? Infinity));
    const sum = (kind: string): number =>
      journal.filter((m) => m.kind === kind).reduce((s, m) => s + (m.end! - m.at), 0);
    const replyAt = reply?.at ?? page.resolved;
    return {
      total: page.resolved - page.post,
      toWorker: recv.at - page.post,
      beforeTx: (writeTx?.at ?? replyAt) - recv.at,
      tx: writeTx?.end !== undefined ? writeTx.end - writeTx.at : NaN,
      txToCommitCall: commitCall && writeTx ? commitCall.at - writeTx.at : NaN,
      commitCallToEnd: commitCall && writeTx?.end !== undefined ? writeTx.end - commitCall.at : NaN,
      afterCommit: writeTx?.end !== undefined ? replyAt - writeTx.end : NaN,
      toPage: page.resolved - replyAt,
      journalWrite: sum('opfs.write'),
      journalFlush: sum('opfs.flush'),
      journalOther: journal
        .filter((m) => m.kind !== 'opfs.write' && m.kind !== 'opfs.flush')
        .reduce((s, m) => s + ((m.end ?? m.at) - m.at), 0),
      transactions: txs.length,
      readwrite: mine.filter((m) => m.kind === 'idb.readwrite').length,
      writes: journal.filter((m) => m.kind === 'opfs.write').length,
      flushes: journal.filter((m) => m.kind === 'opfs.flush').length,
      otherFileCalls: journal.filter((m) => m.kind !== 'opfs.write' && m.kind !== 'opfs.flush').length,
      stores: (writeTx?.detail ?? '').split('+').length,
      requests: mine.filter((m) => /^idb\.(put|add|get|delete|getAll|openCursor)$/.test(m.kind)).length,
    };
  });
}

/** A start's steps (ms from `new Worker`). */
function startSteps(s: { start: number; created: number; firstAdd: number; marks: Mark[] }) {
  const at = (m: Mark | undefined, end = false): number => (m ? (end ? (m.end ?? m.at) : m.at) - s.start : NaN);
  const find = (kind: string, detail?: RegExp): Mark | undefined =>
    s.marks.find((m) => m.kind === kind && (!detail || detail.test(m.detail ?? '')));
  const init = find('recv', /^APPLY:init/);
  const initReply = s.marks.find((m) => m.kind === 'reply' && m.at > (init?.at ?? 0));
  const add = find('recv', /^APPLY:call:addUserMessage/);
  // The kept table's read: from its first call (its database's open, Cache Storage's open or match
  // in earlier versions, or the file's fetch) to the end of reading the body.
  const rank = s.marks.find(
    (m) => /^cache\.(open|match)$|^fetch$/.test(m.kind) || (m.kind === 'idb.open' && m.detail === 'recallkit-ranks'),
  );
  const body =
    s.marks.find((m) => /^(response|blob)\.arrayBuffer$/.test(m.kind) && m.at >= (rank?.at ?? Infinity)) ?? rank;
  const appOpen = s.marks.find((m) => m.kind === 'idb.open' && m.detail !== 'recallkit-ranks');
  const files = s.marks.filter((m) => m.kind.startsWith('opfs.') && m.at < (initReply?.at ?? Infinity));
  return {
    script: at(find('script')),
    rankRead: at(rank),
    rankReadEnd: at(body, true),
    idbOpen: at(appOpen),
    idbOpenEnd: at(appOpen, true),
    initRecv: at(init),
    journalFilesEnd: files.length ? Math.max(...files.map((m) => (m.end ?? m.at) - s.start)) : NaN,
    initReply: at(initReply),
    created: s.created - s.start,
    addRecv: at(add),
    firstAdd: s.firstAdd - s.start,
    startupTx: s.marks.filter(
      (m) => m.kind.startsWith('idb.read') && m.detail !== 'tables' && m.at < (initReply?.at ?? Infinity),
    ).length,
  };
}

type Row = Record<string, number>;
const summarize = (rows: Row[], pick: (xs: number[]) => number): Row =>
  Object.fromEntries(Object.keys(rows[0] ?? {}).map((k) => [k, pick(rows.map((r) => r[k]!).filter(Number.isFinite))]));

async function traceEngine(engine: EngineName, dir: string) {
  const { values } = await runProfile(engine, dir, [
    ...Array.from({ length: 1 + WARM }, () => ['traceStart', { dbName: 'app' }] as [string, unknown]),
    ['traceAdds', { n: ADDS, dbName: 'trace', sizes: !!process.env['RECALLKIT_TRACE_REQUESTS'] }],
  ]);
  const raw = values.slice(0, 1 + WARM) as Parameters<typeof startSteps>[0][];
  if (process.env['RECALLKIT_TRACE_REQUESTS']) {
    const last = raw.at(-1)!;
    const shown = last.marks.map(
      (m) =>
        `${(m.at - last.start).toFixed(1)} ${m.kind} ${m.detail?.slice(-40) ?? ''} ${m.end !== undefined ? (m.end - m.at).toFixed(1) : ''}`,
    );
    console.log(
      `${engine} warm start (ms from new Worker; created ${(last.created - last.start).toFixed(1)}, first add ${(last.firstAdd - last.start).toFixed(1)}):\n${shown.join('\n')}`,
    );
  }
  const starts = raw.map(startSteps);
  const traced = values[1 + WARM] as {
    adds: { post: number; resolved: number }[];
    marks: Mark[];
    journalWrites: string;
    putMs: number;
  };
  const adds = addSteps(traced.adds, traced.marks);
  if (process.env['RECALLKIT_TRACE_REQUESTS']) {
    const last = traced.marks.filter((m) => m.kind === 'recv' && /addUserMessage/.test(m.detail ?? '')).at(-1)!;
    const shown = traced.marks.filter((m) => m.at >= last.at).slice(0, 40);
    console.log(
      engine,
      shown
        .map(
          (m) =>
            `${(m.at - last.at).toFixed(2)} ${m.kind} ${m.detail ?? ''} ${m.end !== undefined ? (m.end - m.at).toFixed(2) : ''}`,
        )
        .join('\n'),
    );
  }
  return {
    warm: summarize(starts.slice(1), median),
    cold: starts[0]!,
    adds: summarize(adds, median),
    addMeans: summarize(adds, mean),
    putMs: traced.putMs,
    journalWrites: traced.journalWrites,
  };
}

const f = (x: number | undefined): string => (x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(x < 10 ? 2 : 1));

async function main(): Promise<void> {
  if (process.env['RECALLKIT_TRACE_BUILD']) return buildPage(process.env['RECALLKIT_TRACE_BUILD']);
  let dirs = process.env['RECALLKIT_TRACE_DIRS']?.split(',');
  let built: string | undefined;
  if (!dirs) {
    built = mkdtempSync(join(tmpdir(), 'recallkit-trace-page-'));
    await buildPage(built);
    dirs = [built];
  }
  try {
    await traceAll(dirs);
  } finally {
    if (built) rmSync(built, { recursive: true, force: true });
  }
}

/** Trace every selected engine on each built page in `dirs`, taking turns, and print the tables. */
async function traceAll(dirs: string[]): Promise<void> {
  const pairs = Number(process.env['RECALLKIT_TRACE_PAIRS'] ?? (dirs.length > 1 ? 3 : 1));
  for (const engine of selectedEngines()) {
    const results: { dir: string; r: Awaited<ReturnType<typeof traceEngine>> }[] = [];
    for (let p = 0; p < pairs; p++) {
      // Taking turns, and the first to run alternating.
      const order = p % 2 ? [...dirs].reverse() : dirs;
      for (const dir of order) results.push({ dir, r: await traceEngine(engine, dir) });
    }
    const addKeys = Object.keys(results[0]!.r.adds);
    const startKeys = Object.keys(results[0]!.r.warm);
    console.log(`\n### ${engine}: an add's steps (ms, median of ${ADDS} adds; counts per add)\n`);
    console.log(`| build | run | ${addKeys.join(' | ')} | mean add | raw put | add/put | journal |`);
    console.log(`|---|---|${addKeys.map(() => '---:').join('|')}|---:|---:|---:|---|`);
    results.forEach(({ dir, r }, i) =>
      console.log(
        `| ${dirs.indexOf(dir)} | ${i} | ${addKeys.map((k) => f(r.adds[k])).join(' | ')} | ${f(r.addMeans['total'])} | ${f(r.putMs)} | ${f(r.addMeans['total']! / r.putMs)} | ${r.journalWrites} |`,
      ),
    );
    console.log(`\n### ${engine}: a warm start (ms from new Worker, median of ${WARM} reloads)\n`);
    console.log(`| build | run | ${startKeys.join(' | ')} |`);
    console.log(`|---|---|${startKeys.map(() => '---:').join('|')}|`);
    results.forEach(({ dir, r }, i) =>
      console.log(`| ${dirs.indexOf(dir)} | ${i} | ${startKeys.map((k) => f(r.warm[k])).join(' | ')} |`),
    );
    for (const dir of dirs) {
      const mine = results.filter((x) => x.dir === dir);
      console.log(
        `build ${dirs.indexOf(dir)}: add/put median ${f(median(mine.map((x) => x.r.addMeans['total']! / x.r.putMs)))}, warm first add median ${f(median(mine.map((x) => x.r.warm['firstAdd']!)))} ms`,
      );
    }
  }
}

await main();
