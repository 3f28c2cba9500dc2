/**
 * A summarizer that runs a model in the browser with WebLLM (WebGPU), in its own Web Worker.
 * `@mlc-ai/web-llm` is imported only when the first summary (or `ready()`) needs it.
 * @module
 */
import { SummarizerError, ValidationError } from '../errors.js';
import type { SummarizeInfo, Summarizer } from '../types.js';
import { completionText } from './openai-response.js';
import { WEBGPU_UNAVAILABLE, isWebGPUAvailable } from './webgpu.js';
import * as Comlink from 'comlink';
import type { WebLLMProgress, WebLLMWorkerApi } from './webllm-worker-api.js';

export type { WebLLMProgress } from './webllm-worker-api.js';

/** The part of WebLLM's `MLCEngineInterface` this summarizer uses; any such object will do. */
export interface WebLLMEngineLike {
  chat: {
    completions: {
      create(request: {
        messages: { role: 'system' | 'user'; content: string }[];
        stream?: false;
        temperature?: number;
        max_tokens?: number;
      }): Promise<unknown>;
    };
  };
  /** Stops a running generation (called when a summarize call is aborted). */
  interruptGenerate?(): void;
  unload?(): Promise<void>;
}

/** Options of {@link webLLMSummarizer}. */
export interface WebLLMSummarizerOptions {
  /** A WebLLM prebuilt model id, e.g. `Qwen2.5-1.5B-Instruct-q4f16_1-MLC`. */
  model: string;
  /** Use this engine instead of creating one (any object with `chat.completions.create`). */
  engine?: WebLLMEngineLike;
  /** Download and compile progress of the model (first load only). */
  onProgress?: (progress: WebLLMProgress) => void;
  /** The system message (default: summarize, reply with the summary only). */
  systemPrompt?: string;
  /** Sent as `temperature` when given. */
  temperature?: number;
  /** Sent as `max_tokens` when given. */
  maxTokens?: number;
}

/** A WebLLM summarizer: `ready()` loads the model ahead of time, `unload()` frees the GPU. */
export interface WebLLMSummarizer extends Summarizer {
  /** Loads the model now (downloading it on first use); resolves when it can summarize. */
  ready(): Promise<void>;
  /**
   * Unloads the model and ends the worker this summarizer created; the next call loads again.
   * An injected `engine` belongs to the caller and is left alone.
   */
  unload(): Promise<void>;
}

const DEFAULT_SYSTEM_PROMPT =
  'You summarize conversations for a long-term memory. Follow the user message; reply with the summary text only.';

/** A loaded engine and the worker it runs in (absent for an injected engine). */
export interface Loaded {
  engine: WebLLMEngineLike;
  worker?: Worker;
}

function reasonText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Load a WebLLM model the way RecallKit does: WebGPU check (a SummarizerError naming the
 * fallbacks), then the engine in its own module worker, the only place `@mlc-ai/web-llm` is
 * imported (so a bundle holds it once, in that worker's chunk). The returned engine forwards
 * to the worker through comlink. Shared by the summarizer and the embedder.
 */
export async function loadWebLLMEngine(o: Pick<WebLLMSummarizerOptions, 'model' | 'onProgress'>): Promise<Loaded> {
  if (!(await isWebGPUAvailable())) throw new SummarizerError(WEBGPU_UNAVAILABLE);
  const worker = new Worker(new URL('./webllm-worker.js', import.meta.url), { type: 'module' });
  const remote = Comlink.wrap<WebLLMWorkerApi>(worker);
  const onProgress = o.onProgress;
  const progress = (report: WebLLMProgress): void => {
    try {
      onProgress?.(report);
    } catch {
      // A failing progress listener must not fail the model load.
    }
  };
  try {
    await remote.load(o.model, Comlink.proxy(progress));
  } catch (error) {
    worker.terminate();
    throw new SummarizerError(`webLLMSummarizer: could not load model "${o.model}": ${reasonText(error)}`, {
      cause: error,
    });
  }
  const engine = {
    chat: { completions: { create: (request: Record<string, unknown>) => remote.complete(request) } },
    embeddings: { create: (request: Record<string, unknown>) => remote.embed(request) },
    interruptGenerate: () => void Promise.resolve(remote.interrupt()).catch(() => undefined),
    unload: () => remote.unload(),
  };
  return { engine: engine as unknown as WebLLMEngineLike, worker };
}

/**
 * A summarizer running `model` in the browser with WebLLM. Without `engine`, the first call
 * checks WebGPU (failing with a SummarizerError that names the fallbacks: `fetchSummarizer`,
 * `heuristicSummarizer`), then imports `@mlc-ai/web-llm` and loads the model in a worker.
 * @example
 * const summarizer = webLLMSummarizer({
 *   model: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC',
 *   onProgress: ({ progress, text }) => console.log(Math.round(progress * 100), text),
 * });
 * await summarizer.ready(); // optional: download before the first summary is due
 */
export function webLLMSummarizer(options: WebLLMSummarizerOptions): WebLLMSummarizer {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('webLLMSummarizer options', 'an object with model', options);
  if (typeof options.model !== 'string' || options.model.trim() === '') {
    throw new ValidationError('webLLMSummarizer.model', 'a non-empty WebLLM model id', options.model);
  }
  const injected = options.engine;
  if (injected !== undefined && typeof injected?.chat?.completions?.create !== 'function') {
    throw new ValidationError('webLLMSummarizer.engine', 'an object with chat.completions.create(request)', injected);
  }
  let loading: Promise<Loaded> | undefined;

  const load = (): Promise<Loaded> => {
    if (injected) return Promise.resolve({ engine: injected });
    loading ??= loadWebLLMEngine(options).catch((error: unknown) => {
      loading = undefined; // the next call tries again
      throw error;
    });
    return loading;
  };

  const summarize = async (prompt: string, info: SummarizeInfo): Promise<string> => {
    const { engine } = await load();
    const signal = info.signal;
    if (signal?.aborted)
      throw new SummarizerError('webLLMSummarizer: aborted before generation', { cause: signal.reason });
    const onAbort = (): void => engine.interruptGenerate?.();
    signal?.addEventListener('abort', onAbort, { once: true });
    let completion: unknown;
    try {
      completion = await engine.chat.completions.create({
        messages: [
          { role: 'system', content: options.systemPrompt ?? DEFAULT_SYSTEM_PROMPT },
          { role: 'user', content: prompt },
        ],
        stream: false,
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
      });
    } catch (error) {
      throw new SummarizerError(`webLLMSummarizer: generation failed: ${reasonText(error)}`, { cause: error });
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    return completionText(completion, 'webLLMSummarizer');
  };

  return {
    name: 'webllm',
    summarize,
    ready: async () => {
      await load();
    },
    unload: async () => {
      if (injected || !loading) return;
      const pending = loading;
      loading = undefined;
      const loaded = await pending.catch(() => undefined);
      try {
        await loaded?.engine.unload?.();
      } finally {
        loaded?.worker?.terminate();
      }
    },
  };
}
