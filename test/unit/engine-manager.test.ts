import { describe, expect, it, vi } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { loadTiktoken } from '../../src/tokens/tiktoken.js';
import { countChatMessages } from '../../src/tokens/chat-tokens.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { MemoryEntry, SummarizeInfo, TokenCounter } from '../../src/types.js';

const S = 'session-1';

async function conversation(memory: Awaited<ReturnType<typeof createMemory>>, s: string, turns: number, from = 0) {
  for (let i = from; i < from + turns; i++) {
    await memory.addUserMessage(s, `Question ${i}: how do I configure route ${i}?`);
    await memory.addAssistantMessage(s, `Answer ${i}: set option ${i} in the router.`);
  }
}

describe('memory-manager seed: entries', () => {
  it('stores each add* as a typed entry with the seed fields', async () => {
    const memory = await createMemory({ store: 'memory' });
    const user = await memory.addUserMessage(S, 'Hello, how are you?');
    const assistant = await memory.addAssistantMessage(S, 'I am doing well!');
    const call = await memory.addToolCall(S, 'shell', { command: 'ls -la' });
    const result = await memory.addToolResult(S, 'shell', 'file1.txt\nfile2.txt');
    const ctx = await memory.addContext(S, 'export const x = 1;', 'src/main.ts');

    expect(user).toMatchObject({ type: 'message', role: 'user', content: 'Hello, how are you?', compressed: false });
    expect(assistant).toMatchObject({ type: 'message', role: 'assistant' });
    expect(call).toMatchObject({
      type: 'tool_call',
      role: 'assistant',
      content: '{"command":"ls -la"}',
      tool: { name: 'shell' },
    });
    expect(result).toMatchObject({ type: 'tool_result', role: 'system', tool: { name: 'shell', isError: false } });
    // A result added without callId answers the newest open call of that tool.
    expect(result.tool?.callId).toBe(call.tool?.callId);
    expect(ctx).toMatchObject({ type: 'context', role: 'system', metadata: { source: 'src/main.ts' } });
    for (const e of [user, assistant, call, result, ctx]) {
      expect(typeof e.id).toBe('string');
      expect(Number.isNaN(Date.parse(e.timestamp))).toBe(false);
      expect(e.tokenCount).toBeGreaterThan(0);
    }
    expect([user, assistant, call, result, ctx].map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set([user, assistant, call, result, ctx].map((e) => e.id)).size).toBe(5);
  });

  it('groups entries into interactions: a user message and everything after it', async () => {
    const memory = await createMemory({ store: 'memory' });
    await memory.addContext(S, 'system notes');
    await memory.addUserMessage(S, 'first');
    await memory.addToolCall(S, 'search', { q: 'x' });
    await memory.addToolResult(S, 'search', ['a', 'b']);
    await memory.addAssistantMessage(S, 'done');
    await memory.addUserMessage(S, 'second');
    const interactions = await memory.getInteractions(S);
    expect(interactions.map((i) => [i.index, i.entries.length])).toEqual([
      [0, 1],
      [1, 4],
      [2, 1],
    ]);
    expect(interactions[1]!.tokenCount).toBe(interactions[1]!.entries.reduce((t, e) => t + e.tokenCount, 0));
  });

  it('stores the rolling seed interaction JSON and returns the stored interaction', async () => {
    const memory = await createMemory({ store: 'memory' });
    const userRequest = { query: 'What is our refund policy?', context: { plan: 'pro' }, options: { lang: 'en' } };
    const aiResponse = { answer: '30 days', citations: ['policy.md'] };
    const stored = await memory.addInteraction(S, { userRequest, aiResponse, ts: '2024-05-01T10:00:00.000Z' });
    expect(stored.index).toBe(1);
    expect(stored.userRequest).toEqual(userRequest);
    expect(stored.aiResponse).toEqual(aiResponse);
    expect(stored.ts).toBe('2024-05-01T10:00:00.000Z');
    expect(stored.entries.map((e) => [e.role, e.content])).toEqual([
      ['user', JSON.stringify(userRequest)],
      ['assistant', JSON.stringify(aiResponse)],
    ]);
    expect(stored.tokenCount).toBe(stored.entries[0]!.tokenCount + stored.entries[1]!.tokenCount);
  });
});

describe('exact token counts', () => {
  it('counts what the model receives: context tokenCount equals counting the messages with tiktoken', async () => {
    const memory = await createMemory({ store: 'memory' });
    await memory.addContext(S, '{"config": true}', 'app.json');
    await memory.addUserMessage(S, 'Weather in Paris and Tokyo? 🌦️ 東京');
    await memory.addAssistantMessage(S, 'Let me check both.');
    await memory.addToolCall(S, 'weather', { city: 'Paris' }, { callId: 'call_a' });
    await memory.addToolCall(S, 'weather', { city: 'Tokyo' }, { callId: 'call_b' });
    await memory.addToolResult(S, 'weather', { c: 18 }, { callId: 'call_a' });
    await memory.addToolResult(S, 'weather', 'timeout', { callId: 'call_b', isError: true });
    await memory.addAssistantMessage(S, 'Paris is 18°C; Tokyo failed.');
    const ctx = await memory.getContextForLLM(S);
    const o200k = await loadTiktoken('o200k_base');
    expect(ctx.tokenCount).toBe(countChatMessages(o200k, ctx.messages));
    // parallel tool calls merge into the assistant message that announced them
    expect(ctx.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'assistant']);
    expect(ctx.messages[2]!.tool_calls?.map((c) => c.id)).toEqual(['call_a', 'call_b']);
  });

  it('counts each entry once, when it is added: history is never recounted', async () => {
    const o200k = await loadTiktoken('o200k_base');
    const spy = vi.fn((t: string) => o200k.count(t));
    const counter: TokenCounter = { count: spy };
    const memory = await createMemory({ store: 'memory', tokenizer: counter });
    await conversation(memory, S, 5);
    const afterAdds = spy.mock.calls.length;
    for (let i = 0; i < 5; i++) await memory.getContextForLLM(S);
    await memory.getStats(S);
    expect(spy.mock.calls.length).toBe(afterAdds);
    expect(afterAdds).toBe(10);
  });

  it('accepts cl100k_base and a custom TokenCounter', async () => {
    const words: TokenCounter = { count: (t) => t.split(/\s+/).filter(Boolean).length };
    const memory = await createMemory({ store: 'memory', tokenizer: words });
    const e = await memory.addUserMessage(S, 'one two three');
    expect(e.tokenCount).toBe(3);
    const cl = await createMemory({ store: 'memory', tokenizer: 'cl100k_base' });
    const c = await cl.addUserMessage(S, 'hello world');
    expect(c.tokenCount).toBe(2);
  });
});

describe('memory-manager seed: compression', () => {
  it('compresses when the entry count exceeds maxEntries, keeping the recent window', async () => {
    const memory = await createMemory({
      store: 'memory',
      config: { maxEntries: 20, recentWindow: 10, minEntriesToCompress: 5 },
    });
    await conversation(memory, S, 10); // 20 entries: not over the limit
    expect((await memory.getStats(S)).summaries).toBe(0);
    await memory.addUserMessage(S, 'one more'); // 21 > 20
    await memory.idle(S);
    const stats = await memory.getStats(S);
    expect(stats.summaries).toBe(1);
    expect(stats.totalEntries).toBe(21);
    expect(stats.totalEntries).toBe(stats.activeEntries + stats.compressedEntries);
    expect(stats.activeEntries).toBeGreaterThanOrEqual(10);
    const [summary] = await memory.getSummaries(S);
    const exported = await memory.exportSession(S);
    const compressed = exported.entries.filter((e) => e.compressed);
    expect(compressed.length).toBe(stats.compressedEntries);
    expect(compressed.every((e) => e.summaryId === summary!.id)).toBe(true);
    expect(summary!.originalEntryIds).toEqual(compressed.map((e) => e.id));
    expect(summary!.originalTokenCount).toBe(compressed.reduce((t, e) => t + e.tokenCount, 0));
    expect(summary!.compressionRatio).toBeCloseTo(summary!.originalTokenCount / summary!.tokenCount, 1);
    expect(summary!.timeRange.start <= summary!.timeRange.end).toBe(true);
  });

  it('compresses when tokens exceed maxTokens', async () => {
    const memory = await createMemory({ store: 'memory', config: { maxTokens: 200, recentWindow: 2 } });
    await conversation(memory, S, 7);
    expect((await memory.getStats(S)).totalTokens).toBeLessThanOrEqual(200);
    expect((await memory.getStats(S)).summaries).toBe(0);
    await conversation(memory, S, 5, 7);
    const stats = await memory.getStats(S);
    expect(stats.summaries).toBeGreaterThan(0);
    expect(stats.activeTokens).toBeLessThan(stats.storedTokens);
  });

  it('writes the heuristic fallback summary in the seed format', async () => {
    const memory = await createMemory({ store: 'memory', config: { maxEntries: 12, recentWindow: 4 } });
    await memory.addUserMessage(S, 'Help me debug this API endpoint that returns 500');
    await memory.addToolCall(S, 'shell', { command: 'curl localhost' });
    await memory.addToolResult(S, 'shell', 'HTTP 500', { isError: true });
    await memory.addToolCall(S, 'read_file', { path: 'api.ts' });
    await memory.addToolResult(S, 'read_file', 'code');
    await memory.addAssistantMessage(S, 'The handler throws.');
    await memory.addUserMessage(S, 'Thanks, that fixed it!');
    await memory.addToolCall(S, 'write_file', { path: 'api.ts' });
    await memory.addToolResult(S, 'write_file', 'EACCES', { isError: true });
    await conversation(memory, S, 2);
    await memory.compress(S);
    const [summary] = await memory.getSummaries(S);
    expect(summary!.content).toMatch(
      /^\[Previous conversation summary\]\n2 user messages\nFirst: "Help me debug this API/,
    );
    expect(summary!.content).toContain('Last: "Thanks, that fixed it!"');
    expect(summary!.content).toContain('Tools used: shell, read_file, write_file');
    expect(summary!.content).toContain('2 errors encountered');
  });

  it('does not compress fewer than minEntriesToCompress entries, and compress() is a manual trigger', async () => {
    const memory = await createMemory({
      store: 'memory',
      config: { autoCompress: false, recentWindow: 10, minEntriesToCompress: 5 },
    });
    await conversation(memory, S, 7); // 14 entries: 4 eligible
    await memory.compress(S);
    expect((await memory.getStats(S)).summaries).toBe(0);
    await conversation(memory, S, 200, 7); // autoCompress off: nothing happens by itself
    expect((await memory.getStats(S)).summaries).toBe(0);
    await memory.compress(S);
    const stats = await memory.getStats(S);
    expect(stats.summaries).toBe(1);
    expect(stats.activeEntries).toBe(10);
  });

  it('sends the seed prompt with the 30% target to a summarize callback, then uses its answer', async () => {
    const prompts: string[] = [];
    const infos: SummarizeInfo[] = [];
    const memory = await createMemory({
      store: 'memory',
      config: { maxEntries: 10, recentWindow: 4 },
      summarizer: async (prompt, info) => {
        prompts.push(prompt);
        infos.push(info);
        return 'User configured routes 0-3 in the router.';
      },
    });
    await conversation(memory, S, 6);
    // Compression runs in the background: an add never waits for the summarizer.
    await memory.idle(S);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain('Summarize the following conversation, preserving:');
    expect(prompts[0]).toContain('Question 0: how do I configure route 0?');
    expect(infos[0]).toMatchObject({ sessionId: S, pass: 1, passes: 1 });
    const [summary] = await memory.getSummaries(S);
    expect(summary!.content).toBe('User configured routes 0-3 in the router.');
    const ctx = await memory.getContextForLLM(S);
    expect(ctx.messages[0]).toEqual({ role: 'system', content: summary!.content });
    expect(ctx.text.startsWith('=== Previous Conversation Summaries ===\n[')).toBe(true);
    expect(ctx.text).toContain('\n\n=== Recent Conversation ===\nUser: Question');
  });

  it('folds its summaries into one running summary at maxSummaries, so the context stays bounded and nothing is lost', async () => {
    const memory = await createMemory({
      store: 'memory',
      config: { maxEntries: 12, recentWindow: 4, maxSummaries: 3 },
    });
    let most = 0;
    for (let i = 0; i < 60; i++) {
      await conversation(memory, S, 1, i);
      most = Math.max(most, (await memory.getStats(S)).summaries);
    }
    expect(most).toBe(3);
    const state = await memory.exportSession(S);
    const ids = new Set(state.summaries.map((s) => s.id));
    const compressed = state.entries.filter((e) => e.compressed);
    expect(compressed.every((e) => e.summaryId !== undefined && ids.has(e.summaryId))).toBe(true);
    // The heuristic merges what it folds: the summaries count every compressed user message.
    const counted = state.summaries.reduce((n, s) => n + Number(/^(\d+) user messages?$/m.exec(s.content)![1]), 0);
    expect(counted).toBe(compressed.filter((e) => e.role === 'user').length);
    expect(state.summaries[0]!.content).toContain('First: "Question 0: how do I configure route 0?"');
  });

  it('updateConfig and setSummarizeCallback apply from the next add', async () => {
    const memory = await createMemory({ store: 'memory' });
    await conversation(memory, S, 10);
    expect((await memory.getStats(S)).summaries).toBe(0);
    await memory.setSummarizeCallback(async () => 'custom summary');
    await memory.updateConfig({ maxEntries: 15 });
    await memory.addUserMessage(S, 'trigger');
    await memory.idle(S);
    expect((await memory.getSummaries(S))[0]?.content).toBe('custom summary');
  });
});

describe('events', () => {
  it('emits entry:added, compressing, compressed with tokensSaved, and session:cleared', async () => {
    const memory = await createMemory({ store: 'memory', config: { maxEntries: 10, recentWindow: 4 } });
    const log: string[] = [];
    let saved = -1;
    memory.on('entry:added', (_s, e) => log.push(`added:${e.type}`));
    memory.on('compressing', () => log.push('compressing'));
    memory.on('compressed', (_s, r) => {
      log.push('compressed');
      saved = r.tokensSaved;
      expect(r.summary.tokenCount).toBeGreaterThan(0);
    });
    const off = memory.on('session:cleared', (s) => log.push(`cleared:${s}`));
    await conversation(memory, S, 6);
    await memory.idle(S);
    expect(log.filter((x) => x === 'added:message')).toHaveLength(12);
    expect(log.indexOf('compressing')).toBeLessThan(log.indexOf('compressed'));
    expect(saved).toBeGreaterThan(0);
    await memory.clearSession(S);
    off();
    await memory.clearSession(S);
    expect(log.filter((x) => x.startsWith('cleared'))).toEqual([`cleared:${S}`]);
  });

  it('reports what a summary dropped: summary:facts-missing and metadata.missingFacts', async () => {
    const memory = await createMemory({
      store: 'memory',
      config: { recentWindow: 2, minEntriesToCompress: 2 },
      summarizer: async () => 'The user planned a trip.',
    });
    const reports: Record<string, string[]>[] = [];
    memory.on('summary:facts-missing', (_s, info) => reports.push(info.missing));
    await memory.addUserMessage(S, 'We fly to Lisbon with Maria on 12 May, budget 1,500 euros.');
    await memory.addAssistantMessage(S, 'Great, I booked the 09:40 flight.');
    await memory.addUserMessage(S, 'We decided to stay at the Alfama hotel.');
    await memory.addAssistantMessage(S, 'Noted.');
    await memory.addUserMessage(S, 'ok');
    await memory.addAssistantMessage(S, 'ok');
    await memory.compress(S);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.names).toEqual(expect.arrayContaining(['Lisbon', 'Maria']));
    expect(reports[0]!.numbers).toEqual(expect.arrayContaining(['12 May', '1,500 euros', '09:40']));
    const [summary] = await memory.getSummaries(S);
    expect(summary!.metadata?.missingFacts).toEqual(reports[0]);
  });

  it('a listener that throws does not break the engine', async () => {
    const memory = await createMemory({ store: 'memory' });
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    memory.on('entry:added', () => {
      throw new Error('listener bug');
    });
    await expect(memory.addUserMessage(S, 'hi')).resolves.toMatchObject({ content: 'hi' });
    expect(reportError).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});

describe('summarizer faults lose nothing', () => {
  it('a throwing summarizer leaves entries active, fires error, and the next trigger retries', async () => {
    let fail = true;
    const memory = await createMemory({
      store: 'memory',
      // No backoff: the next trigger after a failure retries at once.
      config: { maxEntries: 10, recentWindow: 4, compressionRetryMs: 0 },
      summarizer: async () => {
        if (fail) throw new Error('model offline');
        return 'recovered summary';
      },
    });
    const errors: Error[] = [];
    memory.on('error', (_s, e) => errors.push(e));
    await conversation(memory, S, 6);
    await memory.idle(S);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]!.name).toBe('SummarizerError');
    let stats = await memory.getStats(S);
    expect(stats).toMatchObject({ totalEntries: 12, activeEntries: 12, compressedEntries: 0, summaries: 0 });
    fail = false;
    await memory.addUserMessage(S, 'again');
    await memory.idle(S);
    stats = await memory.getStats(S);
    expect(stats.summaries).toBe(1);
    expect(stats.totalEntries).toBe(13);
    await expect(memory.compress(S)).resolves.toBeUndefined();
  });

  it('a hanging summarizer times out: nothing lost, compress() rejects', async () => {
    const memory = await createMemory({
      store: 'memory',
      config: { maxEntries: 10, recentWindow: 4, summarizeTimeoutMs: 50 },
      summarizer: () => new Promise<string>(() => {}),
    });
    const errors: Error[] = [];
    memory.on('error', (_s, e) => errors.push(e));
    await conversation(memory, S, 6);
    await memory.idle(S);
    expect(errors[0]?.message).toMatch(/timed out after 50 ms/);
    await expect(memory.compress(S)).rejects.toThrow(/timed out/);
    expect(await memory.getStats(S)).toMatchObject({ activeEntries: 12, compressedEntries: 0 });
  });

  it.each([[''], ['   '], ['```\n```']])(
    'an empty or garbage answer (%j) is refused and nothing is compressed',
    async (answer) => {
      const memory = await createMemory({
        store: 'memory',
        config: { recentWindow: 2 },
        summarizer: async () => answer,
      });
      await conversation(memory, S, 5);
      await expect(memory.compress(S)).rejects.toThrow(/empty|summary/i);
      expect((await memory.getStats(S)).compressedEntries).toBe(0);
    },
  );
});

describe('ordering', () => {
  it('applies concurrent calls on one session in call order', async () => {
    const memory = await createMemory({ store: 'memory' });
    const calls: Promise<MemoryEntry>[] = [];
    for (let i = 0; i < 50; i++)
      calls.push(i % 2 ? memory.addAssistantMessage(S, `a${i}`) : memory.addUserMessage(S, `u${i}`));
    const entries = await Promise.all(calls);
    expect(entries.map((e) => e.seq)).toEqual([...Array(50).keys()]);
    const active = await memory.getActiveEntries(S);
    expect(active.map((e) => e.content)).toEqual(entries.map((e) => e.content));
  });

  it('keeps sessions independent: a slow summarization in one does not block another', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const memory = await createMemory({
      store: 'memory',
      config: { maxEntries: 4, recentWindow: 2, minEntriesToCompress: 2 },
      summarizer: async (_p, info) => {
        if (info.sessionId === 'slow') await gate;
        return 'summary';
      },
    });
    const slow = conversation(memory, 'slow', 3);
    await conversation(memory, 'fast', 1);
    expect((await memory.getStats('fast')).totalEntries).toBe(2);
    release();
    await slow;
    await memory.idle('slow');
    expect((await memory.getStats('slow')).summaries).toBe(1);
  });
});

describe('two engines on one store', () => {
  it('a write over a version another engine moved is refused, reloaded and retried: nothing lost or doubled', async () => {
    const shared = memoryStore();
    const store = { ...shared, close: async () => {} };
    const a = await createMemory({ store });
    const b = await createMemory({ store });
    for (let i = 0; i < 10; i++) {
      await a.addUserMessage(S, `from a ${i}`);
      await b.addUserMessage(S, `from b ${i}`); // b's cache is stale every time: conflict, reload, retry
    }
    const stored = await shared.loadEntries(S);
    expect(stored.map((e) => e.seq)).toEqual([...Array(20).keys()]);
    expect(stored.map((e) => e.content)).toEqual(
      Array.from({ length: 20 }, (_, i) => `from ${i % 2 ? 'b' : 'a'} ${Math.floor(i / 2)}`),
    );
    expect((await shared.loadMeta(S))!.totalEntries).toBe(20);
  });
});

describe('export, import, clear', () => {
  it('round-trips a session through export and import, compressed entries and summaries included', async () => {
    const memory = await createMemory({ store: 'memory', config: { maxEntries: 10, recentWindow: 4 } });
    await conversation(memory, S, 8);
    const state = await memory.exportSession(S);
    expect(state.schemaVersion).toBe(1);
    const other = await createMemory({ store: 'memory' });
    await other.importSession(JSON.parse(JSON.stringify(state)));
    expect(await other.exportSession(S)).toEqual(state);
    expect(await other.getStats(S)).toEqual(await memory.getStats(S));
    expect(await other.getContextForLLM(S)).toEqual(await memory.getContextForLLM(S));
    // the session goes on numbering after the imported entries
    const next = await other.addUserMessage(S, 'after import');
    expect(next.seq).toBe(state.entries.length);
  });

  it('imports the seed shape (Date objects, no seq) and recounts tokens with this tokenizer', async () => {
    const memory = await createMemory({ store: 'memory' });
    await memory.importSession({
      sessionId: 'restored-session',
      entries: [
        {
          id: 'e1',
          type: 'message',
          role: 'user',
          content: 'Hello there',
          timestamp: new Date('2024-01-01'),
          tokenCount: 999,
          compressed: false,
        },
        {
          id: 'e2',
          type: 'message',
          role: 'assistant',
          content: 'Hi!',
          timestamp: new Date('2024-01-01'),
          tokenCount: 999,
          compressed: false,
        },
      ] as never,
      summaries: [],
      totalTokens: 15000,
    });
    const active = await memory.getActiveEntries('restored-session');
    expect(active.map((e) => e.tokenCount)).toEqual([2, 2]);
    expect(active[0]!.timestamp).toBe('2024-01-01T00:00:00.000Z');
  });

  it('refuses malformed state with the field named, changing nothing', async () => {
    const memory = await createMemory({ store: 'memory' });
    await conversation(memory, S, 2);
    const before = await memory.exportSession(S);
    const bad = structuredClone(before) as unknown as { entries: Record<string, unknown>[] };
    bad.entries[2]!.content = 42;
    await expect(memory.importSession(bad as never)).rejects.toThrow(/state\.entries\[2\]\.content: expected a string/);
    await expect(memory.importSession({ ...before, schemaVersion: 99 })).rejects.toThrow(/schemaVersion/);
    await expect(memory.importSession({ sessionId: '', entries: [], summaries: [], totalTokens: 0 })).rejects.toThrow(
      /state\.sessionId/,
    );
    await expect(memory.importSession(null as never)).rejects.toThrow(/state: expected an object/);
    expect(await memory.exportSession(S)).toEqual(before);
  });

  it('clearSession deletes the history of one session only', async () => {
    const memory = await createMemory({ store: 'memory' });
    await conversation(memory, 'a', 2);
    await conversation(memory, 'b', 2);
    await memory.clearSession('a');
    expect(await memory.getStats('a')).toMatchObject({ totalEntries: 0, activeEntries: 0, summaries: 0 });
    expect((await memory.getStats('b')).totalEntries).toBe(4);
    expect((await memory.listSessions()).map((m) => m.sessionId)).toEqual(['b']);
  });
});

describe('bad input is refused with the field named, nothing stored changes', () => {
  it.each([
    [
      'non-string content',
      (m: Mem) => m.addUserMessage(S, 42 as never),
      /content: expected a string, received number 42/,
    ],
    ['empty session id', (m: Mem) => m.addUserMessage('', 'x'), /sessionId: expected a non-empty string/],
    ['non-string session id', (m: Mem) => m.getStats(7 as never), /sessionId: expected a non-empty string/],
    [
      'unknown config key',
      (m: Mem) => m.updateConfig({ maxTokenz: 5 } as never),
      /updateConfig\.maxTokenz: expected one of the known settings/,
    ],
    [
      'out-of-range value',
      (m: Mem) => m.updateConfig({ compressionRatio: 3 }),
      /compressionRatio: expected a number between 0 and 1/,
    ],
    ['negative window', (m: Mem) => m.updateConfig({ recentWindow: -1 }), /recentWindow: expected an integer >= 0/],
    [
      'metadata that is not plain data',
      (m: Mem) => m.addUserMessage(S, 'x', { f: () => 1 }),
      /metadata\.f: expected plain data/,
    ],
    ['empty tool name', (m: Mem) => m.addToolCall(S, '', {}), /toolName: expected a non-empty string/],
    [
      'cyclic tool args',
      (m: Mem) => {
        const a: Record<string, unknown> = {};
        a.self = a;
        return m.addToolCall(S, 't', a);
      },
      /args.*cycles/,
    ],
    [
      'interaction without response',
      (m: Mem) => m.addInteraction(S, { userRequest: 'q' } as never),
      /interaction\.aiResponse/,
    ],
    [
      'bad interaction ts',
      (m: Mem) => m.addInteraction(S, { userRequest: 'q', aiResponse: 'a', ts: 'yesterday' }),
      /interaction\.ts: expected an ISO 8601/,
    ],
  ])('%s', async (_name, call, message) => {
    const memory = await createMemory({ store: 'memory' });
    await memory.addUserMessage(S, 'kept');
    const before = await memory.exportSession(S);
    await expect(call(memory)).rejects.toThrow(message);
    expect(await memory.exportSession(S)).toEqual(before);
  });

  it('refuses unknown createMemory options and config', async () => {
    await expect(createMemory({ stor: 'memory' } as never)).rejects.toThrow(
      /options\.stor: expected one of the known options/,
    );
    await expect(createMemory({ config: { maxEntries: 0 } })).rejects.toThrow(
      /config\.maxEntries: expected an integer >= 1/,
    );
    await expect(createMemory({ tokenizer: 'p50k' as never })).rejects.toThrow(/tokenizer/);
    await expect(createMemory({ store: 'indexeddb' })).rejects.toThrow(/no indexedDB/);
    await expect(createMemory({ summarizer: 'gpt' as never })).rejects.toThrow(/summarizer/);
  });

  it('close() finishes pending work and refuses later calls', async () => {
    const memory = await createMemory({ store: 'memory' });
    const pending = memory.addUserMessage(S, 'last words');
    await memory.close();
    await expect(pending).resolves.toMatchObject({ content: 'last words' });
    await expect(memory.addUserMessage(S, 'too late')).rejects.toThrow(
      expect.objectContaining({ name: 'ClosedError' }),
    );
  });
});

type Mem = Awaited<ReturnType<typeof createMemory>>;
