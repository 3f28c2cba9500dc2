/**
 * The rebase: a session's state rebuilt from what the server confirmed plus what this device
 * has not had confirmed yet. Confirmed entries come in server order (an erased one keeps its
 * place in the numbering), then provisional ones in local order; `seq` and `interaction` are
 * renumbered from that order. A local compaction the server rejected, or that another
 * device's accepted compaction overtook, is discarded: its summary goes and its entries are
 * active again. Pure: the same confirmed state gives the same entries on every device.
 * @module
 */
import type { MemoryEntry, MemorySummary, SessionMeta } from '../../types.js';
import type { WorkingState } from './state.js';
import { newMeta } from '../../core/session/session.js';

/** What the rebase reads. */
export interface RebaseInput {
  sessionId: string;
  state: WorkingState;
  /** The stored meta (undefined: not stored). */
  meta: SessionMeta | undefined;
  /** Every stored entry, compressed ones included, in seq order. */
  entries: MemoryEntry[];
  /** The stored summaries, in stored order. */
  summaries: MemorySummary[];
  /** Ids erased here and not yet tombstoned by the server. */
  erasedLocal: ReadonlySet<string>;
  /** Local compactions the server rejected this round: their summary id ('' for one without a summary). */
  rejected: ReadonlySet<string>;
  now: string;
}

/** The session as it should be stored. */
export interface RebaseResult {
  entries: MemoryEntry[];
  summaries: MemorySummary[];
  meta: SessionMeta;
  /** Stored entries and summaries are unchanged and in place: only `entries.slice(appendFrom)` is new. */
  appendOnly: boolean;
  appendFrom: number;
  /** Erased-here ids still waiting for their tombstone. */
  erasedLocal: string[];
}

/** Rebuild a session from its confirmed state and its local, unconfirmed changes. */
export function rebase(input: RebaseInput): RebaseResult {
  const w = input.state;
  const local = new Map(input.entries.map((e) => [e.id, e]));
  const storedSummaries = new Map(input.summaries.map((s) => [s.id, s]));
  const gone = (id: string): boolean => w.tomb.has(id) || input.erasedLocal.has(id) || w.removedEntryIds.has(id);

  // A local compaction's group: its stored summary's id, '' for entries slid out without one (as the outbox groups
  // them).
  const groupOf = (e: MemoryEntry): string =>
    e.summaryId !== undefined && storedSummaries.has(e.summaryId) ? e.summaryId : '';
  // Local compactions not confirmed yet, by group.
  const pending = new Map<string, MemoryEntry[]>();
  for (const e of input.entries) {
    if (!e.compressed || gone(e.id) || w.compacted.has(e.id)) continue;
    const g = groupOf(e);
    pending.set(g, [...(pending.get(g) ?? []), e]);
  }
  const discard = new Set(input.rejected);
  // A local summary loses when an accepted compaction took one of its entries.
  for (const e of input.entries) {
    const g = e.summaryId;
    if (!e.compressed || g === undefined || !pending.has(g)) continue;
    const confirmed = w.compacted.get(e.id);
    if (confirmed !== undefined && (!w.summaries.has(g) || confirmed !== g)) discard.add(g);
  }
  // Confirmed summaries missing here were dropped here (unless they just arrived).
  const droppedHere = new Set(
    [...w.summaries.keys()].filter((id) => !storedSummaries.has(id) && !w.newSummaryIds.has(id)),
  );

  const out: MemoryEntry[] = [];
  let interaction = 0;
  let erasedEntries = 0;
  const place = (base: MemoryEntry, seq: number, compressed: boolean, summaryId: string | undefined): void => {
    const e: MemoryEntry = { ...base, seq, interaction, compressed };
    delete e.summaryId;
    if (summaryId) e.summaryId = summaryId;
    out.push(reorderEntry(e));
  };
  for (let i = 0; i < w.order.length; i++) {
    const id = w.order[i]!;
    if (w.users[i] === 'u') interaction += 1;
    if (gone(id)) {
      if (w.tomb.has(id) || input.erasedLocal.has(id)) erasedEntries += 1;
      continue;
    }
    const here = local.get(id);
    // The server's copy when this round pulled it: every device then stores the same bytes,
    // except the pin, which is this device's own (no op carries a pin change).
    const base = keepLocalPin(w.incoming.get(id), here) ?? here;
    if (!base) continue;
    const confirmed = w.compacted.get(id);
    if (confirmed !== undefined && !(confirmed !== '' && droppedHere.has(confirmed)))
      place(base, i, true, confirmed || undefined);
    else if (here?.compressed && !discard.has(groupOf(here))) place(base, i, true, here.summaryId);
    else place(base, i, false, undefined);
  }
  let seq = w.order.length;
  for (const e of input.entries) {
    if (w.pos.has(e.id) || gone(e.id)) continue;
    if (e.type === 'message' && e.role === 'user') interaction += 1;
    const keep = e.compressed && !discard.has(groupOf(e));
    place(e, seq++, keep, keep ? e.summaryId : undefined);
  }

  const summaries: MemorySummary[] = [];
  for (const s of w.summaries.values()) {
    if (droppedHere.has(s.id)) continue;
    const mine = storedSummaries.get(s.id);
    // A confirmed summary folded or extended here, not confirmed yet: the local version.
    summaries.push(mine && pending.has(s.id) && !discard.has(s.id) ? mine : s);
  }
  for (const s of input.summaries) {
    if (!w.summaries.has(s.id) && !w.removedSummaryIds.has(s.id) && !discard.has(s.id)) summaries.push(s);
  }

  const meta = metaFor(input, out, seq, interaction, erasedEntries);
  const appendFrom = input.entries.length;
  const appendOnly =
    appendFrom <= out.length &&
    sameList(input.entries, out.slice(0, appendFrom)) &&
    sameList(input.summaries, summaries);
  if (!appendOnly) {
    delete meta.recallSeq;
    delete meta.vectorSeq;
  }
  return {
    entries: out,
    summaries,
    meta,
    appendOnly,
    appendFrom,
    erasedLocal: [...input.erasedLocal].filter((id) => !w.tomb.has(id)),
  };
}

function metaFor(
  input: RebaseInput,
  entries: MemoryEntry[],
  nextSeq: number,
  interactionCount: number,
  erasedEntries: number,
): SessionMeta {
  const base: SessionMeta = input.meta ? { ...input.meta } : newMeta(input.sessionId, input.now);
  base.version += 1;
  base.updatedAt = input.now;
  base.nextSeq = nextSeq;
  base.interactionCount = interactionCount;
  base.erasedEntries = erasedEntries;
  base.totalEntries = entries.length;
  base.compressedEntries = 0;
  base.compressedTokens = 0;
  base.storedTokens = 0;
  for (const e of entries) {
    base.storedTokens += e.tokenCount;
    if (e.compressed) {
      base.compressedEntries += 1;
      base.compressedTokens += e.tokenCount;
    }
  }
  return base;
}

/**
 * `pulled` (the server's copy of an entry) with the pin of `here` (this device's copy): a pin
 * changed here after the entry was pushed is kept, never overwritten by the pushed state.
 */
export function keepLocalPin(pulled: MemoryEntry | undefined, here: MemoryEntry | undefined): MemoryEntry | undefined {
  if (!pulled || !here || pulled.pinned === here.pinned) return pulled;
  const out: MemoryEntry = { ...pulled };
  if (here.pinned) out.pinned = true;
  else delete out.pinned;
  return out;
}

/** The entry's keys in the order the engine writes them, so two devices' JSON is byte-identical. */
const ENTRY_KEYS: readonly (keyof MemoryEntry)[] = [
  'id',
  'sessionId',
  'seq',
  'interaction',
  'type',
  'role',
  'content',
  'timestamp',
  'tokenCount',
  'compressed',
  'summaryId',
  'tool',
  'pinned',
  'metadata',
];
/** The entry with its keys in the engine's order (byte-identical JSON on every device). */
export function reorderEntry(e: MemoryEntry): MemoryEntry {
  const out: Record<string, unknown> = {};
  for (const k of ENTRY_KEYS) if (e[k] !== undefined) out[k] = e[k];
  for (const [k, v] of Object.entries(e)) if (!Object.hasOwn(out, k) && v !== undefined) out[k] = v;
  return out as unknown as MemoryEntry;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) return false;
  return true;
}
