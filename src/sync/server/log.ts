/**
 * The per-tenant sync op log: applying a push (server seqs under the tenant's row lock,
 * idempotency by op id, the compaction rule, tombstones, erased text rewritten out of the log)
 * and reading a pull by cursor.
 * A push costs a fixed number of statements whatever its size: the state the rules need is
 * read in one go, decided in memory (`sync-rules.ts`), and written back in one go.
 * @module
 */
import { MAX_SYNC_BODY_BYTES, type SyncOp, type SyncOpResult } from '../protocol.js';
import { encodeKey } from '../../store/postgres/codec.js';
import type { Sql } from '../../store/postgres/driver.js';
import { isErasedOp, redactErased } from './redact-log.js';
import { canonicalOp, decide, pairKey, type EntryState, type PushState, type SummaryState } from './rules.js';

const pairsParams = (keys: Iterable<string>): [string[], string[]] => {
  const a: string[] = [];
  const b: string[] = [];
  for (const k of keys) {
    const cut = k.indexOf('\u0000');
    a.push(k.slice(0, cut));
    b.push(k.slice(cut + 1));
  }
  return [a, b];
};
const storedOp = (op: unknown): { op?: string } => (isErasedOp(op) ? {} : { op: canonicalOp(op) });
const big = (v: string | null | undefined): bigint | null => (v === null || v === undefined ? null : BigInt(v));
const text = (v: bigint | null): string | null => (v === null ? null : v.toString());

/** An op the push appended, with its seq. */
export interface AppliedOp {
  op: SyncOp;
  seq: bigint;
}

/** What a push did. */
export interface PushOutcome {
  results: SyncOpResult[];
  applied: AppliedOp[];
}

/** Apply a push in the caller's transaction. The tenant's row stays locked until it commits. */
export async function applyPush(
  tx: Sql,
  tenant: string,
  deviceId: string,
  ops: readonly SyncOp[],
): Promise<PushOutcome> {
  const t = tenant;
  // Creates the tenant's counter or locks it (DO UPDATE takes the row lock), in one statement.
  const [counter] = await tx.query<{ last_seq: string }>(
    `INSERT INTO recallkit_sync_tenants AS t (tenant, last_seq) VALUES ($1, 0)
     ON CONFLICT (tenant) DO UPDATE SET last_seq = t.last_seq RETURNING last_seq::text AS last_seq`,
    [t],
  );
  if (ops.length === 0) return { results: [], applied: [] };
  const state = await readState(tx, t, ops);
  const lastSeq = BigInt(counter!.last_seq);
  const decided = decide(state, ops, lastSeq);
  await writeState(tx, t, encodeKey(deviceId), state, decided.applied, decided.rejected);
  await redactErased(tx, t, state, decided.applied);
  if (decided.lastSeq !== lastSeq)
    await tx.query('UPDATE recallkit_sync_tenants SET last_seq = $2 WHERE tenant = $1', [
      t,
      decided.lastSeq.toString(),
    ]);
  return { results: decided.results, applied: decided.applied };
}

/** Read the log rows, rejections, entry, summary and session state the pushed ops touch. */
async function readState(tx: Sql, t: string, ops: readonly SyncOp[]): Promise<PushState> {
  const opKeys = new Set<string>();
  const entryKeys = new Set<string>();
  const summaryKeys = new Set<string>();
  const sessions = new Set<string>();
  for (const op of ops) {
    opKeys.add(pairKey(op.sessionId, op.opId));
    sessions.add(encodeKey(op.sessionId));
    if (op.kind === 'entry') entryKeys.add(pairKey(op.sessionId, op.entry.id));
    if (op.kind === 'compact' || op.kind === 'erase')
      for (const id of op.entryIds) entryKeys.add(pairKey(op.sessionId, id));
    if (op.kind === 'compact' && op.summary) summaryKeys.add(pairKey(op.sessionId, op.summary.id));
    if (op.kind === 'drop-summary') summaryKeys.add(pairKey(op.sessionId, op.summaryId));
  }
  const [os, oi] = pairsParams(opKeys);
  const [es, ei] = pairsParams(entryKeys);
  const [ss, si] = pairsParams(summaryKeys);
  const IN = (cols: string): string => `(${cols}) IN (SELECT * FROM unnest($2::text[], $3::text[]))`;
  const known = await tx.query<{
    session_id: string;
    op_id: string;
    kind: string;
    seq: string | null;
    reason: string | null;
    op: string | null;
  }>(
    `SELECT session_id, op_id, kind, seq::text AS seq, NULL AS reason, op FROM recallkit_sync_ops WHERE tenant = $1
      AND ${IN('session_id, op_id')}
     UNION ALL SELECT session_id, op_id, kind, NULL, reason, NULL FROM recallkit_sync_rejected WHERE tenant = $1
       AND ${IN('session_id, op_id')}`,
    [t, os, oi],
  );
  const entries = entryKeys.size
    ? await tx.query<{
        session_id: string;
        entry_id: string;
        entry_seq: string | null;
        erased_seq: string | null;
        compacted_seq: string | null;
      }>(
        `SELECT session_id, entry_id, entry_seq::text AS entry_seq, erased_seq::text AS erased_seq,
          compacted_seq::text AS compacted_seq
         FROM recallkit_sync_entries WHERE tenant = $1 AND ${IN('session_id, entry_id')}`,
        [t, es, ei],
      )
    : [];
  const summaries = summaryKeys.size
    ? await tx.query<{ session_id: string; summary_id: string; seq: string; dropped_seq: string | null }>(
        `SELECT session_id, summary_id, seq::text AS seq, dropped_seq::text AS dropped_seq
         FROM recallkit_sync_summaries WHERE tenant = $1 AND ${IN('session_id, summary_id')}`,
        [t, ss, si],
      )
    : [];
  const cleared = await tx.query<{ session_id: string; cleared_seq: string }>(
    `SELECT session_id, cleared_seq::text AS cleared_seq FROM recallkit_sync_sessions WHERE tenant = $1
      AND session_id = ANY($2::text[])`,
    [t, [...sessions]],
  );
  const state: PushState = {
    known: new Map(),
    entries: new Map(),
    summaries: new Map(),
    cleared: new Map(),
    dirty: { entries: new Set(), summaries: new Set(), sessions: new Set() },
  };
  for (const r of known) {
    const key = `${r.session_id}\u0000${r.op_id}`;
    state.known.set(
      key,
      r.seq !== null
        ? {
            kind: r.kind,
            seq: BigInt(r.seq),
            // A stub (its content erased, redact-log.ts) is still known, with nothing to compare a retry with.
            ...(r.op === null ? {} : storedOp(JSON.parse(r.op) as unknown)),
          }
        : { kind: r.kind, reason: r.reason ?? '' },
    );
  }
  for (const r of entries) {
    const s: EntryState = { entry: big(r.entry_seq), erased: big(r.erased_seq), compacted: big(r.compacted_seq) };
    state.entries.set(`${r.session_id}\u0000${r.entry_id}`, s);
  }
  for (const r of summaries) {
    const s: SummaryState = { seq: BigInt(r.seq), dropped: big(r.dropped_seq) };
    state.summaries.set(`${r.session_id}\u0000${r.summary_id}`, s);
  }
  for (const r of cleared) state.cleared.set(r.session_id, BigInt(r.cleared_seq));
  return state;
}

/** Write the appended ops, the rejections and the state the rules changed. */
async function writeState(
  tx: Sql,
  t: string,
  device: string,
  state: PushState,
  applied: AppliedOp[],
  rejected: { op: SyncOp; reason: string }[],
): Promise<void> {
  if (applied.length) {
    await tx.query(
      `INSERT INTO recallkit_sync_ops (tenant, seq, session_id, op_id, kind, device_id, op)
       SELECT $1, u.seq, u.session_id, u.op_id, u.kind, $2, u.op FROM unnest($3::bigint[], $4::text[], $5::text[],
         $6::text[], $7::text[]) AS u(seq, session_id, op_id, kind, op)`,
      [
        t,
        device,
        applied.map((a) => a.seq.toString()),
        applied.map((a) => encodeKey(a.op.sessionId)),
        applied.map((a) => encodeKey(a.op.opId)),
        applied.map((a) => a.op.kind),
        applied.map((a) => JSON.stringify(a.op)),
      ],
    );
  }
  if (rejected.length) {
    await tx.query(
      `INSERT INTO recallkit_sync_rejected (tenant, session_id, op_id, kind, reason)
       SELECT $1, u.session_id, u.op_id, u.kind, u.reason FROM unnest($2::text[], $3::text[], $4::text[],
         $5::text[]) AS u(session_id, op_id, kind, reason)
       ON CONFLICT DO NOTHING`,
      [
        t,
        rejected.map((r) => encodeKey(r.op.sessionId)),
        rejected.map((r) => encodeKey(r.op.opId)),
        rejected.map((r) => r.op.kind),
        rejected.map((r) => r.reason),
      ],
    );
  }
  const { dirty } = state;
  if (dirty.entries.size) {
    const rows = [...dirty.entries].map((k) => [k, state.entries.get(k)!] as const);
    const [s, i] = pairsParams(rows.map(([k]) => k));
    await tx.query(
      `INSERT INTO recallkit_sync_entries (tenant, session_id, entry_id, entry_seq, erased_seq, compacted_seq)
       SELECT $1, u.s, u.i, u.e, u.x, u.c FROM unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[],
         $6::bigint[]) AS u(s, i, e, x, c)
       ON CONFLICT (tenant, session_id, entry_id) DO UPDATE SET entry_seq = excluded.entry_seq,
         erased_seq = excluded.erased_seq, compacted_seq = excluded.compacted_seq`,
      [
        t,
        s,
        i,
        rows.map(([, v]) => text(v.entry)),
        rows.map(([, v]) => text(v.erased)),
        rows.map(([, v]) => text(v.compacted)),
      ],
    );
  }
  if (dirty.summaries.size) {
    const rows = [...dirty.summaries].map((k) => [k, state.summaries.get(k)!] as const);
    const [s, i] = pairsParams(rows.map(([k]) => k));
    await tx.query(
      `INSERT INTO recallkit_sync_summaries (tenant, session_id, summary_id, seq, dropped_seq)
       SELECT $1, u.s, u.i, u.q, u.d FROM unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[]) AS u(s, i, q, d)
       ON CONFLICT (tenant, session_id, summary_id) DO UPDATE SET dropped_seq = excluded.dropped_seq`,
      [t, s, i, rows.map(([, v]) => v.seq.toString()), rows.map(([, v]) => text(v.dropped))],
    );
  }
  if (dirty.sessions.size) {
    const list = [...dirty.sessions];
    await tx.query(
      `INSERT INTO recallkit_sync_sessions (tenant, session_id, cleared_seq) SELECT $1, u.s, u.c
        FROM unnest($2::text[], $3::bigint[]) AS u(s, c)
       ON CONFLICT (tenant, session_id) DO UPDATE SET cleared_seq = excluded.cleared_seq`,
      [t, list, list.map((s) => state.cleared.get(s)!.toString())],
    );
  }
}

/** A pull: the ops after `cursor` as JSON texts of `ServerOp`s, oldest first. */
export interface PullPage {
  ops: string[];
  cursor: string;
  more: boolean;
}

/**
 * Read the tenant's ops after `cursor`: at most `limit`, and no more than `maxBytes` of JSON
 * (UTF-16 units) unless a single op is larger. Each op comes back as JSON text, spliced, never re-parsed.
 */
export async function pull(
  sql: Sql,
  tenant: string,
  cursor: string,
  limit: number,
  maxBytes = MAX_SYNC_BODY_BYTES,
): Promise<PullPage> {
  const rows = await sql.query<{ seq: string; device_id: string; op: string }>(
    // ORDER BY names the bigint column: the bare `seq` would be the text output column.
    `SELECT o.seq::text AS seq, o.device_id, o.op FROM recallkit_sync_ops o WHERE o.tenant = $1
      AND o.seq > $2::bigint ORDER BY o.seq LIMIT $3`,
    [tenant, cursor, limit + 1],
  );
  const ops: string[] = [];
  let bytes = 0;
  let last = cursor;
  for (const r of rows.slice(0, limit)) {
    const text = `{"seq":"${r.seq}","deviceId":${r.device_id},${r.op.slice(1)}`;
    // A page stays under the byte cap (one op always goes, and no op is larger than a push body).
    if (ops.length > 0 && bytes + text.length > maxBytes) break;
    ops.push(text);
    bytes += text.length;
    last = r.seq;
  }
  return { ops, cursor: last, more: rows.length > ops.length };
}
