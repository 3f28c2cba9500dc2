import { describe, expect, it } from 'vitest';
import { countChatMessages } from '../../src/tokens/chat-tokens.js';
import { resolveTokenizer } from '../../src/tokens/resolve-tokenizer.js';
import { loadTiktoken, tiktokenStatus, TIKTOKEN_ENCODINGS } from '../../src/tokens/tiktoken.js';

// Counts computed in Node with the full @dqbd/tiktoken build (encode_ordinary).
const SAMPLES = [
  '我们今天去公园散步，天气非常好。',
  'Hello, world!',
  'Family: 👨‍👩‍👧‍👦 and 👋🏽',
  'مرحبا بكم في عالم الذكاء الاصطناعي',
  'Document ends here<|endoftext|>and another starts',
  'a\u0000b',
  `start${' '.repeat(257)}end`,
  'export const x = { a: [1, 2, 3] };',
  'before \uD83D after',
];
const NODE_COUNTS = {
  o200k_base: [12, 4, 18, 13, 13, 3, 4, 17, 3],
  cl100k_base: [18, 4, 25, 24, 13, 3, 4, 17, 3],
} as const;

describe('tiktoken in Chromium', () => {
  it('is not loaded before it is asked for', () => {
    expect(tiktokenStatus()).toEqual({ wasmLoads: 0, rankLoads: 0, encodings: [] });
  });

  it.each(TIKTOKEN_ENCODINGS)('loads %s through Vite and counts like Node', async (encoding) => {
    const counter = await loadTiktoken(encoding);
    expect(SAMPLES.map((text) => counter.count(text))).toEqual(NODE_COUNTS[encoding]);
    counter.free();
  });

  it.each(TIKTOKEN_ENCODINGS)(
    "createMemory's %s counter, ready before the WASM encoder is built, counts like Node",
    async (encoding) => {
      const counter = await resolveTokenizer(encoding);
      // The lone surrogate of the last sample is counted by the WASM encoder, built on demand.
      expect(SAMPLES.map((text) => counter.count(text))).toEqual(NODE_COUNTS[encoding]);
      const long = SAMPLES.join('\n\n').repeat(20);
      const exact = await loadTiktoken(encoding);
      expect(counter.count(long)).toBe(exact.count(long));
      exact.free();
    },
  );

  it('resolves the default tokenizer and counts a chat request', async () => {
    const counter = await resolveTokenizer(undefined);
    expect(countChatMessages(counter, [{ role: 'user', content: 'Hi' }])).toBe(8);
    expect(tiktokenStatus().wasmLoads).toBe(1);
  });
});
