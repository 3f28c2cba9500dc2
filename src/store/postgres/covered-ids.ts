/**
 * A summary's covered ids stored in parts (schema version 8, #31). A summary of 100,000 entries
 * lists their ids: about 3 MB of JSON in its row, which one statement wrote (and one read) at
 * once, PGlite doing all of it in this thread (130 ms and more for the write, the read of the
 * first recall over all sessions too). A summary covering more than {@link IDS_PER_PART} entries
 * is stored with the number of its parts in place of `originalEntryIds`, and the ids go in
 * `recallkit_summary_ids`, {@link IDS_PER_PART} a row, a statement each; a read puts them back,
 * a page of parts a statement, so callers see the summary as it was written. Rows written before
 * version 8, and smaller summaries, keep their ids in the row.
 * @module
 */
import type { MemorySummary, SessionMeta } from '../../types.js';
import { encodeValue, decodeValue } from './codec.js';
import type { Sql, SqlDriver } from './driver.js';
import { COST, type Slicer } from '../../slices/slicer.js';

/** Ids in one stored part (about 80 KB of JSON for UUIDs). */
export const IDS_PER_PART = 2000;

/** Parts read by one statement (about 640 KB of JSON for UUIDs). */
export const PARTS_PER_PAGE = 8;

/**
 * Summaries whose parts one statement deletes when a whole session's rows go (all the parts of
 * each: a summary of 100,000 entries has 50).
 */
export const PARTS_PER_DELETE = 4;

/** A statement to run in a batch's transaction (a `Statement` of `write.ts`, which runs them). */
interface Statement {
  text: string;
  params: unknown[];
}

/** A summary as stored: its JSON text and, when its ids go apart, their parts (JSON arrays). */
export interface StoredSummary {
  body: string;
  parts?: string[];
}

/**
 * Encode a summary for its row: the ids apart when there are more than {@link IDS_PER_PART}
 * (and `apart`: the batch is written in several statements).
 */
export function encodeSummary(s: MemorySummary, what: () => string, apart = true): StoredSummary {
  const ids = s.originalEntryIds;
  if (!apart || !Array.isArray(ids) || ids.length <= IDS_PER_PART) return { body: encodeValue(s, what) };
  const parts: string[] = [];
  for (let at = 0; at < ids.length; at += IDS_PER_PART) parts.push(encodeValue(ids.slice(at, at + IDS_PER_PART), what));
  return { body: encodeValue({ ...s, originalEntryIds: parts.length }, what), parts };
}

const WHERE = 'tenant = $1 AND session_id = $2 AND summary_id = $3';

/**
 * The statements writing the parts of a summary (encoded id) whose row is written in the same
 * transaction: each part upserted by a statement of its own, then the parts an earlier version of
 * the summary had beyond these deleted.
 */
export function partStatements(tenant: string, key: string, id: string, parts: readonly string[]): (() => Statement)[] {
  const builds: (() => Statement)[] = parts.map((ids, n) => () => ({
    text: `INSERT INTO recallkit_summary_ids (tenant, session_id, summary_id, part, ids) VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (tenant, session_id, summary_id, part) DO UPDATE SET ids = excluded.ids`,
    params: [tenant, key, id, n, ids],
  }));
  builds.push(() => ({
    text: `DELETE FROM recallkit_summary_ids WHERE ${WHERE} AND part >= $4`,
    params: [tenant, key, id, parts.length],
  }));
  return builds;
}

/** Whether a summary as read holds the number of its parts in place of its ids. */
const isApart = (s: MemorySummary): boolean => typeof (s.originalEntryIds as unknown) === 'number';

/** Whether any of `summaries` (as read) has its ids apart. */
export const anyApart = (summaries: readonly MemorySummary[]): boolean => summaries.some(isApart);

/**
 * Put back the ids of `summaries` (as read) stored apart, a page of parts a statement, the thread
 * given back between them. Run in the snapshot the summaries were read in (a repeatable-read
 * transaction), or the parts may be another version's.
 */
export async function fillCoveredIds(
  sql: Sql,
  tenant: string,
  key: string,
  summaries: MemorySummary[],
  slicer: Slicer,
): Promise<MemorySummary[]> {
  for (const s of summaries) {
    if (!isApart(s)) continue;
    const count = s.originalEntryIds as unknown as number;
    const id = JSON.stringify(s.id);
    const ids: string[] = [];
    for (let from = 0; from < count; from += PARTS_PER_PAGE) {
      const rows = await sql.query<{ ids: string }>(
        `SELECT ids FROM recallkit_summary_ids WHERE ${WHERE} AND part >= $4 AND part < $5 ORDER BY part`,
        [tenant, key, id, from, from + PARTS_PER_PAGE],
      );
      for (const row of rows) {
        for (const one of decodeValue<string[]>(row.ids)) ids.push(one);
        if (slicer.spend(COST.item + row.ids.length * COST.copy)) await slicer.pause();
      }
      await slicer.pause();
    }
    s.originalEntryIds = ids;
  }
  return summaries;
}

/**
 * The ids of `got`'s summaries stored apart put back, in the snapshot `got` was read in: inside a
 * repeatable-read transaction, a session still at `got`'s version (every write moves it) shows
 * what `got` showed; one that moved on is read again there by `read` (with the ids apart).
 */
export async function withCoveredIds<T extends { meta: SessionMeta; summaries: MemorySummary[] }>(
  sql: Sql & Partial<Pick<SqlDriver, 'transaction'>>,
  tenant: string,
  key: string,
  slicer: Slicer,
  got: T | undefined,
  read: (tx: Sql) => Promise<T | undefined>,
): Promise<T | undefined> {
  if (!got || !anyApart(got.summaries)) return got;
  const run = async (tx: Sql): Promise<T | undefined> => {
    if (sql.transaction) await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [row] = await tx.query<{ meta: string }>(
      'SELECT meta FROM recallkit_sessions WHERE tenant = $1 AND session_id = $2',
      [tenant, key],
    );
    const same = row !== undefined && decodeValue<SessionMeta>(row.meta).version === got.meta.version;
    const now = same ? got : await read(tx);
    if (now) await fillCoveredIds(tx, tenant, key, now.summaries, slicer);
    return now;
  };
  return sql.transaction ? sql.transaction(run) : run(sql);
}
