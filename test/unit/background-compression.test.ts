/**
 * Compression in the background: adds and reads never wait for a summarizer, a summary is
 * applied only if what it summarized is unchanged, `idle()` waits for every triggered run,
 * failures back off, the budget holds while a summary is pending, and `close()` aborts a
 * summarizer that hangs.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import type { SummarizeCallback, SummarizeInfo, TokenCounter } from '../../src/types.js';
import type { MemoryProfileInput } from '../../src/strategies/profile/profile-types.js';
import { goodAnswer } from '../support/faulty-summarizers.js';
import { expectContextValid, expectStoredAsReference, trackSession } from '../support/reference-model.js';
import { WAIT_FOR } from '../support/until.js';

const S = 'bg';
const counter: TokenCounter = { count: (t) => Math.ceil(t.length / 4) };
/** Memory Manager settings that compress after a few turns. */
const manager = { maxEntries: 6, recentWindow: 2, minEntriesToCompress: 2 };

/** A summarizer whose calls wait until the test releases them. */
function heldSummarizer(answer: (info: SummarizeInfo) => string = goodAnswer) {
  const waiting: { info: SummarizeInfo; release: () => void; fail: (e: Error) => void }[] = [];
  const state = { open: false };
  const summarize: SummarizeCallback = (_prompt, info) =>
    state.open
      ? Promise.resolve(answer(info))
      : new Promise<string>((resolve, reject) => {
          waiting.push({ info, release: () => resolve(answer(info)), fail: reject });
        });
  return {
    summarize,
    waiting,
    /** Answer every later call at once. */
    open(): void {
      state.open = true;
      for (const w of waiting.splice(0)) w.release();
    },
    /** Resolves once a call is waiting. */
    async called(): Promise<void> {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0), WAIT_FOR);
    },
    releaseAll(): void {
      for (const w of waiting.splice(0)) w.release();
    },
  };
}

async function talk(memory: Memory, turns: number, from = 0): Promise<void> {
  for (let i = from; i < from + turns; i++) {
    await memory.addUserMessage(S, `user turn ${i} asks about invoice ${i}`);
    await memory.addAssistantMessage(S, `assistant turn ${i} answers about invoice ${i}`);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('adds and reads never wait for a summarizer', () => {
  it('an add that triggers compression resolves while the summary is pending; entries added meanwhile stay active', async () => {
    const held = heldSummarizer();
    const memory = await createMemory({
      store: 'memory',
      tokenizer: counter,
      summarizer: held.summarize,
      config: manager,
    });
    const ref = trackSession(memory, S);
    const ids: { compressing: string[]; compressed: string[] } = { compressing: [], compressed: [] };
    memory.on('compressing', (_s, info) => ids.compressing.push(info.id));
    memory.on('compressed', (_s, info) => ids.compressed.push(info.id));
    await talk(memory, 4); // 8 entries > 6: a compression starts and waits
    await held.called();
    // Reads and adds go on while the summarizer holds the call.
    expect((await memory.getStats(S)).summaries).toBe(0);
    const ctx = await memory.getContextForLLM(S);
    expect(ctx.messages.length).toBe(8);
    const late = await memory.addUserMessage(S, 'added while the summary is pending');
    ref.added(late);
    expect(held.waiting).toHaveLength(1);
    const summarized = held.waiting[0]!.info.entries.map((e) => e.id);
    expect(summarized).not.toContain(late.id);

    held.releaseAll();
    await memory.idle(S);
    const state = await memory.exportSession(S);
    expect(state.summaries).toHaveLength(1);
    expect(state.summaries[0]!.originalEntryIds).toEqual(summarized);
    expect(state.entries.find((e) => e.id === late.id)!.compressed).toBe(false);
    expect(state.entries.filter((e) => e.compressed).map((e) => e.id)).toEqual(summarized);
    // The events of one compression carry one id.
    expect(ids.compressing).toHaveLength(1);
    expect(ids.compressed).toEqual(ids.compressing);
  });

  it('idle() waits for a compression triggered by an add; compress() resolves after its own run', async () => {
    const held = heldSummarizer();
    const memory = await createMemory({
      store: 'memory',
      tokenizer: counter,
      summarizer: held.summarize,
      config: { ...manager, autoCompress: false },
    });
    await talk(memory, 4);
    let compressed = false;
    const manual = memory.compress(S).then(() => (compressed = true));
    await held.called();
    let idle = false;
    const waiting = memory.idle().then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([compressed, idle]).toEqual([false, false]);
    held.releaseAll();
    await Promise.all([manual, waiting]);
    expect((await memory.getStats(S)).summaries).toBe(1);
  });

  it('idle() with no session waits for every session', async () => {
    const held = heldSummarizer();
    const memory = await createMemory({
      store: 'memory',
      tokenizer: counter,
      summarizer: held.summarize,
      config: manager,
    });
    for (const s of ['a', 'b']) {
      for (let i = 0; i < 4; i++) {
        await memory.addUserMessage(s, `question ${i} in ${s}`);
        await memory.addAssistantMessage(s, `answer ${i} in ${s}`);
      }
    }
    await vi.waitFor(() => expect(held.waiting).toHaveLength(2), WAIT_FOR);
    const all = memory.idle();
    held.releaseAll();
    await all;
    expect((await memory.getStats('a')).summaries).toBe(1);
    expect((await memory.getStats('b')).summaries).toBe(1);
  });

  it('idle() refuses a session id that is not a string', async () => {
    const memory = await createMemory({ store: 'memory', tokenizer: counter });
    await expect(memory.idle(42 as unknown as string)).rejects.toThrow(/sessionId/);
  });
});

describe('a summary whose entries changed meanwhile is discarded', () => {
  it('clearSession while the summary is pending: discarded, nothing stored, no summary', async () => {
    const held = heldSummarizer();
    const memory = await createMemory({
      store: 'memory',
      tokenizer: counter,
      summarizer: held.summarize,
      config: manager,
    });
    const discarded: { id: string; reason: string }[] = [];
    memory.on('compression:discarded', (_s, info) => discarded.push(info));
    let pendingId = '';
    memory.on('compressing', (_s, info) => (pendingId = info.id));
    await talk(memory, 4);
    await held.called();
    await memory.clearSession(S);
    const kept = await memory.addUserMessage(S, 'a new start');
    held.releaseAll();
    await memory.idle(S);
    expect(discarded).toEqual([
      { id: pendingId, strategy: 'manager', reason: expect.stringMatching(/no longer active/) },
    ]);
    const state = await memory.exportSession(S);
    expect(state.summaries).toEqual([]);
    expect(state.entries.map((e) => e.id)).toEqual([kept.id]);
  });

  it('an import that replaces the session with fewer entries: discarded, the import stands', async () => {
    const held = heldSummarizer();
    const memory = await createMemory({
      store: 'memory',
      tokenizer: counter,
      summarizer: held.summarize,
      config: manager,
    });
    await talk(memory, 1);
    const snapshot = await memory.exportSession(S);
    await talk(memory, 3, 1);
    await held.called();
    // The session gained entries after the export: replacing them is asked for explicitly.
    await memory.importSession(snapshot, { replace: true });
    held.releaseAll();
    await memory.idle(S);
    const state = await memory.exportSession(S);
    expect(state.summaries).toEqual([]);
    expect(state.entries.map((e) => e.id)).toEqual(snapshot.entries.map((e) => e.id));
    expect(state.entries.every((e) => !e.compressed)).toBe(true);
  });

  it('a neuralyzer erasure between the snapshot and the commit discards the summary; nothing is doubled', async () => {
    // summarizer plans on turns 1..n-1 and waits; a manual compress of neuralyzer cannot run
    // before it, so erase through a second engine on the same store (another tab).
    const held = heldSummarizer();
    const { memoryStore } = await import('../../src/store/memory/memory-store.js');
    const store = memoryStore();
    const sharedStore = { ...store, close: async () => undefined };
    const profile = {
      long_term_memory_strategy: [
        {
          long_term_memory_id: 'summarizer',
          interaction_threshold_qty: 2,
          interaction_threshold_tokens: -1,
          cod_max_loops: 1,
          interaction_keep: 1,
        },
      ],
    } satisfies MemoryProfileInput;
    const a = await createMemory({ store: sharedStore, tokenizer: counter, summarizer: held.summarize, profile });
    const b = await createMemory({
      store: sharedStore,
      tokenizer: counter,
      profile: {
        long_term_memory_strategy: [
          { long_term_memory_id: 'neuralyzer', interaction_threshold_qty: 1, interaction_keep: 1 },
        ],
      },
    });
    const discarded: string[] = [];
    a.on('compression:discarded', (_s, info) => discarded.push(info.reason));
    await talk(a, 3);
    await held.called();
    await b.compress(S); // erases every turn but the newest, in the store
    held.releaseAll();
    await a.idle(S);
    expect(discarded.length).toBeGreaterThan(0);
    const state = await a.exportSession(S);
    const ids = state.entries.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const summaryIds = new Set(state.summaries.map((s) => s.id));
    expect(state.entries.every((e) => e.summaryId === undefined || summaryIds.has(e.summaryId))).toBe(true);
    expect(state.entries.filter((e) => e.compressed)).toEqual([]);
  });
});

describe('a failing summarizer backs off', () => {
  it('one error per failure, with the compression id; not retried on every add; retried after the wait, which doubles', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-01-01T00:00:00Z').getTime();
    vi.setSystemTime(start);
    let calls = 0;
    const memory = await createMemory({
      store: 'memory',
      tokenizer: counter,
      config: { ...manager, compressionRetryMs: 1_000, compressionRetryMaxMs: 3_000 },
      summarizer: async () => {
        calls++;
        throw new Error('model offline');
      },
    });
    const ref = trackSession(memory, S);
    const errors: { message: string; id: string | undefined }[] = [];
    const started: string[] = [];
    memory.on('compressing', (_s, info) => started.push(info.id));
    memory.on('error', (_s, e, info) => errors.push({ message: e.message, id: info?.compressionId }));
    const turn = async (i: number) => {
      ref.added(await memory.addUserMessage(S, `user turn ${i}`));
      ref.added(await memory.addAssistantMessage(S, `assistant turn ${i}`));
      await memory.idle(S);
    };
    for (let i = 0; i < 4; i++) await turn(i);
    expect(calls).toBe(1);
    expect(errors).toEqual([{ message: expect.stringMatching(/model offline/), id: started[0] }]);
    for (let i = 4; i < 10; i++) await turn(i); // within the first second: no retry
    expect(calls).toBe(1);
    vi.setSystemTime(start + 1_001);
    await turn(10);
    expect(calls).toBe(2);
    vi.setSystemTime(start + 2_500); // the second wait is 2 s, from the second failure
    await turn(11);
    expect(calls).toBe(2);
    vi.setSystemTime(start + 3_002);
    await turn(12);
    expect(calls).toBe(3);
    vi.setSystemTime(start + 3_002 + 3_001); // capped at 3 s (not 4)
    await turn(13);
    expect(calls).toBe(4);
    expect(errors.map((e) => e.id)).toEqual(started);
    await expectStoredAsReference(memory, S, ref);
    expect((await memory.getStats(S)).compressedEntries).toBe(0);
  });

  it('compress() and setSummarizeCallback() are not held back by the backoff', async () => {
    let fail = true;
    const memory = await createMemory({
      store: 'memory',
      tokenizer: counter,
      config: { ...manager, compressionRetryMs: 3_600_000 },
      summarizer: async (_p, info) => {
        if (fail) throw new Error('model offline');
        return goodAnswer(info);
      },
    });
    await talk(memory, 4);
    await memory.idle(S);
    fail = false;
    await talk(memory, 1, 4);
    await memory.idle(S);
    expect((await memory.getStats(S)).summaries).toBe(0); // backing off for an hour
    await memory.compress(S);
    expect((await memory.getStats(S)).summaries).toBe(1);

    fail = true;
    await talk(memory, 4, 5);
    await memory.idle(S);
    const before = (await memory.getStats(S)).summaries;
    await memory.setSummarizeCallback(async (_p, info) => goodAnswer(info));
    await talk(memory, 1, 9);
    await memory.idle(S);
    expect((await memory.getStats(S)).summaries).toBeGreaterThan(before - 1);
    expect((await memory.getStats(S)).compressedEntries).toBeGreaterThan(0);
    const state = await memory.exportSession(S);
    expect(state.entries.filter((e) => !e.compressed).length).toBeLessThanOrEqual(manager.maxEntries);
  });

  it('a summarizer that hangs times out; idle() then resolves and the error carries the compression id', async () => {
    const memory = await createMemory({
      store: 'memory',
      tokenizer: counter,
      config: { ...manager, summarizeTimeoutMs: 30 },
      summarizer: () => new Promise<string>(() => undefined),
    });
    const started: string[] = [];
    const failed: (string | undefined)[] = [];
    memory.on('compressing', (_s, info) => started.push(info.id));
    memory.on('error', (_s, e, info) => {
      expect(e.message).toMatch(/timed out after 30 ms/);
      failed.push(info?.compressionId);
    });
    await talk(memory, 4);
    await memory.idle(S);
    expect(failed).toEqual(started);
    expect(started).toHaveLength(1);
    expect((await memory.getStats(S)).activeEntries).toBe(8);
  });

  it('close() returns promptly while a summarizer hangs with no timeout, aborting the call', async () => {
    const signals: AbortSignal[] = [];
    const memory = await createMemory({
      store: 'memory',
      tokenizer: counter,
      config: { ...manager, summarizeTimeoutMs: 0 },
      summarizer: (_p, info) => {
        if (info.signal) signals.push(info.signal);
        return new Promise<string>(() => undefined);
      },
    });
    await talk(memory, 4);
    await vi.waitFor(() => expect(signals).toHaveLength(1), WAIT_FOR);
    await memory.close();
    expect(signals[0]!.aborted).toBe(true);
    await expect(memory.getStats(S)).rejects.toMatchObject({ name: 'ClosedError' });
  });
});

describe('budgets hold while a summary is pending', () => {
  const budget = 120;
  const profile = {
    long_term_memory_strategy: [{ long_term_memory_id: 'summary_buffer', budget, threshold: 0.8, target: 0.5 }],
  } satisfies MemoryProfileInput;

  it('summary_buffer: pending entries leave the context oldest first; the newest message stays; once idle the context is the profile’s', async () => {
    const held = heldSummarizer(() => 'Short summary of the invoices.');
    const memory = await createMemory({ store: 'memory', tokenizer: counter, summarizer: held.summarize, profile });
    let newest: string;
    for (let i = 0; i < 12; i++) {
      newest = `user turn ${i} asks about invoice ${i}`;
      await memory.addUserMessage(S, newest);
      const ctx = await memory.getContextForLLM(S);
      expect(ctx.tokenCount).toBeLessThanOrEqual(budget);
      expect(ctx.messages[ctx.messages.length - 1]!.content).toBe(newest);
      await expectContextValid(memory, S, counter);
      await memory.addAssistantMessage(S, `assistant turn ${i} answers about invoice ${i}`);
      expect((await memory.getContextForLLM(S)).tokenCount).toBeLessThanOrEqual(budget);
    }
    await held.called();
    const pending = new Set(held.waiting[0]!.info.entries.map((e) => e.id));
    const ctx = await memory.getContextForLLM(S);
    const active = await memory.getActiveEntries(S);
    // Kept: the newest entries; left out: only pending ones, the oldest first.
    const shown = active.filter((e) => ctx.messages.some((m) => m.content === e.content));
    const hidden = active.filter((e) => !shown.includes(e));
    expect(hidden.length).toBeGreaterThan(0);
    // Pending entries leave first, oldest first: none is shown while an older one is hidden.
    const hiddenPending = hidden.filter((e) => pending.has(e.id));
    const shownPending = shown.filter((e) => pending.has(e.id));
    expect(hiddenPending.length).toBeGreaterThan(0);
    expect(Math.max(...hiddenPending.map((e) => e.seq))).toBeLessThan(
      Math.min(...shownPending.map((e) => e.seq), Infinity),
    );
    if (hidden.some((e) => !pending.has(e.id))) expect(shownPending).toEqual([]);

    held.open();
    await memory.idle(S);
    // Idle: the context is exactly what the profile makes from what is stored.
    const settled = await memory.getContextForLLM(S);
    const reference = await createMemory({ store: 'memory', tokenizer: counter, profile });
    await reference.importSession(await memory.exportSession(S));
    expect(settled).toEqual(await reference.getContextForLLM(S));
  });
});

describe('summary_buffer while its summarizer fails and backs off', () => {
  const budget = 120;
  const profile = {
    long_term_memory_strategy: [{ long_term_memory_id: 'summary_buffer', budget, threshold: 0.8, target: 0.5 }],
  } satisfies MemoryProfileInput;

  it('the context never goes above the budget; the newest message stays; nothing is lost', async () => {
    const failing: SummarizeCallback = async () => {
      throw new Error('summarizer down');
    };
    const errors: Error[] = [];
    const memory = await createMemory({
      store: 'memory',
      tokenizer: counter,
      summarizer: failing,
      profile,
      config: { compressionRetryMs: 60_000 },
    });
    memory.on('error', (_s, e) => errors.push(e));
    for (let i = 0; i < 15; i++) {
      const newest = `user turn ${i} asks about invoice ${i}`;
      await memory.addUserMessage(S, newest);
      await memory.idle(S);
      const ctx = await memory.getContextForLLM(S);
      expect(ctx.tokenCount).toBeLessThanOrEqual(budget);
      expect(ctx.messages[ctx.messages.length - 1]!.content).toBe(newest);
      await expectContextValid(memory, S, counter);
      await memory.addAssistantMessage(S, `assistant turn ${i} answers about invoice ${i}`);
      await memory.idle(S);
      expect((await memory.getContextForLLM(S)).tokenCount).toBeLessThanOrEqual(budget);
    }
    // The summarizer failed (and is backing off), so the history is all still stored and active.
    expect(errors.length).toBeGreaterThan(0);
    expect((await memory.getStats(S)).activeEntries).toBe(30);
    expect((await memory.getSummaries(S)).length).toBe(0);
  });
});

describe('the rolling window while its summary is pending', () => {
  it('the context shows the newest `window` turns; once idle, the rolling seed’s state exactly', async () => {
    const profile = {
      long_term_memory_strategy: [{ long_term_memory_id: 'rolling', window: 3, max_summaries: 2 }],
    } satisfies MemoryProfileInput;
    const held = heldSummarizer(
      (info) => `summary of turns ${info.entries[0]!.interaction}-${info.entries.at(-1)!.interaction}`,
    );
    const memory = await createMemory({ store: 'memory', tokenizer: counter, summarizer: held.summarize, profile });
    for (let i = 1; i <= 6; i++) {
      await memory.addUserMessage(S, `turn ${i} question`);
      await memory.addAssistantMessage(S, `turn ${i} answer`);
      const ctx = await memory.getContextForLLM(S);
      const turns = new Set(
        ctx.messages.filter((m) => m.role !== 'system').map((m) => Number(/turn (\d+)/.exec(String(m.content))![1])),
      );
      expect([...turns]).toEqual(Array.from({ length: Math.min(3, i) }, (_, k) => Math.max(1, i - 2) + k));
    }
    expect(held.waiting.length).toBe(1); // the summary of turns 2-4 is still pending
    held.open();
    await memory.idle(S);
    expect((await memory.getSummaries(S)).map((x) => x.range)).toEqual([{ startIndex: 2, endIndex: 4 }]);
    expect((await memory.getInteractions(S)).map((i) => i.index)).toEqual([4, 5, 6]);
    await memory.addUserMessage(S, 'turn 7 question');
    await memory.idle(S);
    expect((await memory.getSummaries(S)).map((x) => x.range)).toEqual([
      { startIndex: 2, endIndex: 4 },
      { startIndex: 5, endIndex: 7 },
    ]);
    expect((await memory.getInteractions(S)).map((i) => i.index)).toEqual([5, 6, 7]);
  });
});

describe('the heuristic summarizer waits on nothing: its compression is one step of the session', () => {
  it('every call made after an add sees the compression it triggered, whatever runs in between', async () => {
    const memory = await createMemory({ store: 'memory', tokenizer: counter, config: manager });
    let compressions = 0;
    memory.on('compressed', () => (compressions += 1));
    for (let i = 0; i < 12; i++) {
      await memory.addUserMessage(S, `user turn ${i} asks about invoice ${i}`);
      // Reads made back to back, and other work in between, all see one state.
      const context = await memory.getContextForLLM(S);
      const before = compressions;
      await new Promise((resolve) => setImmediate(resolve));
      const active = await memory.getActiveEntries(S);
      const summaries = await memory.getSummaries(S);
      expect(compressions, `turn ${i}: no compression lands between the reads`).toBe(before);
      const activeTexts = new Set(active.map((e) => e.content));
      const shown = context.messages.filter((m) => m.role !== 'system').map((m) => m.content);
      expect(
        shown.every((text) => activeTexts.has(text as string)),
        `turn ${i}: the context shows active entries only`,
      ).toBe(true);
      expect(context.summaries.map((s) => s.id)).toEqual(summaries.map((s) => s.id));
      await memory.addAssistantMessage(S, `assistant turn ${i} answers about invoice ${i}`);
    }
    expect(compressions).toBeGreaterThan(1);
    await memory.close();
  });
});
