/**
 * Recall in the context keeps what the profile and the store promise: other chats' summaries
 * with `scope: 'all'`, a knowledge base's `search_mode: 'always'` message, and the rolling
 * window's narrowing while its summary is pending — with `recall` and `maxTokens` per call too.
 */
import { describe, expect, it, vi } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { SummarizeCallback, SummarizeInfo, TokenCounter } from '../../src/types.js';
import type { MemoryProfileInput } from '../../src/strategies/profile/profile-types.js';
import { countChatMessages } from '../../src/tokens/chat-tokens.js';
import { loadTiktoken } from '../../src/tokens/tiktoken.js';
import { WAIT_FOR } from '../support/until.js';

const o200k = await loadTiktoken('o200k_base');
const settled = async (memory: { idle?: (s: string) => Promise<void> }, s: string) => memory.idle?.(s);

describe("scope 'all' recalls other chats' summaries", () => {
  it('a summary of another chat, holding what no kept turn says, reaches the context and recall()', async () => {
    // The summary says where the grandmother lives; no turn of either chat does.
    const summarizer: SummarizeCallback = async () => 'The user mentioned that their grandmother lives in Zanzibar.';
    const memory = await createMemory({
      store: 'memory',
      summarizer,
      config: { maxEntries: 10, recentWindow: 2, minEntriesToCompress: 2 },
    });
    for (let i = 0; i < 12; i++) {
      await memory.addUserMessage('chat-1', `Tell me about family recipe ${i}.`);
      await memory.addAssistantMessage('chat-1', `Recipe ${i} uses cloves and cardamom.`);
    }
    await settled(memory, 'chat-1');
    expect((await memory.getSummaries('chat-1')).length).toBeGreaterThan(0);
    await memory.addUserMessage('chat-2', 'Where does my grandmother live? Zanzibar?');
    const ctx = await memory.getContextForLLM('chat-2', { recall: { maxTokens: 300, scope: 'all' } });
    const summary = ctx.recalled!.find((r) => r.entry.type === 'summary');
    expect(summary?.entry.sessionId).toBe('chat-1');
    expect(summary?.entry.content).toContain('Zanzibar');
    expect(
      ctx.messages.some(
        (m) =>
          m.role === 'system' &&
          m.content?.includes('Summary: The user mentioned that their grandmother lives in Zanzibar.'),
      ),
    ).toBe(true);
    const hits = await memory.recall('chat-2', 'grandmother Zanzibar', { scope: 'all', topK: 5 });
    expect(hits.some((h) => h.entry.type === 'summary' && h.entry.sessionId === 'chat-1')).toBe(true);
    // types filters still apply to them
    expect(
      (await memory.recall('chat-2', 'grandmother Zanzibar', { scope: 'all', types: ['message'] })).every(
        (h) => h.entry.type === 'message',
      ),
    ).toBe(true);
    // Session scope stays inside the chat.
    expect((await memory.recall('chat-2', 'grandmother Zanzibar')).some((h) => h.entry.sessionId === 'chat-1')).toBe(
      false,
    );
  });

  it('a summary dropped from its chat is no longer recalled from the other chat', async () => {
    let n = 0;
    const summarizer: SummarizeCallback = async () =>
      ++n === 1 ? 'The user keeps a tortoise named Quasimodo.' : 'The user likes soup.';
    const profile = {
      long_term_memory_strategy: [{ long_term_memory_id: 'rolling', window: 2, max_summaries: 1 }],
    } satisfies MemoryProfileInput;
    const memory = await createMemory({ store: 'memory', summarizer, profile });
    const talk = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        await memory.addUserMessage('chat-1', `soup question ${i}`);
        await memory.addAssistantMessage('chat-1', `soup answer ${i}`);
      }
      await settled(memory, 'chat-1');
    };
    await talk(0, 4);
    await memory.addUserMessage('chat-2', 'What is my tortoise called?');
    expect(
      (await memory.recall('chat-2', 'tortoise Quasimodo', { scope: 'all' })).some((h) => h.entry.type === 'summary'),
    ).toBe(true);
    await talk(4, 12); // max_summaries 1: the tortoise summary is replaced
    expect((await memory.getSummaries('chat-1')).some((s) => s.content.includes('Quasimodo'))).toBe(false);
    expect(
      (await memory.recall('chat-2', 'tortoise Quasimodo', { scope: 'all' })).some((h) => h.entry.type === 'summary'),
    ).toBe(false);
  });
});

/** A summarizer summary_buffer-style that forgets facts. */
let version = 0;
const vague = async () => `Summary v${++version}: the user shared personal details and asked questions.`;

function kbProfile(budget: number) {
  return {
    short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens' as const, memory_max_tokens: budget }],
    long_term_memory_strategy: [
      {
        long_term_memory_id: 'summarizer' as const,
        interaction_threshold_qty: 4,
        interaction_threshold_tokens: -1,
        cod_max_loops: 1,
        interaction_keep: 1,
        knowledge_base: { collection_id: 'facts', search_mode: 'always' as const, top_k: 3 },
        text_splitter: { chunk_size: 120, chunk_overlap: 20 },
      },
    ],
  };
}

describe("a knowledge base with search_mode 'always' beside per-call options", () => {
  const pairs: [string, string][] = [
    ['My dog is a beagle named Pixel.', 'Pixel is a lovely name.'],
    ['I work as a nurse in Porto.', 'That sounds demanding.'],
    ['We are planning a trip to Kyoto in April.', 'April is cherry blossom season.'],
    ['My favourite food is ramen.', 'Kyoto has great ramen.'],
    ['Tell me a joke.', 'Why did the scarecrow win an award?'],
  ];
  const kbMessage = (messages: { role: string; content?: string | null }[]) =>
    messages.find((m) => m.role === 'system' && m.content?.startsWith('Relevant earlier conversation'));

  for (const [name, options] of [
    ['maxTokens', { maxTokens: 380 }],
    ['recall', { recall: { maxTokens: 120 } }],
    ['recall and maxTokens', { recall: { maxTokens: 100 }, maxTokens: 390 }],
  ] as const) {
    it(`adds its message with ${name}, within the budget, counted exactly`, async () => {
      const memory = await createMemory({ store: 'memory', profile: kbProfile(400), summarizer: vague });
      for (const [u, a] of pairs) {
        await memory.addUserMessage('s', u);
        await memory.addAssistantMessage('s', a);
      }
      await settled(memory, 's');
      expect((await memory.getSummaries('s')).length).toBe(1);
      await memory.addUserMessage('s', "What is my dog's name again?");
      const plain = await memory.getContextForLLM('s');
      expect(kbMessage(plain.messages)?.content).toContain('My dog is a beagle named Pixel.');
      const ctx = await memory.getContextForLLM('s', options);
      expect(kbMessage(ctx.messages)?.content).toContain('Pixel');
      expect(ctx.tokenCount).toBe(countChatMessages(o200k, ctx.messages));
      expect(ctx.tokenCount).toBeLessThanOrEqual('maxTokens' in options ? options.maxTokens : 400);
      expect(ctx.messages.at(-1)).toEqual({ role: 'user', content: "What is my dog's name again?" });
    });
  }
});

const counter: TokenCounter = { count: (t) => Math.ceil(t.length / 4) };

/** A summarizer whose calls wait until released. */
function heldSummarizer(answer: (info: SummarizeInfo) => string) {
  const waiting: (() => void)[] = [];
  const summarize: SummarizeCallback = (_prompt, info) =>
    new Promise<string>((resolve) => waiting.push(() => resolve(answer(info))));
  return { summarize, waiting };
}

describe('the rolling window while its summary is pending, with recall in the context', () => {
  it('shows the newest `window` turns as the plain context does; recall may bring back older ones in its block', async () => {
    const profile = {
      long_term_memory_strategy: [{ long_term_memory_id: 'rolling', window: 3, max_summaries: 2 }],
    } satisfies MemoryProfileInput;
    const held = heldSummarizer(
      (info) => `summary of turns ${info.entries[0]!.interaction}-${info.entries.at(-1)!.interaction}`,
    );
    const memory = await createMemory({ store: 'memory', tokenizer: counter, summarizer: held.summarize, profile });
    for (let i = 1; i <= 6; i++) {
      await memory.addUserMessage('s', `turn ${i} question about the harbour`);
      await memory.addAssistantMessage('s', `turn ${i} answer`);
    }
    await vi.waitFor(() => expect(held.waiting.length).toBe(1), WAIT_FOR); // a summary is pending
    const turnsOf = (messages: { role: string; content?: string | null }[]) =>
      messages.filter((m) => m.role !== 'system').map((m) => Number(/turn (\d+)/.exec(String(m.content))![1]));
    const plain = await memory.getContextForLLM('s');
    expect([...new Set(turnsOf(plain.messages))]).toEqual([4, 5, 6]);
    for (const options of [
      { maxTokens: 4000 },
      { recall: { maxTokens: 200 } },
      { recall: { maxTokens: 200 }, maxTokens: 4000 },
    ]) {
      const ctx = await memory.getContextForLLM('s', options);
      expect([...new Set(turnsOf(ctx.messages))]).toEqual([4, 5, 6]);
      if (!('recall' in options)) expect(ctx.messages).toEqual(plain.messages);
    }
    const withRecall = await memory.getContextForLLM('s', { query: 'harbour turn 2', recall: { maxTokens: 200 } });
    expect(withRecall.recalled!.some((r) => r.entry.content.startsWith('turn 2'))).toBe(true);
    for (const release of held.waiting.splice(0)) release();
    await settled(memory, 's');
  });
});
