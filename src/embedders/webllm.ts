/**
 * Embeddings from a model running in the browser with WebLLM, for semantic recall.
 * @module
 */
import { ValidationError } from '../errors.js';
import type { Embedder } from '../recall/vectors/hybrid.js';
import { loadWebLLMEngine, type WebLLMProgress } from '../summarizers/webllm.js';

/** The part of WebLLM's engine an embedder uses: OpenAI's embeddings API. */
export interface WebLLMEmbeddingEngine {
  embeddings: {
    create(request: { input: string[]; model?: string }): Promise<{ data: { embedding: number[]; index: number }[] }>;
  };
  unload?(): Promise<void>;
}

/** Options of {@link webLLMEmbedder}. */
export interface WebLLMEmbedderOptions {
  /** A WebLLM prebuilt embedding model id, e.g. `snowflake-arctic-embed-m-q0f32-MLC-b32`. */
  model: string;
  /** Use this engine instead of creating one (any object with `embeddings.create`). */
  engine?: WebLLMEmbeddingEngine;
  /** Download and compile progress of the model (first load only). */
  onProgress?: (progress: WebLLMProgress) => void;
  /** Texts per `embeddings.create` call (default 32). */
  batchSize?: number;
}

/** An embedder function with `ready()` (load the model now) and `unload()` (free the GPU). */
export type WebLLMEmbedder = Embedder & { ready(): Promise<void>; unload(): Promise<void> };

/**
 * An `embedder` for `createMemory` running an embedding model with WebLLM: `@mlc-ai/web-llm`
 * is imported, and the model loaded in its own worker, on the first call (or `ready()`).
 * Without WebGPU the call fails; recall then answers lexically and fires `error`.
 * @example
 * const embedder = webLLMEmbedder({ model: 'snowflake-arctic-embed-m-q0f32-MLC-b32' });
 * const memory = await createWorkerMemory({ embedder });
 */
export function webLLMEmbedder(options: WebLLMEmbedderOptions): WebLLMEmbedder {
  if (typeof options?.model !== 'string' || !options.model)
    throw new ValidationError('model', 'a WebLLM embedding model id', options?.model);
  const batchSize = options.batchSize ?? 32;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new ValidationError('batchSize', 'an integer >= 1', batchSize);
  let loading: Promise<{ engine: WebLLMEmbeddingEngine; worker?: Worker }> | undefined;
  const load = () =>
    (loading ??= options.engine
      ? Promise.resolve({ engine: options.engine })
      : loadWebLLMEngine(options).then((l) => ({
          engine: l.engine as unknown as WebLLMEmbeddingEngine,
          ...(l.worker ? { worker: l.worker } : {}),
        })));

  const embed = async (texts: string[]): Promise<number[][]> => {
    const { engine } = await load().catch((error: unknown) => {
      loading = undefined; // a failed load is tried again next time
      throw error;
    });
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += batchSize) {
      const batch = texts.slice(i, i + batchSize);
      const response = await engine.embeddings.create({ input: batch, model: options.model });
      const sorted = [...response.data].sort((a, b) => a.index - b.index);
      if (sorted.length !== batch.length)
        throw new ValidationError('embeddings', `${batch.length} vectors from the model`, sorted.length);
      for (const d of sorted) out.push(d.embedding);
    }
    return out;
  };
  return Object.assign(embed, {
    ready: async () => void (await load()),
    unload: async () => {
      const loaded = await loading;
      loading = undefined;
      if (!loaded || options.engine) return;
      await loaded.engine.unload?.();
      loaded.worker?.terminate();
    },
  });
}
