/**
 * The browser bench page: measurements the runner (bench/browser/run.ts) calls through
 * `window.recallkitBench`, each returning plain numbers. Built by Vite like a user's app, with
 * the worker built from source (the package entries map to src/ through tsconfig "paths").
 * @module
 */
import { openDB } from 'idb';
import type { Memory } from 'recallkit';
import type { MemoryEntry, MemorySummary, SessionState } from 'recallkit';
import { createWorkerMemory } from 'recallkit';
import { createMemory } from 'recallkit';
import { instantiateTiktoken, loadRanks, loadTiktoken } from 'recallkit/tokens';
import RecallKitWorker from 'recallkit/worker?worker';
import { txShapes } from './tx-shapes.js';
import { journalOverlap } from './overlap.js';

const spawn = (): Worker => new RecallKitWorker();
/** When this page's script began to run (ms from the navigation's start). */
const SCRIPT_AT = performance.now();

const WORDS =
  'the trip to lisbon in may weather tram pastel nata museum river sunset booking hotel flight price budget day walk'.split(
    ' ',
  );

/** A chat message of about 30 words, different each time. */
function text(i: number): string {
  const words: string[] = [];
  for (let w = 0; w < 30; w++) words.push(WORDS[(i * 7 + w * 3) % WORDS.length]!);
  return `${i}: ${words.join(' ')}.`;
}

/** Long tasks (> 50 ms) of this thread while `work` runs. */
async function watchLongTasks<T>(
  work: () => Promise<T>,
): Promise<{ value: T; count: number; totalMs: number; maxMs: number }> {
  const tasks: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask' });
  const value = await work();
  // Let the last task's entry be delivered.
  await new Promise((resolve) => setTimeout(resolve, 100));
  tasks.push(...observer.takeRecords());
  observer.disconnect();
  return {
    value,
    count: tasks.length,
    totalMs: tasks.reduce((s, t) => s + t.duration, 0),
    maxMs: Math.max(0, ...tasks.map((t) => t.duration)),
  };
}

/** Append `n` messages (user/assistant alternating) through a worker memory, or in this thread. */
async function appendRun(options: {
  n: number;
  dbName: string;
  burst: boolean;
  inThread?: boolean;
  durability?: 'journal' | 'none';
}) {
  const memory = options.inThread
    ? await createMemory({ store: 'indexeddb', dbName: options.dbName })
    : await createWorkerMemory({
        worker: spawn(),
        dbName: options.dbName,
        ...(options.durability ? { durability: options.durability } : {}),
      });
  await memory.getStats('bench');
  const latencies: number[] = [];
  const result = await watchLongTasks(async () => {
    const start = performance.now();
    if (options.burst) {
      await Promise.all(Array.from({ length: options.n }, (_, i) => add(memory, i)));
    } else {
      for (let i = 0; i < options.n; i++) {
        const t = performance.now();
        await add(memory, i);
        latencies.push(performance.now() - t);
      }
    }
    return performance.now() - start;
  });
  const stats = await memory.getStats('bench');
  const { journalWrites } = await memory.storageState();
  await memory.close();
  return {
    totalMs: result.value,
    latencies,
    longTasks: result.count,
    longTaskMs: result.totalMs,
    maxLongTaskMs: result.maxMs,
    entries: stats.totalEntries,
    journalWrites: journalWrites ?? 'none',
  };
}

function add(memory: Memory, i: number): Promise<MemoryEntry> {
  return i % 2 === 0 ? memory.addUserMessage('bench', text(i)) : memory.addAssistantMessage('bench', text(i));
}

/** The same records put with `idb` in this page, one awaited transaction each. */
async function rawRun(options: {
  n: number;
  dbName: string;
  withMeta: boolean;
  durability?: IDBTransactionDurability;
}) {
  const db = await openDB(options.dbName, 1, {
    upgrade(d) {
      d.createObjectStore('entries', { keyPath: ['sessionId', 'id'] });
      d.createObjectStore('sessions', { keyPath: 'sessionId' });
    },
  });
  const latencies: number[] = [];
  const start = performance.now();
  for (let i = 0; i < options.n; i++) {
    const entry: MemoryEntry = {
      id: crypto.randomUUID(),
      sessionId: 'bench',
      seq: i,
      interaction: Math.floor(i / 2) + 1,
      type: 'message',
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: text(i),
      timestamp: new Date().toISOString(),
      tokenCount: 40,
      compressed: false,
    };
    const t = performance.now();
    if (options.durability) {
      const tx = db.transaction(['entries', 'sessions'], 'readwrite', { durability: options.durability });
      void tx.objectStore('entries').put({ sessionId: 'bench', id: entry.id, seq: i, active: 1, entry });
      void tx
        .objectStore('sessions')
        .put({ sessionId: 'bench', version: i, nextSeq: i + 1, updatedAt: entry.timestamp });
      await tx.done;
    } else if (options.withMeta) {
      const tx = db.transaction(['entries', 'sessions'], 'readwrite');
      void tx.objectStore('entries').put({ sessionId: 'bench', id: entry.id, seq: i, active: 1, entry });
      void tx
        .objectStore('sessions')
        .put({ sessionId: 'bench', version: i, nextSeq: i + 1, updatedAt: entry.timestamp });
      await tx.done;
    } else {
      await db.put('entries', { sessionId: 'bench', id: entry.id, seq: i, active: 1, entry });
    }
    latencies.push(performance.now() - t);
  }
  const totalMs = performance.now() - start;
  db.close();
  return { totalMs, latencies };
}

/**
 * What one engine add does to IndexedDB, by hand: one transaction that reads the session's
 * version (another tab may have written), puts the entry and the meta, and asks for the commit
 * once the version read has passed. `withLock` adds a Web Lock around it and a separate meta
 * read before it (what a store with neither an in-transaction check nor a change channel needs).
 */
async function rawEnginePattern(options: { n: number; dbName: string; withLock?: boolean }) {
  const db = await openDB(options.dbName, 1, {
    upgrade(d) {
      d.createObjectStore('entries', { keyPath: ['sessionId', 'id'] });
      d.createObjectStore('sessions', { keyPath: 'sessionId' });
    },
  });
  const lock: number[] = [];
  const all: number[] = [];
  const write = async (i: number): Promise<void> => {
    const tx = db.transaction(['entries', 'sessions'], 'readwrite');
    const check = tx.objectStore('sessions').get('bench');
    const puts = [
      tx
        .objectStore('entries')
        .put({ sessionId: 'bench', id: String(i), seq: i, active: 1, entry: { content: text(i) } }),
      tx.objectStore('sessions').put({ sessionId: 'bench', version: i, nextSeq: i + 1 }),
    ];
    await check;
    tx.commit();
    await Promise.all([...puts, tx.done]);
  };
  for (let i = 0; i < options.n; i++) {
    const t = performance.now();
    if (options.withLock) {
      await navigator.locks.request(`${options.dbName}:bench`, async () => {
        lock.push(performance.now() - t);
        await db.get('sessions', 'bench');
        await write(i);
      });
    } else await write(i);
    all.push(performance.now() - t);
  }
  db.close();
  return { lock, latencies: all };
}

/**
 * tiktoken's parts, loaded in this thread as the worker loads them (run in a fresh context for
 * cold figures), and the encoder built a second time (its WASM code then optimized).
 */
async function tokenizerParts(options: { warmUpChars?: number } = {}) {
  // RecallKit's own counter first (what the worker loads): the rank file fetched, inflated and indexed.
  const c0 = performance.now();
  const counter = await loadTiktoken('o200k_base');
  counter.count('Hello, world!');
  const counterMs = performance.now() - c0;
  counter.free();
  const t0 = performance.now();
  const lite = await instantiateTiktoken();
  const t1 = performance.now();
  const ranks = await loadRanks('o200k_base');
  const t2 = performance.now();
  if (options.warmUpChars) {
    const part = ranks.bpe_ranks.slice(0, options.warmUpChars);
    new lite.Tiktoken(part.slice(0, part.lastIndexOf(' ')), {}, 'a').free();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const tw = performance.now();
  const encoder = new lite.Tiktoken(ranks.bpe_ranks, ranks.special_tokens, ranks.pat_str);
  const t3 = performance.now();
  encoder.free();
  const again = new lite.Tiktoken(ranks.bpe_ranks, ranks.special_tokens, ranks.pat_str);
  const t4 = performance.now();
  again.free();
  return {
    counterMs,
    wasmMs: t1 - t0,
    ranksMs: t2 - t1,
    warmUpMs: tw - t2,
    encoderMs: t3 - tw,
    encoderAgainMs: t4 - t3,
  };
}

/** Worker round trips of a call that does no work (`updateConfig({})`). */
async function roundTrips(options: { n: number; dbName: string }) {
  const memory = await createWorkerMemory({ worker: spawn(), dbName: options.dbName });
  const latencies: number[] = [];
  for (let i = 0; i < options.n; i++) {
    const t = performance.now();
    await memory.updateConfig({});
    latencies.push(performance.now() - t);
  }
  await memory.close();
  return { latencies };
}

/**
 * A user's start: `createWorkerMemory` (worker script, WASM, ranks, database, journal) and the
 * first add, timed from this call. `inPage: 'words'` is `createMemory` in this thread with a word
 * counter instead of tiktoken: the database alone, without the worker or the tokenizer.
 * `traced` starts the traced worker (`trace-worker.ts`) and returns its marks. `marks` are ms
 * from the navigation's start: when the page's response ended, its script began and this step began.
 */
async function startUp(options: {
  dbName: string;
  durability?: 'journal' | 'none';
  inPage?: 'words';
  traced?: boolean;
}) {
  const start = performance.now();
  const traced = options.traced ? tracedWorker('start-trace') : undefined;
  const memory = options.inPage
    ? await createMemory({
        store: 'indexeddb',
        dbName: options.dbName,
        tokenizer: { count: (t: string) => t.split(/\s+/).length },
      })
    : await createWorkerMemory({
        worker: traced?.worker ?? spawn(),
        dbName: options.dbName,
        ...(options.durability ? { durability: options.durability } : {}),
      });
  const created = performance.now() - start;
  const entry = await memory.addUserMessage('start', 'Hello! Plan a three-day trip to Lisbon in May.');
  const firstAdd = performance.now() - start;
  const trace = traced ? (await traced.read()).marks : undefined;
  await memory.close();
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return {
    created,
    firstAdd,
    tokenCount: entry.tokenCount,
    marks: { responseEnd: nav?.responseEnd ?? NaN, script: SCRIPT_AT, start },
    ...(trace ? { trace, origin: performance.timeOrigin } : {}),
  };
}

/**
 * Write a session of `total` entries as the Memory Manager leaves it: all but the newest
 * `active` compressed, `summaries - 1` summaries of one compression round each, and one running
 * summary that earlier folds made. Every compressed entry links to its summary by `summaryId`;
 * a summary lists in `originalEntryIds` only the entries of its own round (so a running summary
 * does not grow with the history).
 */
async function buildSession(options: {
  dbName: string;
  sessionId: string;
  total: number;
  active: number;
  summaries: number;
  durability?: 'journal' | 'none';
}) {
  const { total, active, sessionId } = options;
  const t0 = Date.parse('2024-01-01T00:00:00Z');
  const entries: MemoryEntry[] = [];
  const summaries: MemorySummary[] = [];
  const compressed = total - active;
  // Entries per compression round: the default config compresses ~90 at a time (maxEntries 100,
  // recentWindow 10); a smaller session divides evenly.
  const round = Math.min(90, Math.ceil(compressed / options.summaries));
  const runningEnd = Math.max(round, compressed - (options.summaries - 1) * round); // entries [0, runningEnd) are the running summary's
  const summaryOf = (i: number): number => (i < runningEnd ? 0 : 1 + Math.floor((i - runningEnd) / round));
  for (let i = 0; i < total; i++) {
    const s = i < compressed ? summaryOf(i) : -1;
    const entry: MemoryEntry = {
      id: `e${i}`,
      sessionId,
      seq: i,
      interaction: 0,
      type: 'message',
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: text(i),
      timestamp: new Date(t0 + i * 60_000).toISOString(),
      tokenCount: 0,
      compressed: s >= 0,
    };
    if (s >= 0) entry.summaryId = `s${s}`;
    entries.push(entry);
  }
  for (let s = 0; s < options.summaries; s++) {
    const from = s === 0 ? Math.max(0, runningEnd - round) : runningEnd + (s - 1) * round;
    const to = s === 0 ? runningEnd : Math.min(compressed, runningEnd + s * round);
    const ids = entries.slice(from, to).map((e) => e.id);
    summaries.push({
      id: `s${s}`,
      sessionId,
      content: `Summary ${s}: ${text(s)} ${text(s + 1)}`,
      originalEntryIds: ids,
      tokenCount: 0,
      originalTokenCount: ids.length * 40,
      compressionRatio: 0,
      createdAt: new Date(t0 + s * 3_600_000).toISOString(),
      timeRange: { start: entries[s === 0 ? 0 : from]!.timestamp, end: entries[to - 1]!.timestamp },
    });
  }
  const state: SessionState = { schemaVersion: 1, sessionId, entries, summaries, totalTokens: 0 };
  const memory = await createWorkerMemory({
    worker: spawn(),
    dbName: options.dbName,
    ...(options.durability ? { durability: options.durability } : {}),
  });
  const start = performance.now();
  await memory.importSession(state);
  const importMs = performance.now() - start;
  const stats = await memory.getStats(sessionId);
  await memory.close();
  return { importMs, stats };
}

/**
 * A new worker on an existing database: start, the first call on the session (which loads its
 * meta, active entries and summaries), then its context.
 */
async function reopen(options: { dbName: string; sessionId: string; durability?: 'journal' | 'none' }) {
  const start = performance.now();
  const memory = await createWorkerMemory({
    worker: spawn(),
    dbName: options.dbName,
    ...(options.durability ? { durability: options.durability } : {}),
  });
  const started = performance.now();
  const stats = await memory.getStats(options.sessionId);
  const opened = performance.now();
  const context = await memory.getContextForLLM(options.sessionId);
  const contextMs = performance.now() - opened;
  const { journalBytes } = await memory.storageState();
  await memory.close();
  return {
    startMs: started - start,
    openMs: opened - started,
    contextMs,
    messages: context.messages.length,
    stats,
    journalBytes,
  };
}

/** Bytes the origin stores (IndexedDB and OPFS together), as the browser reports them. */
/**
 * The floor a user could pick instead of RecallKit, timed like {@link startUp}: open an
 * IndexedDB database and load a pure-JS exact o200k counter (`gpt-tokenizer`) to count one message.
 */
async function floor(options: { dbName: string }) {
  const start = performance.now();
  const [db, tokenizer] = await Promise.all([
    openDB(options.dbName, 1, {
      upgrade(d) {
        d.createObjectStore('entries', { keyPath: ['sessionId', 'id'] });
      },
    }),
    import('gpt-tokenizer/encoding/o200k_base'),
  ]);
  const tokens = tokenizer.countTokens('Hello! Plan a three-day trip to Lisbon in May.');
  const firstCount = performance.now() - start;
  db.close();
  return { firstCount, tokens };
}

/**
 * An awaited add through a worker memory against a raw awaited IndexedDB put in this page,
 * `rounds` times interleaved (`n` of each per round, one after the other): the mean of each, per round.
 */
async function addVsPut(options: { n: number; rounds: number; dbName: string }) {
  const rounds: {
    addMs: number;
    /** The session's first add (its journal file is created then), and the mean of the others. */
    firstAddMs: number;
    laterAddMs: number;
    putMs: number;
    noJournalMs: number;
    inPageMs: number;
    putMetaMs: number;
    roundTripMs: number;
  }[] = [];
  let journalWrites = 'none';
  for (let r = 0; r < options.rounds; r++) {
    const { n } = options;
    const adds = await appendRun({ n, dbName: `${options.dbName}-add-${r}`, burst: false });
    const puts = await rawRun({ n, dbName: `${options.dbName}-put-${r}`, withMeta: false });
    // Where an add's time goes: without the journal, without the worker, and the raw writes an add makes.
    const none = await appendRun({ n, dbName: `${options.dbName}-none-${r}`, burst: false, durability: 'none' });
    const inPage = await appendRun({ n, dbName: `${options.dbName}-page-${r}`, burst: false, inThread: true });
    const meta = await rawRun({ n, dbName: `${options.dbName}-meta-${r}`, withMeta: true });
    const trips = await roundTrips({ n, dbName: `${options.dbName}-trip-${r}` });
    journalWrites = adds.journalWrites;
    rounds.push({
      addMs: adds.totalMs / n,
      firstAddMs: adds.latencies[0]!,
      laterAddMs: adds.latencies.slice(1).reduce((a, b) => a + b, 0) / (n - 1),
      putMs: puts.totalMs / n,
      noJournalMs: none.totalMs / n,
      inPageMs: inPage.totalMs / n,
      putMetaMs: meta.totalMs / n,
      roundTripMs: trips.latencies.reduce((a, b) => a + b, 0) / n,
    });
  }
  return { rounds, journalWrites };
}

/** A worker memory whose worker notes its longest hold (`hold-worker.ts`), and how to read it. */
async function holdMemory(dbName: string, name: string) {
  const channel = new BroadcastChannel(`hold:${name}`);
  const ask = <T>(what: 'start' | 'read'): Promise<T> =>
    new Promise((resolve) => {
      channel.onmessage = (event: MessageEvent<T>) => resolve(event.data);
      channel.postMessage(what);
    });
  const memory = await createWorkerMemory({
    worker: new Worker(new URL('./hold-worker.ts', import.meta.url), { type: 'module', name }),
    dbName,
    config: { autoCompress: false },
  });
  await memory.getStats('warm-up');
  return {
    memory,
    /** Run `call`; how long it took, and the longest the worker's event loop was held meanwhile. */
    async measure(call: () => Promise<unknown>) {
      await ask('start');
      const start = performance.now();
      let result = 'ok';
      try {
        await call();
      } catch (error) {
        result = (error as Error)?.name ?? String(error);
      }
      const tookMs = performance.now() - start;
      const { longest } = await ask<{ longest: number }>('read');
      return { holdMs: longest, tookMs, result };
    },
    async close() {
      await memory.close();
      channel.close();
    },
  };
}

/**
 * How long the worker's event loop is held by each call on large inputs (#31): `addMessages` of
 * `n` short messages, the first recall of that session in a new worker, export and import of
 * it, a question of 1M characters, a compression of the whole history, and deleting a session.
 * Compression is off (`autoCompress: false`), so the whole history stays active (the worst case).
 */
async function workerHolds(options: { n: number; dbName: string }) {
  const { n, dbName } = options;
  const rows: { call: string; holdMs: number; tookMs: number; result: string }[] = [];
  const messages = Array.from({ length: n }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: `Message ${i} about the ${WORDS[i % WORDS.length]} and the ${WORDS[(i * 7) % WORDS.length]} we saw.`,
  }));
  const count = n.toLocaleString('en-US');
  let worker = await holdMemory(dbName, `${dbName}-1`);
  const row = async (call: string, fn: () => Promise<unknown>) => rows.push({ call, ...(await worker.measure(fn)) });
  await row(`addMessages, ${count} messages`, () => worker.memory.addMessages('big', messages));
  await worker.close();
  worker = await holdMemory(dbName, `${dbName}-2`);
  await row('first recall after a reopen', () => worker.memory.recall('big', 'the museum by the river'));
  await row('recall, warm', () => worker.memory.recall('big', 'tram to the hotel'));
  await row('getContextForLLM', () => worker.memory.getContextForLLM('big'));
  let state: SessionState | undefined;
  await row('exportSession', async () => (state = await worker.memory.exportSession('big')));
  await row(`importSession, ${count} entries`, () => worker.memory.importSession({ ...state!, sessionId: 'imported' }));
  await row('first recall of the imported session', () => worker.memory.recall('imported', 'sunset walk'));
  const unit = 'What did we say about the trip to lisbon and the weather in may? ';
  const question = unit.repeat(Math.ceil(1_000_000 / unit.length)).slice(0, 1_000_000);
  await row('recall, 1M-character question', () => worker.memory.recall('big', question));
  await row('compress (heuristic summarizer)', () => worker.memory.compress('big'));
  await row('clearSession', () => worker.memory.clearSession('imported'));
  await row('clearSession of the large session', () => worker.memory.clearSession('big'));
  await worker.close();
  return rows;
}

/** A worker memory whose worker notes its steps (`trace-worker.ts`), and how to read them. */
function tracedWorker(name: string): { worker: Worker; read: () => Promise<{ marks: unknown[] }> } {
  const worker = new Worker(new URL('./trace-worker.ts', import.meta.url), { type: 'module', name });
  const channel = new BroadcastChannel(`trace:${name}`);
  const read = (): Promise<{ marks: unknown[] }> =>
    new Promise((resolve) => {
      channel.onmessage = (event: MessageEvent<{ marks: unknown[] }>) => {
        channel.close();
        resolve(event.data);
      };
      channel.postMessage('read');
    });
  return { worker, read };
}

const epoch = (): number => performance.timeOrigin + performance.now();

/**
 * `n` awaited adds through a traced worker (after a warm-up call and the session's first add),
 * each one's post and resolve times in this page, and the worker's marks: where an add's time goes.
 */
async function traceAdds(options: { n: number; dbName: string; durability?: 'journal' | 'none'; sizes?: boolean }) {
  const traced = tracedWorker(`${options.dbName}-trace${options.sizes ? '-sizes' : ''}`);
  const memory = await createWorkerMemory({
    worker: traced.worker,
    dbName: options.dbName,
    ...(options.durability ? { durability: options.durability } : {}),
  });
  await memory.getStats('bench');
  await add(memory, 0);
  const adds: { post: number; resolved: number }[] = [];
  for (let i = 1; i <= options.n; i++) {
    const post = epoch();
    await add(memory, i);
    adds.push({ post, resolved: epoch() });
  }
  const { journalWrites } = await memory.storageState();
  const { marks } = await traced.read();
  await memory.close();
  // Raw puts in the same page, for scale.
  const puts = await rawRun({ n: options.n, dbName: `${options.dbName}-put`, withMeta: false });
  return { adds, marks, journalWrites: journalWrites ?? 'none', putMs: puts.totalMs / options.n };
}

/** A start through a traced worker: `new Worker`, created, the first add resolved, and the worker's marks. */
async function traceStart(options: { dbName: string }) {
  const start = epoch();
  const traced = tracedWorker('start-trace');
  const memory = await createWorkerMemory({ worker: traced.worker, dbName: options.dbName });
  const created = epoch();
  await memory.addUserMessage('start', 'Hello! Plan a three-day trip to Lisbon in May.');
  const firstAdd = epoch();
  const { marks } = await traced.read();
  await memory.close();
  return { start, created, firstAdd, marks };
}

async function usage() {
  return (await navigator.storage.estimate()).usage ?? 0;
}

const bench = {
  /** Wait `ms` (the browser's own work after its launch settles meanwhile); a step of its own. */
  settle: (o: { ms: number }) => new Promise((resolve) => setTimeout(() => resolve(o.ms), o.ms)),
  appendRun,
  rawRun,
  rawEnginePattern,
  roundTrips,
  startUp,
  tokenizerParts,
  buildSession,
  reopen,
  usage,
  floor,
  addVsPut,
  workerHolds,
  traceAdds,
  traceStart,
  txShapes,
  journalOverlap,
};
(globalThis as { recallkitBench?: typeof bench }).recallkitBench = bench;
document.getElementById('status')!.textContent = 'ready';
void runSteps();

/**
 * Engines no runner can call into (WebKitGTK's MiniBrowser) run the page by its URL:
 * `?steps=startUp:{...};floor:{...}&at=0` runs step `at`, posts its result to `/result`, and
 * loads the page again for the next step (a reload: a warm start).
 */
async function runSteps(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const steps = params.get('steps')?.split(';');
  if (!steps) return;
  const at = Number(params.get('at') ?? 0);
  const [name, json] = [steps[at]!.slice(0, steps[at]!.indexOf(':')), steps[at]!.slice(steps[at]!.indexOf(':') + 1)];
  let result: unknown;
  try {
    const step = (bench as unknown as Record<string, (o: unknown) => Promise<unknown>>)[name];
    if (!step) throw new Error(`no step ${name}`);
    result = { ok: true, value: await step(JSON.parse(json)) };
  } catch (error) {
    result = { ok: false, error: String((error as Error)?.stack ?? error) };
  }
  await fetch('/result', {
    method: 'POST',
    body: JSON.stringify({ at, name, userAgent: navigator.userAgent, result }),
  });
  if (at + 1 < steps.length) {
    params.set('at', String(at + 1));
    location.replace(`${location.pathname}?${params.toString()}`);
  }
}

/** What the runner calls in the page. */
export type BrowserBench = typeof bench;
