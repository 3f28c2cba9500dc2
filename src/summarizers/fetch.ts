/**
 * A summarizer that calls any OpenAI-compatible `/chat/completions` server over HTTP
 * (OpenAI, Azure-style proxies, Ollama, LM Studio, vLLM, llama.cpp's server).
 * @module
 */
import { SummarizerError } from '../errors.js';
import type { SummarizeInfo, Summarizer } from '../types.js';
import { type FetchSummarizerOptions, type ResolvedFetchOptions, resolveFetchOptions } from './fetch-options.js';
import { completionText, safeIdentifier } from './openai-response.js';
import { backoffDelay, retryAfterMs, sleep } from './retry.js';
import { browserRefusal } from './fetch-blocked.js';

export type { FetchSummarizerOptions } from './fetch-options.js';

const DEFAULT_SYSTEM_PROMPT =
  'You summarize conversations for a long-term memory. Follow the user message; reply with the summary text only.';

/** A failure worth another attempt (429, 5xx, network), with the wait the server asked for. */
class Retryable extends Error {
  constructor(
    readonly reason: string,
    readonly waitMs: number | undefined,
    readonly original: unknown,
  ) {
    super(reason);
  }
}

type Attempt = (signal: AbortSignal) => Promise<string>;

/** Runs `attempt` bounded by the per-attempt timeout and the caller's signal. */
async function withTimeout(attempt: Attempt, r: ResolvedFetchOptions, outer: AbortSignal | undefined): Promise<string> {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  const timeout = new SummarizerError(
    `fetchSummarizer: no complete response from ${r.safeUrl} within ${r.timeoutMs} ms (timed out)`,
  );
  const timer = r.timeoutMs > 0 ? setTimeout(() => controller.abort(timeout), r.timeoutMs) : undefined;
  try {
    return await attempt(controller.signal);
  } catch (error) {
    if (outer?.aborted)
      throw new SummarizerError('fetchSummarizer: request aborted by the caller', { cause: outer.reason });
    if (controller.signal.reason === timeout) throw timeout;
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

/**
 * A summarizer that POSTs `{ model, messages: [system, user: prompt] }` to an
 * OpenAI-compatible chat-completions endpoint and returns `choices[0].message.content`.
 *
 * Retries 429, 5xx and network errors (exponential backoff with jitter; `Retry-After`
 * honoured up to `maxRetryDelayMs`), never other 4xx. Headers (API keys) live only in this
 * closure: no error message, name or property reveals them, nor the URL's query.
 * In a browser, an API key in page code is visible to the user: prefer a server-side proxy,
 * a local server (Ollama, LM Studio) or `webLLMSummarizer`.
 * @example
 * const summarizer = fetchSummarizer({
 *   url: 'https://api.openai.com/v1',
 *   model: 'gpt-4o-mini',
 *   headers: { Authorization: `Bearer ${process.env.OPENAI_API_KEY}` },
 * });
 */
export function fetchSummarizer(options: FetchSummarizerOptions): Summarizer {
  const r = resolveFetchOptions(options);
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const secrets = Object.entries(r.headers)
    .filter(([name]) => name !== 'content-type')
    .flatMap(([, value]) => [value, ...value.split(/\s+/u)])
    .filter((value) => value.length >= 4);
  const redact = (text: string): string => secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
  const onRetry = options.onRetry;

  const body = (prompt: string): string =>
    JSON.stringify({
      model: r.model,
      messages: [
        { role: 'system', content: options.systemPrompt ?? DEFAULT_SYSTEM_PROMPT },
        { role: 'user', content: prompt },
      ],
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
      ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
    });

  const attempt =
    (prompt: string): Attempt =>
    async (signal) => {
      let response: Response;
      try {
        // Name-value pairs: fetch drops a header named `__proto__` from a plain object.
        const headers = Object.entries(r.headers);
        response = await doFetch(r.endpoint, { method: 'POST', headers, body: body(prompt), signal });
      } catch (error) {
        if (signal.aborted) throw error;
        // A refusal by the browser (CORS, mixed content) would fail the same way every time.
        const refusal = options.fetch ? undefined : await browserRefusal(r.endpoint, error, signal);
        if (refusal)
          throw new SummarizerError(`fetchSummarizer: request to ${r.safeUrl} failed: ${refusal}; not retried`, {
            cause: error,
          });
        const detail = error instanceof Error ? redact(error.message) : 'unknown error';
        throw new Retryable(`network error (${detail})`, undefined, error);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        if (signal.aborted) throw error;
        throw new Retryable('network error while reading the response', undefined, error);
      }
      if (!response.ok) {
        const status = `HTTP ${response.status}${response.statusText ? ` ${redact(response.statusText)}` : ''}`;
        if (response.status === 429 || response.status >= 500)
          throw new Retryable(status, retryAfterMs(response.headers), undefined);
        let code: string | undefined;
        try {
          const error = (JSON.parse(text) as { error?: { code?: unknown; type?: unknown } }).error;
          code = safeIdentifier(error?.code) ?? safeIdentifier(error?.type);
        } catch {
          code = undefined;
        }
        const shown = code === undefined ? '' : ` (error code ${redact(code)})`;
        throw new SummarizerError(`fetchSummarizer: ${status} from ${r.safeUrl}${shown}; not retried (client error)`);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        const raw = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
        const type = /^[\w.+-]+\/[\w.+-]+$/u.test(raw) ? raw : 'unknown';
        throw new SummarizerError(
          `fetchSummarizer: response from ${r.safeUrl} is not valid JSON ` +
            `(content-type ${type}, ${text.length} characters)`,
          { cause: error },
        );
      }
      return completionText(parsed, `fetchSummarizer (${r.safeUrl})`);
    };

  const summarize = async (prompt: string, info: SummarizeInfo): Promise<string> => {
    for (let retry = 0; ; retry++) {
      try {
        return await withTimeout(attempt(prompt), r, info.signal);
      } catch (error) {
        if (!(error instanceof Retryable)) throw error;
        if (retry >= r.retries) {
          const tries = `${r.retries + 1} attempt${r.retries === 0 ? '' : 's'}`;
          throw new SummarizerError(
            `fetchSummarizer: gave up after ${tries} to ${r.safeUrl}; last failure: ${error.reason}`,
            { cause: error.original ?? error },
          );
        }
        const timing = { baseDelayMs: r.retryDelayMs, maxDelayMs: r.maxRetryDelayMs };
        const delayMs = Math.min(r.maxRetryDelayMs, error.waitMs ?? backoffDelay(retry + 1, timing));
        onRetry?.({ retry: retry + 1, delayMs, reason: error.reason });
        try {
          await sleep(delayMs, info.signal);
        } catch (reason) {
          throw new SummarizerError('fetchSummarizer: request aborted by the caller', { cause: reason });
        }
      }
    }
  };

  return { name: 'fetch', summarize };
}
