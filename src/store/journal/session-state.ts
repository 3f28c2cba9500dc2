/**
 * A session's journal records and how they fold into the session's full state. Only batches
 * IndexedDB committed are journaled, so folding the records in order rebuilds exactly what
 * IndexedDB held: meta, every entry (compressed ones included), summaries in their order and
 * every aux value (the recall index).
 * @module
 */
import type { MemoryEntry, MemorySummary, SessionMeta, StoreBatch } from '../../types.js';
import { COST, type Slicer } from '../../slices/slicer.js';

/** The whole session at one version: the first record of every journal file. */
export interface SnapshotRecord {
  t: 'snapshot';
  meta: SessionMeta;
  /** Every stored entry, by `seq`. */
  entries: MemoryEntry[];
  /** Kept summaries, in order. */
  summaries: MemorySummary[];
  aux: Record<string, unknown>;
}

/** A batch IndexedDB committed (its `meta.version` is the session's version after it). */
export interface BatchRecord {
  t: 'batch';
  batch: StoreBatch;
}

/** The session is being deleted: finished on the next open if a crash cut it short. */
export interface ClearRecord {
  t: 'clear';
}

/** Written right after a snapshot, so an open can read the version from the file's last small record. */
export interface TipRecord {
  t: 'tip';
  version: number;
  /** The meta's `updatedAt`: tells two writes of the same version apart (another tab's). */
  updatedAt?: string;
}

/** One journal record. */
export type JournalRecord = SnapshotRecord | BatchRecord | ClearRecord | TipRecord;

/** The session version (and its `updatedAt`) a journal's last record stands for; `'clearing'` for a clear under way. */
export function versionOf(
  record: unknown,
): { version: number; updatedAt?: string | undefined } | 'clearing' | undefined {
  const r = record as JournalRecord | undefined;
  switch (r?.t) {
    case 'snapshot':
      return { version: r.meta.version, updatedAt: r.meta.updatedAt };
    case 'batch':
      return { version: r.batch.meta.version, updatedAt: r.batch.meta.updatedAt };
    case 'tip':
      return { version: r.version, updatedAt: r.updatedAt };
    case 'clear':
      return 'clearing';
    default:
      return undefined;
  }
}

/** A session folded from its journal. */
export interface SessionState {
  meta: SessionMeta;
  /** By id; insertion order is `seq` order for appended entries. */
  entries: Map<string, MemoryEntry>;
  /** By id, in the summaries' order (an overwrite keeps its place, as the stores do). */
  summaries: Map<string, MemorySummary>;
  aux: Map<string, unknown>;
}

/** What folding a journal gave. */
export interface FoldResult {
  /** `undefined` when the journal has no snapshot to start from. */
  state?: SessionState;
  /** The last record asks to delete the session. */
  clearing: boolean;
  /** Records after a version gap, ignored (a journal written by an older, mismatched copy). */
  ignored: number;
}

/** Fold records (a snapshot first) into the session's state. */
export function foldRecords(records: readonly unknown[]): FoldResult {
  let state: SessionState | undefined;
  let clearing = false;
  let ignored = 0;
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as JournalRecord;
    if (record?.t === 'snapshot') {
      state = fromSnapshot(record);
      clearing = false;
    } else if (record?.t === 'clear') {
      clearing = true;
    } else if (record?.t === 'tip') {
      continue;
    } else if (record?.t === 'batch' && state && !clearing) {
      const expected = record.batch.expectVersion;
      if (expected !== undefined && expected !== state.meta.version) {
        ignored = records.length - i;
        break;
      }
      applyBatch(state, record.batch);
    } else {
      ignored = records.length - i;
      break;
    }
  }
  return { ...(state ? { state } : {}), clearing, ignored };
}

/** Apply a batch as the stores do. */
export function applyBatch(state: SessionState, batch: StoreBatch): void {
  const steps = batchSteps(state, batch);
  while (!steps.next().done);
}

/**
 * The state a new session's first batch (`replace`, or written over no session) leaves: the
 * batch applied over an empty state as {@link applyBatch} applies it, its entries put in slices
 * of `slicer`'s (an import of 100,000 entries put them all in one step).
 */
export async function stateOfBatch(batch: StoreBatch, slicer: Slicer): Promise<SessionState> {
  const state: SessionState = { meta: batch.meta, entries: new Map(), summaries: new Map(), aux: new Map() };
  const steps = batchSteps(state, batch);
  for (let step = steps.next(); !step.done; step = steps.next()) if (slicer.spend(step.value)) await slicer.pause();
  return state;
}

/** The work of applying a batch, yielding the units of each entry put. */
function* batchSteps(state: SessionState, batch: StoreBatch): Generator<number, void, void> {
  if (batch.replace) {
    state.entries.clear();
    state.summaries.clear();
    state.aux.clear();
  }
  state.meta = batch.meta;
  for (const id of batch.deleteEntryIds ?? []) state.entries.delete(id);
  for (const entry of batch.putEntries ?? []) {
    state.entries.set(entry.id, entry);
    yield COST.item;
  }
  for (const id of batch.deleteSummaryIds ?? []) state.summaries.delete(id);
  for (const summary of batch.putSummaries ?? []) state.summaries.set(summary.id, summary);
  for (const [key, value] of Object.entries(batch.aux ?? {})) {
    if (value === null) state.aux.delete(key);
    else state.aux.set(key, value);
  }
}

/** The state as a snapshot record. */
export function toSnapshot(state: SessionState): SnapshotRecord {
  return {
    t: 'snapshot',
    meta: state.meta,
    entries: [...state.entries.values()].sort((a, b) => a.seq - b.seq),
    summaries: [...state.summaries.values()],
    aux: Object.fromEntries(state.aux),
  };
}

/** A snapshot record as a state. */
export function fromSnapshot(s: SnapshotRecord): SessionState {
  return {
    meta: s.meta,
    entries: new Map(s.entries.map((e) => [e.id, e])),
    summaries: new Map(s.summaries.map((x) => [x.id, x])),
    aux: new Map(Object.entries(s.aux)),
  };
}

/** The batch that makes a store hold exactly `state` (replacing what it holds of the session). */
export function restoreBatch(state: SessionState): StoreBatch {
  const snap = toSnapshot(state);
  return { meta: snap.meta, replace: true, putEntries: snap.entries, putSummaries: snap.summaries, aux: snap.aux };
}
