/**
 * A journal frame ({@link encodeFrame}'s bytes exactly) made in slices of work: a record of
 * 100,000 entries is tens of megabytes of JSON, and its text, UTF-8 bytes and checksum made at
 * once held the worker for a second or more. The JSON is written piece by piece (a container
 * with many members one member at a time), encoded and checksummed in chunks, giving the
 * thread back between slices. A small record (a chat turn's batch) is framed at once, with no
 * pause: the result is then bytes, not a promise.
 * @module
 */
import { COST, SLICE_UNITS, type Slicer } from '../../slices/slicer.js';
import { crc32 } from './crc32.js';
import { FRAME_HEADER, FRAME_TRAILER } from './frame.js';

/** Units framed at once before the rest goes in slices (a tenth of a slice, well under a millisecond). */
export const FRAME_AT_ONCE_UNITS = SLICE_UNITS / 10;
/** Characters of JSON encoded to UTF-8 and checksummed in one go. */
const CHUNK_CHARS = 1 << 16;
/** A container with more members than this is written one member at a time. */
const SPLIT_MEMBERS = 32;
/** Containers this deep or deeper are written whole. */
const MAX_SPLIT_DEPTH = 6;

const encoder = new TextEncoder();

/**
 * The frame of `value`, as {@link encodeFrame} makes it: bytes when it is small, else a promise
 * of them, made in slices of `slicer()`'s. Throws what `JSON.stringify` throws.
 */
export function encodeFrameInSlices(value: unknown, slicer: () => Slicer): Uint8Array | Promise<Uint8Array> {
  const framing = startFrame(value);
  let spent = 0;
  for (;;) {
    const step = framing.next();
    if (step.done) return step.value;
    spent += step.value;
    if (spent >= FRAME_AT_ONCE_UNITS) return goOnInSlices(framing, slicer());
  }
}

async function goOnInSlices(framing: Generator<number, Uint8Array>, slicer: Slicer): Promise<Uint8Array> {
  await slicer.pause();
  for (;;) {
    const step = framing.next();
    if (step.done) return step.value;
    if (slicer.spend(step.value)) await slicer.pause();
  }
}

/** Frame `value`, yielding the units of each step of work; returns the frame. */
function* startFrame(value: unknown): Generator<number, Uint8Array> {
  const chunks: Uint8Array[] = [];
  let crc = 0;
  let length = 0;
  let text: string[] = [];
  let chars = 0;
  const encodeText = (): number => {
    const bytes = encoder.encode(text.join(''));
    text = [];
    chars = 0;
    chunks.push(bytes);
    crc = crc32(bytes, crc);
    length += bytes.length;
    return bytes.length * 2 * COST.copy;
  };
  for (const piece of jsonPieces(value, 0)) {
    text.push(piece);
    chars += piece.length;
    yield COST.item / 10 + piece.length * COST.copy;
    if (chars >= CHUNK_CHARS) yield encodeText();
  }
  if (chars > 0) yield encodeText();
  const out = new Uint8Array(FRAME_HEADER + length + FRAME_TRAILER);
  const view = new DataView(out.buffer);
  view.setUint32(0, length, true);
  view.setUint32(4, crc, true);
  let at = FRAME_HEADER;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
    yield chunk.length * COST.copy;
  }
  view.setUint32(FRAME_HEADER + length, length, true);
  return out;
}

/**
 * `JSON.stringify(value)` in pieces that join into exactly its text: arrays and plain objects
 * with many members (or near the top) member by member, anything else whole.
 */
export function* jsonPieces(value: unknown, depth: number): Generator<string> {
  if (!splittable(value, depth)) {
    yield JSON.stringify(value);
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      const item: unknown = value[i];
      if (omitted(item)) yield 'null';
      else yield* jsonPieces(item, depth + 1);
    }
    yield ']';
    return;
  }
  const object = value as Record<string, unknown>;
  let first = true;
  yield '{';
  for (const key of Object.keys(object)) {
    const member = object[key];
    if (omitted(member)) continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonPieces(member, depth + 1);
  }
  yield '}';
}

/** A value `JSON.stringify` leaves out of an object (and writes as `null` in an array). */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** An array or plain object worth writing member by member (no `toJSON`, which JSON.stringify would call). */
function splittable(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null || depth >= MAX_SPLIT_DEPTH) return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) return depth < 2 || value.length > SPLIT_MEMBERS;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return depth < 2 || Object.keys(value).length > SPLIT_MEMBERS;
}
