// RecallKit's worker entry, plus a way for a test to make it throw an uncaught error.
import '../../src/worker/worker.js';

self.addEventListener('message', (event: MessageEvent) => {
  if (event.data === 'crash-now') {
    setTimeout(() => {
      throw new Error('boom');
    });
  }
});
