/**
 * Applying `StoreBatch`es: ONE fixed statement applies any number of batches (of different
 * sessions) given as arrays. Its first step checks and moves each session's version (so the
 * check and the write are one atomic step); every entry, summary and aux change, and each
 * change notification, is gated on its session's step having gone through. A batch that must
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

/**
 * A change notification: `[tenant, sessionId, version]` (version 0: deleted). A write
 * statement sends its changes together as a JSON array of these.
 */
export const notifyPayload = (tenant: string, sessionId: string, version: number): string =>
  JSON.stringify([tenant, sessionId, version]);

/** Payload bytes of one notification at most (PostgreSQL's limit is 8,000). */
const NOTIFY_BYTES = 7_000;

/**
 * How a batch's session row is written: upsert (no check), insert if absent (expect 0), update if at the expected
 * version.
 */
const UPSERT = 0;
const INSERT = 1;
const UPDATE = 2;

interface Statement {
  text: string;
  params: unknown[];
}

/** One batch, encoded (every value already JSON text) and ready to join a statement. */
export interface EncodedBatch {
  sessionId: string;
  /** The session id as stored. */
  key: string;
  expectVersion: number | undefined;
  /** Deletions to run first, in a transaction with the statement. */
  pre: Statement[];
  session: [mode: number, expect: number, version: number, meta: string, payload: string];
  entries: [id: string, seq: number, active: boolean, body: string][];
  summaries: [id: string, body: string][];
  auxPut: [key: string, value: string][];
  deleteEntries: string[];
  deleteSummaries: string[];
  deleteAux: string[];
}

/** Encode a batch, refusing non-JSON values before anything is sent. */
export function encodeBatch(tenant: string, sessionId: string, batch: StoreBatch): EncodedBatch {
  const what = `session ${JSON.stringify(sessionId)}`;
  const key = encodeKey(sessionId);
  const version = batch.meta.version;
  const meta = encodeValue(batch.meta, `the meta of ${what}`);
  const expect = batch.expectVersion;
  const mode = expect === undefined ? UPSERT : expect === 0 ? INSERT : UPDATE;

  // Last write of an id in the batch wins, as it would applied one by one.
  const entries = new Map((batch.putEntries ?? []).map((e) => [e.id, e]));
  const summaries = new Map((batch.putSummaries ?? []).map((s) => [s.id, s]));
  const aux = Object.entries(batch.aux ?? {});
  const pre: Statement[] = [];
  const ids = [encodeKey(tenant), key];
  if (batch.replace) {
    for (const table of ['recallkit_entries', 'recallkit_summaries', 'recallkit_aux']) {
      pre.push({ text: `DELETE FROM ${table} WHERE tenant = $1 AND session_id = $2`, params: ids });
    }
  } else {
    // Deleted and put again in one batch: delete first (one statement cannot touch a row twice).
    const again = (batch.deleteEntryIds ?? []).filter((id) => entries.has(id));
    if (again.length)
      pre.push({
        text: 'DELETE FROM recallkit_entries WHERE tenant = $1 AND session_id = $2 AND id = ANY($3::text[])',
        params: [...ids, again.map(encodeKey)],
      });
    const againS = (batch.deleteSummaryIds ?? []).filter((id) => summaries.has(id));
    if (againS.length)
      pre.push({
        text: 'DELETE FROM recallkit_summaries WHERE tenant = $1 AND session_id = $2 AND id = ANY($3::text[])',
        params: [...ids, againS.map(encodeKey)],
      });
  }
  const notPut = (list: string[] | undefined, put: Map<string, unknown>): string[] =>
    batch.replace ? [] : (list ?? []).filter((id) => !put.has(id)).map(encodeKey);
  return {
    sessionId,
    key,
    expectVersion: expect,
    pre,
    session: [mode, expect ?? 0, version, meta, notifyPayload(tenant, sessionId, version)],
    entries: [...entries.values()]
      .sort((a, b) => a.seq - b.seq)
      .map((e) => [encodeKey(e.id), e.seq, !e.compressed, encodeValue(e, `entry ${JSON.stringify(e.id)} of ${what}`)]),
    summaries: [...summaries.values()].map((s) => [
      encodeKey(s.id),
      encodeValue(s, `summary ${JSON.stringify(s.id)} of ${what}`),
    ]),
    auxPut: aux
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [encodeKey(k), encodeValue(v, `aux ${JSON.stringify(k)} of ${what}`)]),
    deleteEntries: notPut(batch.deleteEntryIds, entries),
    deleteSummaries: notPut(batch.deleteSummaryIds, summaries),
    deleteAux: aux.filter(([, v]) => v === null).map(([k]) => encodeKey(k)),
  };
}

/**
 * The write statement. `b`: one row per batch; `s`: the sessions whose version step went
 * through (an insert of a new session, an unconditional upsert, or an update at the expected
 * version, locked row by row in session order); every other step writes only rows of those
 * sessions. `ord` of new summaries follows batch order. Data-modifying steps always run; the
 * final SELECT reads `n` so the notifications (sent on commit) are made.
 */
export const WRITE_SQL = `WITH b AS (
  SELECT * FROM unnest($2::text[], $3::int[], $4::bigint[], $5::bigint[], $6::text[], $7::text[],
    $25::int[]) WITH ORDINALITY AS b(session_id, mode, expect, version, meta, payload, chunk, n)),
s0 AS (INSERT INTO recallkit_sessions AS t (tenant, session_id, version, meta)
  SELECT $1, b.session_id, b.version, b.meta FROM b WHERE b.mode = ${UPSERT} ORDER BY b.session_id
  ON CONFLICT (tenant, session_id) DO UPDATE SET version = excluded.version,
    meta = excluded.meta RETURNING t.session_id),
s1 AS (INSERT INTO recallkit_sessions AS t (tenant, session_id, version, meta)
  SELECT $1, b.session_id, b.version, b.meta FROM b WHERE b.mode = ${INSERT} ORDER BY b.session_id
  ON CONFLICT (tenant, session_id) DO NOTHING RETURNING t.session_id),
s2 AS (UPDATE recallkit_sessions AS t SET version = b.version, meta = b.meta FROM b
  WHERE b.mode = ${UPDATE} AND t.tenant = $1 AND t.session_id = b.session_id
    AND t.version = b.expect RETURNING t.session_id),
s AS (SELECT session_id FROM s0 UNION ALL SELECT session_id FROM s1 UNION ALL SELECT session_id FROM s2),
de AS (DELETE FROM recallkit_entries AS t USING unnest($8::text[], $9::text[]) AS u(session_id, id)
  WHERE t.tenant = $1 AND t.session_id = u.session_id AND t.id = u.id AND u.session_id IN (SELECT session_id
    FROM s) RETURNING 1),
ds AS (DELETE FROM recallkit_summaries AS t USING unnest($10::text[], $11::text[]) AS u(session_id, id)
  WHERE t.tenant = $1 AND t.session_id = u.session_id AND t.id = u.id AND u.session_id IN (SELECT session_id
    FROM s) RETURNING 1),
da AS (DELETE FROM recallkit_aux AS t USING unnest($12::text[], $13::text[]) AS u(session_id, key)
  WHERE t.tenant = $1 AND t.session_id = u.session_id AND t.key = u.key AND u.session_id IN (SELECT session_id
    FROM s) RETURNING 1),
pe AS (INSERT INTO recallkit_entries (tenant, session_id, id, seq, active, entry)
  SELECT $1, u.session_id, u.id, u.seq, u.active, u.entry
  FROM unnest($14::text[], $15::text[], $16::bigint[], $17::boolean[], $18::text[]) AS u(session_id, id, seq, active,
    entry)
  WHERE u.session_id IN (SELECT session_id FROM s)
  ON CONFLICT (tenant, session_id, id) DO UPDATE SET seq = excluded.seq, active = excluded.active,
    entry = excluded.entry RETURNING 1),
ps AS (INSERT INTO recallkit_summaries (tenant, session_id, id, summary)
  SELECT $1, u.session_id, u.id, u.summary FROM unnest($19::text[], $20::text[],
    $21::text[]) WITH ORDINALITY AS u(session_id, id, summary, n)
  WHERE u.session_id IN (SELECT session_id FROM s) ORDER BY u.n
  ON CONFLICT (tenant, session_id, id) DO UPDATE SET summary = excluded.summary RETURNING 1),
pa AS (INSERT INTO recallkit_aux (tenant, session_id, key, value)
  SELECT $1, u.session_id, u.key, u.value FROM unnest($22::text[], $23::text[], $24::text[]) AS u(session_id, key,
    value)
  WHERE u.session_id IN (SELECT session_id FROM s)
  ON CONFLICT (tenant, session_id, key) DO UPDATE SET value = excluded.value RETURNING 1),
n AS (SELECT pg_notify('${CHANNEL}', '[' || string_agg(b.payload, ',' ORDER BY b.n) || ']') AS sent
  FROM b WHERE b.session_id IN (SELECT session_id FROM s) GROUP BY b.chunk)
SELECT (SELECT coalesce(array_agg(session_id), '{}') FROM s) AS ok, (SELECT count(*) FROM n)::int AS notified`;

/** The parameters of {@link WRITE_SQL} for batches of distinct sessions of one tenant. */
export function writeParams(tenant: string, batches: readonly EncodedBatch[]): unknown[] {
  const cols = (n: number): unknown[][] => Array.from({ length: n }, () => []);
  const b = cols(6);
  // Notifications of a statement go together, in as few payloads as fit PostgreSQL's limit.
  const chunks: number[] = [];
  let chunk = 0;
  let bytes = 0;
  const [de, ds, da, pe, ps, pa] = [cols(2), cols(2), cols(2), cols(5), cols(3), cols(3)];
  const push = (into: unknown[][], row: readonly unknown[]): void => row.forEach((v, i) => into[i]!.push(v));
  for (const x of batches) {
    push(b, [x.key, ...x.session]);
    const size = x.session[4].length * 3 + 1; // UTF-8 bytes at most
    if (bytes > 0 && bytes + size > NOTIFY_BYTES) [chunk, bytes] = [chunk + 1, 0];
    chunks.push(chunk);
    bytes += size;
    for (const id of x.deleteEntries) push(de, [x.key, id]);
    for (const id of x.deleteSummaries) push(ds, [x.key, id]);
    for (const key of x.deleteAux) push(da, [x.key, key]);
    for (const e of x.entries) push(pe, [x.key, ...e]);
    for (const s of x.summaries) push(ps, [x.key, ...s]);
    for (const a of x.auxPut) push(pa, [x.key, ...a]);
  }
  return [encodeKey(tenant), ...b, ...de, ...ds, ...da, ...pe, ...ps, ...pa, chunks];
}

/**
 * Run the statement on `batches` (distinct sessions); resolves the keys of the sessions written.
 * Batches go in session order, so statements of several processes lock session rows in one
 * order (two of them never wait for each other's rows).
 */
export async function applyBatches(sql: Sql, tenant: string, batches: readonly EncodedBatch[]): Promise<Set<string>> {
  const ordered =
    batches.length > 1 ? [...batches].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) : batches;
  const [row] = await sql.query<{ ok: string[] }>(WRITE_SQL, writeParams(tenant, ordered));
  return new Set(row?.ok ?? []);
}

/**
 * One batch as statements to run in order in one transaction (for callers that write inside
 * their own transaction): its deletions first, then the write statement, whose row `ok` lists
 * the session's key when the version check passed.
 */
export function buildWrite(
  tenant: string,
  sessionId: string,
  batch: StoreBatch,
): { pre: Statement[]; main: Statement } {
  const x = encodeBatch(tenant, sessionId, batch);
  return { pre: x.pre, main: { text: WRITE_SQL, params: writeParams(tenant, [x]) } };
}

/** The error of a batch whose version check failed. */
export const conflict = (x: EncodedBatch): ConflictError =>
  new ConflictError(
    `postgresStore: session ${JSON.stringify(x.sessionId)} is not at version ${x.expectVersion ?? 0}` +
      ' (another writer got there first): nothing was written',
  );

/** Apply one encoded batch atomically; `ConflictError` (nothing written) when the version check fails. */
export async function applyOne(db: SqlDriver, tenant: string, x: EncodedBatch): Promise<void> {
  const run = async (sql: Sql): Promise<void> => {
    for (const s of x.pre) await sql.query(s.text, s.params);
    if (!(await applyBatches(sql, tenant, [x])).has(x.key)) throw conflict(x);
  };
  // One statement is atomic on its own; deletions before it need a transaction.
  if (x.pre.length === 0) await run(db);
  else await db.transaction(run);
}

/** Apply a batch atomically; `ConflictError` (nothing written) when the version check fails. */
export async function writeBatch(db: SqlDriver, tenant: string, sessionId: string, batch: StoreBatch): Promise<void> {
  await applyOne(db, tenant, encodeBatch(tenant, sessionId, batch));
}

/** Delete a session (its rows cascade) and notify, in one statement. */
export async function deleteSession(db: SqlDriver, tenant: string, sessionId: string): Promise<void> {
  await db.query(
    `WITH d AS (DELETE FROM recallkit_sessions WHERE tenant = $1 AND session_id = $2 RETURNING 1),
     n AS (SELECT pg_notify('${CHANNEL}', $3) FROM d) SELECT (SELECT count(*) FROM n)::int AS notified`,
    [encodeKey(tenant), encodeKey(sessionId), notifyPayload(tenant, sessionId, 0)],
  );
}
