/**
 * `createWorkerMemory`: the `Memory` API with the engine, tiktoken's WASM and IndexedDB in a
 * Web Worker, so the page's main thread only posts messages.
 * @module
 */
import * as Comlink from 'comlink';
import type { Memory } from '../memory.js';
import type { MemoryEventName, MemoryEvents } from '../types.js';
import { ClosedError, RecallKitError, ValidationError } from '../errors.js';
import { createEmitter } from '../core/emitter.js';
import { toSummarizer } from '../summarizers/callback.js';
import { isWorkerEventMessage, REMOTE_METHODS, type RemoteMethod, type WorkerApi } from './protocol.js';
import { pageSummarizer } from './summarizer-bridge.js';
import { cloneable, isDataCloneError, parameterNames, uncloneableArgument } from './uncloneable.js';
import { splitImport, type ImportParts } from './import-parts.js';
import { isResultPartMessage, resultAssembly } from './result-parts.js';
import { fromWireError, isWireError } from './wire-error.js';
import { splitWorkerOptions, type WorkerMemoryOptions } from './worker-options.js';
import { requestPersistence } from '../store/indexeddb/quota.js';

export type { WorkerMemoryOptions } from './worker-options.js';

/**
 * Create a conversation memory whose engine runs in a Web Worker: the same `Memory` API and
 * results as `createMemory`, every result structured-cloned back. A summarizer stays in the
 * page (called through a `comlink.proxy`, so API keys never enter the worker); events are
 * forwarded to `on()` listeners here, each before the result of the call that caused it.
 * Resolves once the worker has loaded the tokenizer and opened the store.
 * Without a `worker` option it starts `new Worker(new URL('./worker.js', import.meta.url))`,
 * the standard pattern bundlers follow: Vite bundles it in dev and build with no configuration.
 * @example
 * ```ts
 * import { createWorkerMemory } from 'recallkit';
 *
 * const memory = await createWorkerMemory({ dbName: 'chat' });
 * await memory.addUserMessage('s1', 'Hello!');
 * const { messages } = await memory.getContextForLLM('s1');
 * ```
 * @example
 * ```ts
 * // Creating the worker yourself (Vite):
 * import RecallKitWorker from 'recallkit/worker?worker';
 * const memory = await createWorkerMemory({ worker: new RecallKitWorker(), dbName: 'chat' });
 * ```
 */
export async function createWorkerMemory(options: WorkerMemoryOptions = {}): Promise<Memory> {
  const split = splitWorkerOptions(options);
  // Only a page may ask for persistent storage (workers cannot): ask here, once.
  if (options.persist === true) void requestPersistence().catch(() => undefined);
  const worker = split.worker ?? defaultWorker();
  const remote = Comlink.wrap<WorkerApi>(worker);
  const emitter = createEmitter();
  const listening = new Map<MemoryEventName, number>();
  let closed = false;
  let closing: Promise<void> | undefined;

  const results = resultAssembly();
  const onMessage = (event: MessageEvent): void => {
    const data: unknown = event.data;
    if (isResultPartMessage(data)) return results.add(data.recallkitResultPart, data.items);
    if (!isWorkerEventMessage(data)) return;
    const args = data.args.map((arg) => (isWireError(arg) ? fromWireError(arg) : arg));
    (emitter.emit as (event: MemoryEventName, ...a: unknown[]) => void)(data.recallkitEvent, ...args);
  };
  worker.addEventListener('message', onMessage);

  // An uncaught error in the worker after it started fails every pending and later call,
  // instead of leaving them waiting for answers that will never come.
  let crash: RecallKitError | undefined;
  let failPending: (error: RecallKitError) => void = () => undefined;
  const crashed = new Promise<never>((_, reject) => (failPending = reject));
  crashed.catch(() => undefined);
  const onWorkerError = (event: Event): void => {
    event.preventDefault();
    const detail = event instanceof ErrorEvent && event.message ? `: ${event.message}` : '';
    crash = new RecallKitError(
      `the RecallKit worker failed${detail}; create a new memory (what was stored is in IndexedDB)`,
    );
    failPending(crash);
  };
  worker.addEventListener('error', onWorkerError);

  const shutdown = (): void => {
    worker.removeEventListener('message', onMessage);
    worker.removeEventListener('error', onWorkerError);
    void Promise.resolve(remote[Comlink.releaseProxy]()).catch(() => undefined);
    worker.terminate();
  };

  const summarizer = split.summarizer && Comlink.proxy(pageSummarizer(split.summarizer));
  const embedder = split.embedder && Comlink.proxy(split.embedder);
  try {
    await untilStarted(worker, remote.init(split.init, summarizer, split.summarizer?.name, embedder));
  } catch (error) {
    shutdown();
    if (error instanceof RecallKitError) throw error;
    if (isDataCloneError(error)) {
      const names = Object.keys(split.init);
      throw uncloneableArgument(names, Object.values(split.init), error);
    }
    throw fromWireError(error);
  }

  let imports = 0;
  let calls = 0;
  /**
   * A large import's parts and then its call, all posted now (in order on the port, before any
   * later call); what a part could not send is the error, else the call's.
   */
  const importInParts = (split: ImportParts, args: unknown[]): Promise<unknown> => {
    const id = imports++;
    const sent = split.parts.map((part) => Promise.resolve(remote.importPart(id, part)));
    const result = remote.importInParts(id, split.parts.length, [split.head, ...args.slice(1)]);
    // Handled here too: when a part failed, that part's error is the one reported.
    result.catch(() => undefined);
    return Promise.all(sent).then(() => result);
  };

  const call = async (method: RemoteMethod, args: unknown[]): Promise<unknown> => {
    if (closed) throw new ClosedError('memory is closed: create a new one');
    if (crash) throw crash;
    const id = calls++;
    try {
      const split = method === 'importSession' ? splitImport(args[0]) : undefined;
      // Parts go only with a call that can follow them (else they would wait in the worker for
      // ever): anything else of the call that cannot be sent sends it whole, to fail as it did.
      const parts = split && cloneable([split.head, ...args.slice(1)]) ? split : undefined;
      const sent = parts ? importInParts(parts, args) : remote.call(method, args, id);
      // A large result's list came ahead in parts (result-parts.ts): put back in it.
      return results.take(id, await Promise.race([sent, crashed]));
    } catch (error) {
      if (error === crash) throw error;
      throw isDataCloneError(error) ? uncloneableArgument(parameterNames(method), args, error) : fromWireError(error);
    } finally {
      results.drop(id);
    }
  };

  /** Tell the worker which events to post; ordered with the calls that follow on its port. */
  const listen = (event: MemoryEventName, delta: number): void => {
    const before = listening.get(event) ?? 0;
    listening.set(event, before + delta);
    if ((before === 0) !== (before + delta === 0) && !closed) {
      const events = [...listening].filter(([, n]) => n > 0).map(([e]) => e);
      void Promise.resolve(remote.forward(events)).catch(() => undefined);
    }
  };

  const methods = Object.fromEntries(
    REMOTE_METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as Pick<Memory, RemoteMethod>;

  return {
    ...methods,

    async setSummarizeCallback(fn) {
      const next = toSummarizer(fn, 'setSummarizeCallback');
      if (closed) throw new ClosedError('memory is closed: create a new one');
      try {
        await remote.setSummarizer(Comlink.proxy(pageSummarizer(next)), next.name);
      } catch (error) {
        throw fromWireError(error);
      }
    },

    on<E extends MemoryEventName>(event: E, handler: MemoryEvents[E]): () => void {
      const stop = emitter.on(event, handler);
      listen(event, 1);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        stop();
        listen(event, -1);
      };
    },

    close() {
      if (closing) return closing;
      closed = true;
      closing = (async () => {
        try {
          await remote.close();
        } catch (error) {
          throw fromWireError(error);
        } finally {
          shutdown();
        }
      })();
      return closing;
    },
  };
}

function defaultWorker(): Worker {
  if (typeof Worker === 'undefined') {
    throw new ValidationError(
      'worker',
      'a Worker, but this environment has no Web Workers: use createMemory() to run in this thread',
    );
  }
  // The literal `new Worker(new URL(…, import.meta.url))` form is what bundlers recognise
  // and bundle as a worker entry (in a user's Vite app too: see test/e2e/vite-app.test.ts).
  return new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'recallkit' });
}

/** `init`'s result, or a failure when the worker script itself cannot load or run. */
function untilStarted<T>(worker: Worker, init: Promise<T>): Promise<T> {
  let onError: ((event: Event) => void) | undefined;
  const failed = new Promise<never>((_, reject) => {
    onError = (event) => {
      // Reported through the rejection instead of as an uncaught error of the page.
      event.preventDefault();
      const detail = event instanceof ErrorEvent && event.message ? `: ${event.message}` : '';
      reject(
        new RecallKitError(
          `createWorkerMemory: the RecallKit worker failed to load${detail}; pass a worker that runs recallkit/worker`,
        ),
      );
    };
    worker.addEventListener('error', onError);
  });
  return Promise.race([init, failed]).finally(() => worker.removeEventListener('error', onError!));
}
