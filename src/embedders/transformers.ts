/**
 * Embeddings from a sentence-embedding model run by `@huggingface/transformers` (ONNX, in the
 * browser or Node, WebGPU or WASM/CPU), for semantic recall. The package is the app's own
 * dependency, imported on the first call.
 * @module
 */
import { MissingPackageError, ValidationError } from '../errors.js';
import type { Embedder } from '../recall/types.js';

/** Options of {@link transformersEmbedder}. */
export interface TransformersEmbedderOptions {
  /** A feature-extraction model on the Hugging Face Hub, e.g. `Xenova/all-MiniLM-L6-v2` (384 dimensions). */
  model: string;
  /** How token vectors become one (default `mean`). */
  pooling?: 'mean' | 'cls';
  /** Texts per model call (default 16). */
  batchSize?: number;
  /** Passed to `pipeline()` as is, e.g. `{ device: 'webgpu', dtype: 'q8' }`. Default: none. */
  pipelineOptions?: Record<string, unknown>;
}

/** The part of a transformers.js feature-extraction pipeline used here. */
type Extractor = (
  texts: string[],
  options: { pooling: string; normalize: boolean },
) => Promise<{ tolist(): number[][] }>;

/**
 * An `embedder` for `createMemory` running a Hugging Face model with transformers.js; the
 * package (`npm i @huggingface/transformers`) and the model load on the first call (without the
 * package, it rejects with a `MissingPackageError` naming it).
 * @example
 * const embedder = transformersEmbedder({ model: 'Xenova/all-MiniLM-L6-v2' });
 * const memory = await createMemory({ embedder, embeddingModel: 'all-MiniLM-L6-v2' });
 */
export function transformersEmbedder(options: TransformersEmbedderOptions): Embedder {
  if (typeof options?.model !== 'string' || !options.model) {
    throw new ValidationError('model', 'a Hugging Face feature-extraction model id', options?.model);
  }
  const batchSize = options.batchSize ?? 16;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new ValidationError('batchSize', 'an integer >= 1', batchSize);
  let loading: Promise<Extractor> | undefined;
  const load = (): Promise<Extractor> =>
    (loading ??= (async () => {
      // A variable specifier: bundlers leave the optional package to the app.
      const name = '@huggingface/transformers';
      const { pipeline } = (await import(/* @vite-ignore */ /* webpackIgnore: true */ name).catch((error: unknown) => {
        throw new MissingPackageError('transformersEmbedder', [name], error);
      })) as {
        pipeline: (task: string, model: string, options?: Record<string, unknown>) => Promise<Extractor>;
      };
      return pipeline('feature-extraction', options.model, options.pipelineOptions);
    })().catch((error: unknown) => {
      loading = undefined; // tried again on the next call
      throw error;
    }));
  return async (texts) => {
    const extract = await load();
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += batchSize) {
      const tensor = await extract(texts.slice(i, i + batchSize), {
        pooling: options.pooling ?? 'mean',
        normalize: true,
      });
      out.push(...tensor.tolist());
    }
    return out;
  };
}
