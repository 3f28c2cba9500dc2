/**
 * A summarizer that stays in the page while the engine runs in the worker. The page wraps the
 * user's summarizer in a {@link PageSummarizer} (sent as a `comlink.proxy`); the worker wraps
 * that proxy back into a `Summarizer`. The engine's abort signal (timeout, close) cannot be
 * cloned, so it crosses as an `abort(callId)` call that aborts the page-side signal.
 * @module
 */
import type { Remote } from 'comlink';
import type { Summarizer } from '../types.js';
import type { PageSummarizer } from './protocol.js';
import { fromWireError, toWireError } from './wire-error.js';

/** Page side: serve `summarizer` to the worker, with a live `info.signal` per call. */
export function pageSummarizer(summarizer: Summarizer): PageSummarizer {
  const calls = new Map<number, AbortController>();
  return {
    async summarize(callId, prompt, info) {
      const controller = new AbortController();
      calls.set(callId, controller);
      try {
        return await summarizer.summarize(prompt, { ...info, signal: controller.signal });
      } finally {
        calls.delete(callId);
      }
    },
    abort(callId, reason) {
      calls.get(callId)?.abort(fromWireError(reason));
    },
  };
}

/** Worker side: a `Summarizer` that calls the page through `remote`. */
export function remoteSummarizer(remote: Remote<PageSummarizer>, name: string | undefined): Summarizer {
  let nextCallId = 1;
  const summarizer: Summarizer = {
    async summarize(prompt, { signal, ...info }) {
      const callId = nextCallId++;
      const onAbort = (): void => void remote.abort(callId, toWireError(signal?.reason)).catch(() => undefined);
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return await remote.summarize(callId, prompt, info);
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    },
  };
  if (name !== undefined) summarizer.name = name;
  return summarizer;
}
