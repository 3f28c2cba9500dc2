/**
 * The Web Worker that hosts WebLLM's engine for `webLLMSummarizer`, so model loading and
 * generation never block the page. Loaded only through `new Worker(new URL(…))` when a
 * WebLLM summarizer first runs; nothing imports it.
 * @module
 */
import { WebWorkerMLCEngineHandler } from '@mlc-ai/web-llm';

const handler = new WebWorkerMLCEngineHandler();

self.onmessage = (event: MessageEvent): void => {
  handler.onmessage(event);
};
