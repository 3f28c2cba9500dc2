/**
 * One sync request: POST the round, with a timeout; failures sorted into `offline` (the
 * endpoint was not reached or did not answer in time) and refusals (an HTTP error status).
 * @module
 */
import { RecallKitError } from '../../errors.js';
import type { SyncRequest, SyncResponse } from '../protocol.js';
import type { ResolvedSyncOptions } from './options.js';
import { safeUrl } from '../../core/checks/safe-url.js';

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
      // Name-value pairs: fetch drops a header named `__proto__` from a plain object.
      headers: [
        ...Object.entries(options.headers).filter(([name]) => name !== 'content-type'),
        ['content-type', 'application/json'],
      ],
      body: JSON.stringify(request),
      signal,
    });
    text = await response.text();
  } catch (error) {
    const why = timeout.aborted ? `no answer within ${options.timeoutMs} ms` : describeFailure(error);
    // No `cause`: the runtime's error may quote the whole URL, tokens included.
    throw new SyncError(
      `sync: ${safeUrl(options.url)} could not be reached (${redact(why, options.url)}); retrying with backoff`,
      true,
    );
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
    throw new SyncError(
      `sync: ${safeUrl(options.url)} answered ${response.status}${hint}: ${redact(detail, options.url)}`,
      false,
      response.status,
    );
  }
  try {
    const body = JSON.parse(text) as SyncResponse;
    if (!Array.isArray(body.results) || !Array.isArray(body.ops) || typeof body.cursor !== 'string')
      throw new Error('not a sync response');
    return body;
  } catch (error) {
    throw new SyncError(
      `sync: the answer of ${safeUrl(options.url)} is not a sync response: ${redact(text.slice(0, 200), options.url)}`,
      false,
      response.status,
      { cause: error },
    );
  }
}

/** A failed fetch in words: its message and its cause's (undici: `fetch failed` caused by `ECONNREFUSED`). */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const more = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return more ? `${error.message}: ${more}` : error.message;
}

/** `text` without the URL's query string, fragment or credentials, wherever it quotes them. */
function redact(text: string, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return text;
  }
  const secrets = [parsed.search, parsed.hash, parsed.password, parsed.username].filter((s) => s.length > 1);
  let out = text.split(url).join(safeUrl(parsed));
  for (const secret of secrets) out = out.split(secret).join('…');
  for (const secret of secrets) {
    const decoded = safeDecode(secret);
    if (decoded.length > 1) out = out.split(decoded).join('…');
  }
  return out;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
