/**
 * Persistence of the recall index as auxiliary store values (`StoreBatch.aux`). Documents are
 * cut by ordinal into segments of `segmentSize`; a manifest says how many there are. An add
 * only rewrites the last (tail) segment, a removal the segment holding the entry, and the
 * manifest changes only when a segment is started. Segments hold analyzed terms, so reopening
 * rebuilds postings without re-tokenizing a single entry. Values are plain JSON-safe data: each
 * document's terms are its record string (`term-record.ts`), a segment's records one string.
 * @module
 */

import type { Bm25Index, RestoredDoc } from './bm25-index.js';
import { FIELD_COUNT } from './ranking.js';
import { createHead, readHead, readTerms } from './term-record.js';
import type { Cursor } from './term-record.js';

/** Format version of manifest and segments (2: terms as record strings). */
export const SEGMENT_FORMAT = 2;

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
  /** Epoch ms, `null` when unknown or removed. */
  times: (number | null)[];
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
  return { format: SEGMENT_FORMAT, first, termStart, terms, ids, times, packed: records.join('') };
}

/** A manifest read back, or `undefined` when it is missing or not this format. */
export function readManifest(value: unknown, analyzer: number): ManifestRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const m = value as Partial<ManifestRecord>;
  if (m.format !== SEGMENT_FORMAT || m.analyzer !== analyzer) return undefined;
  if (!isCount(m.segmentSize) || m.segmentSize < 1 || !isCount(m.segments)) return undefined;
  return { format: m.format, analyzer: m.analyzer, segmentSize: m.segmentSize, segments: m.segments };
}

const head = createHead();

/** Step over one well-formed record; false when it is not one. */
function skipRecord(c: Cursor, slotLimit: number): boolean {
  return readHead(c, head) && readTerms(c, head.count, slotLimit);
}

/**
 * Put segment `n` back into `index` (segments must come in order). Returns false, changing
 * nothing, when the value is not a well-formed segment that continues the index.
 */
export function restoreSegment(index: Bm25Index, value: unknown, n: number, segmentSize: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<SegmentRecord>;
  const { ids, times, packed, terms } = s;
  if (s.format !== SEGMENT_FORMAT || s.first !== n * segmentSize || s.first !== index.ordinals) return false;
  if (s.termStart !== index.termCount || !Array.isArray(terms) || !terms.every((t) => typeof t === 'string'))
    return false;
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > segmentSize) return false;
  const count = ids.length;
  if (!Array.isArray(times) || times.length !== count || typeof packed !== 'string') return false;
  const slotLimit = (index.termCount + terms.length) * FIELD_COUNT;
  const cursor: Cursor = { text: packed, pos: 0 };
  const docs: (RestoredDoc | undefined)[] = [];
  for (let i = 0; i < count; i++) {
    const id = ids[i];
    if (id === null) {
      docs.push(undefined);
      continue;
    }
    const time = times[i];
    if (typeof id !== 'string' || (time !== null && typeof time !== 'number')) return false;
    const from = cursor.pos;
    if (!skipRecord(cursor, slotLimit)) return false;
    docs.push({ id, time: time ?? NaN, record: packed.slice(from, cursor.pos) });
  }
  if (cursor.pos !== packed.length) return false;
  docs.forEach((doc, i) => index.restore(n * segmentSize + i, doc));
  index.restoreTerms(terms);
  return true;
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}
