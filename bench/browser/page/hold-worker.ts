/**
 * The RecallKit worker of the bench page, plus a 1 ms interval timer that notes the longest gap
 * between its ticks: how long the worker's event loop was held (a call's work, the cloning of
 * its messages, the garbage collector). Read and reset on the `BroadcastChannel` named after
 * the worker (`hold:<name>`), so comlink's port carries nothing else.
 * @module
 */
import { createWorkerApi } from 'recallkit/worker';

// Used, so the bundler keeps the module (the package declares no side effects) and with it the
// `Comlink.expose` its body runs.
(globalThis as { recallkitWorkerApi?: unknown }).recallkitWorkerApi = createWorkerApi;

const channel = new BroadcastChannel(`hold:${self.name}`);
let last = performance.now();
let longest = 0;
setInterval(() => {
  const now = performance.now();
  if (now - last > longest) longest = now - last;
  last = now;
}, 1);

channel.onmessage = (event: MessageEvent<'start' | 'read'>) => {
  const now = performance.now();
  if (event.data === 'start') {
    longest = 0;
    last = now;
    channel.postMessage({ started: true });
  } else channel.postMessage({ longest: Math.max(longest, now - last) });
};
