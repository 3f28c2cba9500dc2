/**
 * PGlite's catalog read in small steps on open (#31, #35). The first statement of a kind in a
 * new PGlite instance loads what it touches into PGlite's caches while it is planned (the
 * tables' descriptions, their indexes', the operators and functions it uses): about 90 ms of
 * this thread at once for a session's first read after a reopen, and, with only each table
 * touched beforehand, still 5–20 ms for the first recall's read of the session's head. So the
 * statements a session's first reads use (a cold recall's head, the entries it returns, the
 * meta a later recall checks, a session's load and its recall index) are run here once, for a
 * session that does not exist (no row read), a statement per turn of the event loop.
 * @module
 */
import type { SqlDriver } from './driver.js';
import { auxPage, ENTRIES_BY_ID, SESSION_FIRST_PAGE, SESSION_META, sessionHead } from './queries.js';
import { yieldNow } from '../../slices/yield-now.js';

/** A statement and parameters naming no session (tenant and session id empty: no row). */
interface WarmRead {
  text: string;
  params: unknown[];
}

/** The reads, the first recall's first: what a session's first calls after a reopen run. */
const WARM_READS: readonly WarmRead[] = [
  // A cold recall's one read (meta, summaries, the recall index's aux values), then its entries.
  { text: sessionHead(true), params: ['', '', '', ''] },
  { text: ENTRIES_BY_ID, params: ['', '', []] },
  // What the next recall checks (the stored version).
  { text: SESSION_META, params: ['', ''] },
  // A session's load (meta, first active entries, summaries), its recall index, its summaries' ids.
  { text: SESSION_FIRST_PAGE, params: ['', '', 1] },
  { text: auxPage(true, true), params: ['', '', '', 1, ''] },
  { text: 'SELECT 1 FROM recallkit_summary_ids WHERE tenant = $1 AND session_id = $2 LIMIT 1', params: ['', ''] },
];

/** The statements run on a new PGlite instance, in order. */
export const WARM_STATEMENTS: readonly string[] = WARM_READS.map((r) => r.text);

const warmed = new WeakSet<object>();

/** Run the reads on a PGlite instance once (`driver.source`), a statement per turn of the event loop. */
export async function warmCatalog(driver: SqlDriver): Promise<void> {
  if (driver.kind !== 'pglite' || warmed.has(driver.source as object)) return;
  warmed.add(driver.source as object);
  for (const { text, params } of WARM_READS) {
    await yieldNow();
    await driver.query(text, params);
  }
}
