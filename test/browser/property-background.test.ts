/**
 * Background compression on real IndexedDB in Chromium: random sequences of adds, clears,
 * manual compressions and summarizer faults (throw, garbage, empty), with summaries held
 * until a compression point, checked after every step against the reference model: what is
 * stored is what was added minus what was erased or cleared, nothing doubled, no entry linked
 * to a missing summary, stats agree, the context is valid. A second engine on the same database
 * (a reload) reads exactly the same session at the end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemory, type MemoryOptions } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import type { SummarizeCallback, TokenCounter } from '../../src/types.js';
import { switchableSummarizer, type SwitchableSummarizer } from '../support/faulty-summarizers.js';
import {
  expectContextValid,
  expectStoredAsReference,
  trackSession,
  type ReferenceModel,
} from '../support/reference-model.js';

const S = 'prop';
const counter: TokenCounter = { count: (t) => Math.ceil(t.length / 4) };

const cases: { name: string; options: Pick<MemoryOptions, 'config' | 'profile'> }[] = [
  { name: 'Memory Manager', options: { config: { maxEntries: 8, recentWindow: 3, minEntriesToCompress: 2 } } },
  {
    name: 'summarizer (CoD 2)',
    options: {
      profile: {
        long_term_memory_strategy: [
          {
            long_term_memory_id: 'summarizer',
            interaction_threshold_qty: 3,
            interaction_threshold_tokens: -1,
            cod_max_loops: 2,
            interaction_keep: 1,
          },
        ],
      },
    },
  },
  {
    name: 'rolling 3 x 2',
    options: {
      profile: { long_term_memory_strategy: [{ long_term_memory_id: 'rolling', window: 3, max_summaries: 2 }] },
    },
  },
  {
    name: 'summary_buffer',
    options: {
      profile: {
        long_term_memory_strategy: [
          { long_term_memory_id: 'summary_buffer', budget: 200, threshold: 0.8, target: 0.5 },
        ],
      },
    },
  },
];

type Op =
  | { op: 'user' | 'assistant'; text: string }
  | { op: 'tool'; name: string }
  | { op: 'settle' }
  | { op: 'compress' }
  | { op: 'clear' }
  | { op: 'fail'; count: number; mode: SwitchableSummarizer['mode'] };

const words = ['deploy', 'invoice', 'zebra', 'build', 'Ana', 'Postgres', '42', '東京'];
const text = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 20 }).map((w) => w.join(' '));
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: text.map((t) => ({ op: 'user' as const, text: t })) },
  { weight: 5, arbitrary: text.map((t) => ({ op: 'assistant' as const, text: t })) },
  { weight: 2, arbitrary: fc.constantFrom('search', 'deploy').map((name) => ({ op: 'tool' as const, name })) },
  { weight: 3, arbitrary: fc.constant({ op: 'settle' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'compress' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'clear' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('fail' as const),
      count: fc.integer({ min: 1, max: 3 }),
      mode: fc.constantFrom('throw' as const, 'empty' as const, 'garbage' as const),
    }),
  },
);

interface World {
  memory: Memory;
  ref: ReferenceModel;
  summarizer: SwitchableSummarizer;
  open: () => void;
  close: () => void;
}

async function settle(w: World, during?: () => Promise<unknown>): Promise<void> {
  w.open();
  try {
    await during?.();
    await w.memory.idle(S);
  } finally {
    w.close();
  }
}

async function apply(w: World, o: Op): Promise<void> {
  switch (o.op) {
    case 'user':
      w.ref.added(await w.memory.addUserMessage(S, o.text));
      return;
    case 'assistant':
      w.ref.added(await w.memory.addAssistantMessage(S, o.text));
      return;
    case 'tool': {
      const call = await w.memory.addToolCall(S, o.name, { q: 1 });
      w.ref.added(call, await w.memory.addToolResult(S, o.name, 'done', { callId: call.tool!.callId }));
      return;
    }
    case 'settle':
      await settle(w);
      return;
    case 'compress':
      await settle(w, () => w.memory.compress(S).catch((e: Error) => expect(e.name).toBe('SummarizerError')));
      return;
    case 'clear':
      await w.memory.clearSession(S);
      return;
    case 'fail':
      w.summarizer.failures = o.count;
      w.summarizer.mode = o.mode;
      return;
  }
}

async function check(w: World): Promise<void> {
  const state = await expectStoredAsReference(w.memory, S, w.ref);
  await expectContextValid(w.memory, S, counter);
  const ids = state.entries.map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
  const summaryIds = new Set(state.summaries.map((s) => s.id));
  for (const e of state.entries)
    if (e.summaryId !== undefined)
      expect(summaryIds.has(e.summaryId), `entry ${e.id} links to a missing summary`).toBe(true);
}

async function run(c: (typeof cases)[number], ops: Op[]): Promise<void> {
  const dbName = `property-${crypto.randomUUID()}`;
  const summarizer = switchableSummarizer();
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  const close = () => {
    gate = new Promise<void>((resolve) => (release = resolve));
  };
  close();
  const held: SummarizeCallback = async (prompt, info) => {
    await gate;
    return summarizer.summarize(prompt, info);
  };
  const config = { compressionRetryMs: 0, summarizeTimeoutMs: 0, ...c.options.config };
  const memory = await createMemory({
    store: 'indexeddb',
    dbName,
    tokenizer: counter,
    summarizer: held,
    ...c.options,
    config,
  });
  const w: World = { memory, ref: trackSession(memory, S), summarizer, open: () => release(), close };
  try {
    for (const o of ops) {
      await apply(w, o);
      await check(w);
    }
    await settle(w);
    await check(w);
    const state = await memory.exportSession(S);
    // A reload: another engine on the same database reads the same session.
    const reloaded = await createMemory({ store: 'indexeddb', dbName, tokenizer: counter, ...c.options, config });
    expect(await reloaded.exportSession(S)).toEqual(state);
    await reloaded.close();
  } finally {
    w.open();
    await memory.close();
    indexedDB.deleteDatabase(dbName);
  }
}

describe('background compression on IndexedDB keeps every invariant under random operations', () => {
  it.each(cases)('$name', async (c) => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 10, maxLength: 40 }), (ops) => run(c, ops)),
      { seed: 4321, numRuns: 12 },
    );
  });
});
