/**
 * One summarizer call with a timeout and an outer abort signal: whichever comes first wins,
 * the summarizer's own signal is aborted, and the result is always a string or a SummarizerError.
 * @module
 */
import { SummarizerError } from '../errors.js';
import type { SummarizeInfo, Summarizer } from '../types.js';

/** How one call is bounded. */
export interface CallLimits {
  /** Milliseconds before the call fails; 0 = no limit. */
  timeoutMs: number;
  /** The caller's signal: aborting it fails the call at once. */
  signal?: AbortSignal | undefined;
}

function reasonText(reason: unknown): string {
  return reason instanceof Error ? reason.message : reason === undefined ? 'no reason given' : String(reason);
}

/** The error a call fails with when the caller aborts. */
export function abortedError(signal: AbortSignal): SummarizerError {
  return new SummarizerError(`summarization aborted: ${reasonText(signal.reason)}`, { cause: signal.reason });
}

/**
 * Calls `summarizer.summarize(prompt, info)` with `info.signal` set, bounded by `limits`.
 * Resolves with the raw string; rejects with a SummarizerError on a throw, a non-string
 * result, a timeout (`… timed out after N ms`) or an abort, with the original as `cause`.
 */
export function callSummarizer(
  summarizer: Summarizer,
  prompt: string,
  info: Omit<SummarizeInfo, 'signal'>,
  limits: CallLimits,
): Promise<string> {
  const where = `pass ${info.pass} of ${info.passes}`;
  const outer = limits.signal;
  if (outer?.aborted) return Promise.reject(abortedError(outer));

  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;

  const stopped = new Promise<never>((_, reject) => {
    if (limits.timeoutMs > 0) {
      timer = setTimeout(() => {
        const error = new SummarizerError(`summarizer timed out after ${limits.timeoutMs} ms (${where})`);
        controller.abort(error);
        reject(error);
      }, limits.timeoutMs);
    }
    if (outer) {
      onAbort = () => {
        const error = abortedError(outer);
        controller.abort(error);
        reject(error);
      };
      outer.addEventListener('abort', onAbort, { once: true });
    }
  });

  // `new Promise` turns a synchronous throw of a non-async callback into a rejection.
  const call = new Promise<unknown>((resolve) => {
    resolve(summarizer.summarize(prompt, { ...info, signal: controller.signal }));
  }).then(
    (value) => {
      if (typeof value !== 'string') {
        throw new SummarizerError(
          `summarizer returned ${value === null ? 'null' : typeof value} on ${where}; expected a string`,
        );
      }
      return value;
    },
    (error: unknown) => {
      if (controller.signal.aborted && controller.signal.reason instanceof SummarizerError)
        throw controller.signal.reason;
      throw new SummarizerError(`summarizer failed on ${where}: ${reasonText(error)}`, { cause: error });
    },
  );

  return Promise.race([call, stopped]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
    if (onAbort) outer?.removeEventListener('abort', onAbort);
    // A late rejection of the losing promise must not surface as unhandled.
    call.catch(() => undefined);
  });
}
