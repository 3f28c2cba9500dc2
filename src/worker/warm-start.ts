/**
 * What the worker starts before the rest of its script runs. This module is the worker entry's
 * first import, so it is evaluated first: in a worker it starts opening the journal's root
 * folder in the origin's private file system (creating nothing), the first steps of the
 * journal's open. (The kept rank table is read by the page, which starts that read as it
 * creates the worker, before this script is even parsed: `offerRanks` of the worker's API.)
 * @module
 */
import { openJournalRootEarly } from '../store/journal/opfs-files.js';

function startInWorker(): boolean {
  // Imported in a page by mistake, the entry does nothing: neither does this.
  if ((globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope === undefined) return false;
  openJournalRootEarly();
  return true;
}

/** True when this script runs in a worker (the journal's open is then started). */
export const inWorker: boolean = startInWorker();
