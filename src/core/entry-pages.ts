import type { LoadEntriesOptions, MemoryEntry, StoreAdapter } from '../types.js';
import type { Slicer } from '../slices/slicer.js';

/**
 * Entries read per page: a session of 100,000 entries is read 1,000 at a time, so neither the
 * store's copy nor the engine's work on one page holds the thread for long.
 */
export const ENTRY_PAGE = 1000;

/**
 * Read a session's entries page by page, oldest first (`LoadEntriesOptions.limit`), handing each
 * page to `onPage` and giving the thread back between pages. A store that ignores `limit`
 * returns everything as one page.
 */
export async function forEachEntryPage(
  store: StoreAdapter,
  sessionId: string,
  options: Omit<LoadEntriesOptions, 'limit'>,
  slicer: Slicer,
  onPage: (entries: MemoryEntry[]) => void | Promise<void>,
): Promise<void> {
  let fromSeq = options.fromSeq ?? 0;
  for (;;) {
    const page = await store.loadEntries(sessionId, { ...options, fromSeq, limit: ENTRY_PAGE });
    if (page.length) await onPage(page);
    const last = page[page.length - 1];
    if (page.length < ENTRY_PAGE || page.length > ENTRY_PAGE || !last) return;
    fromSeq = last.seq + 1;
    await slicer.pause();
  }
}

/** Every entry of a session (from `fromSeq`), read in pages ({@link forEachEntryPage}). */
export async function loadEntriesInPages(
  store: StoreAdapter,
  sessionId: string,
  options: Omit<LoadEntriesOptions, 'limit'>,
  slicer: Slicer,
): Promise<MemoryEntry[]> {
  const out: MemoryEntry[] = [];
  await forEachEntryPage(store, sessionId, options, slicer, (page) => {
    for (const e of page) out.push(e);
  });
  return out;
}
