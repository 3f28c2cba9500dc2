/**
 * `recallkit/embedders`: ready `embedder`s for `createMemory({ embedder, embeddingModel })`.
 * Each imports its model library on the first call (the library is the app's dependency).
 * @example
 * ```ts
 * import { useLiteEmbedder } from 'recallkit/embedders';
 * const memory = await createMemory({ embedder: useLiteEmbedder(), embeddingModel: 'use-lite' });
 * ```
 * @module
 */
export { useLiteEmbedder } from './use-lite.js';
export { transformersEmbedder, type TransformersEmbedderOptions } from './transformers.js';
export { fetchEmbedder, type FetchEmbedderOptions } from './fetch-embedder.js';
export { webLLMEmbedder, type WebLLMEmbedderOptions, type WebLLMEmbedder } from './webllm.js';
