/**
 * The data of the inverted index: dictionary, postings (`postings.ts`) and per-document
 * columns in typed arrays; each document's terms are kept only as a compact record string
 * (`term-record.ts`), ready to persist. Shared by the index (`bm25-index.ts`), which changes
 * it, and the searcher (`bm25-search.ts`), which reads it.
 * @module
 */

import { RecallKitError } from '../../errors.js';
import { MAX_ORDINAL, appendPosting, compactPostings, createPostings, putReserved } from './postings.js';
import type { Postings } from './postings.js';
import { FIELD_COUNT } from './ranking.js';
import { createHead, readHead } from './term-record.js';

/** Everything the index holds. Ordinals number documents in the order they were added. */
export interface IndexState {
  termIds: Map<string, number>;
  termStrings: string[];
  /** By slot `termId * FIELD_COUNT + field`. May list removed documents. */
  postings: Postings;
  /** By ordinal: the id, `undefined` once removed. Its length is the number of ordinals handed out. */
  ids: (string | undefined)[];
  /** By ordinal: the document's terms as a record (`term-record.ts`), `undefined` once removed. */
  records: (string | undefined)[];
  /** By ordinal: dictionary size before the document was added. */
  dictAt: Uint32Array;
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
  lengths: Uint32Array;
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
    postings: createPostings(),
    ids: [],
    records: [],
    dictAt: new Uint32Array(64),
    ordinalById: new Map(),
    lengthSums: new Array<number>(FIELD_COUNT).fill(0),
    live: 0,
    livePostings: 0,
    deadPostings: 0,
    alive: new Uint8Array(64),
    turn: new Uint8Array(64),
    lengths: new Uint32Array(64 * FIELD_COUNT),
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

function grown<T extends Uint8Array | Uint32Array | Float64Array>(a: T, cap: number, make: (n: number) => T): T {
  const next = make(cap);
  next.set(a);
  return next;
}

/** Make room for ordinals below `cap` in the per-document columns. */
export function reserveOrdinals(state: IndexState, cap: number): void {
  if (state.alive.length >= cap) return;
  state.alive = grown(state.alive, cap, (n) => new Uint8Array(n));
  state.turn = grown(state.turn, cap, (n) => new Uint8Array(n));
  state.dictAt = grown(state.dictAt, cap, (n) => new Uint32Array(n));
  state.lengths = grown(state.lengths, cap * FIELD_COUNT, (n) => new Uint32Array(n));
  state.times = grown(state.times, cap, (n) => new Float64Array(n));
}

/** Hand out the next ordinal (empty until {@link putDoc}), noting the dictionary size. */
export function openOrdinal(state: IndexState): number {
  const ordinal = state.ids.length;
  if (ordinal > MAX_ORDINAL)
    throw new RecallKitError(`recall index: more than ${MAX_ORDINAL + 1} documents were added; rebuild the index`);
  if (state.alive.length <= ordinal) reserveOrdinals(state, state.alive.length * 2);
  state.dictAt[ordinal] = state.termStrings.length;
  state.ids.push(undefined);
  state.records.push(undefined);
  return ordinal;
}

/** A document to put at an open ordinal; `pairs` is `[slot, tf, …]` for `count` slots. */
export interface DocInput {
  id: string;
  time: number;
  standalone: boolean;
  lengths: number[];
  record: string;
  pairs: number[];
  count: number;
}

/** Index a document at an open ordinal (its terms must already be in the dictionary). */
export function putDoc(state: IndexState, doc: DocInput, ordinal: number): void {
  const { pairs, count } = doc;
  for (let i = 0; i < count; i++)
    appendPosting(state.postings, pairs[2 * i] as number, ordinal, pairs[2 * i + 1] as number);
  putColumns(state, ordinal, doc.id, doc.time, doc.standalone, doc.record, count, doc.lengths);
}

/**
 * Index a restored document at an open ordinal from its decoded record (`readRecordInto`) at
 * `decoded[at]`: {@link putDoc} without an array of pairs per document.
 */
export function putDecoded(
  state: IndexState,
  ordinal: number,
  id: string,
  time: number,
  record: string,
  decoded: Int32Array,
  at: number,
  lengths: number[],
): void {
  for (let f = 0; f < FIELD_COUNT; f++) lengths[f] = decoded[at + 1 + f] as number;
  const count = decoded[at + 1 + FIELD_COUNT] as number;
  const from = at + 2 + FIELD_COUNT;
  // Into the room the restore reserved (`reservePostings`), without a list per slot until it ends.
  const reserved = state.postings.reserved;
  if (reserved !== undefined) {
    for (let i = from; i < from + 2 * count; i += 2)
      putReserved(reserved, decoded[i] as number, ordinal, decoded[i + 1] as number);
  } else {
    for (let i = from; i < from + 2 * count; i += 2)
      appendPosting(state.postings, decoded[i] as number, ordinal, decoded[i + 1] as number);
  }
  putColumns(state, ordinal, id, time, decoded[at] === 1, record, count, lengths);
}

function putColumns(
  state: IndexState,
  ordinal: number,
  id: string,
  time: number,
  standalone: boolean,
  record: string,
  count: number,
  lengths: number[],
): void {
  state.ids[ordinal] = id;
  state.records[ordinal] = record;
  state.livePostings += count;
  for (let f = 0; f < FIELD_COUNT; f++) {
    const len = lengths[f] ?? 0;
    state.lengths[ordinal * FIELD_COUNT + f] = len;
    state.lengthSums[f] = (state.lengthSums[f] as number) + len;
  }
  state.alive[ordinal] = 1;
  state.turn[ordinal] = standalone ? 0 : 1;
  state.times[ordinal] = time;
  state.live++;
  state.ordinalById.set(id, ordinal);
  state.version++;
}

const head = createHead();

/** Remove a document; returns its ordinal, or -1 when the id is unknown. */
export function removeDoc(state: IndexState, id: string): number {
  const ordinal = state.ordinalById.get(id);
  if (ordinal === undefined) return -1;
  readHead({ text: state.records[ordinal] as string, pos: 0 }, head);
  state.ordinalById.delete(id);
  state.ids[ordinal] = undefined;
  state.records[ordinal] = undefined;
  state.alive[ordinal] = 0;
  state.turn[ordinal] = 0;
  state.live--;
  for (let f = 0; f < FIELD_COUNT; f++) {
    state.lengthSums[f] = (state.lengthSums[f] as number) - (state.lengths[ordinal * FIELD_COUNT + f] as number);
  }
  state.livePostings -= head.count;
  state.deadPostings += head.count;
  // Searches skip removed documents; rewrite the postings once they are mostly dead weight.
  if (state.deadPostings > 1024 && state.deadPostings > state.livePostings) {
    compactPostings(state.postings, state.alive);
    state.deadPostings = 0;
  }
  state.version++;
  return ordinal;
}
