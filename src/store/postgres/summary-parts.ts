/**
 * A batch's large summaries, written after its version step in statements of bounded size (#31).
 * A summary of 100,000 entries lists their ids: megabytes of JSON that one statement would send,
 * parse and store at once (PGlite does all of it in this thread). When a batch's summaries hold
 * more than {@link SUMMARY_PART} characters, they leave its first statement: each is written by a
 * statement of its own, in the batch's order (so their write order is kept), and a summary
 * longer than a part goes in parts of at most {@link SUMMARY_PART} characters into a temporary
 * table of the transaction, then into its row by one statement that joins them inside the
 * database. The batch is then one transaction, all or nothing, as a batch of many entries is.
 * Summaries are stored uncompressed (schema version 6), so that last statement only copies.
 * @module
 */
import { partStatements } from './covered-ids.js';

/** A statement to run in the batch's transaction (a `Statement` of `write.ts`, which runs them). */
interface Statement {
  text: string;
  params: unknown[];
}

/** Characters of a summary's JSON text sent in one statement at most. */
export const SUMMARY_PART = 131_072;

/** The transaction's table of parts (dropped when it ends, committed or not). */
const PARTS = 'pg_temp.recallkit_summary_parts';

/** Writes a summary row (upsert: a summary written again keeps its place in write order). */
const UPSERT = 'ON CONFLICT (tenant, session_id, id) DO UPDATE SET summary = excluded.summary';

/** Whether `summaries` (id, JSON text) are too large to go in a batch's first statement. */
export function summariesApart(summaries: readonly [id: string, body: string, parts?: string[]][]): boolean {
  let size = 0;
  for (const [, body, parts] of summaries) {
    if (parts) return true;
    size += body.length;
    if (size > SUMMARY_PART) return true;
  }
  return false;
}

/**
 * The end of the part of `text` from `at`: {@link SUMMARY_PART} characters on, or one fewer so a
 * surrogate pair is never cut (each part is sent as UTF-8 text, which cannot hold half a pair).
 */
function partEnd(text: string, at: number): number {
  const end = Math.min(text.length, at + SUMMARY_PART);
  if (end === text.length) return end;
  const last = text.charCodeAt(end - 1);
  return last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/**
 * The statements writing `summaries` (encoded id, JSON text) of one session, in order, to run
 * after the batch's version step in its transaction. Built one at a time (a caller may give the
 * thread back between them).
 */
export function summaryStatements(
  tenant: string,
  key: string,
  summaries: readonly [id: string, body: string, parts?: string[]][],
): (() => Statement)[] {
  const builds: (() => Statement)[] = [];
  let tableMade = false;
  summaries.forEach(([id, body, parts], s) => {
    // Its covered ids stored apart (`covered-ids.ts`), or none left of an earlier version's.
    const ids = partStatements(tenant, key, id, parts ?? []);
    if (body.length <= SUMMARY_PART) {
      builds.push(() => ({
        text: `INSERT INTO recallkit_summaries (tenant, session_id, id, summary) VALUES ($1, $2, $3, $4) ${UPSERT}`,
        params: [tenant, key, id, body],
      }));
      builds.push(...ids);
      return;
    }
    if (!tableMade) {
      tableMade = true;
      builds.push(
        () => ({
          text: `CREATE TEMPORARY TABLE recallkit_summary_parts (s int, n int, body text) ON COMMIT DROP`,
          params: [],
        }),
        // The parts are read once, right away: not compressed (which costs more than it saves here).
        () => ({ text: `ALTER TABLE ${PARTS} ALTER COLUMN body SET STORAGE EXTERNAL`, params: [] }),
      );
    }
    for (let at = 0, n = 0; at < body.length; n++) {
      const from = at;
      const end = partEnd(body, from);
      at = end;
      builds.push(() => ({
        text: `INSERT INTO ${PARTS} (s, n, body) VALUES ($1, $2, $3)`,
        params: [s, n, body.slice(from, end)],
      }));
    }
    builds.push(() => ({
      text: `INSERT INTO recallkit_summaries (tenant, session_id, id, summary)
  SELECT $1, $2, $3, string_agg(body, '' ORDER BY n) FROM ${PARTS} WHERE s = $4 ${UPSERT}`,
      params: [tenant, key, id, s],
    }));
    builds.push(...ids);
  });
  return builds;
}
