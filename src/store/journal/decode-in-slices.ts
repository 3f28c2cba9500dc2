/**
 * {@link decodeFrames} in slices of work, for reading a whole journal file on open (a session
 * restored or repaired): checksums are computed a part at a time and the thread is given back
 * between parts and between records, so a file of many megabytes does not hold the worker in
 * one task. One record's JSON is still parsed in one call (a snapshot is one record).
 * @module
 */
import { COST, type Slicer } from '../../slices/slicer.js';
import { crc32 } from './crc32.js';
import { FRAME_TRAILER, frameAt, recordOf, type DecodedFrames } from './frame.js';

/** Bytes checksummed between two looks at the slicer. */
const CRC_PART = 256 * 1024;

/** The same result as `decodeFrames(bytes)`, giving the thread back between slices of `slicer`. */
export async function decodeFramesInSlices(bytes: Uint8Array, slicer: Slicer): Promise<DecodedFrames> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: unknown[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const frame = frameAt(bytes, view, offset);
    if ('cut' in frame) return { records, validBytes: offset, cut: frame.cut };
    const { start, length } = frame;
    let crc = 0;
    for (let at = start; at < start + length; at += CRC_PART) {
      const end = Math.min(at + CRC_PART, start + length);
      crc = crc32(bytes.subarray(at, end), crc);
      await slicer.step(end - at);
    }
    const read = recordOf(bytes, view, frame, crc);
    if ('cut' in read) return { records, validBytes: offset, cut: read.cut };
    records.push(read.record);
    await slicer.step(COST.item + length * COST.copy);
    offset = start + length + FRAME_TRAILER;
  }
  return { records, validBytes: offset };
}
