/**
 * Forcing garbage collection without a command-line flag, so `npm run bench` (plain `tsx`)
 * can measure retained heap: `--expose_gc` is set at run time and `gc` taken from a new context.
 * @module
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let cached: (() => void) | undefined;

/** The V8 `gc()` function (exposed on first use). */
function gcFunction(): () => void {
  if (cached) return cached;
  const global = (globalThis as { gc?: () => void }).gc;
  if (typeof global === 'function') return (cached = global);
  setFlagsFromString('--expose_gc');
  cached = runInNewContext('gc') as () => void;
  return cached;
}

/** Collect garbage until the heap stops shrinking, then return `heapUsed` in bytes. */
export async function settledHeap(): Promise<number> {
  const gc = gcFunction();
  let last = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 6; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    const used = process.memoryUsage().heapUsed;
    if (used >= last - 64 * 1024) return used;
    last = used;
  }
  return last;
}
