import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SummarizerError, ValidationError } from '../../src/errors.js';
import { summarizeEntries } from '../../src/summarizers/summarize-entries.js';
import { type WebLLMEngineLike, webLLMSummarizer } from '../../src/summarizers/webllm.js';
import type { MemoryEntry, SummarizeInfo } from '../../src/types.js';

/** Counts evaluations of the (mocked) web-llm module and records engine creation. */
const webllm = vi.hoisted(() => ({
  imports: 0,
  create: undefined as
    undefined | ((model: string, config: { initProgressCallback?: (r: unknown) => void }) => Promise<unknown>),
}));

// Evaluated only where the WebLLM worker's code runs (here: the FakeWorker below), never by the page code.
vi.mock('@mlc-ai/web-llm', () => {
  webllm.imports++;
  return {
    CreateMLCEngine: (model: string, config: { initProgressCallback?: (r: unknown) => void }) =>
      webllm.create ? webllm.create(model, config) : Promise.reject(new Error('no engine scripted')),
  };
});

const info: SummarizeInfo = { sessionId: 's1', pass: 1, passes: 1, entries: [] };
const completion = (content: unknown) => ({
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

function fakeEngine(reply: (messages: { role: string; content: string }[]) => unknown) {
  const requests: Parameters<WebLLMEngineLike['chat']['completions']['create']>[0][] = [];
  const engine = {
    chat: {
      completions: {
        create: vi.fn(async (request: (typeof requests)[number]) => {
          requests.push(request);
          return reply(request.messages);
        }),
      },
    },
    interruptGenerate: vi.fn(),
    unload: vi.fn(async () => undefined),
  };
  return { engine, requests };
}

/** A worker running the real WebLLM worker code (over the mocked web-llm) behind a MessageChannel. */
class FakeWorker {
  static created: FakeWorker[] = [];
  terminated = false;
  private readonly port: MessagePort;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.created.push(this);
    const channel = new MessageChannel();
    this.port = channel.port1;
    void import('../../src/summarizers/webllm-worker-api.js').then(({ webLLMWorkerApi }) =>
      Comlink.expose(webLLMWorkerApi(), channel.port2),
    );
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
    this.terminated = true;
    this.port.close();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  webllm.create = undefined;
  FakeWorker.created = [];
});

describe('webLLMSummarizer with an injected engine', () => {
  it('sends a system and a user message and returns the completion text', async () => {
    const { engine, requests } = fakeEngine(() => completion('Ana chose Postgres.'));
    const s = webLLMSummarizer({ model: 'm', engine, temperature: 0, maxTokens: 200 });
    expect(await s.summarize('Summarize this', info)).toBe('Ana chose Postgres.');
    expect(requests[0]).toMatchObject({ stream: false, temperature: 0, max_tokens: 200 });
    expect(requests[0]?.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(requests[0]?.messages[1]?.content).toBe('Summarize this');
  });

  it('runs Chain of Density passes through summarizeEntries', async () => {
    const { engine, requests } = fakeEngine(() => completion(`Pass output ${requests.length}.`));
    const entry: MemoryEntry = {
      id: 'e1',
      sessionId: 's1',
      seq: 0,
      interaction: 1,
      type: 'message',
      role: 'user',
      content: 'Use Postgres',
      timestamp: '2024-01-01T00:00:00.000Z',
      tokenCount: 3,
      compressed: false,
    };
    const result = await summarizeEntries({
      sessionId: 's1',
      entries: [entry],
      passes: 2,
      summarizer: webLLMSummarizer({ model: 'm', engine }),
      timeoutMs: 60_000,
    });
    expect(requests).toHaveLength(2);
    expect(requests[1]?.messages[1]?.content).toContain('Pass output 1.');
    expect(result.content).toBe('Pass output 2.');
  });

  it('turns engine failures and empty completions into SummarizerErrors', async () => {
    const cause = new Error('device lost');
    const failing = webLLMSummarizer({ model: 'm', engine: fakeEngine(() => Promise.reject(cause)).engine });
    const error = await failing.summarize('x', info).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SummarizerError);
    expect((error as SummarizerError).cause).toBe(cause);
    const empty = webLLMSummarizer({ model: 'm', engine: fakeEngine(() => completion(null)).engine });
    await expect(empty.summarize('x', info)).rejects.toThrow(/choices\[0\]\.message\.content/);
  });

  it('interrupts generation when the call is aborted', async () => {
    const controller = new AbortController();
    const { engine } = fakeEngine(() => {
      controller.abort();
      return completion('late');
    });
    await webLLMSummarizer({ model: 'm', engine }).summarize('x', { ...info, signal: controller.signal });
    expect(engine.interruptGenerate).toHaveBeenCalledOnce();
  });

  it('is ready at once and leaves the caller-owned engine loaded on unload()', async () => {
    const { engine } = fakeEngine(() => completion('x'));
    const s = webLLMSummarizer({ model: 'm', engine });
    await s.ready();
    await s.unload();
    expect(engine.unload).not.toHaveBeenCalled();
    expect(webllm.imports).toBe(0);
  });

  it('refuses a missing model or a malformed engine', () => {
    expect(() => webLLMSummarizer({ model: '' })).toThrow(ValidationError);
    expect(() => webLLMSummarizer({ model: 'm', engine: {} as WebLLMEngineLike })).toThrow(/webLLMSummarizer\.engine/);
  });
});

describe('webLLMSummarizer loading WebLLM itself', () => {
  it('does not import @mlc-ai/web-llm when the module is imported or the summarizer created', () => {
    webLLMSummarizer({ model: 'm' });
    expect(webllm.imports).toBe(0);
  });

  it('fails without WebGPU, naming the fallbacks, before importing WebLLM', async () => {
    vi.stubGlobal('navigator', {});
    const s = webLLMSummarizer({ model: 'm' });
    await expect(s.summarize('x', info)).rejects.toThrow(
      new SummarizerError(
        'WebGPU is not available in this browser; use fetchSummarizer or heuristicSummarizer instead',
      ),
    );
    vi.stubGlobal('navigator', { gpu: { requestAdapter: () => Promise.resolve(null) } });
    await expect(s.ready()).rejects.toBeInstanceOf(SummarizerError);
    expect(webllm.imports).toBe(0);
  });

  it('with WebGPU, loads the model in a module worker, reports progress, and unloads', async () => {
    vi.stubGlobal('navigator', { gpu: { requestAdapter: () => Promise.resolve({}) } });
    vi.stubGlobal('Worker', FakeWorker);
    const { engine } = fakeEngine(() => completion('from the GPU'));
    const progress: unknown[] = [];
    const calls: { model: string }[] = [];
    webllm.create = (model, config) => {
      calls.push({ model });
      config.initProgressCallback?.({ progress: 0.5, timeElapsed: 1, text: 'Fetching params 50%' });
      return Promise.resolve(engine);
    };
    const s = webLLMSummarizer({ model: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC', onProgress: (p) => progress.push(p) });
    expect(await s.summarize('x', info)).toBe('from the GPU');
    expect(await s.summarize('y', info)).toBe('from the GPU');
    expect(webllm.imports).toBe(1);
    expect(calls).toHaveLength(1); // loaded once, reused
    expect(calls[0]?.model).toBe('Qwen2.5-0.5B-Instruct-q4f16_1-MLC');
    const [worker] = FakeWorker.created;
    expect(FakeWorker.created).toHaveLength(1);
    expect(worker?.url.pathname).toMatch(/\/webllm-worker\.js$/);
    expect(worker?.options).toEqual({ type: 'module' });
    expect(progress).toEqual([{ progress: 0.5, text: 'Fetching params 50%' }]);
    await s.unload();
    expect(engine.unload).toHaveBeenCalledOnce();
    expect(worker?.terminated).toBe(true);
  });

  it('ends the worker when the model fails to load, and tries again on the next call', async () => {
    vi.stubGlobal('navigator', { gpu: { requestAdapter: () => Promise.resolve({}) } });
    vi.stubGlobal('Worker', FakeWorker);
    webllm.create = () => Promise.reject(new Error('model not found'));
    const s = webLLMSummarizer({ model: 'nope' });
    await expect(s.summarize('x', info)).rejects.toThrow(/could not load model "nope": model not found/);
    expect(FakeWorker.created[0]?.terminated).toBe(true);
    webllm.create = () => Promise.resolve(fakeEngine(() => completion('second try')).engine);
    expect(await s.summarize('x', info)).toBe('second try');
    expect(FakeWorker.created).toHaveLength(2);
  });
});
