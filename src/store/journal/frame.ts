/**
 * The journal's framing: each record is `[length u32 LE][crc32 u32 LE][payload]`, the payload
 * UTF-8 JSON. Reading stops at the first frame that is incomplete or whose checksum does not
 * match: a torn tail (a write cut by a crash) is cut there, never replayed.
 * @module
 */
import { crc32 } from './crc32.js';

/** Bytes before each payload: length and checksum. */
export const FRAME_HEADER = 8;
/** A larger length field can only be garbage: no record is near this size. */
const MAX_PAYLOAD = 256 * 1024 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** One record framed, ready to append. */
export function encodeFrame(value: unknown): Uint8Array {
  const payload = encoder.encode(JSON.stringify(value));
  const out = new Uint8Array(FRAME_HEADER + payload.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, payload.length, true);
  view.setUint32(4, crc32(payload), true);
  out.set(payload, FRAME_HEADER);
  return out;
}

/** What {@link decodeFrames} found. */
export interface DecodedFrames {
  /** The intact records, in order. */
  records: unknown[];
  /** Bytes of the intact prefix: the file should be cut to this length. */
  validBytes: number;
  /** Why reading stopped before the end (`undefined` when the whole file was intact). */
  cut?: 'torn' | 'checksum' | 'payload';
}

/** Read every intact record from the start of `bytes`, stopping at the first damaged one. */
export function decodeFrames(bytes: Uint8Array): DecodedFrames {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: unknown[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (bytes.length - offset < FRAME_HEADER) return { records, validBytes: offset, cut: 'torn' };
    const length = view.getUint32(offset, true);
    const sum = view.getUint32(offset + 4, true);
    if (length > MAX_PAYLOAD) return { records, validBytes: offset, cut: 'checksum' };
    const start = offset + FRAME_HEADER;
    if (bytes.length - start < length) return { records, validBytes: offset, cut: 'torn' };
    const payload = bytes.subarray(start, start + length);
    if (crc32(payload) !== sum) return { records, validBytes: offset, cut: 'checksum' };
    try {
      records.push(JSON.parse(decoder.decode(payload)));
    } catch {
      return { records, validBytes: offset, cut: 'payload' };
    }
    offset = start + length;
  }
  return { records, validBytes: offset };
}
