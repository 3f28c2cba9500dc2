/**
 * Embeddings from any OpenAI-compatible `/embeddings` endpoint (OpenAI, Ollama, LM Studio,
 * vLLM, llama.cpp's server, Text Embeddings Inference), for semantic recall.
 * @module
 */
import { ValidationError } from '../errors.js';
import type { Embedder } from '../recall/types.js';
import { dictionary } from '../core/checks/dictionary.js';

/** Options of {@link fetchEmbedder}. */
export interface FetchEmbedderOptions {
  /** The API base, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1` (`/embeddings` is appended). */
  baseURL: string;
  /** The embedding model, e.g. `text-embedding-3-small` or `nomic-embed-text`. */
  model: string;
  /** Sent as `Authorization: Bearer …` (never put in an error message). Default: none. */
  apiKey?: string;
  /** Extra request headers. Default: none. */
  headers?: Record<string, string>;
  /** Texts per request (default 64). */
  batchSize?: number;
  /** `dimensions` for models that can shorten their vectors (default: the model's). */
  dimensions?: number;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
}

/**
 * An `embedder` for `createMemory` calling an OpenAI-compatible embeddings endpoint. Pass the
 * same `model` as `embeddingModel`, so that changing it embeds the history again.
 * @example
 * const embedder = fetchEmbedder({ baseURL: 'http://localhost:11434/v1', model: 'nomic-embed-text' });
 * const memory = await createMemory({ embedder, embeddingModel: 'nomic-embed-text' });
 */
export function fetchEmbedder(options: FetchEmbedderOptions): Embedder {
  let base: URL;
  try {
    base = new URL(String(options?.baseURL).replace(/\/?$/, '/'));
  } catch {
    throw new ValidationError('baseURL', 'an absolute http(s) URL', options?.baseURL);
  }
  if (!/^https?:$/.test(base.protocol)) throw new ValidationError('baseURL', 'an http(s) URL', options.baseURL);
  if (typeof options.model !== 'string' || !options.model) {
    throw new ValidationError('model', 'an embedding model name', options.model);
  }
  const batchSize = options.batchSize ?? 64;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new ValidationError('batchSize', 'an integer >= 1', batchSize);
  const url = new URL('embeddings', base);
  // What errors may name: no credentials, no query string.
  const safeUrl = `${url.origin}${url.pathname}`;
  url.username = '';
  url.password = '';
  const doFetch = options.fetch ?? globalThis.fetch;
  const named = dictionary<string>();
  named['content-type'] = 'application/json';
  for (const [name, value] of Object.entries(options.headers ?? {})) named[name] = value;
  if (options.apiKey) named.authorization = `Bearer ${options.apiKey}`;
  // Name-value pairs: fetch drops a header named `__proto__` from a plain object.
  const headers = Object.entries(named);

  return async (texts) => {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += batchSize) {
      const input = texts.slice(i, i + batchSize);
      const body = { model: options.model, input, ...(options.dimensions ? { dimensions: options.dimensions } : {}) };
      const response = await doFetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`fetchEmbedder: ${safeUrl} answered HTTP ${response.status}`);
      const json = (await response.json()) as { data?: { embedding?: unknown; index?: number }[] };
      const data = Array.isArray(json?.data) ? [...json.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)) : [];
      if (data.length !== input.length || !data.every((d) => Array.isArray(d.embedding))) {
        throw new Error(`fetchEmbedder: ${safeUrl} did not answer ${input.length} embeddings`);
      }
      for (const d of data) out.push(d.embedding as number[]);
    }
    return out;
  };
}
