/**
 * Persistence of the recall index as auxiliary store values (`StoreBatch.aux`). Documents are
 * cut by ordinal into segments of `segmentSize`; a manifest says how many there are. An add
 * only rewrites the last (tail) segment, a removal the segment holding the entry, and the
 * manifest changes only when a segment is started. Segments hold analyzed terms, so reopening
 * rebuilds postings without re-tokenizing a single entry. Values are plain JSON-safe data.
 * @module
 */

import type { Bm25Index, StoredDoc } from './bm25-index.js';
import { FIELD_COUNT } from './ranking.js';

/** Format version of manifest and segments. */
export const SEGMENT_FORMAT = 1;

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
  /** Epoch ms, `null` when unknown. */
  times: (number | null)[];
  /** 1 for a standalone document (a summary), else 0. */
  standalone: number[];
  /** `FIELD_COUNT` term counts per document. */
  lengths: number[];
  /** Document i's packed terms are `packed[offsets[i] … offsets[i + 1] - 1]`. */
  offsets: number[];
  /** `[slot, tf, …]` as in `StoredDoc.packed`. */
  packed: number[];
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
  const record: SegmentRecord = {
    format: SEGMENT_FORMAT,
    first,
    termStart,
    terms: index.termsBetween(termStart, index.termCountAt(end)),
    ids: [],
    times: [],
    standalone: [],
    lengths: [],
    offsets: [0],
    packed: [],
  };
  for (let o = first; o < end; o++) {
    const doc = index.docAt(o);
    record.ids.push(doc ? doc.id : null);
    record.times.push(doc && Number.isFinite(doc.time) ? doc.time : null);
    record.standalone.push(doc?.standalone ? 1 : 0);
    for (let f = 0; f < FIELD_COUNT; f++) record.lengths.push(doc ? (doc.lengths[f] ?? 0) : 0);
    if (doc) for (const v of doc.packed) record.packed.push(v);
    record.offsets.push(record.packed.length);
  }
  return record;
}

/** A manifest read back, or `undefined` when it is missing or not this format. */
export function readManifest(value: unknown, analyzer: number): ManifestRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const m = value as Partial<ManifestRecord>;
  if (m.format !== SEGMENT_FORMAT || m.analyzer !== analyzer) return undefined;
  if (!isCount(m.segmentSize) || m.segmentSize < 1 || !isCount(m.segments)) return undefined;
  return { format: m.format, analyzer: m.analyzer, segmentSize: m.segmentSize, segments: m.segments };
}

/**
 * Put segment `n` back into `index` (segments must come in order). Returns false, changing
 * nothing, when the value is not a well-formed segment that continues the index.
 */
export function restoreSegment(index: Bm25Index, value: unknown, n: number, segmentSize: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<SegmentRecord>;
  const { ids, times, standalone, lengths, offsets, packed, terms } = s;
  if (s.format !== SEGMENT_FORMAT || s.first !== n * segmentSize || s.first !== index.ordinals) return false;
  if (s.termStart !== index.termCount || !Array.isArray(terms) || !terms.every((t) => typeof t === 'string')) return false;
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > segmentSize) return false;
  const count = ids.length;
  if (!Array.isArray(times) || times.length !== count) return false;
  if (!Array.isArray(standalone) || standalone.length !== count) return false;
  if (!Array.isArray(lengths) || lengths.length !== count * FIELD_COUNT || !lengths.every(isCount)) return false;
  if (!Array.isArray(offsets) || offsets.length !== count + 1 || !Array.isArray(packed)) return false;
  if (offsets[0] !== 0 || offsets[count] !== packed.length) return false;
  const slotLimit = (index.termCount + terms.length) * FIELD_COUNT;
  for (let i = 0; i < packed.length; i += 2) {
    const slot = packed[i];
    if (!isCount(slot) || slot >= slotLimit || !isCount(packed[i + 1])) return false;
  }
  const docs: (StoredDoc | undefined)[] = [];
  for (let i = 0; i < count; i++) {
    const id = ids[i];
    const from = offsets[i];
    const to = offsets[i + 1];
    if (!isCount(from) || !isCount(to) || to < from || (to - from) % 2 !== 0) return false;
    if (id === null) {
      docs.push(undefined);
      continue;
    }
    if (typeof id !== 'string') return false;
    const time = times[i];
    const own = new Int32Array(to - from);
    for (let k = from; k < to; k++) own[k - from] = packed[k] as number;
    docs.push({
      id,
      time: typeof time === 'number' ? time : NaN,
      standalone: standalone[i] === 1,
      packed: own,
      lengths: lengths.slice(i * FIELD_COUNT, (i + 1) * FIELD_COUNT),
    });
  }
  docs.forEach((doc, i) => index.restore(n * segmentSize + i, doc));
  index.restoreTerms(terms);
  return true;
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}
