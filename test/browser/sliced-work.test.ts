import { describe, expect, it } from 'vitest';

/** Start the worker's loop of yields, then (when asked) post a message it should take meanwhile. */
function yieldsUntil(wait: 'message' | 'timer', max: number): Promise<{ yields: number; done: boolean }> {
  const worker = new Worker(new URL('../support/sliced-worker.ts', import.meta.url), { type: 'module' });
  return new Promise((resolve, reject) => {
    worker.onerror = (event) => reject(new Error(event.message));
    worker.onmessage = (event: MessageEvent<{ yields: number; done: boolean }>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.postMessage({ wait, max });
    if (wait === 'message') worker.postMessage('ping');
  });
}

describe('sliced work gives a worker its thread back', () => {
  // A yield whose continuation runs ahead of every other task (Chromium's scheduler.yield) never
  // lets the page's message or the worker's timer in: the loop runs to its cap.
  it('a message the page sent is taken between slices', async () => {
    const { yields, done } = await yieldsUntil('message', 20_000);
    expect(done).toBe(true);
    expect(yields).toBeLessThan(20_000);
  });

  it("a timer of the worker's own fires between slices", async () => {
    const { yields, done } = await yieldsUntil('timer', 20_000);
    expect(done).toBe(true);
    expect(yields).toBeLessThan(20_000);
  });
});
