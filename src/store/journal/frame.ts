/**
 * The journal's framing: each record is `[length u32 LE][crc32 u32 LE][payload][length u32 LE]`,
 * the payload UTF-8 JSON. Reading stops at the first frame that is incomplete or whose checksum
 * does not match: a torn tail (a write cut by a crash) is cut there, never replayed. The length
 * repeated at the end lets an open read the last record alone, from the end of the file.
 * @module
 */
import { crc32 } from './crc32.js';

/** Bytes before each payload: length and checksum. */
export const FRAME_HEADER = 8;
/** Bytes after each payload: the length again. */
export const FRAME_TRAILER = 4;
/** A larger length field can only be garbage: no record is near this size. */
export const MAX_PAYLOAD = 256 * 1024 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** One record framed, ready to append. */
export function encodeFrame(value: unknown): Uint8Array {
  const payload = encoder.encode(JSON.stringify(value));
  const out = new Uint8Array(FRAME_HEADER + payload.length + FRAME_TRAILER);
  const view = new DataView(out.buffer);
  view.setUint32(0, payload.length, true);
  view.setUint32(4, crc32(payload), true);
  out.set(payload, FRAME_HEADER);
  view.setUint32(FRAME_HEADER + payload.length, payload.length, true);
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

/** Where a frame's payload lies in the bytes read. */
export interface FrameSpan {
  start: number;
  length: number;
  /** The checksum the frame states. */
  sum: number;
}

/** The frame at `offset` of `bytes` (`view` over them), or why none is whole there (its checksum not yet checked). */
export function frameAt(bytes: Uint8Array, view: DataView, offset: number): FrameSpan | { cut: 'torn' | 'checksum' } {
  if (bytes.length - offset < FRAME_HEADER) return { cut: 'torn' };
  const length = view.getUint32(offset, true);
  const sum = view.getUint32(offset + 4, true);
  if (length > MAX_PAYLOAD) return { cut: 'checksum' };
  const start = offset + FRAME_HEADER;
  if (bytes.length - start < length + FRAME_TRAILER) return { cut: 'torn' };
  return { start, length, sum };
}

/** The record of a whole frame whose payload's CRC-32 is `crc`, or why it is not intact. */
export function recordOf(
  bytes: Uint8Array,
  view: DataView,
  frame: FrameSpan,
  crc: number,
): { record: unknown } | { cut: 'checksum' | 'payload' } {
  const { start, length, sum } = frame;
  if (crc !== sum || view.getUint32(start + length, true) !== length) return { cut: 'checksum' };
  try {
    return { record: JSON.parse(decoder.decode(bytes.subarray(start, start + length))) };
  } catch {
    return { cut: 'payload' };
  }
}

/** Read every intact record from the start of `bytes`, stopping at the first damaged one. */
export function decodeFrames(bytes: Uint8Array): DecodedFrames {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: unknown[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const frame = frameAt(bytes, view, offset);
    if ('cut' in frame) return { records, validBytes: offset, cut: frame.cut };
    const read = recordOf(bytes, view, frame, crc32(bytes.subarray(frame.start, frame.start + frame.length)));
    if ('cut' in read) return { records, validBytes: offset, cut: read.cut };
    records.push(read.record);
    offset = frame.start + frame.length + FRAME_TRAILER;
  }
  return { records, validBytes: offset };
}

/**
 * The last record of a file, read from its end: `readAt(at, length)` reads bytes of the file
 * of `size` bytes. `undefined` when the last frame is not intact (a torn tail: read it all).
 */
export async function readLastFrame(
  size: number,
  readAt: (at: number, length: number) => Promise<Uint8Array>,
): Promise<unknown> {
  if (size < FRAME_HEADER + FRAME_TRAILER) return undefined;
  const tail = await readAt(size - FRAME_TRAILER, FRAME_TRAILER);
  const length = new DataView(tail.buffer, tail.byteOffset, tail.byteLength).getUint32(0, true);
  const start = size - FRAME_TRAILER - length - FRAME_HEADER;
  if (length > MAX_PAYLOAD || start < 0) return undefined;
  const frame = await readAt(start, FRAME_HEADER + length + FRAME_TRAILER);
  const decoded = decodeFrames(frame);
  return decoded.cut === undefined && decoded.records.length === 1 ? decoded.records[0] : undefined;
}
