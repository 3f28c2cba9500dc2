/**
 * The inverted index behind recall: integer term ids, packed postings (`postings.ts`),
 * per-document columns in typed arrays and each document's terms as a record string
 * (`term-record.ts`). Documents are added already analyzed into fields (`ranking.ts`);
 * searching is `bm25-search.ts`, persistence `segments.ts`.
 * @module
 */

import { createSearcher, type SlicedSearcher } from './bm25-search.js';
import type { SearchHit, TermStats } from '../types.js';
import { createState, openOrdinal, putDecoded, putDoc, removeDoc, reserveOrdinals, termId } from './index-state.js';
import { endReserved, reservePostings } from './postings.js';
import { FIELD_COUNT, SPEAKER_FIELD } from './ranking.js';
import type { RankingOptions } from './ranking.js';
import { encodeRecord } from './term-record.js';

export type { SearchHit } from '../types.js';

/** A persisted document to put back with {@link Bm25Index.restore}. */
export interface RestoredDoc {
  id: string;
  /** Epoch ms, NaN when unknown. */
  time: number;
  /** Its well-formed record (`term-record.ts`), terms already in the dictionary. */
  record: string;
  /** The record decoded (`readRecordInto`), from `at` on. */
  decoded: Int32Array;
  at: number;
}

/** The inverted index; see the module description. */
export interface Bm25Index {
  /** Live documents. */
  readonly size: number;
  /** Ordinals handed out so far (the next document's ordinal). */
  readonly ordinals: number;
  /** Terms known so far (ids `0 … termCount - 1`, in first-seen order). */
  readonly termCount: number;
  /**
   * Add a document given as terms per field (a known id is replaced). Returns its ordinal.
   * A `standalone` document (a summary) takes no part in neighbouring-turn context or episodes.
   */
  add(id: string, fields: readonly (readonly string[])[], time: number, standalone?: boolean): number;
  /** Remove a document; returns its ordinal, or -1 when unknown. */
  remove(id: string): number;
  /** The ordinal of a live document, or -1. */
  ordinalOf(id: string): number;
  /** The id at an ordinal, `undefined` when removed or never added. */
  idAt(ordinal: number): string | undefined;
  /** The time (epoch ms, NaN when unknown) of the document at an ordinal. */
  timeAt(ordinal: number): number;
  /** The record of the live document at an ordinal (`term-record.ts`), else `undefined`. */
  recordAt(ordinal: number): string | undefined;
  /** Dictionary size just before the document at `ordinal` was added (`termCount` past the end). */
  termCountAt(ordinal: number): number;
  /** Term strings of the ids `from … to - 1`. */
  termsBetween(from: number, to: number): string[];
  /** Put a persisted document back at `ordinal` (≥ `ordinals`); `undefined` keeps a removed one's place. */
  restore(ordinal: number, doc: RestoredDoc | undefined): void;
  /**
   * Before restoring `ordinals` documents into an empty index: size the columns and each slot's
   * posting list (`words[slot]`, counted by `checkSegments`) once.
   */
  reserve(ordinals: number, words: Uint32Array): void;
  /**
   * After the restores: hand out the posting lists of slots `from … to - 1` (in slices for a
   * large index); the index is searched or changed only once every slot is ended.
   */
  endRestore(from: number, to: number): void;
  /** Extend the dictionary with persisted terms, in id order. */
  restoreTerms(terms: readonly string[]): void;
  /** The best documents for analyzed query terms, best first; scored with `stats` when given. */
  search(
    terms: readonly string[],
    topK: number,
    ranking: RankingOptions,
    filter?: (id: string) => boolean,
    stats?: TermStats,
  ): SearchHit[];
  /** {@link Bm25Index.search} in slices of work (`bm25-search.ts`): the same hits. */
  searchInSlices: SlicedSearcher;
  /** The statistics `search` scores `terms` with (to sum over several indexes). */
  termStats(terms: readonly string[], ranking: RankingOptions): TermStats;
  /** Whether an analyzed term is in the speaker field of some document (a name or a role). */
  inSpeakerField(term: string): boolean;
}

/** An empty {@link Bm25Index}. */
export function createBm25Index(): Bm25Index {
  const state = createState();
  const { search, searchInSlices, termStats } = createSearcher(state);
  // Term frequencies in a scratch array indexed by slot: no map per document.
  let counts: Int32Array = new Int32Array(1024);
  let slots: Int32Array = new Int32Array(256);
  const pairs: number[] = [];
  const lengths: number[] = new Array<number>(FIELD_COUNT).fill(0);
  return {
    get size() {
      return state.live;
    },
    get ordinals() {
      return state.ids.length;
    },
    get termCount() {
      return state.termStrings.length;
    },
    add(id, fields, time, standalone = false) {
      removeDoc(state, id);
      const ordinal = openOrdinal(state);
      let n = 0;
      for (let f = 0; f < FIELD_COUNT; f++) {
        const terms = fields[f] ?? [];
        lengths[f] = terms.length;
        for (const t of terms) {
          const slot = termId(state, t) * FIELD_COUNT + f;
          if (slot >= counts.length) counts = grown(counts, slot + 1);
          if (counts[slot] === 0) {
            if (n === slots.length) slots = grown(slots, n + 1);
            slots[n++] = slot;
          }
          counts[slot] = (counts[slot] as number) + 1;
        }
      }
      // Ascending slots: records store the gaps, which are small.
      const sorted = slots.subarray(0, n).sort();
      pairs.length = 0;
      for (let i = 0; i < n; i++) {
        const slot = sorted[i] as number;
        pairs.push(slot, counts[slot] as number);
        counts[slot] = 0;
      }
      const record = encodeRecord(standalone, lengths, pairs, n);
      putDoc(state, { id, time, standalone, lengths, record, pairs, count: n }, ordinal);
      return ordinal;
    },
    remove(id) {
      return removeDoc(state, id);
    },
    ordinalOf(id) {
      return state.ordinalById.get(id) ?? -1;
    },
    idAt(ordinal) {
      return state.ids[ordinal];
    },
    timeAt(ordinal) {
      return ordinal < state.ids.length ? (state.times[ordinal] as number) : NaN;
    },
    recordAt(ordinal) {
      return state.records[ordinal];
    },
    termCountAt(ordinal) {
      return ordinal < state.ids.length ? (state.dictAt[ordinal] as number) : state.termStrings.length;
    },
    termsBetween(from, to) {
      return state.termStrings.slice(from, to);
    },
    reserve(ordinals, words) {
      reserveOrdinals(state, ordinals);
      reservePostings(state.postings, words);
    },
    endRestore(from, to) {
      endReserved(state.postings, from, to);
    },
    restore(ordinal, doc) {
      while (state.ids.length <= ordinal) openOrdinal(state);
      if (doc === undefined) return;
      putDecoded(state, ordinal, doc.id, doc.time, doc.record, doc.decoded, doc.at, lengths);
    },
    restoreTerms(terms) {
      for (const t of terms) termId(state, t);
    },
    search,
    searchInSlices,
    termStats,
    inSpeakerField(term) {
      const id = state.termIds.get(term);
      return id !== undefined && (state.postings.sizes[id * FIELD_COUNT + SPEAKER_FIELD] ?? 0) > 0;
    },
  };
}

function grown(a: Int32Array, need: number): Int32Array {
  const next = new Int32Array(Math.max(need, a.length * 2));
  next.set(a);
  return next;
}
