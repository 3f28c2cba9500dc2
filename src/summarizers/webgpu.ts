/**
 * WebGPU detection: WebLLM runs models on the GPU and needs a WebGPU adapter.
 * @module
 */

interface GPULike {
  requestAdapter(): Promise<unknown>;
}

/** What `webLLMSummarizer` throws without WebGPU; names the documented fallbacks. */
export const WEBGPU_UNAVAILABLE =
  'WebGPU is not available in this browser; use fetchSummarizer or heuristicSummarizer instead';

/**
 * Whether this environment offers a WebGPU adapter (`navigator.gpu.requestAdapter()`
 * resolves to one). Never throws; false in Node and in browsers without WebGPU.
 * @example
 * const summarizer = (await isWebGPUAvailable())
 *   ? webLLMSummarizer({ model: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC' })
 *   : heuristicSummarizer();
 */
export async function isWebGPUAvailable(): Promise<boolean> {
  const gpu = (globalThis as { navigator?: { gpu?: GPULike } }).navigator?.gpu;
  if (!gpu || typeof gpu.requestAdapter !== 'function') return false;
  try {
    return (await gpu.requestAdapter()) != null;
  } catch {
    return false;
  }
}
