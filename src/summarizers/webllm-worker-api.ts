/**
 * What the WebLLM worker does for the page: load a model, complete, embed, interrupt, unload.
 * Only `webllm-worker.ts` imports this at run time, and `@mlc-ai/web-llm` (an optional peer
 * dependency) is loaded with `import()` only when a model loads: it is bundled once, with that
 * worker; the page talks to the worker through comlink and never imports web-llm.
 * @module
 */
import type { MLCEngine } from '@mlc-ai/web-llm';
import { importWebLLM } from './import-webllm.js';

/** Model download / compile progress, as WebLLM reports it. */
export interface WebLLMProgress {
  /** 0 to 1. */
  progress: number;
  /** WebLLM's human-readable status line. */
  text: string;
}

/** The worker's API, called through `Comlink.wrap` in the page. */
export interface WebLLMWorkerApi {
  /** Load `model` (downloading it on first use), reporting progress to the page. */
  load(model: string, onProgress?: (progress: WebLLMProgress) => void): Promise<void>;
  /** `engine.chat.completions.create(request)` (non-streaming). */
  complete(request: Record<string, unknown>): Promise<unknown>;
  /** `engine.embeddings.create(request)`. */
  embed(request: Record<string, unknown>): Promise<unknown>;
  /** Stop the running generation. */
  interrupt(): void;
  unload(): Promise<void>;
}

/** The API over one engine, created by `load`. */
export function webLLMWorkerApi(): WebLLMWorkerApi {
  let engine: MLCEngine | undefined;
  const loaded = (): MLCEngine => {
    if (!engine) throw new Error('no model loaded');
    return engine;
  };
  return {
    async load(model, onProgress) {
      // import(), as everywhere: in a worker bundle it lands in this worker's chunk (or one lazy chunk of it).
      const { CreateMLCEngine } = await importWebLLM();
      engine = await CreateMLCEngine(model, {
        initProgressCallback: (report) => {
          // A failing progress listener in the page must not fail the model load.
          Promise.resolve(onProgress?.({ progress: report.progress, text: report.text })).catch(() => undefined);
        },
      });
    },
    complete: (request) =>
      loaded().chat.completions.create({ ...request, stream: false } as Parameters<
        MLCEngine['chat']['completions']['create']
      >[0]),
    embed: (request) =>
      loaded().embeddings.create(request as unknown as Parameters<MLCEngine['embeddings']['create']>[0]),
    interrupt: () => engine?.interruptGenerate(),
    unload: async () => {
      await engine?.unload();
      engine = undefined;
    },
  };
}
