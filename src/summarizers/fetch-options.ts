/**
 * Options of the OpenAI-compatible HTTP summarizer, checked once at creation. Messages never
 * echo a URL or header value: either may hold an API key.
 * @module
 */
import { ValidationError } from '../errors.js';
import { safeUrl } from '../core/checks/safe-url.js';
import { dictionary } from '../core/checks/dictionary.js';

/** Options of {@link fetchSummarizer}. */
export interface FetchSummarizerOptions {
  /**
   * The server: a base URL ending in `/v1` (`https://api.openai.com/v1`,
   * `http://localhost:11434/v1`), to which `/chat/completions` is added, or the full
   * `…/chat/completions` URL, used as is. http or https.
   */
  url: string;
  /** Model name sent as `model`. */
  model: string;
  /** Sent with every request, e.g. `{ Authorization: 'Bearer sk-…' }`. Kept only in the closure. */
  headers?: Record<string, string> | Headers;
  /** A fetch implementation (default: the global `fetch`). */
  fetch?: typeof globalThis.fetch;
  /** Per attempt, response body included, in ms (default 60,000; 0 = none). A timeout is not retried. */
  timeoutMs?: number;
  /** Extra attempts after a 429, a 5xx or a network error (default 2). Other 4xx are never retried. */
  retries?: number;
  /** Sent as `temperature` when given. */
  temperature?: number;
  /** Sent as `max_tokens` when given. */
  maxTokens?: number;
  /** The system message (default: summarize, reply with the summary only). */
  systemPrompt?: string;
  /** First backoff in ms, doubled per retry, with jitter (default 500). */
  retryDelayMs?: number;
  /** Cap of any wait, `Retry-After` included, in ms (default 30,000). */
  maxRetryDelayMs?: number;
  /** Called before each retry with why and how long it waits (logging, UI). */
  onRetry?: (info: { retry: number; delayMs: number; reason: string }) => void;
}

/** The options with defaults applied and the endpoint resolved. */
export interface ResolvedFetchOptions {
  endpoint: string;
  /** `origin + pathname`: what messages may show (no query, no credentials). */
  safeUrl: string;
  model: string;
  headers: Record<string, string>;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
}

function checkNumber(field: string, value: unknown, expected: string, ok: (n: number) => boolean): void {
  if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || !ok(value))) {
    throw new ValidationError(`fetchSummarizer.${field}`, expected, value);
  }
}

function resolveEndpoint(url: unknown): URL {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  // No `received`: the URL may carry a key in its query or user info.
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new ValidationError('fetchSummarizer.url', 'an absolute http(s) URL such as https://api.openai.com/v1');
  }
  if (!/\/chat\/completions\/?$/u.test(parsed.pathname)) {
    parsed.pathname = `${parsed.pathname.replace(/\/+$/u, '')}/chat/completions`;
  }
  return parsed;
}

function copyHeaders(headers: FetchSummarizerOptions['headers']): Record<string, string> {
  const out = dictionary<string>();
  out['content-type'] = 'application/json';
  if (headers === undefined) return out;
  const pairs =
    headers instanceof Headers
      ? [...headers.entries()]
      : typeof headers === 'object' && headers !== null
        ? Object.entries(headers)
        : undefined;
  if (!pairs)
    throw new ValidationError('fetchSummarizer.headers', 'an object of header names to string values', headers);
  for (const [name, value] of pairs) {
    if (typeof value !== 'string') throw new ValidationError(`fetchSummarizer.headers["${name}"]`, 'a string value');
    out[name.toLowerCase()] = value;
  }
  return out;
}

/** Checks the options (ValidationError naming the field) and applies the defaults. */
export function resolveFetchOptions(o: FetchSummarizerOptions): ResolvedFetchOptions {
  if (o === null || typeof o !== 'object')
    throw new ValidationError('fetchSummarizer options', 'an object with url and model', o);
  const endpoint = resolveEndpoint(o.url);
  if (typeof o.model !== 'string' || o.model.trim() === '') {
    throw new ValidationError('fetchSummarizer.model', 'a non-empty model name', o.model);
  }
  if (o.fetch !== undefined && typeof o.fetch !== 'function')
    throw new ValidationError('fetchSummarizer.fetch', 'a fetch function', o.fetch);
  if (o.onRetry !== undefined && typeof o.onRetry !== 'function')
    throw new ValidationError('fetchSummarizer.onRetry', 'a function', o.onRetry);
  if (o.systemPrompt !== undefined && typeof o.systemPrompt !== 'string') {
    throw new ValidationError('fetchSummarizer.systemPrompt', 'a string', o.systemPrompt);
  }
  checkNumber('timeoutMs', o.timeoutMs, 'milliseconds >= 0 (0 = no timeout)', (n) => n >= 0);
  checkNumber('retries', o.retries, 'an integer from 0 to 10', (n) => Number.isInteger(n) && n >= 0 && n <= 10);
  checkNumber('temperature', o.temperature, 'a number from 0 to 2', (n) => n >= 0 && n <= 2);
  checkNumber('maxTokens', o.maxTokens, 'a positive integer', (n) => Number.isInteger(n) && n > 0);
  checkNumber('retryDelayMs', o.retryDelayMs, 'milliseconds >= 0', (n) => n >= 0);
  checkNumber('maxRetryDelayMs', o.maxRetryDelayMs, 'milliseconds >= 0', (n) => n >= 0);
  return {
    endpoint: endpoint.href,
    safeUrl: safeUrl(endpoint),
    model: o.model,
    headers: copyHeaders(o.headers),
    timeoutMs: o.timeoutMs ?? 60_000,
    retries: o.retries ?? 2,
    retryDelayMs: o.retryDelayMs ?? 500,
    maxRetryDelayMs: o.maxRetryDelayMs ?? 30_000,
  };
}
