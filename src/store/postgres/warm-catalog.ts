/**
 * PGlite's catalog read in small steps on open (#31). The first statement that touches the
 * store's tables in a new PGlite instance loads their descriptions and their indexes' into
 * PGlite's caches while it is planned: about 90 ms of this thread at once for a session's first
 * read after a reopen, whichever call made it (the first recall over all sessions, the first
 * context). Each table is touched here by a statement of its own that reads no row, the thread
 * given back between them, so that loading goes in steps of a few milliseconds.
 * @module
 */
import type { SqlDriver } from './driver.js';
import { yieldNow } from '../../slices/yield-now.js';

/** The statements that touch each table and the index of active entries by seq, reading nothing. */
export const WARM_STATEMENTS = [
  ...['recallkit_sessions', 'recallkit_entries', 'recallkit_summaries', 'recallkit_summary_ids', 'recallkit_aux'].map(
    (table) => `SELECT 1 FROM ${table} WHERE tenant = $1 AND session_id = $2 LIMIT 1`,
  ),
  'SELECT 1 FROM recallkit_entries WHERE tenant = $1 AND session_id = $2 AND active AND seq >= 0 ORDER BY seq LIMIT 1',
];

const warmed = new WeakSet<object>();

/** Touch the tables of a PGlite instance once (`driver.source`), a statement per turn of the event loop. */
export async function warmCatalog(driver: SqlDriver): Promise<void> {
  if (driver.kind !== 'pglite' || warmed.has(driver.source as object)) return;
  warmed.add(driver.source as object);
  for (const text of WARM_STATEMENTS) {
    await yieldNow();
    await driver.query(text, ['', '']);
  }
}
