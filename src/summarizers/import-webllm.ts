/**
 * Imports `@mlc-ai/web-llm`, an optional peer dependency: only apps that run a model in the
 * browser with `webLLMSummarizer` or `webLLMEmbedder` install it. Called by the WebLLM worker
 * when a model loads, never at import time.
 * @module
 */
import { MissingPackageError } from '../errors.js';

/** The package, as the error names it. */
export const WEBLLM_PACKAGE = '@mlc-ai/web-llm';

/**
 * `import('@mlc-ai/web-llm')`, or a `MissingPackageError` that names the package and how to
 * install it when the import fails (not installed, or not bundled).
 * @example
 * const { CreateMLCEngine } = await importWebLLM();
 */
export async function importWebLLM(): Promise<typeof import('@mlc-ai/web-llm')> {
  try {
    // A literal specifier, so a bundler finds it and puts web-llm in the WebLLM worker's chunk.
    return await import('@mlc-ai/web-llm');
  } catch (error) {
    throw new MissingPackageError('WebLLM (webLLMSummarizer, webLLMEmbedder)', [WEBLLM_PACKAGE], error);
  }
}
