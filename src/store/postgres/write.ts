/**
 * Applying a `StoreBatch`: one statement whose first step checks and moves the session's
 * version (so the check and the write are one atomic step), followed by every entry, summary
 * and aux change, and the change notification, each gated on that step. A batch that must
 * first delete rows it then writes again (`replace`, or an id both deleted and put) runs the
 * deletions and that statement in one transaction.
 * @module
 */
import { ConflictError } from '../../errors.js';
import type { StoreBatch } from '../../types.js';
import { encodeKey, encodeValue } from './codec.js';
import type { Sql, SqlDriver } from './driver.js';

/** The NOTIFY channel of every `postgresStore` on a database. */
export const CHANNEL = 'recallkit_changes';

/** A change notification: `[tenant, sessionId, version]` (version 0: deleted). */
export const notifyPayload = (tenant: string, sessionId: string, version: number): string => JSON.stringify([tenant, sessionId, version]);

interface Statement {
  text: string;
  params: unknown[];
}

/** Encode the batch (refusing non-JSON values before anything is sent) and build its statements. */
export function buildWrite(tenant: string, sessionId: string, batch: StoreBatch): { pre: Statement[]; main: Statement } {
  const what = `session ${JSON.stringify(sessionId)}`;
  const params: unknown[] = [encodeKey(tenant), encodeKey(sessionId)];
  const p = (value: unknown): string => `$${params.push(value)}`;
  const version = batch.meta.version;
  const meta = encodeValue(batch.meta, `the meta of ${what}`);
  const ctes: string[] = [];

  // The session row: its version is checked and moved in the same step.
  if (batch.expectVersion === undefined) {
    ctes.push(`s AS (INSERT INTO recallkit_sessions (tenant, session_id, version, meta)
      VALUES ($1, $2, ${p(version)}, ${p(meta)})
      ON CONFLICT (tenant, session_id) DO UPDATE SET version = excluded.version, meta = excluded.meta
      RETURNING 1 AS ok)`);
  } else if (batch.expectVersion === 0) {
    ctes.push(`s AS (INSERT INTO recallkit_sessions (tenant, session_id, version, meta)
      VALUES ($1, $2, ${p(version)}, ${p(meta)})
      ON CONFLICT (tenant, session_id) DO NOTHING RETURNING 1 AS ok)`);
  } else {
    ctes.push(`s AS (UPDATE recallkit_sessions SET version = ${p(version)}, meta = ${p(meta)}
      WHERE tenant = $1 AND session_id = $2 AND version = ${p(batch.expectVersion)} RETURNING 1 AS ok)`);
  }

  // Last write of an id in the batch wins, as it would applied one by one.
  const entries = new Map((batch.putEntries ?? []).map((e) => [e.id, e]));
  const summaries = new Map((batch.putSummaries ?? []).map((s) => [s.id, s]));
  const auxPut = Object.entries(batch.aux ?? {}).filter(([, v]) => v !== null);
  const auxDelete = Object.entries(batch.aux ?? {}).filter(([, v]) => v === null).map(([k]) => k);
  const deleteEntries = (batch.deleteEntryIds ?? []).filter((id) => !entries.has(id) || batch.replace);
  const deleteSummaries = (batch.deleteSummaryIds ?? []).filter((id) => !summaries.has(id) || batch.replace);
  const pre: Statement[] = [];
  if (batch.replace) {
    for (const table of ['recallkit_entries', 'recallkit_summaries', 'recallkit_aux']) {
      pre.push({ text: `DELETE FROM ${table} WHERE tenant = $1 AND session_id = $2`, params: params.slice(0, 2) });
    }
  } else {
    // Deleted and put again in one batch: delete first (one statement cannot touch a row twice).
    const again = (batch.deleteEntryIds ?? []).filter((id) => entries.has(id));
    if (again.length) pre.push({ text: 'DELETE FROM recallkit_entries WHERE tenant = $1 AND session_id = $2 AND id = ANY($3::text[])', params: [...params.slice(0, 2), again.map(encodeKey)] });
    const againS = (batch.deleteSummaryIds ?? []).filter((id) => summaries.has(id));
    if (againS.length) pre.push({ text: 'DELETE FROM recallkit_summaries WHERE tenant = $1 AND session_id = $2 AND id = ANY($3::text[])', params: [...params.slice(0, 2), againS.map(encodeKey)] });
  }

  if (!batch.replace && deleteEntries.length) {
    ctes.push(`de AS (DELETE FROM recallkit_entries
      WHERE tenant = $1 AND session_id = $2 AND id = ANY(${p(deleteEntries.map(encodeKey))}::text[])
      AND EXISTS (SELECT 1 FROM s) RETURNING 1)`);
  }
  if (!batch.replace && deleteSummaries.length) {
    ctes.push(`ds AS (DELETE FROM recallkit_summaries
      WHERE tenant = $1 AND session_id = $2 AND id = ANY(${p(deleteSummaries.map(encodeKey))}::text[])
      AND EXISTS (SELECT 1 FROM s) RETURNING 1)`);
  }
  if (auxDelete.length) {
    ctes.push(`da AS (DELETE FROM recallkit_aux
      WHERE tenant = $1 AND session_id = $2 AND key = ANY(${p(auxDelete.map(encodeKey))}::text[])
      AND EXISTS (SELECT 1 FROM s) RETURNING 1)`);
  }
  if (entries.size) {
    const list = [...entries.values()].sort((a, b) => a.seq - b.seq);
    const ids = p(list.map((e) => encodeKey(e.id)));
    const seqs = p(list.map((e) => e.seq));
    const active = p(list.map((e) => !e.compressed));
    const bodies = p(list.map((e) => encodeValue(e, `entry ${JSON.stringify(e.id)} of ${what}`)));
    ctes.push(`pe AS (INSERT INTO recallkit_entries (tenant, session_id, id, seq, active, entry)
      SELECT $1, $2, u.id, u.seq, u.active, u.entry
      FROM unnest(${ids}::text[], ${seqs}::bigint[], ${active}::boolean[], ${bodies}::text[])
        AS u(id, seq, active, entry)
      WHERE EXISTS (SELECT 1 FROM s)
      ON CONFLICT (tenant, session_id, id)
      DO UPDATE SET seq = excluded.seq, active = excluded.active, entry = excluded.entry RETURNING 1)`);
  }
  if (summaries.size) {
    const list = [...summaries.values()];
    const ids = p(list.map((s) => encodeKey(s.id)));
    const bodies = p(list.map((s) => encodeValue(s, `summary ${JSON.stringify(s.id)} of ${what}`)));
    // `ord` (identity) is given to new rows in batch order and kept by an overwrite.
    ctes.push(`ps AS (INSERT INTO recallkit_summaries (tenant, session_id, id, summary)
      SELECT $1, $2, u.id, u.summary FROM unnest(${ids}::text[], ${bodies}::text[]) WITH ORDINALITY AS u(id, summary, n)
      WHERE EXISTS (SELECT 1 FROM s) ORDER BY u.n
      ON CONFLICT (tenant, session_id, id) DO UPDATE SET summary = excluded.summary RETURNING 1)`);
  }
  if (auxPut.length) {
    const keys = p(auxPut.map(([k]) => encodeKey(k)));
    const values = p(auxPut.map(([k, v]) => encodeValue(v, `aux ${JSON.stringify(k)} of ${what}`)));
    ctes.push(`pa AS (INSERT INTO recallkit_aux (tenant, session_id, key, value)
      SELECT $1, $2, u.key, u.value FROM unnest(${keys}::text[], ${values}::text[]) AS u(key, value)
      WHERE EXISTS (SELECT 1 FROM s)
      ON CONFLICT (tenant, session_id, key) DO UPDATE SET value = excluded.value RETURNING 1)`);
  }
  // Sent on commit, only when the session step went through.
  ctes.push(`n AS (SELECT pg_notify('${CHANNEL}', ${p(notifyPayload(tenant, sessionId, version))}) AS sent FROM s)`);
  const text =
    `WITH ${ctes.join(',\n')}\n` + 'SELECT (SELECT count(*) FROM s)::int AS ok, (SELECT count(*) FROM n)::int AS notified';
  return { pre, main: { text, params } };
}

/** Apply a batch atomically; `ConflictError` (nothing written) when the version check fails. */
export async function writeBatch(db: SqlDriver, tenant: string, sessionId: string, batch: StoreBatch): Promise<void> {
  const { pre, main } = buildWrite(tenant, sessionId, batch);
  const run = async (sql: Sql): Promise<void> => {
    for (const s of pre) await sql.query(s.text, s.params);
    const [row] = await sql.query<{ ok: number }>(main.text, main.params);
    if (!row || Number(row.ok) !== 1) {
      throw new ConflictError(
        `postgresStore: session ${JSON.stringify(sessionId)} is not at version ${batch.expectVersion ?? 0} ` +
          '(another writer got there first): nothing was written',
      );
    }
  };
  // One statement is atomic on its own; deletions before it need a transaction.
  if (pre.length === 0) await run(db);
  else await db.transaction(run);
}

/** Delete a session (its rows cascade) and notify, in one statement. */
export async function deleteSession(db: SqlDriver, tenant: string, sessionId: string): Promise<void> {
  await db.query(
    `WITH d AS (DELETE FROM recallkit_sessions WHERE tenant = $1 AND session_id = $2 RETURNING 1),
     n AS (SELECT pg_notify('${CHANNEL}', $3) FROM d) SELECT (SELECT count(*) FROM n)::int AS notified`,
    [encodeKey(tenant), encodeKey(sessionId), notifyPayload(tenant, sessionId, 0)],
  );
}
