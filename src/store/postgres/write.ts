/**
 * Applying `StoreBatch`es: ONE statement applies any number of batches (of different sessions,
 * of one tenant or several), made of the steps they need, with their rows as JSON parameters.
 * Its first step checks and moves each session's version (so the check and the write are one
 * atomic step); every entry, summary and aux change, and each change notification, is gated on
 * its own tenant's session's step having gone through. A batch that must first delete rows it
 * then writes again (`replace`, or an id both deleted and put) runs the deletions and that
 * statement in one transaction.
 * @module
 */
import { ConflictError } from '../../errors.js';
import type { MemoryEntry, StoreBatch } from '../../types.js';
import { encodeKey, encodeValue } from './codec.js';
import type { Sql, SqlDriver } from './driver.js';
import { COST, SLICE_UNITS, type Slicer } from '../../slices/slicer.js';
import { yieldNow } from '../../slices/yield-now.js';
import { summariesApart, summaryStatements } from './summary-parts.js';
import { encodeSummary, PARTS_PER_DELETE } from './covered-ids.js';

/** The NOTIFY channel of every `postgresStore` on a database. */
export const CHANNEL = 'recallkit_changes';

/**
 * A change notification: `[tenant, sessionId, version]` (version 0: deleted), then, from a
 * store that numbers its writes, `origin` (that store, a random id) and `n` (the write's
 * number there): its own subscribers then skip the writes it made before they subscribed. A
 * write statement sends its changes together as a JSON array of these.
 */
export const notifyPayload = (tenant: string, sessionId: string, version: number, own?: [string, number]): string =>
  JSON.stringify(own ? [tenant, sessionId, version, ...own] : [tenant, sessionId, version]);

/** Payload bytes of one notification at most (PostgreSQL's limit is 8,000). */
export const NOTIFY_BYTES = 7_000;

/**
 * The notification each change goes in (0, 1, …): changes are joined, in order, into JSON-array
 * payloads of at most {@link NOTIFY_BYTES}.
 */
export function notifyChunks(changes: readonly string[]): number[] {
  let chunk = 0;
  let bytes = 2; // the brackets
  return changes.map((change) => {
    const size = change.length * 3 + 1; // UTF-8 bytes at most, and a comma
    if (bytes > 2 && bytes + size > NOTIFY_BYTES) [chunk, bytes] = [chunk + 1, 2];
    bytes += size;
    return chunk;
  });
}

/**
 * How a batch's session row is written: upsert (no check), insert if absent (expect 0), update if at the expected
 * version.
 */
const UPSERT = 0;
const INSERT = 1;
const UPDATE = 2;

export interface Statement {
  text: string;
  params: unknown[];
  /**
   * A deletion in chunks ({@link deleteRows}): every row of the session (`params`: tenant and
   * session key) in `table`, {@link ROWS_PER_DELETE} at a time ({@link runStatement}).
   */
  chunk?: { table: string; column: string; rows: number };
}

/**
 * Rows one statement deletes when every row of a session goes (a `replace` batch, a session
 * deleted): a session of 100,000 entries is deleted in statements of this many rows, in one
 * transaction, the thread given back between them (PGlite runs each statement in this thread).
 */
export const ROWS_PER_DELETE = 1000;

/**
 * Every row of a session, deleted from its three tables in chunks ({@link runStatement}): entries
 * and summaries {@link ROWS_PER_DELETE} a statement, aux values (recall segments of a few
 * kilobytes, stored apart from their rows) {@link AUX_PER_STATEMENT} a statement.
 */
function deleteRows(tenant: string, key: string, idsApart = true): Statement[] {
  const all = (table: string, column: string, rows = ROWS_PER_DELETE): Statement => ({
    text: `DELETE FROM ${table} WHERE tenant = $1 AND session_id = $2`,
    params: [tenant, key],
    chunk: { table, column, rows },
  });
  return [
    all('recallkit_entries', 'id'),
    all('recallkit_summaries', 'id'),
    ...(idsApart ? [all('recallkit_summary_ids', 'summary_id', PARTS_PER_DELETE)] : []),
    all('recallkit_aux', 'key', AUX_PER_STATEMENT),
  ];
}

/**
 * Deleting a session's rows whose keys are in (`$3`, `$4`]: one range scan of the primary key
 * (a tenth of the work of searching it for each of 1,000 keys).
 */
export const deleteKeyRange = (table: string, column: string): string =>
  `DELETE FROM ${table} WHERE tenant = $1 AND session_id = $2 AND ${column} > $3 AND ${column} <= $4`;

/**
 * Run a statement. A deletion in chunks reads the next {@link ROWS_PER_DELETE} keys in key
 * order (an index-only range scan from the last key), deletes that range of keys, and goes on, the
 * thread given back between chunks: each statement's work is bounded, whatever the session's size.
 */
export async function runStatement(sql: Sql, statement: Statement): Promise<void> {
  const { chunk } = statement;
  if (!chunk) {
    await sql.query(statement.text, statement.params);
    return;
  }
  const { table, column, rows } = chunk;
  const [tenant, key] = statement.params;
  for (let after = ''; ;) {
    const keys = await sql.query<{ k: string }>(
      `SELECT ${column} AS k FROM ${table} WHERE tenant = $1 AND session_id = $2 AND ${column} > $3
        ORDER BY ${column} LIMIT $4`,
      [tenant, key, after, rows],
    );
    if (keys.length === 0) return;
    const last = keys[keys.length - 1]!.k;
    await sql.query(deleteKeyRange(table, column), [tenant, key, after, last]);
    if (keys.length < rows) return;
    after = last;
    await yieldNow();
  }
}

/** One batch, encoded (every value already JSON text) and ready to join a statement. */
export interface EncodedBatch {
  sessionId: string;
  /** The tenant as stored. */
  tenant: string;
  /** The session id as stored. */
  key: string;
  /** The session among all tenants' ({@link batchId}). */
  id: string;
  expectVersion: number | undefined;
  /** Deletions to run first, in a transaction with the statement. */
  pre: Statement[];
  session: [mode: number, expect: number, version: number, meta: string, payload: string];
  entries: [id: string, seq: number, active: boolean, body: string][];
  /** Whether large summaries' covered ids go apart (`covered-ids.ts`): a batch cut into statements. */
  idsApart: boolean;
  /** Encoded id, JSON text, and the parts of its covered ids when they go apart (`covered-ids.ts`). */
  summaries: [id: string, body: string, parts?: string[]][];
  auxPut: [key: string, value: string][];
  deleteEntries: string[];
  deleteSummaries: string[];
  deleteAux: string[];
  /**
   * Rows of a large batch beyond its first statement's, each a statement run after it in the
   * same transaction (the thread is given back between them), built only when it is run: the
   * statements of 100,000 entries, built at once, held another copy of their JSON (35 MB) for
   * the garbage collector to walk while the batch was written.
   */
  more: (() => Statement)[];
  /**
   * The seq span of a large batch's inactive entries (more than {@link ROWS_PER_STATEMENT}: a
   * compression's), walked after it commits ({@link walkRetired}).
   */
  retired?: [from: number, to: number];
}

/**
 * Rows in one statement of a large batch (entries; aux values go `AUX_PER_STATEMENT`). PGlite
 * runs each statement in this thread: 1,000 rows took 30–160 ms of CPU a statement (the first
 * statements of a process the most) in a 100,000-entry import (#31).
 */
export const ROWS_PER_STATEMENT = 500;
/** Aux values in one statement of a large batch (a recall segment is a few kilobytes). */
export const AUX_PER_STATEMENT = 200;

/** Options of {@link encodeBatch}. */
export interface EncodeOptions {
  /** JSON texts already made (`encodeBatchInSlices`) of entries and aux values. */
  known?: Map<unknown, string>;
  /**
   * The batch's entries already made into rows (in slices, `encodeBatchInSlices`): the last of
   * each id, in seq order, and their rows.
   */
  entries?: { list: readonly MemoryEntry[]; rows: EncodedBatch['entries'] };
  /** Cut a large batch into statements run in one transaction ({@link EncodedBatch.more}). */
  split?: boolean;
}

/** A session among all tenants' (the tenant JSON-quoted, so the pair reads back one way). */
const batchId = (tenant: string, key: string): string => JSON.stringify(tenant) + key;

/** The last of each id (as a batch applied one by one would leave it); the list itself when ids are distinct. */
function lastOfEach<T extends { id: string }>(list: readonly T[] | undefined): readonly T[] {
  if (!list || list.length === 0) return [];
  if (list.length === 1) return list;
  const byId = new Map(list.map((x) => [x.id, x]));
  return byId.size === list.length ? list : [...byId.values()];
}

/**
 * Units of encoding done in one go before the rest goes in slices (a tenth of a slice, well
 * under a millisecond): a chat turn's batch is encoded at once, with no slicer and no await.
 */
export const ENCODE_AT_ONCE_UNITS = SLICE_UNITS / 10;

/**
 * {@link encodeBatch} with the JSON of entries and aux values made in slices of work, and a
 * large batch split into statements of {@link ROWS_PER_STATEMENT} rows, each built when it runs: a
 * batch of 100,000 entries never holds the thread for long. A small batch (under
 * {@link ENCODE_AT_ONCE_UNITS}) is encoded at once and returned as it is, not as a promise; a
 * larger one goes on in slices of `slicer()`'s, reusing the texts already made.
 */
export function encodeBatchInSlices(
  tenant: string,
  sessionId: string,
  batch: StoreBatch,
  slicer: () => Slicer,
): EncodedBatch | Promise<EncodedBatch> {
  const known = new Map<unknown, string>();
  const what = (): string => `session ${JSON.stringify(sessionId)}`;
  let spent = 0;
  for (const e of batch.putEntries ?? []) {
    const text = encodeValue(e, () => `entry ${JSON.stringify(e.id)} of ${what()}`);
    known.set(e, text);
    spent += COST.item + text.length * COST.copy;
    if (spent >= ENCODE_AT_ONCE_UNITS) return encodeInSlices(tenant, sessionId, batch, slicer(), known);
  }
  if (batch.aux)
    for (const k of Object.keys(batch.aux)) {
      const v = batch.aux[k];
      if (v === null || typeof v !== 'object') continue;
      const text = encodeValue(v, () => `aux ${JSON.stringify(k)} of ${what()}`);
      known.set(v, text);
      spent += COST.item + text.length * COST.copy;
      if (spent >= ENCODE_AT_ONCE_UNITS) return encodeInSlices(tenant, sessionId, batch, slicer(), known);
    }
  return encodeBatch(tenant, sessionId, batch, { known, split: true });
}

/** A batch larger than one go, encoded in slices of `slicer` (`known`: the texts made so far). */
async function encodeInSlices(
  tenant: string,
  sessionId: string,
  batch: StoreBatch,
  slicer: Slicer,
  known: Map<unknown, string>,
): Promise<EncodedBatch> {
  await slicer.pause();
  const what = (): string => `session ${JSON.stringify(sessionId)}`;
  // The last write of each id, as encodeBatch keeps it, in slices.
  const put = batch.putEntries ?? [];
  let list: readonly MemoryEntry[] = put;
  if (put.length > 1) {
    const byId = new Map<string, MemoryEntry>();
    for (const e of put) {
      byId.set(e.id, e);
      if (slicer.spend(COST.item / 10)) await slicer.pause();
    }
    if (byId.size !== put.length) list = [...byId.values()];
    if (list.some((e, i) => i > 0 && e.seq < list[i - 1]!.seq)) list = [...list].sort((a, b) => a.seq - b.seq);
  }
  const rows: EncodedBatch['entries'] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    const text = known.get(e) ?? encodeValue(e, () => `entry ${JSON.stringify(e.id)} of ${what()}`);
    rows[i] = [encodeKey(e.id), e.seq, !e.compressed, text];
    if (slicer.spend(COST.item + text.length * COST.copy)) await slicer.pause();
  }
  if (batch.aux)
    for (const k of Object.keys(batch.aux)) {
      const v = batch.aux[k];
      if (v === null || typeof v !== 'object' || known.has(v)) continue;
      const text = encodeValue(v, () => `aux ${JSON.stringify(k)} of ${what()}`);
      known.set(v, text);
      if (slicer.spend(COST.item + text.length * COST.copy)) await slicer.pause();
    }
  const encoded = encodeBatch(tenant, sessionId, batch, { known, entries: { list, rows } });
  encoded.more.push(...cutRows(encoded));
  return encoded;
}

/** Encode a batch, refusing non-JSON values before anything is sent. */
export function encodeBatch(
  tenant: string,
  sessionId: string,
  batch: StoreBatch,
  options: EncodeOptions = {},
): EncodedBatch {
  const { known, entries: given } = options;
  // A batch cut into statements (the store's) puts large summaries' ids apart; one written by a
  // single statement (`buildWrite`, `writeBatch`) keeps them in the row.
  const cut = options.split === true || given !== undefined;
  const what = (): string => `session ${JSON.stringify(sessionId)}`;
  const key = encodeKey(sessionId);
  const version = batch.meta.version;
  const meta = encodeValue(batch.meta, () => `the meta of ${what()}`);
  const expect = batch.expectVersion;
  const mode = expect === undefined ? UPSERT : expect === 0 ? INSERT : UPDATE;

  // Last write of an id in the batch wins, as it would applied one by one.
  let entries = given?.list ?? lastOfEach(batch.putEntries);
  const summaries = lastOfEach(batch.putSummaries);
  const aux = batch.aux ? Object.entries(batch.aux) : [];
  const pre: Statement[] = [];
  const deleted = (ids: string[] | undefined, put: readonly { id: string }[]): [again: string[], rest: string[]] => {
    if (!ids || ids.length === 0) return [[], []];
    const putIds = new Set(put.map((x) => x.id));
    return [ids.filter((id) => putIds.has(id)), ids.filter((id) => !putIds.has(id)).map(encodeKey)];
  };
  const [again, deleteEntries] = deleted(batch.deleteEntryIds, entries);
  const [againS, deleteSummaries] = deleted(batch.deleteSummaryIds, summaries);
  const ids = [tenant, key];
  if (batch.replace) {
    pre.push(...deleteRows(tenant, key, cut));
  } else {
    // Deleted and put again in one batch: delete first (one statement cannot touch a row twice).
    if (again.length)
      pre.push({
        text: 'DELETE FROM recallkit_entries WHERE tenant = $1 AND session_id = $2 AND id = ANY($3::text[])',
        params: [...ids, again.map(encodeKey)],
      });
    if (againS.length)
      pre.push({
        text: 'DELETE FROM recallkit_summaries WHERE tenant = $1 AND session_id = $2 AND id = ANY($3::text[])',
        params: [...ids, againS.map(encodeKey)],
      });
  }
  if (!given && entries.length > 1 && entries.some((e, i) => i > 0 && e.seq < entries[i - 1]!.seq))
    entries = [...entries].sort((a, b) => a.seq - b.seq);
  const encoded: EncodedBatch = {
    sessionId,
    tenant,
    key,
    id: batchId(tenant, key),
    expectVersion: expect,
    pre,
    session: [mode, expect ?? 0, version, meta, notifyPayload(tenant, sessionId, version)],
    entries:
      given?.rows ??
      entries.map((e) => [
        encodeKey(e.id),
        e.seq,
        !e.compressed,
        known?.get(e) ?? encodeValue(e, () => `entry ${JSON.stringify(e.id)} of ${what()}`),
      ]),
    idsApart: cut,
    summaries: summaries.map((s) => {
      const { body, parts } = encodeSummary(s, () => `summary ${JSON.stringify(s.id)} of ${what()}`, cut);
      return parts ? [encodeKey(s.id), body, parts] : [encodeKey(s.id), body];
    }),
    auxPut: aux
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [encodeKey(k), known?.get(v) ?? encodeValue(v, () => `aux ${JSON.stringify(k)} of ${what()}`)]),
    deleteEntries: batch.replace ? [] : deleteEntries,
    deleteSummaries: batch.replace ? [] : deleteSummaries,
    deleteAux: aux.filter(([, v]) => v === null).map(([k]) => encodeKey(k)),
    more: [],
  };
  if (options.split) encoded.more.push(...cutRows(encoded));
  return encoded;
}

/**
 * Characters of aux values (recall segments) in one statement at most, with the entries' JSON
 * of that statement: 200 segments of 5 KB beside 1,000 entries (and the meta) made a first statement of 1.3 MB
 * that PGlite took 100 ms of this thread to run (#31). A value longer than this goes alone.
 */
export const AUX_CHARS_PER_STATEMENT = 256 * 1024;

/**
 * Cut a large batch: its first statement keeps {@link ROWS_PER_STATEMENT} entries, the aux values
 * that fit beside them ({@link AUX_PER_STATEMENT} values and {@link AUX_CHARS_PER_STATEMENT}
 * characters with the entries'), and its summaries unless they are large (`summary-parts.ts`);
 * the rest become statements of their own, returned unbuilt (each builds one
 * {@link EncodedBatch.more} statement), so a caller may give the thread back between them.
 */
function cutRows(x: EncodedBatch): (() => Statement)[] {
  const { entries, auxPut, summaries } = x;
  let retired = 0;
  let from = Infinity;
  let to = -Infinity;
  for (const [, seq, active] of entries)
    if (!active) [retired, from, to] = [retired + 1, Math.min(from, seq), Math.max(to, seq)];
  if (retired > ROWS_PER_STATEMENT) x.retired = [from, to];
  if (entries.length > ROWS_PER_STATEMENT) x.entries = entries.slice(0, ROWS_PER_STATEMENT);
  const builds: (() => Statement)[] = [];
  if (summariesApart(summaries)) {
    x.summaries = [];
    builds.push(...summaryStatements(x.tenant, x.key, summaries));
  }
  for (let at = ROWS_PER_STATEMENT; at < entries.length; at += ROWS_PER_STATEMENT)
    builds.push(() => entryRows(x, entries.slice(at, at + ROWS_PER_STATEMENT)));
  let chars = 0;
  for (const row of x.entries) chars += row[3].length;
  const groups = auxGroups(auxPut, chars);
  x.auxPut = groups[0] ?? [];
  for (const group of groups.slice(1)) builds.push(() => auxRows(x, group));
  return builds;
}

/**
 * Aux values in statements of at most {@link AUX_PER_STATEMENT} values and
 * {@link AUX_CHARS_PER_STATEMENT} characters (the first beside `firstChars` of entries, and
 * empty when even its first value does not fit beside them).
 */
function auxGroups(auxPut: EncodedBatch['auxPut'], firstChars: number): EncodedBatch['auxPut'][] {
  const groups: EncodedBatch['auxPut'][] = [[]];
  let chars = firstChars;
  for (const row of auxPut) {
    const group = groups[groups.length - 1]!;
    const full = group.length >= AUX_PER_STATEMENT || chars + row[1].length > AUX_CHARS_PER_STATEMENT;
    // A value alone in its statement goes, however long; the first group stays empty when the
    // first value does not fit beside the entries.
    if (full && (group.length > 0 || chars > 0)) {
      groups.push([row]);
      chars = row[1].length;
    } else {
      group.push(row);
      chars += row[1].length;
    }
  }
  return groups;
}

/** A statement writing entry rows of a batch whose version step already went through (same transaction). */
function entryRows(x: EncodedBatch, rows: EncodedBatch['entries']): Statement {
  const p = new Params();
  const [t, s] = [p.add(x.tenant), p.add(x.key)];
  const list = rows.map(([id, seq, a]) => ({ id, seq, a }));
  return {
    text: `INSERT INTO recallkit_entries (tenant, session_id, id, seq, active, entry)
  SELECT ${t}, ${s}, u.id, u.seq, u.a, u.e FROM ${withTexts(
    p.rows(list),
    p.lines(rows.map((r) => r[3])),
    rows.length,
    'u',
    'id text, seq bigint, a boolean',
    'id, seq, a, e',
  )}
  ON CONFLICT (tenant, session_id, id) DO UPDATE SET seq = excluded.seq, active = excluded.active,
    entry = excluded.entry`,
    params: p.values,
  };
}

/** A statement writing aux rows of a batch whose version step already went through (same transaction). */
function auxRows(x: EncodedBatch, rows: EncodedBatch['auxPut']): Statement {
  const p = new Params();
  const [t, s] = [p.add(x.tenant), p.add(x.key)];
  const keys = p.rows(rows.map(([k]) => ({ k })));
  const values = p.lines(rows.map((r) => r[1]));
  return {
    text: `INSERT INTO recallkit_aux (tenant, session_id, key, value)
  SELECT ${t}, ${s}, u.k, u.v FROM ${withTexts(keys, values, rows.length, 'u', 'k text', 'k, v')}
  ON CONFLICT (tenant, session_id, key) DO UPDATE SET value = excluded.value`,
    params: p.values,
  };
}

/** A statement's parameters, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  /** Add `value`; its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /** Add rows as ONE JSON parameter (one string to send and parse, not an array per column). */
  rows(rows: readonly unknown[]): string {
    return `${this.add(JSON.stringify(rows))}::json`;
  }
  /**
   * Add JSON texts as ONE parameter, a line each: JSON text never holds a line break (JSON.stringify
   * escapes control characters), so they go as they are, not escaped again inside JSON.
   */
  lines(texts: readonly string[]): string {
    return `unnest(string_to_array(${this.add(texts.join('\n'))}, E'\\n'))`;
  }
}

/**
 * A bound on a step's row count as the statement states it (the next power of two): PostgreSQL
 * plans a set-returning function for 100 rows, and would then scan a small table whole rather
 * than look up each row by its index. Powers of two keep the statement texts (each prepared on
 * every connection) few.
 */
const atMost = (count: number): number => 2 ** Math.ceil(Math.log2(Math.max(1, count)));

/** `count` rows of a JSON parameter as a relation named `alias`. */
const recordset = (param: string, count: number, alias: string, columns: string): string =>
  `(SELECT * FROM json_to_recordset(${param}) AS r(${columns}) LIMIT ${atMost(count)}) AS ${alias}`;

/**
 * `count` rows of a JSON parameter plus one JSON text each (the value stored), as a relation:
 * the two functions are read side by side, row by row.
 */
const withTexts = (rows: string, texts: string, count: number, alias: string, columns: string, names: string) =>
  `(SELECT * FROM ROWS FROM (json_to_recordset(${rows}) AS (${columns}), ${texts}) AS r(${names})
    LIMIT ${atMost(count)}) AS ${alias}`;

/** Only rows of sessions whose version step went through. */
const GATE = '(u.t, u.s) IN (SELECT tenant, session_id FROM s)';

/**
 * The write statement of `batches` (distinct sessions, of any tenants), made of the steps their
 * contents need (an append group: the version step and the entries). `b`: one row per batch;
 * `s`: the sessions whose version step went through (an insert of a new session, an
 * unconditional upsert, or an update at the expected version, locked row by row in session
 * order); every other step writes only rows of those sessions, each under its own tenant.
 * `ord` of new summaries follows batch order. Data-modifying steps always run. Rows travel as
 * JSON parameters, one per step. The row's `missed` lists the places (in `batches`) of the batches
 * not written, usually none. With
 * `notify`, the statement also notifies its changes on commit (the final SELECT reads `n` so
 * they are made); without, the caller notifies them once it committed.
 */
export function writeStatement(batches: readonly EncodedBatch[], notify: boolean): Statement {
  const p = new Params();
  // Notifications of a statement go together, in as few payloads as fit PostgreSQL's limit.
  const chunks = notifyChunks(batches.map((x) => x.session[4]));
  const modes = new Set<number>();
  const metas: string[] = [];
  const sessions = batches.map((x, n) => {
    const [mode, expect, version, meta, payload] = x.session;
    modes.add(mode);
    metas.push(meta);
    return { t: x.tenant, s: x.key, mode, e: expect, v: version, p: payload, c: chunks[n], n };
  });
  const steps = [
    `b AS (SELECT * FROM ${withTexts(
      p.rows(sessions),
      p.lines(metas),
      sessions.length,
      'b',
      't text, s text, mode int, e bigint, v bigint, p text, c int, n int',
      't, s, mode, e, v, p, c, n, m',
    )})`,
  ];
  const only = (mode: number): string => (modes.size > 1 ? ` AND b.mode = ${mode}` : '');
  const heads: string[] = [];
  if (modes.has(UPSERT)) {
    steps.push(`s0 AS (INSERT INTO recallkit_sessions AS t (tenant, session_id, version, meta)
  SELECT b.t, b.s, b.v, b.m FROM b WHERE true${only(UPSERT)} ORDER BY b.t, b.s
  ON CONFLICT (tenant, session_id) DO UPDATE SET version = excluded.version, meta = excluded.meta
  RETURNING t.tenant, t.session_id)`);
    heads.push('s0');
  }
  if (modes.has(INSERT)) {
    steps.push(`s1 AS (INSERT INTO recallkit_sessions AS t (tenant, session_id, version, meta)
  SELECT b.t, b.s, b.v, b.m FROM b WHERE true${only(INSERT)} ORDER BY b.t, b.s
  ON CONFLICT (tenant, session_id) DO NOTHING RETURNING t.tenant, t.session_id)`);
    heads.push('s1');
  }
  if (modes.has(UPDATE)) {
    steps.push(`s2 AS (UPDATE recallkit_sessions AS t SET version = b.v, meta = b.m FROM b
  WHERE t.tenant = b.t AND t.session_id = b.s AND t.version = b.e${only(UPDATE)}
  RETURNING t.tenant, t.session_id)`);
    heads.push('s2');
  }
  steps.push(`s AS (${heads.map((h) => `SELECT tenant, session_id FROM ${h}`).join(' UNION ALL ')})`);

  const rows = <T>(pick: (x: EncodedBatch) => readonly T[], row: (x: EncodedBatch, item: T) => object): object[] =>
    batches.flatMap((x) => pick(x).map((item) => row(x, item)));
  const deletions: [table: string, key: string, ids: object[]][] = [
    [
      'recallkit_entries',
      'id',
      rows(
        (x) => x.deleteEntries,
        (x, id) => ({ t: x.tenant, s: x.key, k: id }),
      ),
    ],
    [
      'recallkit_summaries',
      'id',
      rows(
        (x) => x.deleteSummaries,
        (x, id) => ({ t: x.tenant, s: x.key, k: id }),
      ),
    ],
    [
      // The covered ids of summaries deleted, and of summaries written whole in this statement
      // (an earlier version of one may have had them apart). A batch that keeps every summary's
      // ids in its row (`buildWrite`, `writeBatch`, which also write to schemas before version 8)
      // leaves parts, which nothing reads without a row that counts them (`covered-ids.ts`).
      'recallkit_summary_ids',
      'summary_id',
      rows(
        (x) => (x.idsApart ? [...x.deleteSummaries, ...x.summaries.map(([id]) => id)] : []),
        (x, id) => ({ t: x.tenant, s: x.key, k: id }),
      ),
    ],
    [
      'recallkit_aux',
      'key',
      rows(
        (x) => x.deleteAux,
        (x, key) => ({ t: x.tenant, s: x.key, k: key }),
      ),
    ],
  ];
  deletions.forEach(([table, key, ids], i) => {
    if (ids.length === 0) return;
    const u = recordset(p.rows(ids), ids.length, 'u', 't text, s text, k text');
    steps.push(`d${i} AS (DELETE FROM ${table} AS t USING ${u}
  WHERE t.tenant = u.t AND t.session_id = u.s AND t.${key} = u.k AND ${GATE})`);
  });
  const texts: string[] = [];
  const entries = rows(
    (x) => x.entries,
    (x, [id, seq, a, e]) => (texts.push(e), { t: x.tenant, s: x.key, id, seq, a }),
  );
  if (entries.length > 0)
    steps.push(`pe AS (INSERT INTO recallkit_entries (tenant, session_id, id, seq, active, entry)
  SELECT u.t, u.s, u.id, u.seq, u.a, u.e FROM ${withTexts(
    p.rows(entries),
    p.lines(texts),
    entries.length,
    'u',
    't text, s text, id text, seq bigint, a boolean',
    't, s, id, seq, a, e',
  )}
  WHERE ${GATE}
  ON CONFLICT (tenant, session_id, id) DO UPDATE SET seq = excluded.seq, active = excluded.active,
    entry = excluded.entry)`);
  let order = 0;
  // A summary's JSON goes as a line of text, as entries' do, not quoted again inside JSON (a
  // summary of 100,000 entries lists their ids: megabytes the database would parse twice).
  const summaryTexts: string[] = [];
  const summaries = rows(
    (x) => x.summaries,
    (x, [id, v]) => (summaryTexts.push(v), { t: x.tenant, s: x.key, id, n: order++ }),
  );
  if (summaries.length > 0)
    steps.push(`ps AS (INSERT INTO recallkit_summaries (tenant, session_id, id, summary)
  SELECT u.t, u.s, u.id, u.v FROM ${withTexts(
    p.rows(summaries),
    p.lines(summaryTexts),
    summaries.length,
    'u',
    't text, s text, id text, n int',
    't, s, id, n, v',
  )}
  WHERE ${GATE} ORDER BY u.n
  ON CONFLICT (tenant, session_id, id) DO UPDATE SET summary = excluded.summary)`);
  // Aux values are JSON texts already: sent a line each, not escaped again inside JSON.
  const auxTexts: string[] = [];
  const aux = rows(
    (x) => x.auxPut,
    (x, [k, v]) => (auxTexts.push(v), { t: x.tenant, s: x.key, k }),
  );
  if (aux.length > 0)
    steps.push(`pa AS (INSERT INTO recallkit_aux (tenant, session_id, key, value)
  SELECT u.t, u.s, u.k, u.v FROM ${withTexts(
    p.rows(aux),
    p.lines(auxTexts),
    aux.length,
    'u',
    't text, s text, k text',
    't, s, k, v',
  )}
  WHERE ${GATE}
  ON CONFLICT (tenant, session_id, key) DO UPDATE SET value = excluded.value)`);
  // The batches whose version step did not go through, by their place in `batches`: an empty
  // array when every batch was written (an int array, not the tenants and keys of all of them).
  const missed =
    "SELECT (SELECT coalesce(array_agg(b.n ORDER BY b.n), '{}') FROM b " +
    'WHERE (b.t, b.s) NOT IN (SELECT tenant, session_id FROM s)) AS missed';
  if (!notify) return { text: `WITH ${steps.join(',\n')}\n${missed}`, params: p.values };
  steps.push(`n AS (SELECT pg_notify('${CHANNEL}', '[' || string_agg(b.p, ',' ORDER BY b.n) || ']') AS sent
  FROM b WHERE (b.t, b.s) IN (SELECT tenant, session_id FROM s) GROUP BY b.c)`);
  return {
    text: `WITH ${steps.join(',\n')}\n${missed}, (SELECT count(*) FROM n)::int AS notified`,
    params: p.values,
  };
}

/** Tenant, then session: the order statements lock session rows in. */
const lockOrder = (a: EncodedBatch, b: EncodedBatch): number =>
  a.tenant < b.tenant ? -1 : a.tenant > b.tenant ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/**
 * Run the statement on `batches` (distinct sessions), without notifying (the caller does once
 * it returns); resolves the batches written. Batches go in tenant and session
 * order, so statements of several processes lock session rows in one order (two of them never
 * wait for each other's rows).
 */
export async function applyBatches(sql: Sql, batches: readonly EncodedBatch[]): Promise<Set<EncodedBatch>> {
  const ordered = batches.length > 1 ? [...batches].sort(lockOrder) : batches;
  const { text, params } = writeStatement(ordered, false);
  const [row] = await sql.query<{ missed: number[] }>(text, params);
  const written = new Set(row ? ordered : []);
  for (const n of row?.missed ?? []) written.delete(ordered[n]!);
  return written;
}

/**
 * One batch as statements to run in order in one transaction (for callers that write inside
 * their own transaction): its deletions first, then the write statement, whose row's `missed`
 * is empty when the version check passed (`[0]` when not). It notifies the change on commit.
 */
export function buildWrite(
  tenant: string,
  sessionId: string,
  batch: StoreBatch,
): { pre: Statement[]; main: Statement } {
  const x = encodeBatch(tenant, sessionId, batch);
  return { pre: x.pre, main: writeStatement([x], true) };
}

/** The error of a batch whose version check failed. */
export const conflict = (x: EncodedBatch): ConflictError =>
  new ConflictError(
    `postgresStore: session ${JSON.stringify(x.sessionId)} is not at version ${x.expectVersion ?? 0}` +
      ' (another writer got there first): nothing was written',
  );

/**
 * Apply one encoded batch atomically; `ConflictError` (nothing written) when the version check
 * fails. Not notified: the caller notifies once it resolved.
 */
export async function applyOne(db: SqlDriver, x: EncodedBatch): Promise<void> {
  const run = async (sql: Sql): Promise<void> => {
    for (const s of x.pre) await runStatement(sql, s);
    if (!(await applyBatches(sql, [x])).has(x)) throw conflict(x);
    // The rest of a large batch, statement by statement, the thread given back between them.
    for (const build of x.more) {
      await yieldNow();
      const s = build();
      await sql.query(s.text, s.params);
    }
  };
  // One statement is atomic on its own; deletions before it, or rows after it, need a transaction.
  if (x.pre.length === 0 && x.more.length === 0) await run(db);
  else await db.transaction(run);
  if (x.retired && db.kind === 'pglite') await walkRetired(db, x.tenant, x.key, x.retired);
}

/** Seq values whose entries one statement of {@link walkRetired} visits at most. */
export const SEQ_PER_WALK = 1000;

/**
 * Walk the index of active entries over `span` (seq), {@link SEQ_PER_WALK} at a time, the thread
 * given back between statements. Entries a write made inactive leave their old versions in that
 * index until something visits them (PGlite never vacuums): the next read of the session's
 * active entries walked all of them in one statement, reading each one's row to find it dead and
 * marking it so (after a compression of 100,000 entries, 5,219 pages read and dirtied in one
 * statement: 116 ms and more of the thread for the first recall over all sessions). Here that
 * work goes in bounded steps right after the write; reads after it skip the marked entries.
 */
async function walkRetired(db: SqlDriver, tenant: string, key: string, [from, to]: [number, number]): Promise<void> {
  for (let at = from; at <= to; at += SEQ_PER_WALK) {
    await yieldNow();
    await db.query(
      'SELECT count(*) AS n FROM recallkit_entries ' +
        'WHERE tenant = $1 AND session_id = $2 AND active AND seq >= $3 AND seq < $4',
      [tenant, key, at, at + SEQ_PER_WALK],
    );
  }
}

/** Apply a batch atomically, unnotified; `ConflictError` (nothing written) when the version check fails. */
export async function writeBatch(db: SqlDriver, tenant: string, sessionId: string, batch: StoreBatch): Promise<void> {
  await applyOne(db, encodeBatch(tenant, sessionId, batch));
}

/**
 * Delete a session and its rows in one transaction; resolves whether it existed (the caller
 * notifies). The session row goes first: that waits for the writers holding it, so the next
 * statement (a fresh snapshot) sees every row they wrote, and writers after it find no session
 * to write to. The rows go {@link ROWS_PER_DELETE} at a time, the thread given back between
 * statements.
 */
export async function deleteSession(db: SqlDriver, tenant: string, sessionId: string): Promise<boolean> {
  const key = encodeKey(sessionId);
  return db.transaction(async (tx) => {
    const gone = await tx.query('DELETE FROM recallkit_sessions WHERE tenant = $1 AND session_id = $2 RETURNING 1', [
      tenant,
      key,
    ]);
    for (const statement of deleteRows(tenant, key)) await runStatement(tx, statement);
    return gone.length > 0;
  });
}
