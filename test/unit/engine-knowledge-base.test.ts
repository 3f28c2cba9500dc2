import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import { countChatMessages } from '../../src/tokens/chat-tokens.js';
import { loadTiktoken } from '../../src/tokens/tiktoken.js';

const S = 's';

function profile(budget: number, topK = 3) {
  return {
    short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens' as const, memory_max_tokens: budget }],
    long_term_memory_strategy: [
      {
        long_term_memory_id: 'summarizer' as const,
        interaction_threshold_qty: 4,
        interaction_threshold_tokens: -1,
        cod_max_loops: 1,
        interaction_keep: 1,
        knowledge_base: { collection_id: 'facts', search_mode: 'always' as const, top_k: topK },
        text_splitter: { chunk_size: 120, chunk_overlap: 20 },
      },
    ],
  };
}

/** A summarizer that keeps only the gist — the kind of summary that loses facts. */
let version = 0;
const vague = async () => `Summary v${++version}: the user shared personal details and asked questions.`;

async function chat(memory: Awaited<ReturnType<typeof createMemory>>, pairs: [string, string][]) {
  for (const [u, a] of pairs) {
    await memory.addUserMessage(S, u);
    await memory.addAssistantMessage(S, a);
  }
}

describe('knowledge_base with search_mode always', () => {
  it('recalls the compressed turn the newest question needs into one system message, within budget', async () => {
    const memory = await createMemory({ store: 'memory', profile: profile(400), summarizer: vague });
    await chat(memory, [
      ['My dog is a beagle named Pixel.', 'Pixel is a lovely name.'],
      ['I work as a nurse in Porto.', 'That sounds demanding.'],
      ['We are planning a trip to Kyoto in April.', 'April is cherry blossom season.'],
      ['My favourite food is ramen.', 'Kyoto has great ramen.'],
      ['Tell me a joke.', 'Why did the scarecrow win an award?'],
    ]);
    // Compression runs in the background: an add never waits for the summarizer.
    await memory.idle(S);
    expect((await memory.getSummaries(S)).length).toBe(1);
    await memory.addUserMessage(S, "What is my dog's name again?");
    const ctx = await memory.getContextForLLM(S);
    const recalled = ctx.messages.find(
      (m) => m.role === 'system' && m.content?.startsWith('Relevant earlier conversation'),
    );
    expect(recalled?.content).toContain('My dog is a beagle named Pixel.');
    expect(ctx.tokenCount).toBeLessThanOrEqual(400);
    const o200k = await loadTiktoken('o200k_base');
    expect(ctx.tokenCount).toBe(countChatMessages(o200k, ctx.messages));
    expect(ctx.text).toContain('=== Recalled From Memory ===');
    // never duplicates what the window already shows
    const windowContents = new Set(ctx.messages.filter((m) => m.role !== 'system').map((m) => m.content));
    for (const l of recalled!.content!.split('\n').slice(1)) {
      expect(windowContents.has(l.replace(/^- \[[^\]]*\] \w+: /, ''))).toBe(false);
    }
  });

  it('keeps every summary version in the collection: what a newer summary dropped can come back', async () => {
    const store = memoryStore();
    let calls = 0;
    const memory = await createMemory({
      store,
      profile: profile(600),
      summarizer: async () =>
        ++calls === 1 ? 'The user owns a parrot called Mango and lives in Lisbon.' : 'The user likes travel.',
    });
    const filler: [string, string][] = Array.from({ length: 4 }, (_, i) => [
      `filler question ${i}`,
      `filler answer ${i}`,
    ]);
    await chat(memory, [...filler, ['one more', 'ok']]); // first summary (mentions Mango)
    await chat(memory, [...filler, ['again', 'ok']]); // second: folds the first, forgets Mango
    await memory.idle(S);
    const [running] = await memory.getSummaries(S);
    expect(running!.content).toBe('The user likes travel.');
    await memory.addUserMessage(S, 'What is the name of my parrot?');
    const ctx = await memory.getContextForLLM(S);
    expect(ctx.messages.some((m) => m.content?.includes('earlier summary') && m.content.includes('Mango'))).toBe(true);
    // the collection lives in the store under its collection_id
    expect(((await store.loadAux(S, 'kb:facts:docs')) as string[]).length).toBeGreaterThanOrEqual(2);
  });

  it('adds nothing when the budget leaves no room', async () => {
    const memory = await createMemory({ store: 'memory', profile: profile(60), summarizer: vague });
    await chat(
      memory,
      Array.from(
        { length: 6 },
        (_, i) => [`My code word number ${i} is zebra${i}.`, `Noted ${i}.`] as [string, string],
      ),
    );
    await memory.addUserMessage(S, 'What was code word number 0?');
    const ctx = await memory.getContextForLLM(S);
    expect(ctx.tokenCount).toBeLessThanOrEqual(60);
  });
});

describe('knowledge_base with an embedder', () => {
  /** A toy embedder: one dimension per concept, so "pet" finds "parrot" with no shared word. */
  const concepts = [/parrot|pet|dog|bird/i, /lisbon|city|porto/i, /travel|trip/i];
  const embedder = async (texts: string[]) => texts.map((t) => concepts.map((re) => (re.test(t) ? 1 : 0.01)));

  it('stores chunk embeddings and finds a summary chunk by meaning', async () => {
    const store = memoryStore();
    let calls = 0;
    const memory = await createMemory({
      store,
      embedder,
      profile: profile(600),
      summarizer: async () => (++calls === 1 ? 'The user owns a parrot called Mango.' : 'The user likes travel.'),
    });
    const filler: [string, string][] = Array.from({ length: 4 }, (_, i) => [
      `filler question ${i}`,
      `filler answer ${i}`,
    ]);
    await chat(memory, [...filler, ['one more', 'ok']]);
    await chat(memory, [...filler, ['again', 'ok']]);
    await memory.idle(S);
    await memory.addUserMessage(S, 'Which pet do I have?');
    const ctx = await memory.getContextForLLM(S);
    expect(ctx.messages.some((m) => m.content?.includes('earlier summary') && m.content.includes('Mango'))).toBe(true);
    expect(await store.loadAux(S, 'kbvec:facts:manifest')).toBeDefined();
  });

  it('falls back to words when the embedder fails, and reports it', async () => {
    const errors: string[] = [];
    const memory = await createMemory({
      store: 'memory',
      embedder: async () => {
        throw new Error('embedding model offline');
      },
      profile: profile(600),
      summarizer: vague,
    });
    memory.on('error', (_s, e) => errors.push(e.message));
    await chat(
      memory,
      Array.from({ length: 5 }, (_, i) => [`My locker code ${i} is ${1000 + i}.`, `Noted ${i}.`] as [string, string]),
    );
    await memory.idle(S);
    await memory.addUserMessage(S, 'What is my locker code 0?');
    const ctx = await memory.getContextForLLM(S);
    expect(ctx.messages.some((m) => m.content?.includes('My locker code 0 is 1000.'))).toBe(true);
    expect(errors.some((m) => m.includes('embedding model offline'))).toBe(true);
  });
});
