/**
 * A built rank table in the compact form kept in IndexedDB (`rank-cache.ts`): the inflated rank
 * file, a bitmap of the hash table's filled slots, and the ranks of the filled slots in slot
 * order (3 bytes each). The token offsets are not kept: they are the running sum of the token
 * lengths the file holds. For `o200k_base` that is 2.3 MB where the table as it is in memory
 * (file, 2^19 slots of 4 bytes, 200,000 offsets of 4 bytes) is 4.5 MB: a warm start reads half
 * as many bytes (on Firefox the kept table's read was the last thing a warm start waited for),
 * then puts the slots back in place in one pass over the bitmap.
 * @module
 */
import { tokenOffsets, type RankTableParts } from './rank-table.js';
import type { TiktokenEncoding } from './types.js';

/** "RKT2": the compact form (the table as it is in memory is "RKT1", `rank-cache.ts`). */
const COMPACT_MAGIC = [0x52, 0x4b, 0x54, 0x32];
/** Magic, the file's length, the number of slots, the number of filled slots: 4 bytes each. */
const PREFIX = 16;

/** Whether `bytes` open as a compact table does: its magic, and a whole prefix. */
export function isCompactTable(bytes: Uint8Array): boolean {
  return bytes.length >= PREFIX && COMPACT_MAGIC.every((b, i) => bytes[i] === b);
}

/** The largest rank + 1 three bytes hold. */
const MAX_SLOT_VALUE = 0xffffff;

/**
 * A built table's parts as the compact form's bytes, in order: the prefix, the file, the bitmap
 * (one bit per slot, slot `i` at bit `i % 8` of byte `i >> 3`), the filled slots' values (rank + 1,
 * little-endian, 3 bytes each). `undefined` when a rank does not fit in 3 bytes or the slots do not
 * fill whole bytes of the bitmap.
 */
export function compactTableBytes(parts: RankTableParts): Uint8Array[] | undefined {
  const { file, slots } = parts;
  if (slots.length % 8 !== 0) return undefined;
  const bitmap = new Uint8Array((slots.length + 7) >> 3);
  let filled = 0;
  for (let i = 0; i < slots.length; i++) {
    const value = slots[i]!;
    if (value < 0 || value > MAX_SLOT_VALUE) return undefined;
    if (value !== 0) filled++;
  }
  const values = new Uint8Array(filled * 3);
  for (let i = 0, at = 0; i < slots.length; i++) {
    const value = slots[i]!;
    if (value === 0) continue;
    bitmap[i >> 3]! |= 1 << (i & 7);
    values[at++] = value & 0xff;
    values[at++] = (value >> 8) & 0xff;
    values[at++] = value >> 16;
  }
  const prefix = new Uint8Array(PREFIX);
  prefix.set(COMPACT_MAGIC);
  const view = new DataView(prefix.buffer);
  view.setUint32(4, file.length, true);
  view.setUint32(8, slots.length, true);
  view.setUint32(12, filled, true);
  return [prefix, file, bitmap, values];
}

/**
 * The parts in the compact form's `bytes` (the slots put back in place, the offsets summed from
 * the file's token lengths) as steps to run in order, then the parts: a warm start runs them with
 * a task between them, so what else it is opening (the journal's files, the database) is answered
 * meanwhile. Not checked against the file beyond their sizes: the caller checks the table
 * (`rankTableFromParts`).
 * @throws {Error} from the steps or `parts()` when the bytes are not a compact table (sizes that do not add up).
 */
export function compactTableSteps(
  bytes: Uint8Array,
  encoding: TiktokenEncoding,
): { steps: (() => void)[]; parts: () => RankTableParts } {
  if (!isCompactTable(bytes)) throw new Error('not a compact table');
  const view = new DataView(bytes.buffer, bytes.byteOffset, PREFIX);
  const fileLength = view.getUint32(4, true);
  const slotCount = view.getUint32(8, true);
  const filled = view.getUint32(12, true);
  const bitmapAt = PREFIX + fileLength;
  const valuesAt = bitmapAt + ((slotCount + 7) >> 3);
  if (slotCount % 8 !== 0 || valuesAt + filled * 3 !== bytes.length) throw new Error('compact table cut short');
  const file = bytes.subarray(PREFIX, bitmapAt);
  let summed: { offsets: Uint32Array; longest: number } | undefined;
  const slots = new Int32Array(slotCount);
  let at = valuesAt;
  // One plain pass over the slots (a loop over the set bits alone took Firefox longer).
  const place = (from: number, to: number): void => {
    // Locals, not the closure's variables: this loop runs once, mostly before it is optimized.
    const b = bytes;
    const out = slots;
    let next = at;
    for (let byte = from >> 3; byte < to >> 3; byte++) {
      const bits = b[bitmapAt + byte]!;
      if (bits === 0) continue;
      for (let bit = 0; bit < 8; bit++) {
        if ((bits >> bit) & 1) {
          out[(byte << 3) | bit] = b[next]! | (b[next + 1]! << 8) | (b[next + 2]! << 16);
          next += 3;
        }
      }
    }
    at = next;
  };
  // Halves on a byte of the bitmap (slot counts are powers of two).
  const half = (slotCount >>> 4) << 3;
  return {
    steps: [() => (summed = tokenOffsets(file, encoding)), () => place(0, half), () => place(half, slotCount)],
    parts: () => {
      if (!summed || at !== bytes.length) throw new Error('compact table: filled slots and values do not match');
      return { file, slots, ...summed };
    },
  };
}

/** {@link compactTableSteps} run at once. */
export function compactTableParts(bytes: Uint8Array, encoding: TiktokenEncoding): RankTableParts {
  const { steps, parts } = compactTableSteps(bytes, encoding);
  for (const step of steps) step();
  return parts();
}
