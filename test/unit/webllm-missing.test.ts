/**
 * `@mlc-ai/web-llm` is an optional peer dependency: asking for a WebLLM model without it
 * installed fails with an error that names the package and how to install it.
 */
import * as Comlink from 'comlink';
import { afterEach, expect, it, vi } from 'vitest';
import { MissingPackageError, RecallKitError, SummarizerError } from '../../src/errors.js';
import { webLLMEmbedder } from '../../src/embedders/webllm.js';
import { webLLMWorkerApi } from '../../src/summarizers/webllm-worker-api.js';
import { webLLMSummarizer } from '../../src/summarizers/webllm.js';

// The package is not installed: its import fails as Node's does for a missing package.
vi.mock('@mlc-ai/web-llm', () => {
  throw Object.assign(new Error("Cannot find package '@mlc-ai/web-llm' imported from webllm-worker-api.js"), {
    code: 'ERR_MODULE_NOT_FOUND',
  });
});

const NAMES_THE_PACKAGE = /needs @mlc-ai\/web-llm, which could not be imported: npm install @mlc-ai\/web-llm/;

/** A worker running the real WebLLM worker code behind a MessageChannel. */
class FakeWorker {
  private readonly port: MessagePort;
  constructor() {
    const channel = new MessageChannel();
    this.port = channel.port1;
    Comlink.expose(webLLMWorkerApi(), channel.port2);
  }
  postMessage(message: unknown, transfer: Transferable[] = []): void {
    this.port.postMessage(message, transfer);
  }
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void {
    this.port.addEventListener(type, listener);
    this.port.start();
  }
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void {
    this.port.removeEventListener(type, listener);
  }
  terminate(): void {
    this.port.close();
  }
}

afterEach(() => vi.unstubAllGlobals());

it('the WebLLM worker refuses to load a model, naming the missing package', async () => {
  const error = await webLLMWorkerApi()
    .load('Qwen2.5-0.5B-Instruct-q4f16_1-MLC')
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MissingPackageError);
  expect(error).toBeInstanceOf(RecallKitError);
  expect((error as Error).message).toMatch(NAMES_THE_PACKAGE);
  // The import's own failure is kept as the cause.
  expect((error as Error).cause).toBeInstanceOf(Error);
});

it('webLLMSummarizer and webLLMEmbedder reject with that message in the page', async () => {
  vi.stubGlobal('navigator', { gpu: { requestAdapter: () => Promise.resolve({}) } });
  vi.stubGlobal('Worker', FakeWorker);
  const summarizer = webLLMSummarizer({ model: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC' });
  const failed = await summarizer.ready().catch((e: unknown) => e);
  expect(failed).toBeInstanceOf(SummarizerError);
  expect((failed as Error).message).toMatch(NAMES_THE_PACKAGE);
  const embedder = webLLMEmbedder({ model: 'snowflake-arctic-embed-m-q0f32-MLC-b32' });
  await expect(embedder.ready()).rejects.toThrow(NAMES_THE_PACKAGE);
});
