/**
 * Persistence of the recall index as auxiliary store values (`StoreBatch.aux`). Documents are
 * cut by ordinal into segments of `segmentSize`; a manifest says how many there are. An add
 * only rewrites the last (tail) segment, a removal the segment holding the entry, and the
 * manifest changes only when a segment is started. Segments hold analyzed terms, so reopening
 * rebuilds postings without re-tokenizing a single entry. Values are plain JSON-safe data: each
 * document's terms are its record string (`term-record.ts`), a segment's records one string.
 * @module
 */

import type { Bm25Index } from './bm25-index.js';
import { FIELD_COUNT } from './ranking.js';
import { readRecordInto } from './term-record.js';
import type { Cursor } from './term-record.js';
import { TF_ESCAPE } from './postings.js';
import { decodeTimes, encodeTimes } from './segment-times.js';
import { COST, type Slicer } from '../../slices/slicer.js';

/**
 * Format version of manifest and segments written (2: terms as record strings; 3: times as
 * digits, `segment-times.ts`). Format 2 is still read, and a segment of either may follow the other.
 */
export const SEGMENT_FORMAT = 3;
/** Formats read. */
const READ_FORMATS: readonly number[] = [2, 3];

/** The manifest value. */
export interface ManifestRecord {
  format: number;
  /** `ANALYZER_VERSION` of the analysis that made the terms. */
  analyzer: number;
  segmentSize: number;
  /** Segments `0 … segments - 1` exist. */
  segments: number;
}

/** One segment value: the documents with ordinals `first … first + ids.length - 1`. */
export interface SegmentRecord {
  format: number;
  first: number;
  /** Id of the first dictionary term introduced by this segment. */
  termStart: number;
  /** Terms first seen in this segment, in id order. */
  terms: string[];
  /** `null` where the entry was removed. */
  ids: (string | null)[];
  /**
   * Epoch ms, `null` when unknown or removed; from format 3 mostly as digits (`segment-times.ts`).
   */
  times: string | (number | null)[];
  /** The records (`term-record.ts`) of the live documents, in order, one after the other. */
  packed: string;
}

/** Key of the manifest. */
export const manifestKey = (prefix: string): string => `${prefix}manifest`;
/** Key of segment `n`. */
export const segmentKey = (prefix: string, n: number): string => `${prefix}seg:${n}`;

/** Segment `n` of `index` as a plain value. */
export function encodeSegment(index: Bm25Index, n: number, segmentSize: number): SegmentRecord {
  const first = n * segmentSize;
  const end = Math.min(first + segmentSize, index.ordinals);
  const termStart = index.termCountAt(first);
  const ids: (string | null)[] = [];
  const times: (number | null)[] = [];
  const records: string[] = [];
  for (let o = first; o < end; o++) {
    const id = index.idAt(o);
    const time = index.timeAt(o);
    ids.push(id ?? null);
    times.push(id !== undefined && Number.isFinite(time) ? time : null);
    if (id !== undefined) records.push(index.recordAt(o) as string);
  }
  const terms = index.termsBetween(termStart, index.termCountAt(end));
  return {
    format: SEGMENT_FORMAT,
    first,
    termStart,
    terms,
    ids,
    times: encodeTimes(times),
    packed: records.join(''),
  };
}

/** A manifest read back, or `undefined` when it is missing or of a format not read. */
export function readManifest(value: unknown, analyzer: number): ManifestRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const m = value as Partial<ManifestRecord>;
  if (!READ_FORMATS.includes(m.format as number) || m.analyzer !== analyzer) return undefined;
  if (!isCount(m.segmentSize) || m.segmentSize < 1 || !isCount(m.segments)) return undefined;
  return { format: m.format as number, analyzer: m.analyzer, segmentSize: m.segmentSize, segments: m.segments };
}

/** Segments checked by {@link checkSegments}, ready to restore. */
export interface CheckedSegments {
  segments: SegmentRecord[];
  /** Documents in all (the next ordinal once restored). */
  ordinals: number;
  /** By slot: the posting words the segments hold (`Bm25Index.reserve`). */
  words: Uint32Array;
  /** By segment: where each live document's record starts in `packed`, and where the last ends. */
  bounds: Uint32Array[];
  /**
   * The live documents' records, decoded once (`readRecordInto`: flags, lengths, count, then
   * slot and frequency pairs), one after the other in ordinal order.
   */
  decoded: Int32Array;
  /** By ordinal: the documents' times (NaN when unknown). */
  times: Float64Array;
}

/** The value as a segment record of the right shape, or `undefined`. */
function segmentShape(value: unknown, segmentSize: number): SegmentRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const s = value as Partial<SegmentRecord>;
  const { ids, times, packed, terms } = s;
  if (!READ_FORMATS.includes(s.format as number) || !isCount(s.first) || !isCount(s.termStart)) return undefined;
  if (!Array.isArray(terms) || !terms.every((t) => typeof t === 'string')) return undefined;
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > segmentSize) return undefined;
  if (typeof packed !== 'string' || (s.format === 2 && !Array.isArray(times))) return undefined;
  return s as SegmentRecord;
}

/**
 * Check stored segments `0 … n - 1` before restoring any (each must continue the one before,
 * its records well formed), counting each slot's posting words so the index sizes its lists
 * once. `undefined` when any value is not such a segment.
 */
export async function checkSegments(
  values: readonly unknown[],
  segmentSize: number,
  slicer?: Slicer,
): Promise<CheckedSegments | undefined> {
  const segments: SegmentRecord[] = [];
  let totalTerms = 0;
  let totalChars = 0;
  for (const value of values) {
    const s = segmentShape(value, segmentSize);
    if (!s) return undefined;
    segments.push(s);
    totalTerms += s.terms.length;
    totalChars += s.packed.length;
  }
  const words = new Uint32Array(totalTerms * FIELD_COUNT);
  // Every decoded number took one character at least: the records' characters bound them.
  const decoded = new Int32Array(totalChars);
  const times = new Float64Array(segments.length * segmentSize);
  const bounds: Uint32Array[] = [];
  let at = 0;
  let ordinals = 0;
  let termCount = 0;
  for (const [n, s] of segments.entries()) {
    if (s.first !== n * segmentSize || s.first !== ordinals || s.termStart !== termCount) return undefined;
    termCount += s.terms.length;
    const slotLimit = termCount * FIELD_COUNT;
    const cursor: Cursor = { text: s.packed, pos: 0 };
    const starts: number[] = [];
    if (!decodeTimes(s.times, s.ids.length, times, ordinals)) return undefined;
    for (let i = 0; i < s.ids.length; i++) {
      const id = s.ids[i];
      if (id === null) continue;
      if (typeof id !== 'string') return undefined;
      starts.push(cursor.pos);
      const end = readRecordInto(cursor, slotLimit, decoded, at);
      if (end < 0) return undefined;
      for (let p = at + PAIRS_AT; p < end; p += 2) {
        const slot = decoded[p] as number;
        words[slot] = (words[slot] as number) + ((decoded[p + 1] as number) >= TF_ESCAPE ? 2 : 1);
      }
      at = end;
    }
    if (cursor.pos !== s.packed.length) return undefined;
    starts.push(cursor.pos);
    bounds.push(Uint32Array.from(starts));
    ordinals += s.ids.length;
    if (slicer?.spend(COST.item + s.packed.length * COST.copy)) await slicer.pause();
  }
  return { segments, ordinals, words, bounds, decoded, times };
}

/** Where a decoded record's pairs start, after its flags, lengths and count. */
const PAIRS_AT = FIELD_COUNT + 2;

/** Reading position in `CheckedSegments.decoded`, carried from segment to segment. */
export interface RestoreCursor {
  at: number;
}

/**
 * Put checked segment `n` back into `index` (segments in order, after `Bm25Index.reserve`, with
 * one cursor starting at 0 for all of them).
 */
export function restoreSegment(index: Bm25Index, checked: CheckedSegments, n: number, cursor: RestoreCursor): void {
  const { ids, packed, terms, first } = checked.segments[n]!;
  const bounds = checked.bounds[n]!;
  const { decoded, times } = checked;
  let live = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (id === null || id === undefined) {
      index.restore(first + i, undefined);
      continue;
    }
    const record = packed.slice(bounds[live] as number, bounds[live + 1] as number);
    live++;
    const at = cursor.at;
    index.restore(first + i, { id, time: times[first + i] as number, record, decoded, at });
    cursor.at = at + PAIRS_AT + 2 * (decoded[at + PAIRS_AT - 1] as number);
  }
  index.restoreTerms(terms);
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}
