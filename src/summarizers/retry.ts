/**
 * Retry timing for HTTP summarizers: exponential backoff with jitter, the server's
 * `Retry-After` honoured, everything capped, and waits that end when the caller aborts.
 * @module
 */

/** How long to wait between attempts. */
export interface RetryTiming {
  /** First backoff in milliseconds; doubles per attempt. */
  baseDelayMs: number;
  /** No wait is longer than this, whatever the server asks. */
  maxDelayMs: number;
}

/**
 * Backoff before retry number `retry` (1-based): half of `base * 2^(retry-1)` fixed, half
 * random (so clients that failed together do not retry together), capped.
 */
export function backoffDelay(retry: number, timing: RetryTiming, random: () => number = Math.random): number {
  const exp = timing.baseDelayMs * 2 ** Math.max(0, retry - 1);
  return Math.min(timing.maxDelayMs, Math.round(exp / 2 + random() * (exp / 2)));
}

/**
 * The wait a response asks for, in milliseconds: `retry-after-ms` (OpenAI), else
 * `Retry-After` as seconds or an HTTP date; `undefined` when absent or unreadable.
 */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\s*\d+(?:\.\d+)?\s*$/u.test(ms)) return Math.round(Number(ms));
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  if (/^\s*\d+(?:\.\d+)?\s*$/u.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, rejecting with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
