/**
 * What the worker starts before the rest of its script runs. This module is the worker entry's
 * first import, so it is evaluated first: in a worker it starts reading the default encoding's
 * rank table as an earlier start kept it in IndexedDB (`prefetchRankTable`), so on a warm
 * start the read overlaps the evaluation of the engine's modules and the page's `init` message
 * instead of following them. It also starts opening the journal's root folder in the origin's
 * private file system (creating nothing), the first steps of the journal's open.
 * @module
 */
import { prefetchRankTable } from '../tokens/rank-source.js';
import { openJournalRootEarly } from '../store/journal/opfs-files.js';

function startInWorker(): boolean {
  // Imported in a page by mistake, the entry does nothing: neither does this.
  if ((globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope === undefined) return false;
  prefetchRankTable('o200k_base');
  openJournalRootEarly();
  return true;
}

/** True when this script runs in a worker (the reads are then started). */
export const inWorker: boolean = startInWorker();
