/**
 * The RecallKit Web Worker (`recallkit/worker`). Importing it in a worker exposes the
 * {@link WorkerApi} with comlink at once; nothing heavy happens until the page calls `init`,
 * which builds the engine with `createMemory` (tiktoken's WASM and the store load then).
 * `createWorkerMemory` in the page is its only intended caller.
 * @example
 * ```ts
 * import { createWorkerMemory } from 'recallkit';
 * import RecallKitWorker from 'recallkit/worker?worker';
 * const memory = await createWorkerMemory({ worker: new RecallKitWorker() });
 * ```
 * @module
 */
// First: it starts the warm start's reads before the other modules are evaluated.
import { inWorker } from './warm-start.js';
import * as Comlink from 'comlink';
import type { Memory } from '../memory.js';
import type { MemoryEventName, MemoryEvents } from '../types.js';
import { createMemory, type MemoryOptions } from '../create-memory.js';
import { ClosedError, RecallKitError } from '../errors.js';
import type { PageEmbedder, PageSummarizer, RemoteMethod, WorkerApi, WorkerEventMessage } from './protocol.js';
import { REMOTE_METHODS } from './protocol.js';
import { remoteSummarizer } from './summarizer-bridge.js';
import { toWireError } from './wire-error.js';
import { importAssembly, inParts } from './import-parts.js';
import { splitResult, type ResultPartMessage } from './result-parts.js';
import { settleText } from '../core/context/context-text.js';
import { COST, createSlicer } from '../slices/slicer.js';
import { tablesKept } from '../tokens/rank-cache.js';

export type { WorkerApi } from './protocol.js';

// comlink types it `() => void`; it returns the promise of the page's acknowledgement.
type Releasable = { [Comlink.releaseProxy](): unknown };

/**
 * Build the API the worker exposes. `post` sends an event message to the page on the same
 * port as comlink's results, so a method's events always arrive before its result.
 */
export function createWorkerApi(post: (message: WorkerEventMessage | ResultPartMessage) => void): WorkerApi {
  let memory: Memory | undefined;
  let starting: Promise<Memory> | undefined;
  let closed = false;
  const proxies = new Set<Releasable>();
  const forwarded = new Map<MemoryEventName, () => void>();
  const imports = importAssembly();

  const ready = async (): Promise<Memory> => {
    if (closed) throw new ClosedError('memory is closed: create a new one');
    if (memory) return memory;
    if (starting) return starting;
    throw new RecallKitError('worker: call init() before any other method (createWorkerMemory does this)');
  };

  const keep = <T>(remote: T): T => {
    proxies.add(remote as unknown as Releasable);
    return remote;
  };

  const subscribe = (m: Memory, event: MemoryEventName): (() => void) => {
    const send = (...args: unknown[]): void => post({ recallkitEvent: event, args: args.map(plain) });
    return m.on(event, send as MemoryEvents[typeof event]);
  };

  /**
   * A large result's list posted ahead in parts, the thread given back between them (its text
   * made in slices first): what is left is returned.
   */
  const sendInParts = async (value: unknown, callId: number): Promise<unknown> => {
    const slicer = createSlicer();
    await settleText(value, slicer);
    const split = splitResult(value);
    if (!split) return value;
    let parts = 0;
    for (const part of inParts(split.items)) {
      post({ recallkitResultPart: callId, items: part.items });
      parts++;
      if (slicer.spend(part.items.length * COST.item + part.chars * COST.copy)) await slicer.pause();
    }
    return split.head(parts);
  };

  /** Run one `Memory` method; with `callId`, a large result comes back in parts. */
  const run = async (method: RemoteMethod, args: unknown[], callId?: number): Promise<unknown> => {
    try {
      if (!REMOTE_METHODS.includes(method))
        throw new RecallKitError(`worker: unknown method ${JSON.stringify(method)}`);
      const m = await ready();
      const value = await (m[method] as (...a: unknown[]) => Promise<unknown>)(...args);
      return callId === undefined ? value : await sendInParts(value, callId);
    } catch (error) {
      throw toWireError(error);
    }
  };

  return {
    async init(options, summarizer, summarizerName, embedder) {
      if (memory || starting) throw new RecallKitError('worker: init() was already called; a worker serves one memory');
      const built: MemoryOptions = { ...options };
      if (summarizer)
        built.summarizer = remoteSummarizer(keep(summarizer as Comlink.Remote<PageSummarizer>), summarizerName);
      if (embedder) {
        const remote = keep(embedder as Comlink.Remote<PageEmbedder>);
        built.embedder = (texts) => remote(texts);
      }
      starting = createMemory(built);
      try {
        memory = await starting;
      } catch (error) {
        throw toWireError(error);
      } finally {
        starting = undefined;
      }
      for (const event of forwarded.keys()) forwarded.set(event, subscribe(memory, event));
    },

    call: run,

    importPart(id, entries) {
      if (!closed) imports.add(id, entries);
    },

    importInParts(id, parts, args) {
      let state: unknown;
      try {
        state = imports.take(id, parts, args[0]);
      } catch (error) {
        return Promise.reject(toWireError(error));
      }
      return run('importSession', [state, ...args.slice(1)]);
    },

    forward(events) {
      const wanted = new Set(events);
      for (const [event, stop] of forwarded) {
        if (!wanted.has(event)) {
          stop();
          forwarded.delete(event);
        }
      }
      for (const event of wanted) {
        if (!forwarded.has(event)) forwarded.set(event, memory ? subscribe(memory, event) : () => undefined);
      }
    },

    async setSummarizer(summarizer, name) {
      try {
        const m = await ready();
        await m.setSummarizeCallback(remoteSummarizer(keep(summarizer as Comlink.Remote<PageSummarizer>), name));
      } catch (error) {
        throw toWireError(error);
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      imports.clear();
      try {
        const m = memory ?? (await starting?.catch(() => undefined));
        await m?.close();
        // The page ends this worker next: a rank table still being kept for the next start would be lost.
        await tablesKept();
      } catch (error) {
        throw toWireError(error);
      } finally {
        // Let the page free the callbacks it lent us (and the keys they hold).
        const lent = [...proxies];
        proxies.clear();
        await Promise.allSettled(lent.map((remote) => remote[Comlink.releaseProxy]()));
      }
    },
  };
}

/** Event arguments as plain data: errors become `{ name, message }` records. */
function plain(value: unknown): unknown {
  return value instanceof Error ? toWireError(value) : value;
}

const scope = globalThis as unknown as { postMessage(message: unknown): void };
// Only inside a worker: imported in a page by mistake, it must not answer the page's messages.
if (inWorker) {
  Comlink.expose(createWorkerApi((message) => scope.postMessage(message)));
}
