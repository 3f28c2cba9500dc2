/**
 * Reads of many records in pages, inside one transaction: a `getAll` copies its whole result
 * into this thread in one task (100,000 entries held a worker for a third of a second), so a
 * large read is split into bounded `getAll`s over successive key ranges. Each page's request is
 * issued as soon as the previous page arrives (the transaction stays active, so the pages read
 * one consistent state), and while it is answered the thread runs its other tasks.
 * @module
 */
import { copyCost, SLICE_UNITS } from '../../slices/slicer.js';

/** Records of the first page: a guess, corrected from the size of the records read. */
export const FIRST_PAGE = 256;
/** Most records in one page, however small they are. */
export const MAX_PAGE = 8192;
/**
 * Slice units of one page ({@link copyCost}): copying them into this thread takes a few
 * milliseconds. A single record larger than this is still read whole.
 */
export const PAGE_UNITS = SLICE_UNITS / 2;

/** What can be read with bounded `getAll`s: an object store or an index of one transaction. */
export interface PagedSource<R> {
  getAll(range: IDBKeyRange, count?: number): Promise<R[]>;
}

/** How to walk one ordered source in pages. */
export interface PagedRead<R> {
  /** The key range from `last`'s key (inclusive) on; the whole range when `undefined`. */
  from(last: R | undefined): IDBKeyRange;
  /** Whether two records have the same key in the source (an index key shared by several records). */
  sameKey(a: R, b: R): boolean;
  /** Stop after this many records (default: all). */
  limit?: number | undefined;
  /** Records of the first page (default {@link FIRST_PAGE}). */
  firstPage?: number | undefined;
  /** Slice units of a page (default {@link PAGE_UNITS}). */
  pageUnits?: number | undefined;
}

/**
 * Every record `read` describes, oldest first, in pages whose records cost about
 * {@link PAGE_UNITS} to copy: the same records, in the same order, as one `getAll`. A page
 * restarts at the last key read (inclusive) and skips the records of that key already read
 * (the source orders them by primary key, and one transaction sees one state), so records
 * sharing one index key are neither skipped nor read twice.
 */
export async function getAllInPages<R>(source: PagedSource<R>, read: PagedRead<R>): Promise<R[]> {
  const limit = read.limit ?? Infinity;
  const pageUnits = read.pageUnits ?? PAGE_UNITS;
  const out: R[] = [];
  let count = Math.min(read.firstPage ?? FIRST_PAGE, limit);
  /** Records read under the last key read: the next page starts with them again. */
  let seen = 0;
  for (;;) {
    const asked = seen + count;
    const page = await source.getAll(read.from(out[out.length - 1]), asked);
    let units = 0;
    for (let i = seen; i < page.length && out.length < limit; i++) {
      out.push(page[i] as R);
      units += copyCost(page[i]);
    }
    if (page.length < asked || out.length >= limit) return out;
    const last = out[out.length - 1] as R;
    // Size the next page from this one's new records (a full page: `count` of them).
    count = Math.max(1, Math.min(MAX_PAGE, Math.floor((pageUnits * count) / Math.max(units, 1))));
    seen = 1;
    while (seen < out.length && read.sameKey(out[out.length - 1 - seen] as R, last)) seen++;
    count = Math.min(count, limit - out.length);
  }
}
