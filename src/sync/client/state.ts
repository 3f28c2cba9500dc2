/**
 * What a device knows of a session's server log (its confirmed state), kept in the session's
 * aux value `sync:session`, and how a pulled op changes it. Pure: no store, no network.
 * @module
 */
import type { MemoryEntry, MemorySummary } from '../../types.js';
import type { ServerOp } from '../protocol.js';

/** Aux key of a session's {@link SessionSyncState}. */
export const SESSION_KEY = 'sync:session';
/** Aux key of the ids erased here and not yet tombstoned by the server (written with the erasure). */
export const ERASED_KEY = 'sync:erased';

/** A session's confirmed state, as stored (plain JSON). */
export interface SessionSyncState {
  v: 1;
  /** Confirmed entry ids in server order since the last clear; erased ones keep their place. */
  order: string[];
  /** The server seq of each entry of `order`. */
  seqs: string[];
  /** One character per entry of `order`: `u` a user message (it starts an interaction), `.` anything else. */
  users: string;
  /** Entry ids erased by an accepted op. */
  tomb: string[];
  /** Entry id → summary id ('' for none) of accepted compactions. */
  compacted: Record<string, string>;
  /** Accepted summaries not dropped, in order of acceptance. */
  summaries: MemorySummary[];
  /** The seq of the newest op applied to this session ('0' for none). */
  lastSeq: string;
  /** The stored counters the last rebase wrote: while they hold, only entries were added since. */
  synced?: SyncedCounters;
}

/** Counters of the meta a rebase wrote. */
export interface SyncedCounters {
  compressedEntries: number;
  erasedEntries: number;
}

/** The confirmed state being worked on in a round, plus what the round's ops changed. */
export interface WorkingState {
  order: string[];
  seqs: string[];
  users: string[];
  pos: Map<string, number>;
  tomb: Set<string>;
  compacted: Map<string, string>;
  summaries: Map<string, MemorySummary>;
  lastSeq: bigint;
  synced: SyncedCounters | undefined;
  /** Entries pulled this round (the local store may not hold them yet). */
  incoming: Map<string, MemoryEntry>;
  /** Summaries accepted this round (the local store may not hold them yet). */
  newSummaryIds: Set<string>;
  /** Confirmed entries and summaries a clear or drop removed this round. */
  removedEntryIds: Set<string>;
  removedSummaryIds: Set<string>;
  /** An op changed something. */
  changed: boolean;
}

/** The working form of a stored state (or of none). */
export function toWorking(raw: unknown): WorkingState {
  const s = isState(raw) ? raw : undefined;
  const order = s ? [...s.order] : [];
  return {
    order,
    seqs: s ? [...s.seqs] : [],
    users: s ? [...s.users] : [],
    pos: new Map(order.map((id, i) => [id, i])),
    tomb: new Set(s?.tomb ?? []),
    compacted: new Map(Object.entries(s?.compacted ?? {})),
    summaries: new Map((s?.summaries ?? []).map((x) => [x.id, x])),
    lastSeq: BigInt(s?.lastSeq ?? '0'),
    synced: s?.synced,
    incoming: new Map(),
    newSummaryIds: new Set(),
    removedEntryIds: new Set(),
    removedSummaryIds: new Set(),
    changed: false,
  };
}

/** The stored form. */
export function fromWorking(w: WorkingState): SessionSyncState {
  return {
    v: 1,
    order: w.order,
    seqs: w.seqs,
    users: w.users.join(''),
    tomb: [...w.tomb],
    compacted: Object.fromEntries(w.compacted),
    summaries: [...w.summaries.values()],
    lastSeq: w.lastSeq.toString(),
    ...(w.synced ? { synced: w.synced } : {}),
  };
}

function isState(raw: unknown): raw is SessionSyncState {
  return (
    typeof raw === 'object' &&
    raw !== null &&
    (raw as { v?: unknown }).v === 1 &&
    Array.isArray((raw as { order?: unknown }).order)
  );
}

/** An entry as it travels: provisional numbering, never compressed (compaction is its own op). */
export function wireEntry(e: MemoryEntry): MemoryEntry {
  const out: MemoryEntry = { ...e, compressed: false };
  delete out.summaryId;
  return out;
}

/** Remove a summary; the entries it covered stay compressed, with no summary. */
function dropSummary(w: WorkingState, summaryId: string): void {
  if (!w.summaries.delete(summaryId)) return;
  w.removedSummaryIds.add(summaryId);
  w.newSummaryIds.delete(summaryId);
  for (const [id, sid] of w.compacted) if (sid === summaryId) w.compacted.set(id, '');
}

/** Apply one pulled op (in seq order). Ops at or below the session's `lastSeq` were applied before and are skipped. */
export function applyOp(w: WorkingState, op: ServerOp): void {
  const seq = BigInt(op.seq);
  if (seq <= w.lastSeq) return;
  w.lastSeq = seq;
  w.changed = true;
  switch (op.kind) {
    case 'entry': {
      const id = op.entry.id;
      if (w.pos.has(id) || w.tomb.has(id)) return;
      w.pos.set(id, w.order.length);
      w.order.push(id);
      w.seqs.push(op.seq);
      w.users.push(op.entry.type === 'message' && op.entry.role === 'user' ? 'u' : '.');
      w.incoming.set(id, wireEntry(op.entry));
      w.removedEntryIds.delete(id);
      return;
    }
    case 'compact': {
      const sid = op.summary?.id ?? '';
      for (const id of op.entryIds) if (w.pos.has(id) && !w.tomb.has(id)) w.compacted.set(id, sid);
      if (op.summary) {
        w.summaries.set(op.summary.id, op.summary);
        w.newSummaryIds.add(op.summary.id);
        w.removedSummaryIds.delete(op.summary.id);
      }
      return;
    }
    case 'drop-summary':
      dropSummary(w, op.summaryId);
      return;
    case 'erase':
      for (const id of op.entryIds) {
        const sid = w.compacted.get(id);
        w.tomb.add(id);
        w.compacted.delete(id);
        // A summary made from an erased turn may repeat it and cannot be cut apart: it is dropped
        // (its other entries stay compressed, as after a drop-summary), as the server's log and
        // store drop it.
        if (sid) dropSummary(w, sid);
      }
      return;
    case 'clear':
      // Everything this session's log held so far is older than the clear.
      for (const id of w.order) w.removedEntryIds.add(id);
      for (const id of w.summaries.keys()) w.removedSummaryIds.add(id);
      w.order = [];
      w.seqs = [];
      w.users = [];
      w.pos.clear();
      w.tomb.clear();
      w.compacted.clear();
      w.summaries.clear();
      w.incoming.clear();
      w.newSummaryIds.clear();
      return;
  }
}
