/**
 * The sync handler's answers: JSON, never cached, each carrying its request id (the `x-request-id`
 * header) so a caller's report can be matched with the server's log.
 * @module
 */

/** A fresh request id (random, unguessable: it names a request in the server's log). */
export function newRequestId(): string {
  return globalThis.crypto.randomUUID();
}

/** A JSON answer (`body`: a value to serialize, or JSON text as it is), with `Retry-After` (seconds) when given. */
export function reply(requestId: string, status: number, body: unknown, retryAfter?: number): Response {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-request-id': requestId,
  };
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
}
