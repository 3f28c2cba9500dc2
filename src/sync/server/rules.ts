/**
 * The server's rules for pushed ops (docs/sync.md), decided in memory over the state read for
 * the push: idempotency, seq assignment, the compaction authority, erase and clear tombstones.
 * Pure: the caller reads the state before and writes what changed (`dirty`) after.
 * @module
 */
import type { SyncOp, SyncOpResult } from '../protocol.js';
import { encodeKey } from '../../store/postgres/codec.js';

/** Per entry: seq of its entry op, of its erasure, of the compaction that took it. */
export interface EntryState {
  entry: bigint | null;
  erased: bigint | null;
  compacted: bigint | null;
}
/** Per summary: seq of the compaction that made it and of its drop. */
export interface SummaryState {
  seq: bigint;
  dropped: bigint | null;
}
/**
 * An op already known: applied (its seq, and its content as {@link canonicalOp} text when read)
 * or rejected (its reason).
 */
export type KnownOp = { kind: string; seq: bigint; op?: string } | { kind: string; reason: string };

/** The state a push reads and changes. Map keys: `pairKey(sessionId, id)`; `cleared` by encoded session id. */
export interface PushState {
  known: Map<string, KnownOp>;
  entries: Map<string, EntryState>;
  summaries: Map<string, SummaryState>;
  cleared: Map<string, bigint>;
  dirty: { entries: Set<string>; summaries: Set<string>; sessions: Set<string> };
}

/** What the rules decided. */
export interface Decision {
  results: SyncOpResult[];
  applied: { op: SyncOp; seq: bigint }[];
  rejected: { op: SyncOp; reason: string }[];
  lastSeq: bigint;
}

/** Key of a (session, id) pair in the maps: both JSON-encoded, so no raw NUL occurs inside. */
export const pairKey = (sessionId: string, id: string): string => `${encodeKey(sessionId)}\u0000${encodeKey(id)}`;
const pair = pairKey;
const q = JSON.stringify;

/** Decide every op in order; ops pushed twice in one request are duplicates of the first. */
export function decide(state: PushState, ops: readonly SyncOp[], lastSeq: bigint): Decision {
  const out: Decision = { results: [], applied: [], rejected: [], lastSeq };
  for (const op of ops) {
    const key = pair(op.sessionId, op.opId);
    const known = state.known.get(key);
    if (known) {
      if (known.kind !== op.kind)
        out.results.push({
          opId: op.opId,
          status: 'rejected',
          reason: `opId reused: ${q(op.opId)} is a ${known.kind} op of this session`,
        });
      else if ('seq' in known) out.results.push(duplicateOf(op, known));
      else out.results.push({ opId: op.opId, status: 'rejected', reason: known.reason });
      continue;
    }
    const reason = check(state, op);
    if (reason !== undefined) {
      state.known.set(key, { kind: op.kind, reason });
      out.rejected.push({ op, reason });
      out.results.push({ opId: op.opId, status: 'rejected', reason });
      continue;
    }
    out.lastSeq += 1n;
    const seq = out.lastSeq;
    apply(state, op, seq);
    state.known.set(key, { kind: op.kind, seq, op: canonicalOp(op) });
    out.applied.push({ op, seq });
    out.results.push({ opId: op.opId, status: 'applied', seq: seq.toString() });
  }
  return out;
}

/**
 * The answer to an op applied before: `duplicate` with the original seq; when the retried op's
 * content differs from the stored one, also `differs: true` and a `reason` (the stored op is kept).
 */
function duplicateOf(op: SyncOp, known: { seq: bigint; op?: string }): SyncOpResult {
  const result: SyncOpResult = { opId: op.opId, status: 'duplicate', seq: known.seq.toString() };
  if (known.op !== undefined && known.op !== canonicalOp(op)) {
    result.differs = true;
    result.reason =
      `content differs: opId ${q(op.opId)} was applied at seq ${known.seq} with other content; ` +
      'the stored op is kept (push a change under a new opId)';
  }
  return result;
}

/** An op as JSON text with object keys sorted, so two encodings of the same op compare equal. */
export function canonicalOp(op: unknown): string {
  return JSON.stringify(op, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** Why the op cannot be applied, or undefined when it can. */
function check(state: PushState, op: SyncOp): string | undefined {
  const session = encodeKey(op.sessionId);
  const cleared = state.cleared.get(session);
  switch (op.kind) {
    case 'entry': {
      const e = state.entries.get(pair(op.sessionId, op.entry.id));
      if (e?.erased != null)
        return `erased: entry ${q(op.entry.id)} was erased (tombstone at seq ${e.erased}); it stays erased`;
      if (e?.entry != null) return `opId reused: entry ${q(op.entry.id)} was already pushed (seq ${e.entry})`;
      return undefined;
    }
    case 'compact': {
      if (op.summary && state.summaries.has(pair(op.sessionId, op.summary.id)))
        return `summary exists: ${q(op.summary.id)} was already made`;
      for (const id of op.entryIds) {
        const e = state.entries.get(pair(op.sessionId, id));
        if (!e || e.entry === null) return `unknown entry: ${q(id)} was never pushed (push its entry op first)`;
        if (e.erased !== null) return `erased entry: ${q(id)} was erased (seq ${e.erased})`;
        if (cleared !== undefined && e.entry < cleared)
          return `cleared entry: ${q(id)} was cleared with its session (seq ${cleared})`;
        if (e.compacted !== null)
          return (
            `already compacted: ${q(id)} was compacted by the op at seq ${e.compacted}` +
            ' (the first accepted compaction wins)'
          );
      }
      return undefined;
    }
    case 'drop-summary': {
      const s = state.summaries.get(pair(op.sessionId, op.summaryId));
      if (!s) return `unknown summary: ${q(op.summaryId)} was not made by an accepted compaction`;
      if (cleared !== undefined && s.seq < cleared)
        return `unknown summary: ${q(op.summaryId)} was cleared with its session (seq ${cleared})`;
      if (s.dropped !== null) return `already dropped: ${q(op.summaryId)} was dropped at seq ${s.dropped}`;
      return undefined;
    }
    case 'erase':
    case 'clear':
      return undefined;
  }
}

/** Record the effect of an applied op in the state. */
function apply(state: PushState, op: SyncOp, seq: bigint): void {
  const entry = (id: string): EntryState => {
    const key = pair(op.sessionId, id);
    let e = state.entries.get(key);
    if (!e) state.entries.set(key, (e = { entry: null, erased: null, compacted: null }));
    state.dirty.entries.add(key);
    return e;
  };
  switch (op.kind) {
    case 'entry':
      entry(op.entry.id).entry = seq;
      return;
    case 'compact':
      for (const id of op.entryIds) entry(id).compacted = seq;
      if (op.summary) {
        const key = pair(op.sessionId, op.summary.id);
        state.summaries.set(key, { seq, dropped: null });
        state.dirty.summaries.add(key);
      }
      return;
    case 'drop-summary': {
      const key = pair(op.sessionId, op.summaryId);
      state.summaries.get(key)!.dropped = seq;
      state.dirty.summaries.add(key);
      return;
    }
    case 'erase':
      for (const id of op.entryIds) {
        const e = entry(id);
        e.erased ??= seq;
      }
      return;
    case 'clear': {
      const session = encodeKey(op.sessionId);
      state.cleared.set(session, seq);
      state.dirty.sessions.add(session);
      return;
    }
  }
}
