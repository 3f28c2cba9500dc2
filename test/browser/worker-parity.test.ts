/**
 * One Memory API, two hosts: the same scripted session run against `createMemory` (this
 * thread) and `createWorkerMemory` (a Web Worker), both on IndexedDB, must give the same
 * results, the same errors and the same events in the same order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory, type MemoryOptions } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import type { MemoryEventName, SummarizeCallback, Summarizer } from '../../src/types.js';
import { createWorkerMemory } from '../../src/worker/client.js';

const opened: Memory[] = [];
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((m) => m.close()));
});

const uniqueDb = (label: string): string =>
  `recallkit-parity-${label}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

function spawnWorker(): Worker {
  return new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' });
}

type Host = 'thread' | 'worker';

async function open(host: Host, options: MemoryOptions): Promise<Memory> {
  const memory =
    host === 'thread'
      ? await createMemory({ ...options, store: 'indexeddb', dbName: uniqueDb('thread') })
      : await createWorkerMemory({ ...options, store: 'indexeddb', dbName: uniqueDb('worker'), worker: spawnWorker() });
  opened.push(memory);
  return memory;
}

/** A deterministic page-side summarizer: names what it summarized. */
const summarize: SummarizeCallback = async (_prompt, info) =>
  `Summary (pass ${info.pass}/${info.passes}) of ${info.entries.length} entries: ${info.entries.map((e) => e.content.split(' ')[0]).join(' ')}`;

const EVENTS: MemoryEventName[] = [
  'entry:added',
  'compressing',
  'compressed',
  'erased',
  'session:cleared',
  'error',
  'summary:facts-missing',
];

/** Records every result, error and event of a run, in the order the caller observes them. */
function recorder(memory: Memory) {
  const log: unknown[] = [];
  for (const event of EVENTS) {
    memory.on(event, (...args: unknown[]) =>
      log.push(['event', event, ...args.map((a) => (a instanceof Error ? errorOf(a) : a))]),
    );
  }
  const step = async <T>(label: string, call: () => Promise<T>): Promise<T | undefined> => {
    try {
      const value = await call();
      // Compression runs in the background: settle it, so both hosts log the same order.
      await memory.idle();
      log.push(['result', label, value === undefined ? 'undefined' : value]);
      return value;
    } catch (error) {
      log.push(['threw', label, errorOf(error)]);
      return undefined;
    }
  };
  return { log, step };
}

function errorOf(error: unknown): unknown {
  if (!(error instanceof Error)) return { notAnError: error };
  const field = (error as { field?: unknown }).field;
  return {
    name: error.name,
    message: error.message,
    ...(field === undefined ? {} : { field }),
    class: error.constructor.name,
  };
}

/** Ids and times differ between runs: number ids by first appearance, blank out times. */
function normalize(value: unknown): unknown {
  const ids = new Map<string, string>();
  const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
  const ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|call_[0-9a-f]{24})$/;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (ISO.test(v)) return '<time>';
      if (ID.test(v)) {
        if (!ids.has(v)) ids.set(v, `<id ${ids.size + 1}>`);
        return ids.get(v);
      }
      return v;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

/** The Memory Manager path: messages, tools, context, auto and manual compression, export/import. */
async function managerScript(memory: Memory): Promise<unknown[]> {
  const { log, step } = recorder(memory);
  const s = 'chat';
  await step('user', () =>
    memory.addUserMessage(s, 'What is the weather in Paris today?', { lang: 'en', tags: ['a', 1, null] }),
  );
  await step('tool call', () => memory.addToolCall(s, 'get_weather', { city: 'Paris' }, { callId: 'call_paris' }));
  await step('tool result', () => memory.addToolResult(s, 'get_weather', { tempC: 18, sky: 'clear' }));
  // Explicit ids: a generated one is random, and its tokens are counted.
  await step('json string args', () =>
    memory.addToolCall(s, 'get_time', '{"tz":"Europe/Paris"}', { callId: 'call_time' }),
  );
  await step('paired result', () => memory.addToolResult(s, 'get_time', '14:02', { isError: false }));
  await step('assistant', () => memory.addAssistantMessage(s, 'It is 18°C and clear in Paris.'));
  await step('context', () => memory.addContext(s, 'The user lives in Lyon and prefers Celsius.', 'profile.md'));
  for (let i = 1; i <= 8; i++) {
    await step(`user ${i}`, () => memory.addUserMessage(s, `Question ${i}: tell me about city number ${i}`));
    await step(`assistant ${i}`, () =>
      memory.addAssistantMessage(s, `Answer ${i}: city number ${i} has ${i * 1000} inhabitants.`),
    );
  }
  await step('interaction', () =>
    memory.addInteraction(s, {
      userRequest: { text: 'Book a table' },
      aiResponse: { text: 'Booked for 8pm', ok: true },
      ts: '2024-05-01T19:00:00.000Z',
    }),
  );
  await step('messages', () =>
    memory.addMessages(s, [
      { role: 'user', content: 'Imported question' },
      { role: 'assistant', content: 'Imported answer' },
    ]),
  );
  await step('context openai', () => memory.getContextForLLM(s));
  await step('context anthropic', () => memory.getContextForLLM(s, { format: 'anthropic' }));
  await step('active', () => memory.getActiveEntries(s));
  await step('interactions', () => memory.getInteractions(s));
  await step('summaries', () => memory.getSummaries(s));
  await step('stats', () => memory.getStats(s));
  const named: Summarizer = {
    name: 'page-object',
    summarize: async (p, info) => `Object summary: ${(await summarize(p, info)).length} chars`,
  };
  await step('set summarizer', () => memory.setSummarizeCallback(named));
  await step('update config', () => memory.updateConfig({ recentWindow: 2, minEntriesToCompress: 2 }));
  await step('compress', () => memory.compress(s));
  await step('stats after compress', () => memory.getStats(s));
  await step('summaries after compress', () => memory.getSummaries(s));
  const active = await memory.getActiveEntries(s);
  await step('pin', () => memory.pin(s, active[0]!.id));
  await step('report usage', () => memory.reportUsage(s, { promptTokens: 321 }));
  await step('recall', async () => {
    try {
      return await memory.recall(s, 'weather in Paris', { topK: 3 });
    } catch (error) {
      if (error instanceof Error && /not wired yet/.test(error.message)) return 'recall not wired yet';
      throw error;
    }
  });
  const exported = await step('export', () => memory.exportSession(s));
  await step('import copy', () => memory.importSession({ ...exported!, sessionId: 'copy' }));
  await step('copy stats', () => memory.getStats('copy'));
  await step('copy context', () => memory.getContextForLLM('copy'));
  await step('list', async () => (await memory.listSessions()).sort((a, b) => a.sessionId.localeCompare(b.sessionId)));
  await step('clear copy', () => memory.clearSession('copy'));
  await step('list after clear', async () => (await memory.listSessions()).map((m) => m.sessionId).sort());
  // Errors must keep their class, name, message and field.
  await step('bad content', () => memory.addUserMessage(s, 42 as unknown as string));
  await step('bad session', () => memory.getStats('' as string));
  await step('bad metadata', () =>
    memory.addUserMessage(s, 'x', { when: new Map() } as unknown as Record<string, unknown>),
  );
  await step('bad tool result', () =>
    memory.addToolResult(s, 'get_weather', 'x', { isError: 'no' as unknown as boolean }),
  );
  await step('bad import', () => memory.importSession({ sessionId: 'broken' } as never));
  await step('bad config', () => memory.updateConfig({ maxTokens: -5 }));
  await step('bad format', () => memory.getContextForLLM(s, { format: 'xml' as never }));
  await step('stats unchanged by errors', () => memory.getStats(s));
  return log;
}

/** Profile strategies: Chain of Density summarizer with a short-term budget, then neuralyzer. */
async function profileScript(memory: Memory): Promise<unknown[]> {
  const { log, step } = recorder(memory);
  for (let i = 1; i <= 7; i++) {
    await step(`user ${i}`, () =>
      memory.addUserMessage('p', `Turn ${i}: Alice paid ${i * 10} EUR for order #${1000 + i}`),
    );
    await step(`assistant ${i}`, () => memory.addAssistantMessage('p', `Noted turn ${i}.`));
  }
  await step('context', () => memory.getContextForLLM('p'));
  await step('summaries', () => memory.getSummaries('p'));
  await step('interactions', () => memory.getInteractions('p'));
  await step('stats', () => memory.getStats('p'));
  return log;
}

const PROFILE: MemoryOptions['profile'] = {
  short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 400 }],
  long_term_memory_strategy: [
    { long_term_memory_id: 'summarizer', interaction_threshold_qty: 3, interaction_keep: 1, cod_max_loops: 2 },
  ],
  persistence_strategy: 'INCREMENTAL',
};

const NEURALYZER: MemoryOptions['profile'] = {
  long_term_memory_strategy: [{ long_term_memory_id: 'neuralyzer', interaction_threshold_qty: 3, interaction_keep: 1 }],
};

describe('createWorkerMemory gives the same results as createMemory', () => {
  it('for the Memory Manager path (messages, tools, compression, export/import, errors)', async () => {
    const options: MemoryOptions = {
      summarizer: summarize,
      config: { maxEntries: 12, recentWindow: 4, minEntriesToCompress: 3 },
    };
    const thread = normalize(await managerScript(await open('thread', options)));
    const worker = normalize(await managerScript(await open('worker', options)));
    expect(worker).toEqual(thread);
    // The script did exercise compression and errors (so equality is not trivially of empties).
    const labels = (thread as unknown[][]).map((row) => `${row[0]} ${row[1]}`);
    expect(labels).toContain('event compressed');
    expect(labels).toContain('threw bad content');
    expect(labels).toContain('threw bad import');
  });

  it('for a profile (Chain of Density summarizer + max_tokens)', async () => {
    const options: MemoryOptions = { summarizer: summarize, profile: PROFILE };
    const thread = normalize(await profileScript(await open('thread', options)));
    const worker = normalize(await profileScript(await open('worker', options)));
    expect(worker).toEqual(thread);
    expect((thread as unknown[][]).some((row) => row[1] === 'compressed')).toBe(true);
  });

  it('for neuralyzer erasure', async () => {
    const thread = normalize(await profileScript(await open('thread', { profile: NEURALYZER })));
    const worker = normalize(await profileScript(await open('worker', { profile: NEURALYZER })));
    expect(worker).toEqual(thread);
    expect((thread as unknown[][]).some((row) => row[1] === 'erased')).toBe(true);
  });

  it('for createWorkerMemory/createMemory option errors', async () => {
    const bad: MemoryOptions[] = [
      { config: { maxTokens: -1 } },
      { profile: { long_term_memory_strategy: [{ long_term_memory_id: 'forgetful' }] } as never },
      { tokenizer: 'p50k_base' as never },
      { dbName: '' },
      { summarizer: 42 as never },
    ];
    for (const options of bad) {
      const thread = await createMemory({ ...options, store: 'memory' }).then(
        (m) => (opened.push(m), 'created'),
        errorOf,
      );
      const worker = await createWorkerMemory({ ...options, store: 'memory', worker: spawnWorker() }).then(
        (m) => (opened.push(m), 'created'),
        errorOf,
      );
      expect(worker).toEqual(thread);
      expect(thread).not.toBe('created');
    }
  });
});
