/**
 * A summarizer that throws, hangs, or answers nothing usable loses nothing, under every
 * strategy that summarizes: entries stay stored (active), an `error` event fires, stats agree
 * with what is stored, the context stays valid, and the next trigger tries again.
 */
import { describe, expect, it } from 'vitest';
import { createMemory, type MemoryOptions } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import type { SummarizeCallback, TokenCounter } from '../../src/types.js';
import {
  constantSummarizer,
  failingOnPass,
  goodAnswer,
  hangingSummarizer,
  nonStringSummarizer,
  recordingSummarizer,
  rejectingWithString,
  syncThrowingSummarizer,
  throwingSummarizer,
} from '../support/faulty-summarizers.js';
import {
  expectContextValid,
  expectStillWorks,
  expectStoredAsReference,
  trackSession,
  type ReferenceModel,
} from '../support/reference-model.js';

const S = 'faults';
/** A fast, deterministic tokenizer: the invariants do not depend on which one counts. */
const counter: TokenCounter = { count: (t) => Math.ceil(t.length / 4) };

/** Strategies that summarize, each set to trigger within a few turns. */
const setups: Record<string, Pick<MemoryOptions, 'config' | 'profile'>> = {
  manager: { config: { maxEntries: 6, recentWindow: 2, minEntriesToCompress: 2 } },
  summarizer: {
    profile: {
      long_term_memory_strategy: [
        {
          long_term_memory_id: 'summarizer',
          interaction_threshold_qty: 2,
          interaction_threshold_tokens: -1,
          cod_max_loops: 3,
          interaction_keep: 1,
        },
      ],
    },
  },
  summary_buffer: {
    profile: {
      long_term_memory_strategy: [{ long_term_memory_id: 'summary_buffer', budget: 120, threshold: 0.8, target: 0.5 }],
    },
  },
  rolling: {
    profile: { long_term_memory_strategy: [{ long_term_memory_id: 'rolling', window: 2, max_summaries: 2 }] },
  },
};

interface Run {
  memory: Memory;
  ref: ReferenceModel;
  errors: Error[];
}

async function start(setup: keyof typeof setups, summarizer: SummarizeCallback, timeoutMs = 2_000): Promise<Run> {
  const { config, profile } = setups[setup]!;
  const memory = await createMemory({
    store: 'memory',
    tokenizer: counter,
    summarizer,
    config: { ...config, summarizeTimeoutMs: timeoutMs },
    ...(profile ? { profile } : {}),
  });
  const ref = trackSession(memory, S);
  const errors: Error[] = [];
  memory.on('error', (_s, e) => errors.push(e));
  return { memory, ref, errors };
}

/** Turns with a tool pair in each, long enough to pass every setup's threshold. */
async function talk(run: Run, turns: number, from = 0): Promise<void> {
  for (let i = from; i < from + turns; i++) {
    const { memory, ref } = run;
    ref.added(await memory.addUserMessage(S, `Question ${i}: what does the deploy log say about build ${i}?`));
    ref.added(await memory.addToolCall(S, 'read_log', { build: i }));
    ref.added(
      await memory.addToolResult(S, 'read_log', `build ${i} failed at step ${i % 3}`, { isError: i % 2 === 0 }),
    );
    ref.added(await memory.addAssistantMessage(S, `Build ${i} failed at step ${i % 3}; retry with the cache cleared.`));
  }
}

async function expectIntact(run: Run): Promise<void> {
  await run.memory.idle(S); // compression runs in the background: check what it settled on
  await expectStoredAsReference(run.memory, S, run.ref);
  await expectContextValid(run.memory, S, counter);
}

const failures: [string, () => SummarizeCallback, RegExp][] = [
  ['throws', () => throwingSummarizer('model offline'), /model offline/],
  ['throws synchronously', syncThrowingSummarizer, /sync failure/],
  ['rejects with a string', rejectingWithString, /plain string reason/],
  ['hangs (summarizeTimeoutMs)', hangingSummarizer, /timed out after 40 ms/],
  ['returns an empty string', () => constantSummarizer(''), /no usable summary.*empty text/],
  ['returns whitespace', () => constantSummarizer(' \n\t  '), /no usable summary/],
  ['returns punctuation only', () => constantSummarizer('...!!! ---'), /no usable summary/],
  ['returns JSON without a summary', () => constantSummarizer('{"error": "rate limited"}'), /no usable summary/],
  ['returns an empty code fence', () => constantSummarizer('```json\n```'), /no usable summary/],
  ['returns null', () => nonStringSummarizer(null), /returned null/],
  ['returns a number', () => nonStringSummarizer(42), /returned number/],
];

describe.each(Object.keys(setups) as (keyof typeof setups)[])('%s strategy', (setup) => {
  it.each(failures)(
    'a summarizer that %s: nothing lost, error event, retried once it works',
    async (_name, make, message) => {
      const run = await start(setup, make(), 40);
      await talk(run, 6);
      await expectIntact(run);
      expect(run.errors.length).toBeGreaterThan(0);
      expect(run.errors.every((e) => e.name === 'SummarizerError')).toBe(true);
      expect(run.errors[0]!.message).toMatch(message);
      const stats = await run.memory.getStats(S);
      expect(stats.summaries).toBe(0);
      // Nothing was summarized: only a rolling window may slide interaction 1 (which no summary covers) out.
      const state = await run.memory.exportSession(S);
      expect(state.entries.filter((e) => e.compressed && e.summaryId !== undefined)).toEqual([]);
      if (setup !== 'rolling') expect(stats.compressedEntries).toBe(0);
      // compress() reports the failure to its caller and changes nothing stored.
      const before = await run.memory.exportSession(S);
      await expect(run.memory.compress(S)).rejects.toMatchObject({ name: 'SummarizerError' });
      expect(await run.memory.exportSession(S)).toEqual(before);

      await run.memory.setSummarizeCallback(async (_p, info) => goodAnswer(info));
      await talk(run, 1, 6);
      await expectIntact(run);
      expect((await run.memory.getStats(S)).summaries).toBeGreaterThan(0);
      await expectStillWorks(run.memory, S, run.ref);
      await expectIntact(run);
    },
  );

  it('a huge answer (200,000 characters) is stored as the summary, counted, and nothing is lost', async () => {
    const huge = `Decisions: ${'the team chose option B after review; '.repeat(5_300)}`.slice(0, 200_000);
    const run = await start(setup, constantSummarizer(huge));
    await talk(run, 6);
    await expectIntact(run);
    expect(run.errors).toEqual([]);
    const summaries = await run.memory.getSummaries(S);
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries[0]!.content).toBe(huge);
    expect(summaries[0]!.tokenCount).toBe(counter.count(huge));
    await expectStillWorks(run.memory, S, run.ref);
  });
});

describe('Chain of Density (summarizer, cod_max_loops 5)', () => {
  const cod = (summarizer: SummarizeCallback) =>
    createMemory({
      store: 'memory',
      tokenizer: counter,
      summarizer,
      config: { summarizeTimeoutMs: 40 },
      profile: {
        long_term_memory_strategy: [
          {
            long_term_memory_id: 'summarizer',
            interaction_threshold_qty: 2,
            interaction_threshold_tokens: -1,
            cod_max_loops: 5,
            interaction_keep: 1,
          },
        ],
      },
    });

  it('a failure on pass 3 of 5 keeps pass 2’s summary; nothing is lost', async () => {
    const summarizer = failingOnPass(3);
    const memory = await cod(summarizer.summarize);
    const run: Run = { memory, ref: trackSession(memory, S), errors: [] };
    await talk(run, 3);
    await expectIntact(run);
    // One round: passes 1, 2, then 3 failed and no later pass was asked for.
    expect(summarizer.calls.map((c) => c.info.pass)).toEqual([1, 2, 3]);
    expect(summarizer.calls.every((c) => c.info.passes === 5)).toBe(true);
    const [summary] = await memory.getSummaries(S);
    expect(summary!.content).toBe(goodAnswer(summarizer.calls[1]!.info));
    expect(summary!.metadata).toMatchObject({
      passesRequested: 5,
      passesCompleted: 2,
      passError: expect.stringMatching(/pass 3 exploded/),
    });
    // The summarized entries are compressed and linked to it.
    const state = await memory.exportSession(S);
    const compressed = state.entries.filter((e) => e.compressed);
    expect(compressed.length).toBeGreaterThan(0);
    expect(compressed.every((e) => e.summaryId === summary!.id && summary!.originalEntryIds.includes(e.id))).toBe(true);
    await expectStillWorks(memory, S, run.ref);
  });

  it('a hang on pass 3 of 5 times out and keeps pass 2’s summary', async () => {
    const summarizer = recordingSummarizer((_p, info) =>
      info.pass === 3 ? new Promise<string>(() => undefined) : goodAnswer(info),
    );
    const memory = await cod(summarizer.summarize);
    const run: Run = { memory, ref: trackSession(memory, S), errors: [] };
    await talk(run, 3);
    await expectIntact(run);
    const [summary] = await memory.getSummaries(S);
    expect(summary!.metadata).toMatchObject({
      passesCompleted: 2,
      passError: expect.stringMatching(/timed out after 40 ms \(pass 3 of 5\)/),
    });
  });

  it('a failure on pass 1 compresses nothing and fires error', async () => {
    const summarizer = failingOnPass(1);
    const memory = await cod(summarizer.summarize);
    const run: Run = { memory, ref: trackSession(memory, S), errors: [] };
    memory.on('error', (_s, e) => run.errors.push(e));
    await talk(run, 3);
    await expectIntact(run);
    expect(run.errors[0]?.message).toMatch(/pass 1 of 5.*pass 1 exploded/);
    expect(await memory.getStats(S)).toMatchObject({ summaries: 0, compressedEntries: 0 });
  });

  it('each pass’s prompt carries the previous pass’s output', async () => {
    const summarizer = recordingSummarizer((_p, info) => `Dense summary ${info.pass}: builds 0 and 1 failed.`);
    const memory = await cod(summarizer.summarize);
    const run: Run = { memory, ref: trackSession(memory, S), errors: [] };
    await talk(run, 3);
    await memory.idle(S);
    const passes = summarizer.calls.slice(0, 5);
    expect(passes.map((c) => c.info.pass)).toEqual([1, 2, 3, 4, 5]);
    for (let p = 1; p < 5; p++) expect(passes[p]!.prompt).toContain(`Dense summary ${p}: builds 0 and 1 failed.`);
    expect((await memory.getSummaries(S))[0]!.content).toBe('Dense summary 5: builds 0 and 1 failed.');
  });
});

describe('a summarizer failing under a budget', () => {
  it('max_tokens still holds the budget while summaries fail, and after a huge one arrives', async () => {
    let answer: string | undefined;
    const memory = await createMemory({
      store: 'memory',
      tokenizer: counter,
      summarizer: async () => {
        if (answer === undefined) throw new Error('offline');
        return answer;
      },
      profile: {
        short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 150 }],
        long_term_memory_strategy: [
          {
            long_term_memory_id: 'summarizer',
            interaction_threshold_qty: 2,
            interaction_threshold_tokens: -1,
            cod_max_loops: 1,
          },
        ],
      },
    });
    const run: Run = { memory, ref: trackSession(memory, S), errors: [] };
    for (const next of [undefined, 'x'.repeat(4_000), 'Short: builds failed.']) {
      answer = next;
      await talk(run, 3, run.ref.expected().length);
      await expectIntact(run);
      const ctx = await memory.getContextForLLM(S);
      expect(ctx.tokenCount).toBeLessThanOrEqual(150);
    }
  });
});
