import { afterEach, describe, expect, it } from 'vitest';
import { SummarizerError, ValidationError } from '../../src/errors.js';
import { fetchSummarizer } from '../../src/summarizers/fetch.js';
import type { SummarizeInfo } from '../../src/types.js';
import { type OpenAIServer, startOpenAIServer, times } from '../support/openai-server.js';

const KEY = 'sk-test-SECRET-0123456789abcdef';
const info: SummarizeInfo = { sessionId: 's1', pass: 1, passes: 1, entries: [] };

let server: OpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(...script: Parameters<OpenAIServer['script']>): Promise<OpenAIServer> {
  server = await startOpenAIServer({ script, maxRequests: 20 });
  return server;
}

function summarizer(s: OpenAIServer, extra: Partial<Parameters<typeof fetchSummarizer>[0]> = {}) {
  return fetchSummarizer({
    url: s.baseUrl,
    model: 'test-model',
    headers: { Authorization: `Bearer ${KEY}` },
    retryDelayMs: 1,
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<SummarizerError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SummarizerError);
  return error as SummarizerError;
}

describe('fetchSummarizer', () => {
  it('posts an OpenAI chat completion and returns choices[0].message.content', async () => {
    const s = await start({ kind: 'ok', content: 'Ana chose Postgres.' });
    const result = await summarizer(s, { temperature: 0.2, maxTokens: 300 }).summarize('Summarize this', info);
    expect(result).toBe('Ana chose Postgres.');
    expect(s.requests).toHaveLength(1);
    const [request] = s.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers['authorization']).toBe(`Bearer ${KEY}`);
    expect(request?.headers['content-type']).toContain('application/json');
    expect(request?.body).toMatchObject({ model: 'test-model', temperature: 0.2, max_tokens: 300 });
    expect(request?.body?.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request?.body?.messages?.[1]?.content).toBe('Summarize this');
  });

  it('accepts a full /chat/completions URL and a base URL with a trailing slash', async () => {
    const s = await start();
    await summarizer(s, { url: s.completionsUrl }).summarize('a', info);
    await summarizer(s, { url: `${s.baseUrl}/` }).summarize('b', info);
    expect(s.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
  });

  it('retries 5xx responses, then returns the answer', async () => {
    const s = await start(...times(2, { kind: 'status', status: 500 }), { kind: 'ok', content: 'third time' });
    const retries: number[] = [];
    const result = await summarizer(s, { onRetry: (r) => retries.push(r.retry) }).summarize('x', info);
    expect(result).toBe('third time');
    expect(s.requests).toHaveLength(3);
    expect(retries).toEqual([1, 2]);
  });

  it('honours Retry-After (seconds) on 429 before retrying', async () => {
    const s = await start(
      { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
      { kind: 'ok', content: 'after wait' },
    );
    const delays: number[] = [];
    const result = await summarizer(s, { onRetry: (r) => delays.push(r.delayMs) }).summarize('x', info);
    expect(result).toBe('after wait');
    expect(delays).toEqual([1000]);
    expect(s.requests).toHaveLength(2);
  });

  it('caps a long Retry-After at maxRetryDelayMs', async () => {
    const s = await start({ kind: 'status', status: 429, headers: { 'retry-after': '3600' } });
    const delays: number[] = [];
    await summarizer(s, { maxRetryDelayMs: 20, onRetry: (r) => delays.push(r.delayMs) }).summarize('x', info);
    expect(delays).toEqual([20]);
  });

  it('gives up with a SummarizerError once retries are exhausted', async () => {
    const s = await start(...times(5, { kind: 'status', status: 503 }));
    const error = await failure(summarizer(s, { retries: 2 }).summarize('x', info));
    expect(error.message).toMatch(/gave up after 3 attempts/);
    expect(error.message).toMatch(/HTTP 503/);
    expect(s.requests).toHaveLength(3);
  });

  it('does not retry other 4xx responses', async () => {
    const s = await start({
      kind: 'status',
      status: 400,
      body: { error: { message: 'bad', code: 'context_length_exceeded' } },
    });
    const error = await failure(summarizer(s).summarize('x', info));
    expect(error.message).toMatch(/HTTP 400/);
    expect(error.message).toMatch(/context_length_exceeded/);
    expect(s.requests).toHaveLength(1);
  });

  it('retries network errors', async () => {
    const s = await start({ kind: 'ok', content: 'recovered' });
    let calls = 0;
    const flaky: typeof fetch = (input, init) => {
      calls++;
      return calls === 1 ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    };
    expect(await summarizer(s, { fetch: flaky }).summarize('x', info)).toBe('recovered');
    expect(calls).toBe(2);
  });

  it('rejects a body that is not JSON, without retrying', async () => {
    const s = await start({ kind: 'raw', body: '<html>oops', contentType: 'text/html' });
    const error = await failure(summarizer(s).summarize('x', info));
    expect(error.message).toMatch(/not valid JSON/);
    expect(error.message).toMatch(/text\/html/);
    expect(s.requests).toHaveLength(1);
  });

  it('names what is missing when the completion has no content', async () => {
    const s = await start(
      { kind: 'json', body: { choices: [{ message: { role: 'assistant' } }] } },
      { kind: 'json', body: { choices: [] } },
      { kind: 'json', body: { id: 'x' } },
    );
    const sum = summarizer(s);
    expect((await failure(sum.summarize('x', info))).message).toMatch(/choices\[0\]\.message\.content/);
    expect((await failure(sum.summarize('x', info))).message).toMatch(/"choices" is empty/);
    expect((await failure(sum.summarize('x', info))).message).toMatch(/no "choices" array/);
  });

  it('times out a server that never answers, and does not retry the timeout', async () => {
    const s = await start({ kind: 'hang' }, { kind: 'hang' });
    const error = await failure(summarizer(s, { timeoutMs: 100 }).summarize('x', info));
    expect(error.message).toMatch(/within 100 ms \(timed out\)/);
    // A busy machine may time the request out before the server has read it: what counts is that
    // no second request followed (a retry is sent before the call rejects).
    expect(s.arrived).toBeLessThanOrEqual(1);
    expect(s.requests.length).toBeLessThanOrEqual(1);
  });

  it("stops when the caller's signal aborts", async () => {
    const s = await start({ kind: 'hang' });
    const controller = new AbortController();
    const pending = summarizer(s).summarize('x', { ...info, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('engine closed')), 20);
    expect((await failure(pending)).message).toMatch(/aborted/);
  });

  it('never puts the API key or URL query in errors or on the summarizer', async () => {
    const s = await start(
      { kind: 'status', status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}`, code: KEY } } },
      ...times(3, { kind: 'status', status: 500 }),
    );
    const sum = summarizer(s, { url: `${s.baseUrl}?api-key=${KEY}`, retries: 1 });
    const unauthorized = await failure(sum.summarize('x', info));
    expect(unauthorized.message).toMatch(/HTTP 401/);
    const exhausted = await failure(sum.summarize('x', info));
    const refused = await failure(
      fetchSummarizer({
        url: 'http://127.0.0.1:9/v1',
        model: 'm',
        headers: { 'x-api-key': KEY },
        retries: 0,
      }).summarize('x', info),
    );
    for (const error of [unauthorized, exhausted, refused]) {
      expect(`${error.message} ${error.stack ?? ''} ${String(error.cause)}`).not.toContain(KEY);
    }
    expect(JSON.stringify(sum)).not.toContain(KEY);
    expect(Object.values(sum).map(String).join(' ')).not.toContain(KEY);
  });

  it('refuses bad options with a ValidationError naming the field, never echoing the URL', () => {
    const bad = (options: unknown): ValidationError => {
      try {
        fetchSummarizer(options as Parameters<typeof fetchSummarizer>[0]);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return error as ValidationError;
      }
      throw new Error('expected a ValidationError');
    };
    const url = bad({ url: `ftp://host/v1?key=${KEY}`, model: 'm' });
    expect(url.field).toBe('fetchSummarizer.url');
    expect(url.message).not.toContain(KEY);
    expect(bad({ url: 'not a url', model: 'm' }).field).toBe('fetchSummarizer.url');
    expect(bad({ url: 'https://api.example.com/v1', model: ' ' }).field).toBe('fetchSummarizer.model');
    expect(bad({ url: 'https://api.example.com/v1', model: 'm', retries: -1 }).field).toBe('fetchSummarizer.retries');
    expect(bad({ url: 'https://api.example.com/v1', model: 'm', timeoutMs: Number.NaN }).field).toBe(
      'fetchSummarizer.timeoutMs',
    );
    const header = bad({ url: 'https://api.example.com/v1', model: 'm', headers: { Authorization: 42 } });
    expect(header.field).toBe('fetchSummarizer.headers["Authorization"]');
  });
});
