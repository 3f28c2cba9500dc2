/**
 * Compact vectors: each vector as signed bytes plus one float, and bytes as base64 text, so a
 * persisted segment is plain JSON (PostgreSQL `jsonb`, the OPFS journal) and small (a
 * 512-dimension vector is 684 characters instead of ~5 KB of JSON numbers). Pure, no DOM.
 * @module
 */

/**
 * Quantize `vector` into `out` at `offset` (symmetric int8, one scale per vector) and return
 * the factor that turns a byte dot product with a unit query into the cosine: `scale / ‖v‖`
 * (0 for an all-zero vector).
 */
export function quantizeInto(vector: ArrayLike<number>, out: Int8Array, offset: number): number {
  let max = 0;
  let norm = 0;
  for (let i = 0; i < vector.length; i++) {
    const x = vector[i] as number;
    const a = Math.abs(x);
    if (a > max) max = a;
    norm += x * x;
  }
  if (max === 0) {
    out.fill(0, offset, offset + vector.length);
    return 0;
  }
  const scale = max / 127;
  let q = 0; // the norm of the quantized vector: the factor makes its own cosine exact
  for (let i = 0; i < vector.length; i++) {
    const c = Math.round((vector[i] as number) / scale);
    out[offset + i] = c;
    q += c * c;
  }
  return norm > 0 ? 1 / Math.sqrt(q) : 0;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Each ASCII character's 6 bits in base64 (`=` padding counts as 0), -1 when it is none. */
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
DECODE[61] = 0;

/** Bytes as base64 text (with padding). */
export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    chunk += ALPHABET[a >> 2]! + ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    chunk += b === undefined ? '=' : ALPHABET[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    chunk += c === undefined ? '=' : ALPHABET[c & 63]!;
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}

/** Base64 text back into bytes; `undefined` when it is not base64 of `length` bytes. */
export function fromBase64(text: unknown, length: number): Uint8Array | undefined {
  if (typeof text !== 'string' || text.length !== Math.ceil(length / 3) * 4) return undefined;
  const out = new Uint8Array(length);
  // One pass, no allocation per group: a first pass decoded ~40x slower and dominated loading.
  const full = Math.floor(length / 3) * 4;
  let o = 0;
  let bad = 0;
  let i = 0;
  for (; i < full; i += 4) {
    const a = sextet(text.charCodeAt(i));
    const b = sextet(text.charCodeAt(i + 1));
    const c = sextet(text.charCodeAt(i + 2));
    const d = sextet(text.charCodeAt(i + 3));
    bad |= a | b | c | d;
    out[o++] = (a << 2) | (b >> 4);
    out[o++] = ((b & 15) << 4) | (c >> 2);
    out[o++] = ((c & 3) << 6) | d;
  }
  if (i < text.length) {
    const a = sextet(text.charCodeAt(i));
    const b = sextet(text.charCodeAt(i + 1));
    const c = sextet(text.charCodeAt(i + 2));
    const d = sextet(text.charCodeAt(i + 3));
    bad |= a | b | c | d;
    if (o < length) out[o++] = (a << 2) | (b >> 4);
    if (o < length) out[o] = ((b & 15) << 4) | (c >> 2);
  }
  // A character outside the alphabet decodes to -1, which sets the sign bit of `bad`.
  return bad < 0 ? undefined : out;
}

/** A base64 character's 6 bits (`=` counts as 0), -1 for any other character. */
function sextet(code: number): number {
  return code < 128 ? (DECODE[code] as number) : -1;
}

/**
 * Decode bytes `[start, end)` of base64 `text` (checked beforehand: `fromBase64` accepts it)
 * into `out` at `offset`, reading only the characters that hold them.
 */
export function decodeBase64Range(text: string, start: number, end: number, out: Int8Array, offset: number): void {
  let o = offset;
  let byte = start - (start % 3);
  for (let i = (byte / 3) * 4; byte < end; i += 4) {
    const a = sextet(text.charCodeAt(i));
    const b = sextet(text.charCodeAt(i + 1));
    const c = sextet(text.charCodeAt(i + 2));
    const d = sextet(text.charCodeAt(i + 3));
    if (byte >= start && byte < end) out[o++] = (a << 2) | (b >> 4);
    byte++;
    if (byte >= start && byte < end) out[o++] = ((b & 15) << 4) | (c >> 2);
    byte++;
    if (byte >= start && byte < end) out[o++] = ((c & 3) << 6) | d;
    byte++;
  }
}
