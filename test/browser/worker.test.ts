/**
 * createWorkerMemory in real Chromium: events, errors, the page-side summarizer, durability
 * across a worker restart, and the options that cannot cross a worker.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { ClosedError, RecallKitError, SummarizerError, ValidationError } from '../../src/errors.js';
import type { Memory } from '../../src/memory.js';
import type { MemoryStats, SummarizeInfo } from '../../src/types.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import { createWorkerMemory, type WorkerMemoryOptions } from '../../src/worker/client.js';

const opened: Memory[] = [];
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((m) => m.close()));
});

const uniqueDb = (): string => `recallkit-worker-${Date.now()}-${Math.random().toString(36).slice(2)}`;

function spawnWorker(): Worker {
  return new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' });
}

async function open(options: WorkerMemoryOptions = {}): Promise<Memory> {
  const memory = await createWorkerMemory({ dbName: uniqueDb(), worker: spawnWorker(), ...options });
  opened.push(memory);
  return memory;
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-Error: ${String(error)}`, { cause: error });
  }
  throw new Error('expected a rejection');
}

/** Compresses after 6 active entries, keeping the newest 2. */
const SMALL = { maxEntries: 6, recentWindow: 2, minEntriesToCompress: 2 };

async function chat(memory: Memory, s: string, turns: number, from = 1): Promise<void> {
  for (let i = from; i < from + turns; i++) {
    await memory.addUserMessage(s, `Question ${i} about Lisbon`);
    await memory.addAssistantMessage(s, `Answer ${i}: Lisbon has ${i} bridges.`);
  }
}

describe('events', () => {
  it('reach on() listeners before the result of the call that caused them', async () => {
    const memory = await open({ config: SMALL });
    const log: string[] = [];
    memory.on('entry:added', (_s, entry) => log.push(`added ${entry.content}`));
    const ids: string[] = [];
    memory.on('compressing', (s, { id }) => (ids.push(id), log.push(`compressing ${s}`)));
    memory.on(
      'compressed',
      (_s, { id, summary }) => (ids.push(id), log.push(`compressed ${summary.originalEntryIds.length}`)),
    );
    for (let i = 1; i <= 4; i++) {
      await memory.addUserMessage('s', `u${i}`);
      log.push(`resolved u${i}`);
    }
    expect(log).toEqual([
      'added u1',
      'resolved u1',
      'added u2',
      'resolved u2',
      'added u3',
      'resolved u3',
      'added u4',
      'resolved u4',
    ]);
    log.length = 0;
    await memory.addUserMessage('s', 'u5');
    await memory.addUserMessage('s', 'u6');
    await memory.addUserMessage('s', 'u7');
    // Compression runs in the background: idle() crosses the worker and resolves after its events.
    await memory.idle('s');
    expect(log).toEqual(['added u5', 'added u6', 'added u7', 'compressing s', 'compressed 5']);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  it('stop after unsubscribe, and flow to listeners added later', async () => {
    const memory = await open();
    const first: string[] = [];
    const second: string[] = [];
    const stop = memory.on('entry:added', (_s, e) => first.push(e.content));
    await memory.addUserMessage('s', 'one');
    stop();
    stop();
    await memory.addUserMessage('s', 'two');
    memory.on('entry:added', (_s, e) => second.push(e.content));
    memory.on('session:cleared', (s) => second.push(`cleared ${s}`));
    await memory.addUserMessage('s', 'three');
    await memory.clearSession('s');
    expect(first).toEqual(['one']);
    expect(second).toEqual(['three', 'cleared s']);
  });
});

describe('errors', () => {
  it('keep their class, name, message and field', async () => {
    const memory = await open();
    const thread = await createMemory({ store: 'memory' });
    opened.push(thread);
    const inWorker = await rejection(memory.addUserMessage('s', 42 as unknown as string));
    const inThread = await rejection(thread.addUserMessage('s', 42 as unknown as string));
    expect(inWorker).toBeInstanceOf(ValidationError);
    expect(inWorker).toBeInstanceOf(RecallKitError);
    expect({ name: inWorker.name, message: inWorker.message, field: (inWorker as ValidationError).field }).toEqual({
      name: 'ValidationError',
      message: 'content: expected a string, received number 42',
      field: 'content',
    });
    expect(inWorker.message).toBe(inThread.message);
  });

  it('for arguments that cannot be posted to a worker are the in-thread ValidationError', async () => {
    const memory = await open();
    const thread = await createMemory({ store: 'memory' });
    opened.push(thread);
    const metadata = { onClick: () => undefined } as unknown as Record<string, unknown>;
    const inWorker = await rejection(memory.addUserMessage('s', 'hi', metadata));
    const inThread = await rejection(thread.addUserMessage('s', 'hi', metadata));
    expect(inWorker).toBeInstanceOf(ValidationError);
    expect(inWorker.message).toBe(inThread.message);
    expect((inWorker as ValidationError).field).toBe('metadata.onClick');
    expect(await memory.getStats('s')).toMatchObject({ totalEntries: 0 });
  });

  it('after close: ClosedError for every call, close() again is fine', async () => {
    const memory = await open();
    await memory.addUserMessage('s', 'hi');
    await memory.close();
    await memory.close();
    const error = await rejection(memory.getStats('s'));
    expect(error).toBeInstanceOf(ClosedError);
    expect(error.message).toBe('memory is closed: create a new one');
    expect(await rejection(memory.setSummarizeCallback(async () => 'x'))).toBeInstanceOf(ClosedError);
  });

  it('refuse options that cannot cross a worker, saying what to pass instead', async () => {
    const tokenizer = await rejection(
      createWorkerMemory({ tokenizer: { count: (t: string) => t.length }, worker: spawnWorker() }),
    );
    expect(tokenizer).toBeInstanceOf(ValidationError);
    expect((tokenizer as ValidationError).field).toBe('tokenizer');
    expect(tokenizer.message).toMatch(/'o200k_base' or 'cl100k_base'.*createMemory\(\{ tokenizer \}\)/);

    const store = await rejection(createWorkerMemory({ store: memoryStore(), worker: spawnWorker() }));
    expect(store).toBeInstanceOf(ValidationError);
    expect((store as ValidationError).field).toBe('store');
    expect(store.message).toMatch(/'indexeddb' or 'memory'.*createMemory\(\{ store \}\)/);

    const worker = await rejection(createWorkerMemory({ worker: {} as Worker }));
    expect((worker as ValidationError).field).toBe('worker');
  });

  it('say so when the worker script cannot load', async () => {
    const broken = new Worker(URL.createObjectURL(new Blob(['throw new Error("boom")'], { type: 'text/javascript' })));
    const error = await rejection(createWorkerMemory({ worker: broken }));
    expect(error).toBeInstanceOf(RecallKitError);
    expect(error.message).toMatch(/RecallKit worker failed to load.*boom/);
  });
});

describe('the summarizer stays in the page', () => {
  it('is called through the proxy with the prompt, the entries and a live abort signal', async () => {
    const calls: { prompt: string; info: SummarizeInfo; inPage: boolean }[] = [];
    const memory = await open({
      config: SMALL,
      summarizer: {
        name: 'page-llm',
        summarize: async (prompt, info) => {
          calls.push({ prompt, info, inPage: typeof document !== 'undefined' });
          return `Lisbon facts from ${info.entries.length} entries`;
        },
      },
    });
    await chat(memory, 's', 4);
    await memory.idle('s');
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.inPage).toBe(true);
    expect(call!.prompt).toContain('Question 1 about Lisbon');
    expect(call!.info).toMatchObject({ sessionId: 's', pass: 1, passes: 1 });
    expect(call!.info.signal).toBeInstanceOf(AbortSignal);
    expect(call!.info.entries.map((e) => e.content)).toContain('Answer 1: Lisbon has 1 bridges.');
    const [summary] = await memory.getSummaries('s');
    expect(summary).toMatchObject({
      content: `Lisbon facts from ${call!.info.entries.length} entries`,
      metadata: { summarizer: 'page-llm' },
    });
  });

  it('that throws fires `error` and loses nothing; the next trigger succeeds with a new callback', async () => {
    const memory = await open({
      config: SMALL,
      summarizer: async () => {
        throw new Error('LLM offline');
      },
    });
    const errors: { session: string; name: string; message: string; isError: boolean }[] = [];
    memory.on('error', (session, error) =>
      errors.push({ session, name: error.name, message: error.message, isError: error instanceof SummarizerError }),
    );
    await chat(memory, 's', 4);
    await memory.idle('s');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ session: 's', name: 'SummarizerError', isError: true });
    expect(errors[0]!.message).toContain('LLM offline');
    const stats: MemoryStats = await memory.getStats('s');
    expect(stats).toMatchObject({ totalEntries: 8, activeEntries: 8, compressedEntries: 0, summaries: 0 });

    await memory.setSummarizeCallback(async () => 'Lisbon, bridges.');
    await chat(memory, 's', 1, 5);
    await memory.idle('s');
    expect(await memory.getStats('s')).toMatchObject({ totalEntries: 10, summaries: 1 });
    expect((await memory.getSummaries('s'))[0]!.content).toBe('Lisbon, bridges.');
  });

  it('is aborted in the page when the worker gives up on it (timeout)', async () => {
    let reason: unknown;
    const memory = await open({
      config: { ...SMALL, summarizeTimeoutMs: 300 },
      summarizer: (_prompt, info) =>
        new Promise<string>((_resolve, reject) => {
          info.signal?.addEventListener('abort', () => {
            reason = info.signal?.reason;
            reject(new Error('aborted'));
          });
        }),
    });
    const errors: string[] = [];
    memory.on('error', (_s, error) => errors.push(error.message));
    await chat(memory, 's', 4);
    await memory.idle();
    expect(errors[0]).toMatch(/timed out after 300 ms/);
    await expect.poll(() => reason).toBeInstanceOf(SummarizerError);
    expect(await memory.getStats('s')).toMatchObject({ activeEntries: 8, summaries: 0 });
  });
});

describe('background compression through the worker', () => {
  it('adds and reads do not wait for a summarizer that hangs; close() returns promptly and aborts it in the page', async () => {
    let aborted: unknown;
    let calls = 0;
    const memory = await open({
      config: { ...SMALL, summarizeTimeoutMs: 0 },
      summarizer: (_prompt, info) =>
        new Promise<string>((_resolve, reject) => {
          calls++;
          info.signal?.addEventListener('abort', () => {
            aborted = info.signal?.reason;
            reject(new Error('aborted'));
          });
        }),
    });
    let pending = '';
    memory.on('compressing', (_s, { id }) => (pending = id));
    await chat(memory, 's', 4); // resolves although the summarizer never answers
    await expect.poll(() => calls).toBe(1);
    expect(pending).not.toBe('');
    expect((await memory.getContextForLLM('s')).messages).toHaveLength(8);
    expect(await memory.getStats('s')).toMatchObject({ totalEntries: 8, summaries: 0 });
    await memory.close();
    await expect.poll(() => aborted).toBeInstanceOf(Error);
  });
});

describe('the embedder stays in the page', () => {
  it('is called through the proxy by recall, with the same results as in-thread', async () => {
    const vector = (t: string): number[] =>
      ['lisbon', 'bridge', 'tram', 'weather'].map((w) => (t.toLowerCase().includes(w) ? 1 : 0));
    const calls: { texts: number; inPage: boolean }[] = [];
    const embedder = async (texts: string[]): Promise<number[][]> => {
      calls.push({ texts: texts.length, inPage: typeof document !== 'undefined' });
      return texts.map(vector);
    };
    const inWorker = await open({ embedder });
    const inThread = await createMemory({ store: 'memory', embedder: async (texts) => texts.map(vector) });
    opened.push(inThread);
    for (const m of [inWorker, inThread]) {
      await chat(m, 's', 3);
      await m.addUserMessage('s', 'Is the tram running in this weather?');
      await m.idle('s'); // entries are embedded in the background
    }
    const results = await Promise.all([inWorker, inThread].map((m) => m.recall('s', 'tram weather', { topK: 3 })));
    const view = (r: (typeof results)[number]) => r.map((x) => ({ content: x.entry.content, score: x.score }));
    expect(view(results[0]!)).toEqual(view(results[1]!));
    expect(view(results[0]!)[0]!.content).toBe('Is the tram running in this weather?');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.inPage)).toBe(true);
  });
});

describe('durability and workers', () => {
  it('a new worker on the same dbName reopens the same session', async () => {
    const dbName = uniqueDb();
    const first = await createWorkerMemory({
      dbName,
      worker: spawnWorker(),
      config: SMALL,
      summarizer: async () => 'Lisbon summary',
    });
    await chat(first, 's', 5);
    await first.idle('s');
    const before = {
      stats: await first.getStats('s'),
      state: await first.exportSession('s'),
      context: await first.getContextForLLM('s'),
    };
    expect(before.stats.summaries).toBeGreaterThan(0);
    await first.close();

    const second = await open({ dbName, config: SMALL });
    expect(await second.getStats('s')).toEqual(before.stats);
    expect(await second.exportSession('s')).toEqual(before.state);
    expect(await second.getContextForLLM('s')).toEqual(before.context);
    await second.addUserMessage('s', 'after restart');
    expect((await second.getActiveEntries('s')).at(-1)).toMatchObject({
      content: 'after restart',
      seq: before.stats.totalEntries,
    });
  });

  it('creates its own worker when none is given', async () => {
    const memory = await createWorkerMemory({ dbName: uniqueDb() });
    opened.push(memory);
    const entry = await memory.addUserMessage('s', 'Hello, world!');
    expect(entry).toMatchObject({ content: 'Hello, world!', tokenCount: 4 });
    expect((await memory.getContextForLLM('s')).tokenCount).toBe(11);
  });
});
