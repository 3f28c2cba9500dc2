/**
 * {@link decodeFrames} in slices of work, for reading a whole journal file on open (a session
 * restored or repaired): checksums are computed a part at a time and the thread is given back
 * between parts and between records, so a file of many megabytes does not hold the worker in
 * one task. One record's JSON is still parsed in one call (a snapshot is one record).
 * @module
 */
import { COST, type Slicer } from '../../slices/slicer.js';
import { crc32Update, CRC32_INIT, crc32Final } from './crc32.js';
import { FRAME_HEADER, FRAME_TRAILER, MAX_PAYLOAD, type DecodedFrames } from './frame.js';

/** Bytes checksummed between two looks at the slicer. */
const CRC_PART = 256 * 1024;

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The same result as `decodeFrames(bytes)`, giving the thread back between slices of `slicer`. */
export async function decodeFramesInSlices(bytes: Uint8Array, slicer: Slicer): Promise<DecodedFrames> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: unknown[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (bytes.length - offset < FRAME_HEADER) return { records, validBytes: offset, cut: 'torn' };
    const length = view.getUint32(offset, true);
    const sum = view.getUint32(offset + 4, true);
    if (length > MAX_PAYLOAD) return { records, validBytes: offset, cut: 'checksum' };
    const start = offset + FRAME_HEADER;
    if (bytes.length - start < length + FRAME_TRAILER) return { records, validBytes: offset, cut: 'torn' };
    let crc = CRC32_INIT;
    for (let at = start; at < start + length; at += CRC_PART) {
      const end = Math.min(at + CRC_PART, start + length);
      crc = crc32Update(crc, bytes.subarray(at, end));
      await slicer.step(end - at);
    }
    if (crc32Final(crc) !== sum || view.getUint32(start + length, true) !== length)
      return { records, validBytes: offset, cut: 'checksum' };
    try {
      records.push(JSON.parse(decoder.decode(bytes.subarray(start, start + length))));
    } catch {
      return { records, validBytes: offset, cut: 'payload' };
    }
    await slicer.step(COST.item + length * COST.copy);
    offset = start + length + FRAME_TRAILER;
  }
  return { records, validBytes: offset };
}
