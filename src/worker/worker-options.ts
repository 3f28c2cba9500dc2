/**
 * Splits `createWorkerMemory` options into what is cloned to the worker and what stays in
 * the page (functions, lent through comlink). Options that are objects with methods cannot
 * cross at all and are refused here, saying what to pass instead; every other check happens
 * in the worker's `createMemory`, so the errors are the in-thread ones.
 * @module
 */
import type { MemoryOptions } from '../create-memory.js';
import type { Summarizer } from '../types.js';
import { ValidationError } from '../errors.js';
import { isPlainObject } from '../core/checks/validate.js';
import { checkOptionNames } from '../option-names.js';
import { toSummarizer } from '../summarizers/callback.js';
import { checkSyncOptions } from '../sync/client/options.js';
import type { PageEmbedder, WorkerInitOptions } from './protocol.js';

/** Options of `createWorkerMemory`: those of `createMemory`, plus the worker to run in. */
export interface WorkerMemoryOptions extends MemoryOptions {
  /**
   * The worker running `recallkit/worker` (e.g. `new RecallKitWorker()` from
   * `import RecallKitWorker from 'recallkit/worker?worker'`). Default: one RecallKit creates.
   * The memory owns it from then on: `close()` terminates it.
   */
  worker?: Worker;
}

/** The options, split by where they go. */
export interface SplitOptions {
  init: WorkerInitOptions;
  summarizer: Summarizer | undefined;
  embedder: PageEmbedder | undefined;
  worker: Worker | undefined;
}

/**
 * Validate what only the page can check, and split the rest. Option names are checked here
 * with `createMemory`'s own check; the values go to the worker, whose `createMemory` refuses
 * bad ones with the in-thread message.
 */
export function splitWorkerOptions(options: unknown): SplitOptions {
  if (!isPlainObject(options)) throw new ValidationError('options', 'an object of createWorkerMemory options', options);
  // Before anything is cloned: a misspelt function option (`sumarizer: fn`) is named as such.
  checkOptionNames(options, ['worker']);
  const { summarizer, embedder, worker, ...rest } = options as WorkerMemoryOptions;
  const o = rest as MemoryOptions;
  if (typeof o.store === 'object' && o.store !== null) {
    throw new ValidationError(
      'store',
      "'indexeddb' or 'memory' in a worker: a StoreAdapter object has methods, which cannot be sent to a worker; " +
        'to keep sessions in your own store, use createMemory({ store }) in this thread',
    );
  }
  if ((typeof o.tokenizer === 'object' && o.tokenizer !== null) || typeof o.tokenizer === 'function') {
    throw new ValidationError(
      'tokenizer',
      "'o200k_base' or 'cl100k_base' in a worker: " +
        'a TokenCounter object has methods, which cannot be sent to a worker; ' +
        'to count with your own function, use createMemory({ tokenizer }) in this thread',
    );
  }
  // Checked here too: a relative URL resolves against the page, and a bad option fails before the worker starts.
  const sync = checkSyncOptions(o.sync);
  if (sync) o.sync = { ...o.sync, url: sync.url };
  if (embedder !== undefined && typeof embedder !== 'function') {
    throw new ValidationError('embedder', 'a function (texts: string[]) => Promise<number[][]>', embedder);
  }
  if (worker !== undefined && !isWorker(worker)) {
    throw new ValidationError(
      'worker',
      "a Worker running recallkit/worker (e.g. new RecallKitWorker() from 'recallkit/worker?worker')",
      worker,
    );
  }
  return {
    init: rest as WorkerInitOptions,
    summarizer: summarizer === undefined ? undefined : toSummarizer(summarizer, 'summarizer'),
    embedder,
    worker,
  };
}

function isWorker(value: unknown): value is Worker {
  const w = value as Partial<Worker> | null;
  return (
    typeof w === 'object' &&
    w !== null &&
    typeof w.postMessage === 'function' &&
    typeof w.terminate === 'function' &&
    typeof w.addEventListener === 'function'
  );
}
