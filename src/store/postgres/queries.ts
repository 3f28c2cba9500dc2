/**
 * The reads of `postgresStore`. Every statement is parameterized and names the tenant (`$1`)
 * and the session (`$2`): a crafted id is only ever a value, never SQL, and never another
 * tenant's row.
 * @module
 */
import type { LoadEntriesOptions, MemoryEntry, MemorySummary, SessionMeta, StoredSession } from '../../types.js';
import { decodeKey, decodeValue, encodeKey } from './codec.js';
import type { Sql } from './driver.js';

const WHERE = 'tenant = $1 AND session_id = $2';

/** Meta, active entries (by seq) and summaries (in write order) in one statement. */
export async function loadSession(sql: Sql, tenant: string, sessionId: string): Promise<StoredSession | undefined> {
  const rows = await sql.query<{ k: number; body: string }>(
    `SELECT 0 AS k, meta AS body, 0::bigint AS o FROM recallkit_sessions WHERE ${WHERE}
     UNION ALL SELECT 1, entry, seq FROM recallkit_entries WHERE ${WHERE} AND active
     UNION ALL SELECT 2, summary, ord FROM recallkit_summaries WHERE ${WHERE}
     ORDER BY k, o`,
    [tenant, encodeKey(sessionId)],
  );
  if (rows[0]?.k !== 0) return undefined;
  const session: StoredSession = { meta: decodeValue<SessionMeta>(rows[0].body), activeEntries: [], summaries: [] };
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.k === 1) session.activeEntries.push(decodeValue<MemoryEntry>(row.body));
    else session.summaries.push(decodeValue<MemorySummary>(row.body));
  }
  return session;
}

export async function loadMeta(sql: Sql, tenant: string, sessionId: string): Promise<SessionMeta | undefined> {
  const [row] = await sql.query<{ meta: string }>(`SELECT meta FROM recallkit_sessions WHERE ${WHERE}`, [
    tenant,
    encodeKey(sessionId),
  ]);
  return row ? decodeValue<SessionMeta>(row.meta) : undefined;
}

export async function loadEntries(
  sql: Sql,
  tenant: string,
  sessionId: string,
  options: LoadEntriesOptions = {},
): Promise<MemoryEntry[]> {
  const { includeCompressed = true, fromSeq = 0 } = options;
  const rows = await sql.query<{ entry: string }>(
    `SELECT entry FROM recallkit_entries
      WHERE ${WHERE} AND seq >= $3${includeCompressed ? '' : ' AND active'} ORDER BY seq`,
    [tenant, encodeKey(sessionId), Math.max(-1, Math.floor(fromSeq))],
  );
  return rows.map((r) => decodeValue<MemoryEntry>(r.entry));
}

export async function getEntries(
  sql: Sql,
  tenant: string,
  sessionId: string,
  ids: readonly string[],
): Promise<(MemoryEntry | undefined)[]> {
  if (ids.length === 0) return [];
  const rows = await sql.query<{ id: string; entry: string }>(
    `SELECT id, entry FROM recallkit_entries WHERE ${WHERE} AND id = ANY($3::text[])`,
    [tenant, encodeKey(sessionId), [...new Set(ids)].map(encodeKey)],
  );
  const byId = new Map(rows.map((r) => [decodeKey(r.id), r.entry]));
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

/**
 * Every aux value whose key starts with `prefix`, by a range scan of the primary key (keys
 * compare bytewise: `COLLATE "C"`). The encoded prefix is the key's encoding minus its closing
 * quote; a trailing high surrogate is left to the exact check on decoded keys.
 */
export async function loadAuxPrefix(
  sql: Sql,
  tenant: string,
  sessionId: string,
  prefix: string,
): Promise<Map<string, unknown>> {
  const safe = /[\uD800-\uDBFF]$/.test(prefix) ? prefix.slice(0, -1) : prefix;
  const low = encodeKey(safe).slice(0, -1);
  const last = low.charCodeAt(low.length - 1);
  // `low` ends in an ASCII char or a BMP char below U+D7FF/above U+DFFF.
  const high = low.slice(0, -1) + String.fromCharCode(last + 1);
  const bounded = last < 0xd7ff || (last > 0xdfff && last < 0xffff);
  const rows = await sql.query<{ key: string; value: string }>(
    `SELECT key, value FROM recallkit_aux WHERE ${WHERE} AND key >= $3${bounded ? ' AND key < $4' : ''}`,
    [tenant, encodeKey(sessionId), low, ...(bounded ? [high] : [])],
  );
  const out = new Map<string, unknown>();
  for (const row of rows) {
    const key = decodeKey(row.key);
    if (key.startsWith(prefix)) out.set(key, decodeValue(row.value));
  }
  return out;
}

export async function listSessions(sql: Sql, tenant: string): Promise<SessionMeta[]> {
  const rows = await sql.query<{ meta: string }>(
    'SELECT meta FROM recallkit_sessions WHERE tenant = $1 ORDER BY session_id',
    [tenant],
  );
  return rows.map((r) => decodeValue<SessionMeta>(r.meta));
}
