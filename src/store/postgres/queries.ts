/**
 * The reads of `postgresStore`. Every statement is parameterized and names the tenant (`$1`)
 * and the session (`$2`): a crafted id is only ever a value, never SQL, and never another
 * tenant's row.
 * @module
 */
import type {
  LoadEntriesOptions,
  MemoryEntry,
  MemorySummary,
  SessionMeta,
  StoredSession,
  StoredSessionHead,
} from '../../types.js';
import { decodeKey, decodeValue, encodeKey } from './codec.js';
import type { Sql, SqlDriver } from './driver.js';
import { COST, createSlicer, mapInSlices, type Slicer } from '../../slices/slicer.js';
import { yieldNow } from '../../slices/yield-now.js';
import { fillCoveredIds, withCoveredIds } from './covered-ids.js';

const WHERE = 'tenant = $1 AND session_id = $2';

/**
 * Rows read per statement: a session of 100,000 entries is read a page at a time, so neither
 * the database's answer (PGlite answers in this thread) nor its decoding holds the thread long.
 */
export const ROWS_PER_PAGE = 1000;

/** Rows of JSON text decoded in slices of work. */
function decodeRows<R, T>(rows: readonly R[], text: (row: R) => string, slicer: Slicer): Promise<T[]> {
  return mapInSlices(
    rows,
    (row) => decodeValue<T>(text(row)),
    slicer,
    (row) => COST.item + text(row).length * COST.copy,
  );
}

/**
 * A session's meta (`k` 0), its first `$3` active entries by seq (1) and its summaries in write
 * order (2). `seq >=` (true of every row) names seq, so the planner reads the entries along the
 * index of active entries by seq: without it, on a table never analyzed (PGlite has no
 * autovacuum), it read every active entry of the session and sorted them for the first 1,001
 * (100 ms of this thread on a session of 100,000 in PGlite).
 */
export const SESSION_FIRST_PAGE = `SELECT 0 AS k, meta AS body, 0::bigint AS o FROM recallkit_sessions WHERE ${WHERE}
     UNION ALL (SELECT 1, entry, seq FROM recallkit_entries
       WHERE ${WHERE} AND active AND seq >= ${Number.MIN_SAFE_INTEGER} ORDER BY seq LIMIT $3)
     UNION ALL SELECT 2, summary, ord FROM recallkit_summaries WHERE ${WHERE}
     ORDER BY k, o`;

/**
 * Meta, active entries (by seq) and summaries (in write order) in one statement. A session
 * with more than {@link ROWS_PER_PAGE} active entries is read again page by page in one
 * repeatable-read transaction (one snapshot), giving the thread back between pages.
 */
export async function loadSession(
  sql: Sql & Partial<Pick<SqlDriver, 'transaction'>>,
  tenant: string,
  sessionId: string,
): Promise<StoredSession | undefined> {
  const slicer = createSlicer();
  const read = (tx: Sql & Partial<Pick<SqlDriver, 'transaction'>>) => loadSessionAsRead(tx, tenant, sessionId, slicer);
  return withCoveredIds(sql, tenant, encodeKey(sessionId), slicer, await read(sql), read);
}

/** {@link loadSession}, the ids of summaries stored apart left apart unless it read pages. */
async function loadSessionAsRead(
  sql: Sql & Partial<Pick<SqlDriver, 'transaction'>>,
  tenant: string,
  sessionId: string,
  slicer: Slicer,
): Promise<StoredSession | undefined> {
  const rows = await sql.query<{ k: number; body: string }>(SESSION_FIRST_PAGE, [
    tenant,
    encodeKey(sessionId),
    ROWS_PER_PAGE + 1,
  ]);
  if (rows[0]?.k !== 0) return undefined;
  const entries = rows.filter((r) => r.k === 1);
  const meta = decodeValue<SessionMeta>(rows[0].body);
  const summaries = rows.filter((r) => r.k === 2);
  const first = await decodeRows<{ body: string }, MemoryEntry>(entries.slice(0, ROWS_PER_PAGE), (r) => r.body, slicer);
  const read: StoredSession = {
    meta,
    activeEntries: first,
    summaries: await decodeRows<{ body: string }, MemorySummary>(summaries, (r) => r.body, slicer),
  };
  if (entries.length <= ROWS_PER_PAGE) return read;
  const paged = (tx: Sql) => loadPaged(tx, tenant, sessionId, slicer, !!sql.transaction, read);
  return sql.transaction ? sql.transaction(paged) : paged(sql);
}

/** {@link loadSession} of a large session, inside a transaction. */
async function loadPaged(
  tx: Sql,
  tenant: string,
  sessionId: string,
  slicer: Slicer,
  inTransaction: boolean,
  firstPage: StoredSession,
): Promise<StoredSession | undefined> {
  if (inTransaction) await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const meta = await loadMeta(tx, tenant, sessionId);
  if (!meta) return undefined;
  // Every write moves the version: at the same version, the first page read before is this snapshot's.
  const same = meta.version === firstPage.meta.version;
  const summaries = same
    ? firstPage.summaries
    : await decodeRows<{ summary: string }, MemorySummary>(
        await tx.query<{ summary: string }>(`SELECT summary FROM recallkit_summaries WHERE ${WHERE} ORDER BY ord`, [
          tenant,
          encodeKey(sessionId),
        ]),
        (r) => r.summary,
        slicer,
      );
  const activeEntries: MemoryEntry[] = same ? [...firstPage.activeEntries] : [];
  const last = activeEntries[activeEntries.length - 1];
  for (let fromSeq = last ? last.seq + 1 : 0; ;) {
    const page = await loadEntries(tx, tenant, sessionId, { fromSeq, includeCompressed: false, limit: ROWS_PER_PAGE });
    for (const e of page) activeEntries.push(e);
    if (page.length < ROWS_PER_PAGE) break;
    fromSeq = page[page.length - 1]!.seq + 1;
    await slicer.pause();
  }
  await fillCoveredIds(tx, tenant, encodeKey(sessionId), summaries, slicer);
  return { meta, activeEntries, summaries };
}

/** A session's meta. */
export const SESSION_META = `SELECT meta FROM recallkit_sessions WHERE ${WHERE}`;

export async function loadMeta(sql: Sql, tenant: string, sessionId: string): Promise<SessionMeta | undefined> {
  const [row] = await sql.query<{ meta: string }>(SESSION_META, [tenant, encodeKey(sessionId)]);
  return row ? decodeValue<SessionMeta>(row.meta) : undefined;
}

export async function loadEntries(
  sql: Sql,
  tenant: string,
  sessionId: string,
  options: LoadEntriesOptions = {},
): Promise<MemoryEntry[]> {
  const { includeCompressed = true, fromSeq = 0, limit } = options;
  const limited = limit !== undefined && Number.isInteger(limit) && limit >= 0;
  const rows = await sql.query<{ entry: string }>(
    `SELECT entry FROM recallkit_entries
      WHERE ${WHERE} AND seq >= $3${includeCompressed ? '' : ' AND active'} ORDER BY seq${limited ? ' LIMIT $4' : ''}`,
    [tenant, encodeKey(sessionId), Math.max(-1, Math.floor(fromSeq)), ...(limited ? [limit] : [])],
  );
  return decodeRows(rows, (r) => r.entry, createSlicer());
}

/**
 * Ids looked up per statement by {@link getEntries}: each is one primary-key search, so a
 * statement's work stays bounded however many ids are asked for.
 */
export const IDS_PER_LOOKUP = 250;

/** The lookup of entries by id (`$3`: encoded ids): one primary-key search each. */
export const ENTRIES_BY_ID = `SELECT id, entry FROM recallkit_entries WHERE ${WHERE} AND id = ANY($3::text[])`;

export async function getEntries(
  sql: Sql,
  tenant: string,
  sessionId: string,
  ids: readonly string[],
): Promise<(MemoryEntry | undefined)[]> {
  if (ids.length === 0) return [];
  const keys = [...new Set(ids)].map(encodeKey);
  const byId = new Map<string, string>();
  for (let i = 0; i < keys.length; i += IDS_PER_LOOKUP) {
    if (i > 0) await yieldNow();
    const rows = await sql.query<{ id: string; entry: string }>(ENTRIES_BY_ID, [
      tenant,
      encodeKey(sessionId),
      keys.slice(i, i + IDS_PER_LOOKUP),
    ]);
    for (const r of rows) byId.set(decodeKey(r.id), r.entry);
  }
  return ids.map((id) => {
    const text = byId.get(id);
    return text === undefined ? undefined : decodeValue<MemoryEntry>(text);
  });
}

export async function loadAux(sql: Sql, tenant: string, sessionId: string, key: string): Promise<unknown> {
  const [row] = await sql.query<{ value: string }>(`SELECT value FROM recallkit_aux WHERE ${WHERE} AND key = $3`, [
    tenant,
    encodeKey(sessionId),
    encodeKey(key),
  ]);
  return row ? decodeValue(row.value) : undefined;
}

/** The range of encoded keys that starts with `prefix` (`high` undefined: no upper bound). */
function prefixRange(prefix: string): { low: string; high: string | undefined } {
  const safe = /[\uD800-\uDBFF]$/.test(prefix) ? prefix.slice(0, -1) : prefix;
  const low = encodeKey(safe).slice(0, -1);
  const last = low.charCodeAt(low.length - 1);
  // `low` ends in an ASCII char or a BMP char below U+D7FF/above U+DFFF.
  const bounded = last < 0xd7ff || (last > 0xdfff && last < 0xffff);
  return { low, high: bounded ? low.slice(0, -1) + String.fromCharCode(last + 1) : undefined };
}

/** Aux rows decoded into a map, keeping the keys under `prefix`, in slices of work. */
async function auxMap(rows: readonly { key: string; value: string }[], prefix: string): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const slicer = createSlicer();
  for (const row of rows) {
    const key = decodeKey(row.key);
    if (key.startsWith(prefix)) out.set(key, decodeValue(row.value));
    if (slicer.spend(COST.item + row.value.length * COST.copy)) await slicer.pause();
  }
  return out;
}

/**
 * The statement of {@link loadSessionHead}: meta (`k` 0), summaries in write order (1) and the
 * aux values with keys from `$3` (2), below `$4` when `bounded`.
 */
export const sessionHead = (bounded: boolean): string =>
  `SELECT 0 AS k, NULL::text AS key, meta AS body, 0::bigint AS o FROM recallkit_sessions WHERE ${WHERE}
     UNION ALL SELECT 1, NULL, summary, ord FROM recallkit_summaries WHERE ${WHERE}
     UNION ALL SELECT 2, key, value, 0 FROM recallkit_aux WHERE ${WHERE} AND key >= $3${bounded ? ' AND key < $4' : ''}
     ORDER BY k, o`;

/**
 * Meta, summaries (in write order) and the aux values under `prefix`, in one statement (one
 * snapshot), without the entries.
 */
export async function loadSessionHead(
  sql: Sql & Partial<Pick<SqlDriver, 'transaction'>>,
  tenant: string,
  sessionId: string,
  prefix: string,
): Promise<StoredSessionHead | undefined> {
  const slicer = createSlicer();
  const read = (tx: Sql) => loadHeadAsRead(tx, tenant, sessionId, prefix, slicer);
  return withCoveredIds(sql, tenant, encodeKey(sessionId), slicer, await read(sql), read);
}

/** {@link loadSessionHead}, the ids of summaries stored apart left apart. */
async function loadHeadAsRead(
  sql: Sql,
  tenant: string,
  sessionId: string,
  prefix: string,
  slicer: Slicer,
): Promise<StoredSessionHead | undefined> {
  const { low, high } = prefixRange(prefix);
  const rows = await sql.query<{ k: number; key: string | null; body: string }>(sessionHead(high !== undefined), [
    tenant,
    encodeKey(sessionId),
    low,
    ...(high === undefined ? [] : [high]),
  ]);
  if (rows[0]?.k !== 0) return undefined;
  const summaries = rows.filter((r) => r.k === 1);
  const aux = rows.filter((r) => r.k === 2) as { key: string; body: string }[];
  return {
    meta: decodeValue<SessionMeta>(rows[0].body),
    summaries: await decodeRows<{ body: string }, MemorySummary>(summaries, (r) => r.body, slicer),
    aux: await auxMap(
      aux.map((r) => ({ key: r.key, value: r.body })),
      prefix,
    ),
  };
}

/**
 * Aux values read per statement by {@link loadAuxPrefix}: a recall segment is a few kilobytes,
 * so a page is at most a few megabytes for the database to answer (PGlite answers in this
 * thread) and for this process to decode.
 */
export const AUX_PER_PAGE = 200;

/**
 * A page of {@link loadAuxPrefix}: `$4` aux values in key order from `$3` (`>=` the `first`
 * time, `>` after), below `$5` when `bounded`.
 */
export const auxPage = (first: boolean, bounded: boolean): string =>
  `SELECT key, value FROM recallkit_aux
        WHERE ${WHERE} AND key ${first ? '>=' : '>'} $3${bounded ? ' AND key < $5' : ''} ORDER BY key LIMIT $4`;

/**
 * Every aux value whose key starts with `prefix`, by a range scan of the primary key (keys
 * compare bytewise: `COLLATE "C"`). The encoded prefix is the key's encoding minus its closing
 * quote; a trailing high surrogate is left to the exact check on decoded keys. More than
 * {@link AUX_PER_PAGE} values are read a page at a time, in key order, in one repeatable-read
 * transaction (one snapshot), the thread given back between pages.
 */
export async function loadAuxPrefix(
  sql: Sql & Partial<Pick<SqlDriver, 'transaction'>>,
  tenant: string,
  sessionId: string,
  prefix: string,
): Promise<Map<string, unknown>> {
  const { low, high } = prefixRange(prefix);
  // A page: the keys from `from` on (`>=` the first time, `>` after), in key order.
  const page = (tx: Sql, from: string, first: boolean) =>
    tx.query<{ key: string; value: string }>(auxPage(first, high !== undefined), [
      tenant,
      encodeKey(sessionId),
      from,
      AUX_PER_PAGE + 1,
      ...(high === undefined ? [] : [high]),
    ]);
  const rows = await page(sql, low, true);
  if (rows.length <= AUX_PER_PAGE) return auxMap(rows, prefix);
  // More than a page: read again from the start in one snapshot, page by page.
  const paged = async (tx: Sql): Promise<Map<string, unknown>> => {
    if (sql.transaction) await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const out = new Map<string, unknown>();
    for (let from = low, first = true; ; first = false) {
      const next = await page(tx, from, first);
      for (const [key, value] of await auxMap(next.slice(0, AUX_PER_PAGE), prefix)) out.set(key, value);
      if (next.length <= AUX_PER_PAGE) return out;
      from = next[AUX_PER_PAGE - 1]!.key;
      await yieldNow();
    }
  };
  return sql.transaction ? sql.transaction(paged) : paged(sql);
}

/**
 * Sessions' metas read per statement by {@link listSessions}: a tenant with 10,000 sessions is
 * read a page at a time, so no one statement holds the thread (PGlite answers in it).
 */
export const SESSIONS_PER_PAGE = 1000;

/**
 * Every session's meta of the tenant, in session-key order. More than {@link SESSIONS_PER_PAGE}
 * are read again page by page (keyset on the primary key) in one repeatable-read transaction (one
 * snapshot), the thread given back between pages.
 */
export async function listSessions(
  sql: Sql & Partial<Pick<SqlDriver, 'transaction'>>,
  tenant: string,
): Promise<SessionMeta[]> {
  const page = (tx: Sql, after: string | undefined) =>
    tx.query<{ key: string; meta: string }>(
      `SELECT session_id AS key, meta FROM recallkit_sessions
        WHERE tenant = $1${after === undefined ? '' : ' AND session_id > $3'} ORDER BY session_id LIMIT $2`,
      [tenant, SESSIONS_PER_PAGE + 1, ...(after === undefined ? [] : [after])],
    );
  const slicer = createSlicer();
  const first = await page(sql, undefined);
  if (first.length <= SESSIONS_PER_PAGE) return decodeRows(first, (r) => r.meta, slicer);
  const paged = async (tx: Sql): Promise<SessionMeta[]> => {
    if (sql.transaction) await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const out: SessionMeta[] = [];
    for (let after: string | undefined; ;) {
      const next = await page(tx, after);
      for (const meta of await decodeRows<{ meta: string }, SessionMeta>(
        next.slice(0, SESSIONS_PER_PAGE),
        (r) => r.meta,
        slicer,
      ))
        out.push(meta);
      if (next.length <= SESSIONS_PER_PAGE) return out;
      after = next[SESSIONS_PER_PAGE - 1]!.key;
      await yieldNow();
    }
  };
  return sql.transaction ? sql.transaction(paged) : paged(sql);
}
