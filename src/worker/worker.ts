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
import type { ImportOptions, Memory } from '../memory.js';
import type { MemoryEventName, MemoryEvents, SessionState } from '../types.js';
import { createMemory, type MemoryOptions } from '../create-memory.js';
import { ClosedError, RecallKitError } from '../errors.js';
import type { PageEmbedder, PageSummarizer, RemoteMethod, WorkerApi, WorkerEventMessage } from './protocol.js';
import { REMOTE_METHODS } from './protocol.js';
import { remoteSummarizer } from './summarizer-bridge.js';
import { toWireError } from './wire-error.js';
import { importAssembly } from './import-parts.js';

export type { WorkerApi } from './protocol.js';

// comlink types it `() => void`; it returns the promise of the page's acknowledgement.
type Releasable = { [Comlink.releaseProxy](): unknown };

/**
 * Build the API the worker exposes. `post` sends an event message to the page on the same
 * port as comlink's results, so a method's events always arrive before its result.
 */
export function createWorkerApi(post: (message: WorkerEventMessage) => void): WorkerApi {
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

    async call(method: RemoteMethod, args) {
      try {
        if (!REMOTE_METHODS.includes(method))
          throw new RecallKitError(`worker: unknown method ${JSON.stringify(method)}`);
        const m = await ready();
        return await (m[method] as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        throw toWireError(error);
      }
    },

    importPart(id, entries) {
      if (!closed) imports.add(id, entries);
    },

    async importInParts(id, parts, args) {
      try {
        const state = imports.take(id, parts, args[0]);
        const m = await ready();
        return await m.importSession(state as SessionState, args[1] as ImportOptions | undefined);
      } catch (error) {
        throw toWireError(error);
      }
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
