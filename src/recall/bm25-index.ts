/**
 * The inverted index behind recall: integer term ids, postings as packed number arrays,
 * per-document columns in typed arrays. Documents are added already analyzed into fields
 * (`ranking.ts`); searching is `bm25-search.ts`, persistence `segments.ts`.
 * @module
 */

import { createSearcher } from './bm25-search.js';
import type { SearchHit } from './bm25-search.js';
import { createState, putDoc, removeDoc, termId } from './index-state.js';
import type { StoredDoc } from './index-state.js';
import { FIELD_COUNT } from './ranking.js';
import type { RankingOptions } from './ranking.js';

export type { SearchHit } from './bm25-search.js';
export type { StoredDoc } from './index-state.js';

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
  /** The document at an ordinal, `undefined` when removed or never added. */
  docAt(ordinal: number): StoredDoc | undefined;
  /** Dictionary size just before the document at `ordinal` was added (`termCount` past the end). */
  termCountAt(ordinal: number): number;
  /** Term strings of the ids `from … to - 1`. */
  termsBetween(from: number, to: number): string[];
  /** Put a persisted document back at `ordinal` (≥ `ordinals`); `undefined` keeps a removed one's place. */
  restore(ordinal: number, doc: StoredDoc | undefined): void;
  /** Extend the dictionary with persisted terms, in id order. */
  restoreTerms(terms: readonly string[]): void;
  /** The best documents for analyzed query terms, best first. */
  search(terms: readonly string[], topK: number, ranking: RankingOptions, filter?: (id: string) => boolean): SearchHit[];
}

/** An empty {@link Bm25Index}. */
export function createBm25Index(): Bm25Index {
  const state = createState();
  const search = createSearcher(state);
  let counts: Int32Array = new Int32Array(1024);
  const slots: number[] = [];
  return {
    get size() {
      return state.live;
    },
    get ordinals() {
      return state.docs.length;
    },
    get termCount() {
      return state.termStrings.length;
    },
    add(id, fields, time, standalone = false) {
      removeDoc(state, id);
      const ordinal = state.docs.length;
      state.dictAt[ordinal] = state.termStrings.length;
      // Term frequencies in a scratch array indexed by slot: no map per document.
      slots.length = 0;
      const lengths: number[] = [];
      for (let f = 0; f < FIELD_COUNT; f++) {
        const terms = fields[f] ?? [];
        lengths.push(terms.length);
        for (const t of terms) {
          const slot = termId(state, t) * FIELD_COUNT + f;
          if (slot >= counts.length) counts = grownCounts(counts, slot);
          if (counts[slot] === 0) slots.push(slot);
          counts[slot] = (counts[slot] as number) + 1;
        }
      }
      const packed = new Int32Array(slots.length * 2);
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i] as number;
        packed[2 * i] = slot;
        packed[2 * i + 1] = counts[slot] as number;
        counts[slot] = 0;
      }
      putDoc(state, { id, time, standalone, packed, lengths }, ordinal);
      return ordinal;
    },
    remove(id) {
      return removeDoc(state, id);
    },
    ordinalOf(id) {
      return state.ordinalById.get(id) ?? -1;
    },
    docAt(ordinal) {
      return state.docs[ordinal];
    },
    termCountAt(ordinal) {
      return state.dictAt[ordinal] ?? state.termStrings.length;
    },
    termsBetween(from, to) {
      return state.termStrings.slice(from, to);
    },
    restore(ordinal, doc) {
      while (state.docs.length <= ordinal) {
        state.dictAt.push(state.termStrings.length);
        state.docs.push(undefined);
      }
      if (doc !== undefined) putDoc(state, doc, ordinal);
    },
    restoreTerms(terms) {
      for (const t of terms) termId(state, t);
    },
    search,
  };
}

function grownCounts(counts: Int32Array, slot: number): Int32Array {
  const next = new Int32Array(Math.max(slot + 1, counts.length * 2));
  next.set(counts);
  return next;
}
