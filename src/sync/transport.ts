/**
 * One sync request: POST the round, with a timeout; failures sorted into `offline` (the
 * endpoint was not reached or did not answer in time) and refusals (an HTTP error status).
 * @module
 */
import { RecallKitError } from '../errors.js';
import type { SyncRequest, SyncResponse } from './protocol.js';
import type { ResolvedSyncOptions } from './options.js';

/** A sync round failed. `offline`: unreachable or timed out (retried with backoff); else the server's `status`. */
export class SyncError extends RecallKitError {
  override name = 'SyncError';
  readonly offline: boolean;
  readonly status: number | undefined;
  constructor(message: string, offline: boolean, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.offline = offline;
    this.status = status;
  }
}

/** POST one round; `abort` cancels it (close). */
export async function postRound(
  fetchFn: typeof fetch,
  options: ResolvedSyncOptions,
  request: SyncRequest,
  abort: AbortSignal,
): Promise<SyncResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any ? AbortSignal.any([timeout, abort]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await fetchFn(options.url, {
      method: 'POST',
      headers: { ...options.headers, 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal,
    });
    text = await response.text();
  } catch (error) {
    const timedOut = timeout.aborted;
    const why = timedOut
      ? `no answer within ${options.timeoutMs} ms`
      : error instanceof Error
        ? error.message
        : String(error);
    throw new SyncError(`sync: ${options.url} could not be reached (${why}); retrying with backoff`, true, undefined, {
      cause: error,
    });
  }
  if (!response.ok) {
    let detail = text.slice(0, 300);
    try {
      const body = JSON.parse(text) as { error?: unknown };
      if (typeof body.error === 'string') detail = body.error;
    } catch {
      // Not JSON: keep the text.
    }
    const hint = response.status === 401 ? ' (check the sync headers: the server found no user for this token)' : '';
    throw new SyncError(`sync: the server answered ${response.status}${hint}: ${detail}`, false, response.status);
  }
  try {
    const body = JSON.parse(text) as SyncResponse;
    if (!Array.isArray(body.results) || !Array.isArray(body.ops) || typeof body.cursor !== 'string')
      throw new Error('not a sync response');
    return body;
  } catch (error) {
    throw new SyncError(
      `sync: the server's answer is not a sync response: ${text.slice(0, 200)}`,
      false,
      response.status,
      { cause: error },
    );
  }
}
