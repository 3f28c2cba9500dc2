/**
 * The data of the inverted index: dictionary, postings and per-document columns in typed
 * arrays. Shared by the index (`bm25-index.ts`), which changes it, and the searcher
 * (`bm25-search.ts`), which reads it.
 * @module
 */

import { FIELD_COUNT } from './ranking.js';

/** A document as the index keeps it (and as persisted segments hold it). */
export interface StoredDoc {
  id: string;
  /** Epoch ms, NaN when unknown. */
  time: number;
  /** Outside the turn sequence (a summary): no neighbouring-turn context, no episode. */
  standalone: boolean;
  /** `[slot, tf, slot, tf, …]` with `slot = termId * FIELD_COUNT + field`. */
  packed: Int32Array;
  /** Term count per field. */
  lengths: readonly number[];
}

/** Everything the index holds. Ordinals number documents in the order they were added. */
export interface IndexState {
  termIds: Map<string, number>;
  termStrings: string[];
  /** By slot: `[ordinal, tf, ordinal, tf, …]`, ordinals increasing. May list removed documents. */
  postings: (number[] | undefined)[];
  /** By ordinal; `undefined` once removed. */
  docs: (StoredDoc | undefined)[];
  /** By ordinal: dictionary size before the document was added. */
  dictAt: number[];
  ordinalById: Map<string, number>;
  /** Per field: sum of the live documents' lengths. */
  lengthSums: number[];
  live: number;
  livePostings: number;
  deadPostings: number;
  /** By ordinal: 1 while live, 0 once removed. */
  alive: Uint8Array;
  /** By ordinal: 1 for a live turn of the conversation (live and not standalone). */
  turn: Uint8Array;
  /** By ordinal × field: term counts. */
  lengths: Float64Array;
  /** By ordinal: epoch ms or NaN. */
  times: Float64Array;
  /** Bumped by every change (caches compare it). */
  version: number;
}

/** An empty state. */
export function createState(): IndexState {
  return {
    termIds: new Map(),
    termStrings: [],
    postings: [],
    docs: [],
    dictAt: [],
    ordinalById: new Map(),
    lengthSums: new Array<number>(FIELD_COUNT).fill(0),
    live: 0,
    livePostings: 0,
    deadPostings: 0,
    alive: new Uint8Array(64),
    turn: new Uint8Array(64),
    lengths: new Float64Array(64 * FIELD_COUNT),
    times: new Float64Array(64),
    version: 0,
  };
}

/** The id of a term, added to the dictionary when new. */
export function termId(state: IndexState, term: string): number {
  let id = state.termIds.get(term);
  if (id === undefined) {
    id = state.termStrings.length;
    state.termIds.set(term, id);
    state.termStrings.push(term);
  }
  return id;
}

function grow(state: IndexState, n: number): void {
  if (state.alive.length >= n) return;
  const cap = Math.max(n, state.alive.length * 2);
  const alive = new Uint8Array(cap);
  alive.set(state.alive);
  state.alive = alive;
  const turn = new Uint8Array(cap);
  turn.set(state.turn);
  state.turn = turn;
  const lengths = new Float64Array(cap * FIELD_COUNT);
  lengths.set(state.lengths);
  state.lengths = lengths;
  const times = new Float64Array(cap);
  times.set(state.times);
  state.times = times;
}

/** Index a document at `ordinal` (its terms must already be in the dictionary). */
export function putDoc(state: IndexState, doc: StoredDoc, ordinal: number): void {
  grow(state, ordinal + 1);
  state.docs[ordinal] = doc;
  const p = doc.packed;
  for (let i = 0; i < p.length; i += 2) {
    const slot = p[i] as number;
    let list = state.postings[slot];
    if (list === undefined) state.postings[slot] = list = [];
    list.push(ordinal, p[i + 1] as number);
  }
  state.livePostings += p.length / 2;
  for (let f = 0; f < FIELD_COUNT; f++) {
    const len = doc.lengths[f] ?? 0;
    state.lengths[ordinal * FIELD_COUNT + f] = len;
    state.lengthSums[f] = (state.lengthSums[f] as number) + len;
  }
  state.alive[ordinal] = 1;
  state.turn[ordinal] = doc.standalone ? 0 : 1;
  state.times[ordinal] = doc.time;
  state.live++;
  state.ordinalById.set(doc.id, ordinal);
  state.version++;
}

/** Remove a document; returns its ordinal, or -1 when the id is unknown. */
export function removeDoc(state: IndexState, id: string): number {
  const ordinal = state.ordinalById.get(id);
  if (ordinal === undefined) return -1;
  const doc = state.docs[ordinal] as StoredDoc;
  state.ordinalById.delete(id);
  state.docs[ordinal] = undefined;
  state.alive[ordinal] = 0;
  state.turn[ordinal] = 0;
  state.live--;
  for (let f = 0; f < FIELD_COUNT; f++) {
    state.lengthSums[f] = (state.lengthSums[f] as number) - (doc.lengths[f] ?? 0);
  }
  state.livePostings -= doc.packed.length / 2;
  state.deadPostings += doc.packed.length / 2;
  // Searches skip removed documents; rewrite the postings once they are mostly dead weight.
  if (state.deadPostings > 1024 && state.deadPostings > state.livePostings) compact(state);
  state.version++;
  return ordinal;
}

function compact(state: IndexState): void {
  for (const list of state.postings) {
    if (list === undefined) continue;
    let w = 0;
    for (let r = 0; r < list.length; r += 2) {
      if (state.alive[list[r] as number] === 0) continue;
      list[w++] = list[r] as number;
      list[w++] = list[r + 1] as number;
    }
    list.length = w;
  }
  state.deadPostings = 0;
}
