/**
 * The Web Worker that hosts WebLLM's engine for `webLLMSummarizer` and `webLLMEmbedder`, so
 * model loading and generation never block the page. It is the only code that imports
 * `@mlc-ai/web-llm`: an app bundles web-llm once, in this worker's chunk, and downloads it
 * only when a WebLLM model is first loaded (`new Worker(new URL(…))`); nothing imports it.
 * @module
 */
import * as Comlink from 'comlink';
import { webLLMWorkerApi } from './webllm-worker-api.js';

Comlink.expose(webLLMWorkerApi());
