/**
 * What crosses between the page (`createWorkerMemory`) and the worker (`recallkit/worker`).
 * Only plain data travels; the two functions a user may give (summarizer, embedder) cross as
 * `comlink.proxy` objects and are called back in the page.
 * @module
 */
import { SESSION_METHODS, type Memory } from '../memory.js';
import type { MemoryOptions } from '../create-memory.js';
import type { MemoryEventName, SummarizeInfo } from '../types.js';
import type { TiktokenEncoding } from '../tokens/tiktoken.js';
import type { WireError } from './wire-error.js';

/** The `Memory` methods that run in the worker (everything but `on`, `close`, `setSummarizeCallback`). */
export const REMOTE_METHODS = [
  ...SESSION_METHODS,
  'estimateStorage',
  'updateConfig',
  'storageState',
  'sync',
] as const satisfies readonly (keyof Memory)[];

/** A method the worker runs for the page. */
export type RemoteMethod = (typeof REMOTE_METHODS)[number];

/** The serializable part of `MemoryOptions`, as the worker receives it (other plain options pass as they are). */
export interface WorkerInitOptions extends Omit<MemoryOptions, 'store' | 'tokenizer' | 'summarizer' | 'embedder'> {
  store?: 'memory' | 'indexeddb';
  tokenizer?: TiktokenEncoding;
}

/** `SummarizeInfo` as it crosses: no `signal` (an AbortSignal cannot be cloned). */
export type WireSummarizeInfo = Omit<SummarizeInfo, 'signal'>;

/**
 * The page-side summarizer the worker calls back through a comlink proxy. `callId` ties a
 * call to a later `abort(callId)`, sent when the engine gives up on it (timeout, close).
 */
export interface PageSummarizer {
  summarize(callId: number, prompt: string, info: WireSummarizeInfo): Promise<string>;
  abort(callId: number, reason: WireError): void;
}

/** The page-side embedder the worker calls back through a comlink proxy. */
export type PageEmbedder = (texts: string[]) => Promise<number[][]>;

/** An event the worker posts to the page, on the worker's own port (so it stays in order with results). */
export interface WorkerEventMessage {
  /** Tells these messages apart from comlink's (which carry an `id`). */
  recallkitEvent: MemoryEventName;
  args: unknown[];
}

/** Whether a message from the worker is a forwarded event. */
export function isWorkerEventMessage(data: unknown): data is WorkerEventMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { recallkitEvent?: unknown }).recallkitEvent === 'string'
  );
}

/** What `recallkit/worker` exposes with `comlink.expose`. */
export interface WorkerApi {
  /** Build the engine (loads tiktoken's WASM, opens the store). Once per worker. */
  init(
    options: WorkerInitOptions,
    summarizer: PageSummarizer | undefined,
    summarizerName: string | undefined,
    embedder: PageEmbedder | undefined,
  ): Promise<void>;
  /**
   * Run one `Memory` method; a failure rejects with a {@link WireError}. With `callId`, a large
   * result's list is posted ahead in parts tagged with it (`result-parts.ts`), and the result
   * is the rest.
   */
  call(method: RemoteMethod, args: unknown[], callId?: number): Promise<unknown>;
  /** A part of a large import's entries (`import-parts.ts`), kept until its call comes. */
  importPart(id: number, entries: unknown[]): void;
  /**
   * `importSession(state, options)` of a large import: `args[0]` is its state without the
   * entries, which came before in `parts` parts of import `id`; then as `call` runs it.
   */
  importInParts(id: number, parts: number, args: unknown[]): Promise<unknown>;
  /** The events the page listens to; only those are posted. */
  forward(events: MemoryEventName[]): void;
  /** Replace the summarizer (`setSummarizeCallback`). */
  setSummarizer(summarizer: PageSummarizer, name: string | undefined): Promise<void>;
  /** Close the engine and release the page's proxies; the page then terminates the worker. */
  close(): Promise<void>;
}
