import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { createPacer, prepareCounts } from '../../src/tokens/count-yielding.js';
import { loadTiktoken, type TiktokenCounter } from '../../src/tokens/tiktoken.js';
import type { Pacer } from '../../src/tokens/types.js';
import { mixedText } from '../support/token-corpus.js';

let counter: TiktokenCounter;
beforeAll(async () => {
  counter = await loadTiktoken('o200k_base');
});
afterAll(() => counter.free());

/** A pacer that pauses before every part, counting its pauses. */
function everyPart(): Pacer & { pauses: number } {
  const inner = createPacer(0);
  const pacer = {
    pauses: 0,
    due: () => true,
    pause: async () => {
      pacer.pauses += 1;
      await inner.pause();
    },
  };
  return pacer;
}

describe('counting without holding the thread', () => {
  it('countAsync gives the same count as count, pausing between the parts of a long text', async () => {
    for (const text of [mixedText(60_000), 'z'.repeat(50_000), mixedText(40_000).replace(/\n/g, ' ')]) {
      const pacer = everyPart();
      expect(await counter.countAsync(text, pacer)).toBe(counter.count(text));
      expect(pacer.pauses).toBeGreaterThan(10);
    }
  });

  it('prepareCounts answers the long texts from memory and passes the others through', async () => {
    const long = mixedText(20_000);
    const calls: string[] = [];
    const spy = { count: (t: string) => (calls.push(t), counter.count(t)), countAsync: counter.countAsync };
    const ready = await prepareCounts(spy, [long, 'short']);
    expect(calls).toEqual([]); // counted through countAsync
    expect(ready.count(long)).toBe(counter.count(long));
    expect(ready.count('short')).toBe(counter.count('short'));
    expect(calls).toEqual(['short']);
  });

  it('an add of a long message lets timers run while it is counted', async () => {
    const memory = await createMemory({ store: 'memory', tokenizer: counter });
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const text = Array.from({ length: 400_000 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
    const entry = await memory.addUserMessage('s', text.join(''));
    clearInterval(timer);
    expect(entry.tokenCount).toBe(counter.count(text.join('')));
    expect(ticks).toBeGreaterThan(0);
  });
});
