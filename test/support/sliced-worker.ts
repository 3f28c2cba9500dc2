/**
 * A worker that gives its thread back with RecallKit's `yieldNow` (what every sliced call uses)
 * until a message from the page or a timer of its own has run: how many yields that took.
 * @module
 */
import { yieldNow } from '../../src/slices/yield-now.js';

let pinged = false;

self.onmessage = async (event: MessageEvent<'ping' | { wait: 'message' | 'timer'; max: number }>) => {
  if (event.data === 'ping') {
    pinged = true;
    return;
  }
  const { wait, max } = event.data;
  let fired = false;
  if (wait === 'timer') setTimeout(() => (fired = true), 0);
  const done = (): boolean => (wait === 'timer' ? fired : pinged);
  let yields = 0;
  while (!done() && yields < max) {
    await yieldNow();
    yields++;
  }
  self.postMessage({ yields, done: done() });
};
