/**
 * Reading a request body as UTF-8 text with a size cap, without buffering past the cap.
 * @module
 */

/** The body is larger than the cap. */
export class TooLarge extends Error {
  override name = 'TooLarge';
}

/** The body as text; throws `TooLarge` past `max` bytes, a `TypeError` on invalid UTF-8. */
export async function readBody(request: Request, max: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > max) throw new TooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(all);
}
