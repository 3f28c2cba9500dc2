/**
 * Posting lists, one per slot (`termId * FIELD_COUNT + field`), as growable `Uint32Array`s of
 * one word per posting: `ordinal * 16 + tf`. A frequency of 15 or more is written as 15 and
 * followed by a word holding it. Ordinals ascend; removed documents stay until compaction.
 * Four bytes per posting instead of two boxed array slots.
 * @module
 */

/** The low bits of a posting word: its frequency, or {@link TF_ESCAPE}. */
export const TF_BITS = 4;
/** A posting word whose frequency bits are this is followed by a word holding the frequency. */
export const TF_ESCAPE = 15;
/** The largest ordinal a posting word holds. */
export const MAX_ORDINAL = 2 ** (32 - TF_BITS) - 1;

/** The posting lists of an index. */
export interface Postings {
  /** By slot; `undefined` until the slot's first posting. */
  lists: (Uint32Array | undefined)[];
  /** By slot: words used in `lists[slot]`. */
  sizes: number[];
  /**
   * Room a restore reserved ({@link reservePostings}): slot `s` gets `buffer[start[s] … start[s] +
   * words[s]]`, filled by {@link putReserved}, as its list when {@link endReserved} hands the lists out.
   */
  reserved?: Reserved;
}

/** Room reserved for a restore's postings, one buffer for every slot. */
export interface Reserved {
  buffer: Uint32Array;
  start: Uint32Array;
  words: Uint32Array;
  /** By slot: where {@link putReserved} writes next. */
  end: Uint32Array;
}

/** No postings yet. */
export function createPostings(): Postings {
  return { lists: [], sizes: [] };
}

/** Append a posting (the ordinal must be the list's largest). */
export function appendPosting(p: Postings, slot: number, ordinal: number, tf: number): void {
  let list = p.lists[slot];
  const size = p.sizes[slot] ?? 0;
  const escaped = tf >= TF_ESCAPE;
  const need = size + (escaped ? 2 : 1);
  if (list === undefined || list.length < need) {
    const next = new Uint32Array(Math.max(need, 4, list === undefined ? 0 : list.length + (list.length >> 1)));
    // The whole old list (no view made to copy it): past `size`, nothing is read before it is written.
    if (list !== undefined) next.set(list);
    p.lists[slot] = list = next;
  }
  while (p.sizes.length < slot) p.sizes.push(0);
  list[size] = ordinal * (TF_ESCAPE + 1) + (escaped ? TF_ESCAPE : tf);
  if (escaped) list[size + 1] = tf;
  p.sizes[slot] = need;
}

/**
 * Reserve room for `words[slot]` words per slot, in one buffer, before a restore puts that many
 * ({@link putReserved}): no list grows (and no array is reallocated) document by document. The
 * slots' views of the buffer are made by {@link endReserved}, in slices: made at once, the views
 * of a 100,000-entry session's slots held the thread about 70 ms.
 */
export function reservePostings(p: Postings, words: Uint32Array): void {
  const own = new Uint32Array(words.length);
  const start = new Uint32Array(words.length);
  let total = 0;
  for (let slot = 0; slot < words.length; slot++) {
    if (p.lists[slot] !== undefined) continue;
    own[slot] = words[slot] as number;
    start[slot] = total;
    total += words[slot] as number;
  }
  p.reserved = { buffer: new Uint32Array(total), start, words: own, end: start.slice() };
}

/**
 * Append a restored posting to the room {@link reservePostings} made for `slot`, which must hold
 * it (a restore reserves each slot's words exactly): a store to the buffer, no list made yet.
 */
export function putReserved(r: Reserved, slot: number, ordinal: number, tf: number): void {
  let at = r.end[slot] as number;
  if (tf >= TF_ESCAPE) {
    r.buffer[at++] = ordinal * (TF_ESCAPE + 1) + TF_ESCAPE;
    r.buffer[at++] = tf;
  } else r.buffer[at++] = ordinal * (TF_ESCAPE + 1) + tf;
  r.end[slot] = at;
}

/**
 * Hand out the lists {@link putReserved} filled, for slots `from … to - 1` (a restore of many
 * slots calls it in slices): each filled slot gets its view of the buffer. Once `to` reaches the
 * last slot, the room is forgotten.
 */
export function endReserved(p: Postings, from: number, to: number): void {
  const r = p.reserved;
  if (r === undefined) return;
  const last = Math.min(to, r.words.length);
  while (p.sizes.length < last) p.sizes.push(0);
  for (let slot = from; slot < last; slot++) {
    const start = r.start[slot] as number;
    const size = (r.end[slot] as number) - start;
    if (size === 0) continue;
    p.lists[slot] = r.buffer.subarray(start, start + (r.words[slot] as number));
    p.sizes[slot] = size;
  }
  if (last === r.words.length) delete p.reserved;
}

/** Drop the postings of documents with `alive[ordinal] === 0`, in place. */
export function compactPostings(p: Postings, alive: Uint8Array): void {
  p.lists.forEach((list, slot) => {
    if (list === undefined) return;
    const size = p.sizes[slot] as number;
    let w = 0;
    for (let r = 0; r < size; r++) {
      const v = list[r] as number;
      const keep = alive[v >>> TF_BITS] === 1;
      if (keep) list[w++] = v;
      if ((v & TF_ESCAPE) === TF_ESCAPE) {
        r++;
        if (keep) list[w++] = list[r] as number;
      }
    }
    p.sizes[slot] = w;
  });
}
