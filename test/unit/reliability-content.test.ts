/**
 * Content at the edges: a 10 MB message, and text that breaks naive string handling (lone
 * surrogates, emoji sequences, right-to-left and bidi overrides, NUL) goes through add →
 * export → JSON → import → getContextForLLM exactly, counted by the real tokenizer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import { loadTiktoken } from '../../src/tokens/tiktoken.js';
import type { ChatMessage, TokenCounter } from '../../src/types.js';
import { expectContextValid, expectStatsConsistent } from '../support/reference-model.js';

let o200k: TokenCounter;
beforeAll(async () => {
  o200k = await loadTiktoken('o200k_base');
});

/** Export as an app would save it (JSON text), import into a new engine. */
async function roundTrip(from: Memory, sessionId: string): Promise<Memory> {
  const json = JSON.stringify(await from.exportSession(sessionId));
  const to = await createMemory({ store: 'memory', tokenizer: o200k });
  await to.importSession(JSON.parse(json));
  return to;
}

const hostileTexts = [
  'lone high surrogate \uD83D here',
  'lone low surrogate \uDE00 here',
  'reversed pair \uDE00\uD83D',
  'emoji 👩‍👩‍👧‍👦 family, 🏳️‍🌈 flag, 👍🏽 skin tone, 🇫🇷 regional',
  'right-to-left: שלום עולם — مرحبا بالعالم',
  'bidi override \u202Etxt.exe\u202C and isolate \u2067abc\u2069',
  'NUL \u0000 in the middle and at the end\u0000',
  '\uFEFFbyte order mark first',
  'line\r\nendings\rmixed\n\u2028separator\u2029paragraph',
  'combining e\u0301\u0301\u0301 and zalgo Z\u0351\u0359\u035B',
  '\t\v\f control \u0007 bell \u001B[31m ansi',
  '',
];

describe('hostile text round-trips exactly', () => {
  it('through user, assistant, tool and context entries, metadata and the session id', async () => {
    const s = 'chat ✨ \u05e9\u05dc\u05d5\u05dd \uD83D';
    const memory = await createMemory({ store: 'memory', tokenizer: o200k });
    const contents: string[] = [];
    for (const [i, text] of hostileTexts.entries()) {
      await memory.addUserMessage(s, text, { note: text });
      await memory.addToolCall(s, 'echo', text, { callId: `call_${i}` });
      await memory.addToolResult(s, 'echo', text, { callId: `call_${i}`, isError: i % 2 === 1 });
      await memory.addAssistantMessage(s, `${text}!`);
      contents.push(text, text, text, `${text}!`);
    }
    await memory.addContext(s, hostileTexts.join('|'), 'notes\u0000.txt');
    const original = await memory.exportSession(s);
    expect(original.entries.map((e) => e.content)).toEqual([...contents, hostileTexts.join('|')]);

    const copy = await roundTrip(memory, s);
    expect(await copy.exportSession(s)).toEqual(original);
    const entries = await copy.getActiveEntries(s);
    expect(entries.map((e) => e.content)).toEqual([...contents, hostileTexts.join('|')]);
    expect(entries.filter((e) => e.type === 'message' && e.role === 'user').map((e) => e.metadata?.note)).toEqual(
      hostileTexts,
    );
    // Recounted on import with the same tokenizer: the same counts.
    expect(entries.map((e) => e.tokenCount)).toEqual(original.entries.map((e) => e.tokenCount));

    const ctx = await copy.getContextForLLM(s);
    const messages = ctx.messages as ChatMessage[];
    expect(ctx).toEqual(await memory.getContextForLLM(s));
    expect(messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(hostileTexts);
    expect(messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(hostileTexts);
    expect(messages.flatMap((m) => m.tool_calls ?? []).map((c) => c.function.arguments)).toEqual(hostileTexts);
    expect(messages.at(-1)).toEqual({
      role: 'system',
      content: `Context from notes\u0000.txt:\n${hostileTexts.join('|')}`,
    });
    expect(ctx.text).toContain('lone high surrogate \uD83D here');
    await expectContextValid(copy, s, o200k);
    await expectStatsConsistent(copy, s);
  });

  it('through addInteraction JSON and recall', async () => {
    const memory = await createMemory({ store: 'memory', tokenizer: o200k });
    const userRequest = { query: 'שלום \uD800 👋', options: { nul: '\u0000' } };
    const aiResponse = { answer: 'مرحبا 🏳️‍🌈 zebracorn', citations: ['\u202Edoc'] };
    await memory.addInteraction('s', { userRequest, aiResponse });
    const copy = await roundTrip(memory, 's');
    const [interaction] = await copy.getInteractions('s');
    expect(interaction!.entries.map((e) => JSON.parse(e.content) as unknown)).toEqual([userRequest, aiResponse]);
    expect(interaction!.entries.map((e) => e.metadata)).toEqual([{ userRequest }, { aiResponse }]);
    const [hit] = await copy.recall('s', 'zebracorn');
    expect(hit?.entry.content).toBe(JSON.stringify(aiResponse));
  });
});

describe('a 10 MB message', () => {
  it('is refused by the default content cap, naming the field, and nothing is stored', async () => {
    const memory = await createMemory({ store: 'memory', tokenizer: o200k });
    await memory.addUserMessage('s', 'before');
    await expect(memory.addUserMessage('s', 'x'.repeat(10 * 1024 * 1024))).rejects.toMatchObject({
      name: 'ValidationError',
      field: 'content',
    });
    expect((await memory.getActiveEntries('s')).map((e) => e.content)).toEqual(['before']);
  });

  // A hang detector only: about 4.5 s of CPU (10 MB counted and analyzed twice), which a busy
  // machine running the other test files in parallel stretches many times over.
  it(
    'with the cap raised, is stored, counted, recalled, exported and imported whole',
    { timeout: 900_000 },
    async () => {
      const maxContentLength = 16 * 1024 * 1024;
      const counts = new Map<number, number>();
      const spy: TokenCounter = {
        count: (text) => {
          const n = o200k.count(text);
          if (text.length > 1_000_000) counts.set(text.length, n);
          return n;
        },
      };
      const words = Array.from({ length: 700_000 }, (_, i) => `w${(i * 7919) % 104_729}`);
      words[350_000] = 'zebracorn';
      const big = `${words.join(' ')} `.repeat(3).slice(0, 10 * 1024 * 1024);
      expect(big.length).toBe(10 * 1024 * 1024);

      const memory = await createMemory({ store: 'memory', tokenizer: spy, maxContentLength });
      await memory.addUserMessage('s', 'please keep this log');
      const entry = await memory.addUserMessage('s', big);
      await memory.addAssistantMessage('s', 'kept');
      expect(entry.tokenCount).toBe(counts.get(big.length));
      expect(entry.tokenCount).toBeGreaterThan(1_000_000);
      await expectStatsConsistent(memory, 's');
      expect((await memory.getStats('s')).activeTokens).toBeGreaterThan(entry.tokenCount);

      const [hit] = await memory.recall('s', 'zebracorn');
      expect(hit?.entry.id).toBe(entry.id);

      const json = JSON.stringify(await memory.exportSession('s'));
      const copy = await createMemory({ store: 'memory', tokenizer: spy, maxContentLength });
      await copy.importSession(JSON.parse(json));
      const [, stored] = await copy.getActiveEntries('s');
      expect(stored!.content === big).toBe(true);
      expect(stored!.tokenCount).toBe(entry.tokenCount);
      const ctx = await copy.getContextForLLM('s');
      expect(ctx.messages[1]!.content === big).toBe(true);
      expect(ctx.tokenCount).toBe((await memory.getContextForLLM('s')).tokenCount);
    },
  );
});
