import { describe, expect, it } from 'vitest';
import { countChatMessages } from '../../src/tokens/chat-tokens.js';
import { resolveTokenizer } from '../../src/tokens/resolve-tokenizer.js';
import { loadTiktoken, tiktokenStatus, TIKTOKEN_ENCODINGS } from '../../src/tokens/tiktoken.js';
import { instantiateTiktoken, loadRanks } from '../../src/tokens/tiktoken-wasm.js';
import { categoryRuns, pairRuns, REPORTED_RUNS } from '../support/unbroken-runs.js';

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

  it('resolves the default tokenizer and counts a chat request, without tiktoken’s WASM', async () => {
    const counter = await resolveTokenizer(undefined);
    expect(countChatMessages(counter, [{ role: 'user', content: 'Hi' }])).toBe(8);
    expect(tiktokenStatus().wasmLoads).toBe(0);
  });

  it.each(TIKTOKEN_ENCODINGS)(
    "counts a sample of the unbroken runs exactly as tiktoken's WASM build does in the browser (%s)",
    async (encoding) => {
      const [lite, ranks] = await Promise.all([instantiateTiktoken(), loadRanks(encoding)]);
      const wasm = new lite.Tiktoken(ranks.bpe_ranks, ranks.special_tokens, ranks.pat_str);
      const counter = await loadTiktoken(encoding);
      const runs = [
        ...REPORTED_RUNS,
        ...categoryRuns(1500).filter((_, i) => i % 5 === 0),
        ...pairRuns(600).filter((_, i) => i % 11 === 0),
      ];
      const differing = runs.flatMap(({ label, text }) => {
        const exact = wasm.encode_ordinary(text).length;
        const n = counter.count(text);
        return n === exact ? [] : [`${label}: ${n} instead of ${exact}`];
      });
      expect(runs.length).toBeGreaterThan(400);
      expect(differing).toEqual([]);
      for (const { text } of REPORTED_RUNS) expect(await counter.countAsync(text)).toBe(counter.count(text));
      wasm.free();
      counter.free();
      expect(tiktokenStatus().wasmLoads).toBe(1);
    },
    120_000,
  );
});
