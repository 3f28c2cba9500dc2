import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import type { ChatMessage, ContextTruncatedInfo } from '../../src/types.js';
import { countChatMessages } from '../../src/tokens/chat-tokens.js';
import { loadTiktoken } from '../../src/tokens/tiktoken.js';
import { TRUNCATION_MARKER } from '../../src/core/context/context-build.js';

const o200k = await loadTiktoken('o200k_base');
const maxTokens = (budget: number) => ({
  short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens' as const, memory_max_tokens: budget }],
});
const day = (d: number, minute = 0) => new Date(Date.UTC(2023, 4, d, 10, minute)).toISOString();

/** A conversation where the dog's name is said early, then buried under filler turns. */
async function dogChat(memory: Memory, s = 'a', filler = 40): Promise<void> {
  await memory.addUserMessage(s, 'Which dog should I adopt from the shelter?', undefined, { timestamp: day(8, 0) });
  await memory.addAssistantMessage(s, 'Adopt the beagle; call him Biscuit.', undefined, { timestamp: day(8, 1) });
  for (let i = 0; i < filler; i++) {
    await memory.addUserMessage(s, `Filler question ${i} about the garden hose?`, undefined, { timestamp: day(20, i) });
    await memory.addAssistantMessage(s, `Filler answer ${i}: water the tomatoes in the evening.`, undefined, {
      timestamp: day(20, i),
    });
  }
}

/** Compression settled (background compression, where the engine has `idle`). */
const settled = async (memory: Memory, s: string) =>
  (memory as Memory & { idle?: (s: string) => Promise<void> }).idle?.(s);

const systemTexts = (messages: ChatMessage[]) =>
  messages.filter((m) => m.role === 'system').map((m) => m.content ?? '');

describe('recall in the context', () => {
  it('without contextRecall or per-call options, the context is exactly what the profile makes', async () => {
    const plain = await createMemory({ store: 'memory', profile: maxTokens(300) });
    const configured = await createMemory({
      store: 'memory',
      profile: maxTokens(300),
      contextRecall: { maxTokens: 100 },
    });
    for (const m of [plain, configured]) await dogChat(m, 'a', 10);
    const off = await configured.getContextForLLM('a', { recall: false });
    const base = await plain.getContextForLLM('a');
    expect(off).toEqual(base);
    expect(base.recalled).toBeUndefined();
  });

  it('the kept history gives way only as much as the recalled block takes: it ends with the previous exchange whole', async () => {
    // Recall may take the whole budget (1,000 > 300); the block found takes far less.
    const memory = await createMemory({ store: 'memory', profile: maxTokens(300), contextRecall: { maxTokens: 1000 } });
    await dogChat(memory, 'a', 30);
    await memory.addUserMessage('a', 'What did we name the dog?', undefined, { timestamp: day(21) });
    const ctx = await memory.getContextForLLM('a');
    const [block] = systemTexts(ctx.messages);
    expect(block).toContain('Adopt the beagle; call him Biscuit.');
    expect(ctx.messages.slice(-3)).toEqual([
      { role: 'user', content: 'Filler question 29 about the garden hose?' },
      { role: 'assistant', content: 'Filler answer 29: water the tomatoes in the evening.' },
      { role: 'user', content: 'What did we name the dog?' },
    ]);
    expect(ctx.tokenCount).toBe(countChatMessages(o200k, ctx.messages));
    expect(ctx.tokenCount).toBeLessThanOrEqual(300);
    // Nothing is both recalled and kept: the block holds none of the kept turns.
    for (const m of ctx.messages.slice(1)) expect(block).not.toContain(m.content!);
    // Without recall, the same budget keeps more turns: the block takes the place of the oldest.
    const kept = ctx.messages.filter((m) => m.role !== 'system').length;
    const longer = await memory.getContextForLLM('a', { recall: false });
    expect(longer.messages.length).toBeGreaterThan(kept);
  });

  it('places the best turns of the whole history in one system message, labelled by date and speaker, inside the profile budget', async () => {
    const memory = await createMemory({ store: 'memory', profile: maxTokens(400), contextRecall: { maxTokens: 150 } });
    await dogChat(memory);
    await memory.addUserMessage('a', 'What did we name the dog?', undefined, { timestamp: day(21) });
    const ctx = await memory.getContextForLLM('a');
    const [block] = systemTexts(ctx.messages);
    expect(block).toContain(
      '[8 May 2023]\nUser: Which dog should I adopt from the shelter?\nAssistant: Adopt the beagle; call him Biscuit.',
    );
    expect(ctx.messages.at(-1)).toEqual({ role: 'user', content: 'What did we name the dog?' });
    expect(ctx.tokenCount).toBe(countChatMessages(o200k, ctx.messages));
    expect(ctx.tokenCount).toBeLessThanOrEqual(400);
    expect(ctx.recalled!.map((r) => r.entry.content)).toContain('Adopt the beagle; call him Biscuit.');
    expect(ctx.recalled!.every((r) => r.entry.sessionId === 'a' && typeof r.score === 'number')).toBe(true);
    const scores = ctx.recalled!.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    // The block is the text layout's recalled section too.
    expect(ctx.text).toContain('=== Recalled From Memory ===');
  });

  it('brings the reply to a recalled question, and keeps turns in time order', async () => {
    const memory = await createMemory({ store: 'memory', profile: maxTokens(250) });
    await memory.addUserMessage('a', 'Who painted the blue barn?', undefined, { timestamp: day(3) });
    await memory.addAssistantMessage('a', 'Marta did, last spring.', undefined, { timestamp: day(3, 1) });
    await memory.addUserMessage('a', 'The barn roof leaks again.', undefined, { timestamp: day(1) });
    await dogChat(memory, 'a', 10);
    const ctx = await memory.getContextForLLM('a', { query: 'blue barn painted', recall: { maxTokens: 120 } });
    const [block] = systemTexts(ctx.messages);
    expect(block).toContain('Marta did, last spring.');
    // Time order: 1 May before 3 May, whatever the scores.
    expect(block!.indexOf('1 May 2023')).toBeLessThan(block!.indexOf('3 May 2023'));
  });

  it('gives a recalled question its reply only in the room the other hits leave', async () => {
    const memory = await createMemory({ store: 'memory', profile: maxTokens(400) });
    await memory.addUserMessage('a', 'Who painted the blue barn?', undefined, { timestamp: day(3) });
    await memory.addAssistantMessage('a', 'Marta did, last spring, with her brother and two cousins.', undefined, {
      timestamp: day(3, 1),
    });
    await memory.addUserMessage('a', 'The blue barn was painted red in 2019.', undefined, { timestamp: day(1) });
    await dogChat(memory, 'a', 10);
    const hits = await memory.recall('a', 'blue barn painted', { topK: 3 });
    expect(hits.map((h) => h.entry.content).slice(0, 2)).toEqual(
      expect.arrayContaining(['Who painted the blue barn?', 'The blue barn was painted red in 2019.']),
    );
    const block = async (room: number) => {
      const ctx = await memory.getContextForLLM('a', { query: 'blue barn painted', recall: { maxTokens: room } });
      return systemTexts(ctx.messages)[0] ?? '';
    };
    // Room for the two hits only: both hits, not the first hit with its reply.
    const tight = await block(60);
    expect(tight).toContain('User: Who painted the blue barn?');
    expect(tight).toContain('User: The blue barn was painted red in 2019.');
    expect(tight).not.toContain('Marta');
    // With room to spare, the reply comes with them.
    expect(await block(200)).toContain('Assistant: Marta did, last spring, with her brother and two cousins.');
  });

  it('never repeats what the context already holds', async () => {
    const memory = await createMemory({ store: 'memory', contextRecall: { maxTokens: 400 } });
    await dogChat(memory, 'a', 2);
    await memory.addUserMessage('a', 'Remind me about the beagle Biscuit?');
    const ctx = await memory.getContextForLLM('a');
    // The default Memory Manager keeps all of this short history: nothing left to recall.
    expect(systemTexts(ctx.messages)).toEqual([]);
    expect(ctx.recalled).toEqual([]);
  });

  it('keeps a recalled tool call with its result', async () => {
    const memory = await createMemory({ store: 'memory', profile: maxTokens(200), contextRecall: { maxTokens: 150 } });
    await memory.addUserMessage('a', 'Weather in Lisbon?');
    await memory.addToolCall('a', 'get_weather', { city: 'Lisbon' }, { callId: 'c1' });
    await memory.addToolResult('a', 'get_weather', { forecast: 'sunny 24C' }, { callId: 'c1' });
    await memory.addAssistantMessage('a', 'It is sunny.');
    await dogChat(memory, 'a', 15);
    await memory.addUserMessage('a', 'get_weather Lisbon forecast again');
    const ctx = await memory.getContextForLLM('a');
    const [block] = systemTexts(ctx.messages);
    expect(block).toContain('Assistant called get_weather: {"city":"Lisbon"}');
    expect(block).toContain('Tool result (get_weather): {"forecast":"sunny 24C"}');
  });

  it("scope 'all' recalls what was said in another chat, naming the chat", async () => {
    const memory = await createMemory({ store: 'memory', contextRecall: { maxTokens: 200, scope: 'all' } });
    await dogChat(memory, 'chat-1', 5);
    await memory.addUserMessage('chat-2', 'What is my dog called? The beagle?', undefined, { timestamp: day(25) });
    const ctx = await memory.getContextForLLM('chat-2');
    const [block] = systemTexts(ctx.messages);
    expect(block).toContain('[8 May 2023, chat "chat-1"]');
    expect(block).toContain('call him Biscuit');
    expect(ctx.recalled!.some((r) => r.entry.sessionId === 'chat-1')).toBe(true);
    const hits = await memory.recall('chat-2', 'beagle Biscuit', { scope: 'all', topK: 3 });
    expect(hits[0]!.entry.sessionId).toBe('chat-1');
    // Session scope (the default) stays inside the chat.
    expect((await memory.recall('chat-2', 'beagle Biscuit')).every((h) => h.entry.sessionId === 'chat-2')).toBe(true);
  });

  it("scope 'all' sees chats written after its first search, and forgets cleared ones", async () => {
    const memory = await createMemory({ store: 'memory' });
    await memory.addUserMessage('x', 'I keep bees on the roof.');
    expect((await memory.recall('q', 'bees', { scope: 'all' }))[0]!.entry.sessionId).toBe('x');
    await memory.addUserMessage('y', 'My sister keeps bees too, forty hives of bees.');
    expect((await memory.recall('q', 'bees', { scope: 'all' })).map((h) => h.entry.sessionId).sort()).toEqual([
      'x',
      'y',
    ]);
    await memory.clearSession('y');
    expect((await memory.recall('q', 'bees', { scope: 'all' })).map((h) => h.entry.sessionId)).toEqual(['x']);
  });

  it('finds compressed entries and summaries', async () => {
    const memory = await createMemory({
      store: 'memory',
      config: { maxEntries: 20, recentWindow: 4 },
      contextRecall: { maxTokens: 300 },
    });
    await dogChat(memory, 'a', 20);
    await settled(memory, 'a');
    expect((await memory.getStats('a')).compressedEntries).toBeGreaterThan(0);
    await memory.addUserMessage('a', 'Which dog did I adopt from the shelter?');
    const ctx = await memory.getContextForLLM('a');
    expect(ctx.recalled!.some((r) => r.entry.compressed && r.entry.content.includes('Biscuit'))).toBe(true);
  });

  it('works in every format (Anthropic: in the system text)', async () => {
    const memory = await createMemory({ store: 'memory', profile: maxTokens(300), contextRecall: { maxTokens: 120 } });
    await dogChat(memory, 'a', 15);
    await memory.addUserMessage('a', 'What did we name the beagle?');
    const anthropic = await memory.getContextForLLM('a', { format: 'anthropic' });
    expect(anthropic.system).toContain('call him Biscuit');
    expect(anthropic.recalled!.length).toBeGreaterThan(0);
    for (const format of ['ai-sdk', 'langchain'] as const) {
      const ctx = await memory.getContextForLLM('a', { format });
      expect(JSON.stringify(ctx.messages)).toContain('call him Biscuit');
    }
  });

  it('refuses bad options, naming the field', async () => {
    await expect(createMemory({ store: 'memory', contextRecall: { maxTokens: 0 } })).rejects.toThrow(
      /contextRecall\.maxTokens/,
    );
    await expect(
      createMemory({ store: 'memory', contextRecall: { maxTokens: 10, scope: 'everything' as 'all' } }),
    ).rejects.toThrow(/contextRecall\.scope/);
    await expect(createMemory({ store: 'memory', contextRecall: { maxTokens: 10, topk: 3 } as never })).rejects.toThrow(
      /contextRecall\.topk/,
    );
    const memory = await createMemory({ store: 'memory' });
    await expect(memory.getContextForLLM('a', { maxTokens: -5 })).rejects.toThrow(/options\.maxTokens/);
    await expect(memory.getContextForLLM('a', { recall: { scope: 'x' as 'all' } })).rejects.toThrow(
      /options\.recall\.scope/,
    );
    await expect(memory.getContextForLLM('a', { query: 3 as unknown as string })).rejects.toThrow(/options\.query/);
    await expect(memory.recall('a', 'q', { scope: 'world' as 'all' })).rejects.toThrow(/options\.scope/);
  });
});

describe('hard cap per call', () => {
  it('one 20,000-token user message in an 8,000-token max_tokens context: cut with a marker, an event, within the cap', async () => {
    const memory = await createMemory({ store: 'memory', profile: maxTokens(8000) });
    const events: ContextTruncatedInfo[] = [];
    memory.on('context:truncated', (_s, info) => events.push(info));
    await memory.addUserMessage('a', 'hello there');
    await memory.addAssistantMessage('a', 'hi');
    const huge = 'lorem ipsum '.repeat(10_000);
    const entry = await memory.addUserMessage('a', huge);
    expect(entry.tokenCount).toBeGreaterThan(19_000);
    // Today's profile-only context stays as the seed has it (nothing fits), silently.
    expect((await memory.getContextForLLM('a')).messages).toEqual([]);
    const ctx = await memory.getContextForLLM('a', { maxTokens: 8000 });
    expect(ctx.messages).toHaveLength(1);
    const [only] = ctx.messages;
    expect(only!.role).toBe('user');
    expect(only!.content!.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(huge.startsWith(only!.content!.slice(0, -TRUNCATION_MARKER.length))).toBe(true);
    expect(ctx.tokenCount).toBe(countChatMessages(o200k, ctx.messages));
    expect(ctx.tokenCount).toBeLessThanOrEqual(8000);
    expect(ctx.tokenCount).toBeGreaterThan(7900);
    expect(events).toEqual([
      { entryId: entry.id, originalTokens: entry.tokenCount, keptTokens: expect.any(Number), maxTokens: 8000 },
    ]);
    // The store keeps the whole message.
    expect((await memory.getActiveEntries('a')).at(-1)!.content).toBe(huge);
  });

  it('bounds the Memory Manager, whose own maxTokens is only a compression trigger', async () => {
    const memory = await createMemory({ store: 'memory', config: { autoCompress: false } });
    for (let i = 0; i < 30; i++) {
      await memory.addUserMessage('a', `question ${i} ${'words '.repeat(200)}`);
      await memory.addAssistantMessage('a', `answer ${i} ${'more '.repeat(200)}`);
    }
    await memory.addUserMessage('a', 'the newest question');
    const full = await memory.getContextForLLM('a');
    expect(full.tokenCount).toBeGreaterThan(5000);
    const ctx = await memory.getContextForLLM('a', { maxTokens: 2000 });
    expect(ctx.tokenCount).toBeLessThanOrEqual(2000);
    expect(ctx.tokenCount).toBe(countChatMessages(o200k, ctx.messages));
    expect(ctx.messages.at(-1)).toEqual({ role: 'user', content: 'the newest question' });
  });

  it('never exceeds the budget, keeps the newest user message and counts exactly (random sessions, profiles, budgets)', async () => {
    const profiles = [
      undefined,
      maxTokens(600),
      { short_term_memory_strategy: [{ memory_strategy_id: 'buffer_window' as const, window_size: 6 }] },
      {
        long_term_memory_strategy: [
          { long_term_memory_id: 'summary_buffer' as const, budget: 500, threshold: 0.8, target: 0.6 },
        ],
      },
      { long_term_memory_strategy: [{ long_term_memory_id: 'rolling' as const, window: 4, max_summaries: 2 }] },
    ];
    const turn = fc.record({
      kind: fc.constantFrom('user', 'assistant', 'tool'),
      words: fc.array(
        fc.constantFrom('dog', 'beagle', 'garden', 'rain', 'Lisbon', 'tomato', 'blue', 'barn', '¿qué?', '猫', 'x'),
        { minLength: 1, maxLength: 60 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(turn, { minLength: 1, maxLength: 40 }),
        fc.nat({ max: profiles.length - 1 }),
        fc.integer({ min: 40, max: 1500 }),
        fc.option(fc.integer({ min: 1, max: 800 }), { nil: undefined }),
        fc.constantFrom<'session' | 'all'>('session', 'all'),
        async (turns, p, cap, recallTokens, scope) => {
          const profile = profiles[p];
          const memory = await createMemory({ store: 'memory', ...(profile ? { profile } : {}) });
          await memory.addUserMessage('other', 'the beagle likes the blue barn in Lisbon');
          let newest = '';
          for (const [i, t] of turns.entries()) {
            const text = `${i} ${t.words.join(' ')}`;
            if (t.kind === 'user') newest = (await memory.addUserMessage('s', text)).content;
            else if (t.kind === 'assistant') await memory.addAssistantMessage('s', text);
            else {
              await memory.addToolCall('s', 'lookup', { q: text }, { callId: `c${i}` });
              await memory.addToolResult('s', 'lookup', text, { callId: `c${i}` });
            }
          }
          await settled(memory, 's');
          const recall = recallTokens === undefined ? {} : { recall: { maxTokens: recallTokens, scope } };
          const ctx = await memory.getContextForLLM('s', { maxTokens: cap, ...recall });
          expect(ctx.tokenCount).toBeLessThanOrEqual(cap);
          expect(ctx.tokenCount).toBe(ctx.messages.length ? countChatMessages(o200k, ctx.messages) : 0);
          if (newest) {
            const users = ctx.messages.filter((m) => m.role === 'user').map((m) => m.content ?? '');
            const last = users.at(-1) ?? '';
            expect(
              last === newest ||
                (last.endsWith(TRUNCATION_MARKER) && newest.startsWith(last.slice(0, -TRUNCATION_MARKER.length))),
            ).toBe(true);
          }
          // Every tool call of the context has its result right after it.
          ctx.messages.forEach((m, i) => {
            for (const call of m.tool_calls ?? [])
              expect(ctx.messages.slice(i + 1).some((r) => r.tool_call_id === call.id)).toBe(true);
          });
          await memory.close();
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('timestamps', () => {
  it('addUserMessage and addAssistantMessage take { timestamp }, an ISO string or a Date', async () => {
    const memory = await createMemory({ store: 'memory' });
    const u = await memory.addUserMessage('a', 'hi', undefined, { timestamp: '2023-05-08T13:56:00Z' });
    const a = await memory.addAssistantMessage(
      'a',
      'hello',
      { mood: 'ok' },
      { timestamp: new Date(Date.UTC(2023, 4, 8, 13, 57)) },
    );
    expect(u.timestamp).toBe('2023-05-08T13:56:00.000Z');
    expect(a.timestamp).toBe('2023-05-08T13:57:00.000Z');
    await expect(memory.addUserMessage('a', 'x', undefined, { timestamp: 'yesterday-ish' })).rejects.toThrow(
      /options\.timestamp/,
    );
    await expect(memory.addUserMessage('a', 'x', undefined, { when: 'now' } as never)).rejects.toThrow(/options\.when/);
    expect(await memory.getActiveEntries('a')).toHaveLength(2); // nothing stored by the refused calls
  });

  it('addMessages keeps the times a format carries: OpenAI-shaped `timestamp`, AI SDK `createdAt`', async () => {
    const memory = await createMemory({ store: 'memory' });
    const openai = await memory.addMessages('o', [
      { role: 'user', content: 'Weather?', timestamp: '2023-05-08T10:00:00Z' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{}' } }],
        timestamp: '2023-05-08T10:00:01Z',
      },
      { role: 'tool', tool_call_id: 'c1', content: 'sunny', timestamp: '2023-05-08T10:00:02Z' },
      { role: 'assistant', content: 'Sunny.' },
    ]);
    expect(openai.map((e) => e.timestamp.slice(0, 19))).toEqual([
      '2023-05-08T10:00:00',
      '2023-05-08T10:00:01',
      '2023-05-08T10:00:02',
      expect.any(String),
    ]);
    expect(openai[3]!.timestamp.startsWith('2023')).toBe(false); // no time given: the time of the add
    const aiSdk = await memory.addMessages(
      'v',
      [
        { role: 'user', content: 'Hi', createdAt: new Date(Date.UTC(2022, 0, 2)) },
        { role: 'assistant', content: [{ type: 'text', text: 'Hello' }], createdAt: '2022-01-02T00:00:05Z' },
      ],
      { format: 'ai-sdk' },
    );
    expect(aiSdk.map((e) => e.timestamp)).toEqual(['2022-01-02T00:00:00.000Z', '2022-01-02T00:00:05.000Z']);
    await expect(memory.addMessages('x', [{ role: 'user', content: 'a', timestamp: 'soon' }])).rejects.toThrow(
      /messages\[0\]\.timestamp/,
    );
    expect(await memory.getActiveEntries('x')).toEqual([]);
  });

  it("recall's date matching uses the entry's timestamp (no metadata key needed)", async () => {
    const memory = await createMemory({ store: 'memory' });
    await memory.addUserMessage('a', 'We went to the lake.', undefined, { timestamp: '2021-07-14T10:00:00Z' });
    await memory.addUserMessage('a', 'We went to the museum.', undefined, { timestamp: '2023-05-08T10:00:00Z' });
    await memory.addUserMessage(
      'a',
      'We went to the zoo.',
      { session_date: '14 July, 2021' },
      { timestamp: '2024-02-02T10:00:00Z' },
    );
    const hits = await memory.recall('a', 'Where did we go in July 2021?', { topK: 1 });
    expect(hits[0]!.entry.content).toBe('We went to the lake.');
    expect((await memory.recall('a', 'Where did we go on May 8, 2023?', { topK: 1 }))[0]!.entry.content).toBe(
      'We went to the museum.',
    );
  });
});
