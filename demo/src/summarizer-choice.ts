/**
 * The summarizers a visitor can pick: the heuristic one (default, no model), WebLLM in the
 * browser (WebGPU), or an OpenAI-compatible endpoint whose key lives only in this closure.
 * @module
 */
import type { Summarizer } from 'recallkit';
import { fetchSummarizer } from 'recallkit';
import { isWebGPUAvailable } from 'recallkit';
import type { WebLLMProgress } from 'recallkit';

/** A summarizer in use, with what the page shows about it. */
export interface ActiveSummarizer {
  kind: 'heuristic' | 'webllm' | 'fetch';
  /** Shown in the header and the summarizer panel. */
  label: string;
  /** Undefined for the heuristic one: it then runs inside the engine, next to the data. */
  summarizer: Summarizer | undefined;
}

/** The default: the memory-manager seed's fallback summary, no model needed. */
export const HEURISTIC: ActiveSummarizer = { kind: 'heuristic', label: 'heuristic (no model)', summarizer: undefined };

/** A few WebLLM prebuilt model ids, smallest download first. */
export const WEBLLM_MODELS: readonly { id: string; size: string }[] = [
  { id: 'SmolLM2-360M-Instruct-q4f16_1-MLC', size: '≈ 380 MB' },
  { id: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC', size: '≈ 950 MB' },
  { id: 'Llama-3.2-1B-Instruct-q4f16_1-MLC', size: '≈ 880 MB' },
  { id: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC', size: '≈ 1.6 GB' },
  { id: 'Phi-3.5-mini-instruct-q4f16_1-MLC', size: '≈ 3.7 GB' },
];

/** WebGPU missing: the message shown, naming what the playground keeps using. */
export const NO_WEBGPU_MESSAGE =
  'WebGPU is not available in this browser, so WebLLM cannot run here. The playground keeps the heuristic summarizer; an OpenAI-compatible endpoint works too.';

/**
 * Check WebGPU, then download and compile `model` (progress reported), resolving when it can
 * summarize. WebLLM itself is imported only here, on request.
 * @throws Error with {@link NO_WEBGPU_MESSAGE} when the browser has no WebGPU adapter.
 */
export async function loadWebLLM(model: string, onProgress: (p: WebLLMProgress) => void): Promise<ActiveSummarizer> {
  if (!(await isWebGPUAvailable())) throw new Error(NO_WEBGPU_MESSAGE);
  const { webLLMSummarizer } = await import('recallkit');
  const summarizer = webLLMSummarizer({ model, onProgress });
  await summarizer.ready();
  return { kind: 'webllm', label: `WebLLM ${model}`, summarizer };
}

/** The endpoint form's values. The key is used for the header and kept nowhere else. */
export interface EndpointInput {
  url: string;
  model: string;
  apiKey: string;
}

/**
 * A summarizer for an OpenAI-compatible endpoint. The key goes into the request headers held
 * by `fetchSummarizer`'s closure; it is never written to localStorage or IndexedDB.
 * @throws ValidationError for a bad URL or an empty model name.
 */
export function endpointSummarizer(input: EndpointInput): ActiveSummarizer {
  const key = input.apiKey.trim();
  const summarizer = fetchSummarizer({
    url: input.url.trim(),
    model: input.model.trim(),
    ...(key ? { headers: { Authorization: `Bearer ${key}` } } : {}),
    retries: 1,
    timeoutMs: 60_000,
  });
  let host = input.url;
  try {
    host = new URL(input.url.trim()).host;
  } catch {
    // fetchSummarizer already refused a bad URL
  }
  return { kind: 'fetch', label: `${input.model.trim()} at ${host}`, summarizer };
}
