import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { StoreAdapter, StoreBatch } from '../../src/types.js';

const S = 's';
type Mem = Awaited<ReturnType<typeof createMemory>>;

async function turns(memory: Mem, n: number, from = 1) {
  for (let i = from; i < from + n; i++) {
    await memory.addUserMessage(S, `user message ${i} asks about topic ${i}`);
    await memory.addAssistantMessage(S, `assistant reply ${i} explains topic ${i} in a few words`);
  }
}

/** A memory store that counts writes, to see when a persistence strategy writes. */
function countingStore(): StoreAdapter & { writes: StoreBatch[] } {
  const inner = memoryStore();
  const writes: StoreBatch[] = [];
  return { ...inner, writes, write: async (id, batch) => (writes.push(batch), inner.write(id, batch)) };
}

describe('rolling seed (21 x 3)', () => {
  it('meets the acceptance criteria after every message and the 85-message example exactly', async () => {
    const memory = await createMemory({
      store: 'memory',
      profile: { long_term_memory_strategy: [{ long_term_memory_id: 'rolling', window: 21, max_summaries: 3 }] },
      summarizer: async (_prompt, info) =>
        `summary of ${info.entries[0]!.interaction}-${info.entries[info.entries.length - 1]!.interaction}`,
    });
    const created: number[] = [];
    memory.on('compressed', (_s, r) => created.push(r.summary.range!.endIndex));
    for (let i = 1; i <= 85; i++) {
      await memory.addInteraction(S, { userRequest: { query: `q${i}` }, aiResponse: { answer: `a${i}` } });
      await memory.idle(S); // compression runs in the background: check the settled state
      const interactions = await memory.getInteractions(S);
      const summaries = await memory.getSummaries(S);
      expect(interactions.length).toBeLessThanOrEqual(21);
      expect(summaries.length).toBeLessThanOrEqual(3);
      expect(interactions[interactions.length - 1]!.index).toBe(i);
    }
    expect(created).toEqual([22, 43, 64, 85]);
    const summaries = await memory.getSummaries(S);
    expect(summaries.map((s) => s.range)).toEqual([
      { startIndex: 23, endIndex: 43 },
      { startIndex: 44, endIndex: 64 },
      { startIndex: 65, endIndex: 85 },
    ]);
    const window = await memory.getInteractions(S);
    expect(window.map((i) => i.index)).toEqual(Array.from({ length: 21 }, (_, k) => 65 + k));
    // The model gets the summaries newest first, then the window.
    const ctx = await memory.getContextForLLM(S);
    expect(ctx.summaries.map((s) => s.range!.startIndex)).toEqual([65, 44, 23]);
    expect(ctx.messages.slice(0, 3).map((m) => m.content)).toEqual([
      'summary of 65-85',
      'summary of 44-64',
      'summary of 23-43',
    ]);
    // Nothing lost: every interaction is still stored, the ones out of the window compressed.
    const stats = await memory.getStats(S);
    expect(stats).toMatchObject({ totalEntries: 170, activeEntries: 42, compressedEntries: 128, summaries: 3 });
  });

  it('is configurable: window 5, 2 summaries', async () => {
    const memory = await createMemory({
      store: 'memory',
      profile: { long_term_memory_strategy: [{ long_term_memory_id: 'rolling', window: 5, max_summaries: 2 }] },
    });
    await turns(memory, 21);
    expect((await memory.getSummaries(S)).map((s) => s.range)).toEqual([
      { startIndex: 12, endIndex: 16 },
      { startIndex: 17, endIndex: 21 },
    ]);
    expect((await memory.getInteractions(S)).map((i) => i.index)).toEqual([17, 18, 19, 20, 21]);
  });
});

describe('Alquimia max_tokens + summarizer', () => {
  it('never sends more than memory_max_tokens and keeps whole interactions', async () => {
    const memory = await createMemory({
      store: 'memory',
      profile: { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 120 }] },
    });
    for (let i = 1; i <= 30; i++) {
      await memory.addUserMessage(S, `question ${i}`);
      await memory.addToolCall(S, 'lookup', { id: i });
      await memory.addToolResult(S, 'lookup', `row ${i}`);
      await memory.addAssistantMessage(S, `answer ${i}`);
      const ctx = await memory.getContextForLLM(S);
      expect(ctx.tokenCount).toBeLessThanOrEqual(120);
      // whole interactions: the first kept message is a user message, every call has its result
      expect(ctx.messages[0]?.role).toBe('user');
      const calls = ctx.messages.flatMap((m) => m.tool_calls?.map((c) => c.id) ?? []);
      const results = ctx.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id);
      expect(results).toEqual(calls);
    }
    expect((await memory.getStats(S)).activeEntries).toBe(120); // short-term only: nothing compressed
  });

  it('-1 includes nothing', async () => {
    const memory = await createMemory({
      store: 'memory',
      profile: { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: -1 }] },
    });
    await turns(memory, 3);
    const ctx = await memory.getContextForLLM(S);
    expect(ctx.messages).toEqual([]);
    expect(ctx.tokenCount).toBe(0);
  });

  it("conditions drop tool messages together with their calls (message.role != 'tool')", async () => {
    const memory = await createMemory({
      store: 'memory',
      profile: {
        short_term_memory_strategy: [
          { memory_strategy_id: 'max_tokens', memory_max_tokens: 8000, conditions: ["message.role != 'tool'"] },
        ],
      },
    });
    await memory.addUserMessage(S, 'weather?');
    await memory.addAssistantMessage(S, 'checking');
    await memory.addToolCall(S, 'weather', { city: 'Oslo' });
    await memory.addToolResult(S, 'weather', '3°C');
    await memory.addAssistantMessage(S, 'It is 3°C.');
    const ctx = await memory.getContextForLLM(S);
    expect(ctx.messages).toEqual([
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: 'checking' },
      { role: 'assistant', content: 'It is 3°C.' },
    ]);
  });

  it('the combining example: summarize after 20 interactions keeping 2, then 8,000 tokens of what is kept', async () => {
    const passes: number[] = [];
    const memory = await createMemory({
      store: 'memory',
      profile: {
        profile: {
          short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 8000 }],
          long_term_memory_strategy: [
            { long_term_memory_id: 'summarizer', interaction_threshold_qty: 20, cod_max_loops: 3, interaction_keep: 2 },
          ],
        },
      },
      summarizer: async (_p, info) => (passes.push(info.pass), `dense summary pass ${info.pass}`),
    });
    await turns(memory, 20);
    expect((await memory.getSummaries(S)).length).toBe(0);
    await turns(memory, 1, 21); // 21 > 20
    await memory.idle(S);
    expect(passes).toEqual([1, 2, 3]);
    const [summary] = await memory.getSummaries(S);
    expect(summary!.content).toBe('dense summary pass 3');
    const kept = await memory.getInteractions(S);
    expect(kept.length).toBeLessThanOrEqual(2);
    const ctx = await memory.getContextForLLM(S);
    expect(ctx.messages[0]).toEqual({ role: 'system', content: 'dense summary pass 3' });
    expect(ctx.tokenCount).toBeLessThanOrEqual(8000);
    const stats = await memory.getStats(S);
    expect(stats.totalEntries).toBe(42);
    expect(stats.totalEntries).toBe(stats.activeEntries + stats.compressedEntries);
  });
});

describe('neuralyzer', () => {
  it('erases beyond the threshold, keeps interaction_keep, and says so in events and stats', async () => {
    const memory = await createMemory({
      store: 'memory',
      profile: {
        long_term_memory_strategy: [
          { long_term_memory_id: 'neuralyzer', interaction_threshold_qty: 30, interaction_keep: 5 },
        ],
      },
    });
    const erased: string[][] = [];
    memory.on('erased', (_s, r) => erased.push(r.entryIds));
    await turns(memory, 30);
    expect(erased).toEqual([]);
    await turns(memory, 1, 31);
    expect(erased).toHaveLength(1);
    expect(erased[0]).toHaveLength(52); // 26 interactions of 2 entries
    const stats = await memory.getStats(S);
    expect(stats).toMatchObject({ totalEntries: 10, activeEntries: 10, compressedEntries: 0, erasedEntries: 52 });
    expect((await memory.getInteractions(S)).map((i) => i.index)).toEqual([27, 28, 29, 30, 31]);
    expect((await memory.exportSession(S)).entries).toHaveLength(10);
  });

  it('-1 (the default) never erases', async () => {
    const memory = await createMemory({
      store: 'memory',
      profile: { long_term_memory_strategy: [{ long_term_memory_id: 'neuralyzer' }] },
    });
    await turns(memory, 40);
    expect((await memory.getStats(S)).totalEntries).toBe(80);
  });
});

describe('Hector', () => {
  it('summary_buffer: compressing before a blocking summarization, summary as a system message, 3 recent kept', async () => {
    const events: string[] = [];
    const memory = await createMemory({
      store: 'memory',
      profile: { memory: { strategy: 'summary_buffer', budget: 200, threshold: 0.8, target: 0.6 } },
      summarizer: async () => (events.push('summarize'), 'The user asked about several topics.'),
    });
    memory.on('compressing', () => events.push('compressing'));
    memory.on('compressed', () => events.push('compressed'));
    await turns(memory, 12);
    expect(events.slice(0, 3)).toEqual(['compressing', 'summarize', 'compressed']);
    const ctx = await memory.getContextForLLM(S);
    expect(ctx.messages[0]).toEqual({ role: 'system', content: 'The user asked about several topics.' });
    expect(ctx.messages.length).toBeGreaterThanOrEqual(4);
    expect(ctx.tokenCount).toBeLessThanOrEqual(200);
  });

  it('buffer_window: the newest window_size messages', async () => {
    const memory = await createMemory({
      store: 'memory',
      profile: { memory: { strategy: 'buffer_window', window_size: 15 } },
    });
    await turns(memory, 20);
    const ctx = await memory.getContextForLLM(S);
    expect(ctx.messages).toHaveLength(15);
    expect(ctx.messages[14]!.content).toBe('assistant reply 20 explains topic 20 in a few words');
  });
});

describe('persistence strategies', () => {
  const profile = (p: 'INCREMENTAL' | 'FLUSH' | 'EPHEMERAL') => ({ persistence_strategy: p });

  it('INCREMENTAL writes each entry as it is added', async () => {
    const store = countingStore();
    const memory = await createMemory({ store, profile: profile('INCREMENTAL') });
    await memory.addUserMessage(S, 'a');
    await memory.addUserMessage(S, 'b');
    expect(store.writes.map((w) => w.putEntries?.length)).toEqual([1, 1]);
  });

  it('FLUSH holds changes and writes them in one batch at the end of the inference', async () => {
    const store = countingStore();
    const memory = await createMemory({ store, profile: profile('FLUSH') });
    await memory.addUserMessage(S, 'q');
    await memory.addToolCall(S, 'calc', { x: 1 });
    await memory.addToolResult(S, 'calc', '2');
    expect(store.writes).toHaveLength(0);
    await memory.addAssistantMessage(S, 'answer');
    expect(store.writes).toHaveLength(1);
    expect(store.writes[0]!.putEntries).toHaveLength(4);
    await memory.addUserMessage(S, 'pending at close');
    await memory.close();
    expect(store.writes).toHaveLength(2);
  });

  it('EPHEMERAL never writes to the configured store', async () => {
    const store = countingStore();
    const memory = await createMemory({ store, profile: profile('EPHEMERAL') });
    await turns(memory, 3);
    expect((await memory.getStats(S)).totalEntries).toBe(6);
    expect(store.writes).toHaveLength(0);
  });
});

describe('profile validation reaches createMemory', () => {
  it.each([
    [
      { long_term_memory_strategy: [{ long_term_memory_id: 'forgetful' }] },
      /summarizer.*neuralyzer.*summary_buffer.*rolling|known/,
    ],
    [
      { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 'lots' }] },
      /short_term_memory_strategy\[0\]\.memory_max_tokens/,
    ],
    [{ memory: { strategy: 'summary_buffer', threshold: 1.5 } }, /threshold/],
    [
      { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', conditions: ["message.role = 'tool'"] }] },
      /position/,
    ],
  ])('%j', async (profile, message) => {
    await expect(createMemory({ store: 'memory', profile: profile as never })).rejects.toThrow(message);
  });
});
