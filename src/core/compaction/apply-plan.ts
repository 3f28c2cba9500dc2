import type { MemoryEntry, MemorySummary, SessionMeta, StoreBatch } from '../../types.js';
import type { LongTermPlan } from '../../strategies/types.js';
import type { SessionCache } from '../types.js';
import { COST, createSlicer, type Slicer } from '../../slices/slicer.js';

/** What a plan changes, ready to write in one batch and then to apply to the cache. */
export interface PlanChange {
  batch: StoreBatch;
  /** Active entries after the change. */
  active: MemoryEntry[];
  summaries: MemorySummary[];
  compressed: MemoryEntry[];
  erasedIds: string[];
  droppedSummaryIds: string[];
  /** True when the change does nothing. */
  empty: boolean;
}

/** Slice units of checking one entry against a plan (a few map lookups and one copy). */
const ENTRY_COST = COST.item;

/**
 * Turn a plan (and the summary made for it, if any) into one store batch. When the plan asked
 * for a summary that failed (`summary` undefined), nothing applies. Only active entries change.
 * Works in slices (`slicer`): a compression of 100,000 active entries checks and copies each.
 */
export async function planChange(
  cache: SessionCache,
  plan: LongTermPlan,
  summary: MemorySummary | undefined,
  strategyKey: string,
  now: string,
  slicer: Slicer = createSlicer(),
): Promise<PlanChange> {
  const made = summary !== undefined;
  // A summary was asked for and not made: apply nothing, so everything stays as it was and
  // the strategy plans again (from what is stored) at the next trigger.
  if (plan.summarize && !made) {
    return {
      batch: { meta: cache.meta },
      active: cache.active,
      summaries: cache.summaries,
      compressed: [],
      erasedIds: [],
      droppedSummaryIds: [],
      empty: true,
    };
  }
  const activeIds = new Set<string>();
  for (const e of cache.active) {
    activeIds.add(e.id);
    if (slicer.spend(ENTRY_COST)) await slicer.pause();
  }
  const compressTo = new Map<string, string | undefined>();
  if (made && plan.summarize?.markCompressed) {
    for (const e of plan.summarize.entries) {
      if (activeIds.has(e.id)) compressTo.set(e.id, summary.id);
      if (slicer.spend(ENTRY_COST)) await slicer.pause();
    }
  }
  for (const ev of plan.evict ?? []) {
    const sid = ev.summaryId === 'new' ? summary?.id : ev.summaryId;
    for (const id of ev.entryIds) {
      if (activeIds.has(id) && !compressTo.has(id)) compressTo.set(id, sid);
      if (slicer.spend(ENTRY_COST)) await slicer.pause();
    }
  }
  const erase = new Set((plan.erase ?? []).filter((id) => activeIds.has(id) && !compressTo.has(id)));

  const compressed: MemoryEntry[] = [];
  const active: MemoryEntry[] = [];
  let compressedTokens = 0;
  let erasedTokens = 0;
  for (const e of cache.active) {
    if (compressTo.has(e.id)) {
      const sid = compressTo.get(e.id);
      const c: MemoryEntry = { ...e, compressed: true };
      if (sid !== undefined) c.summaryId = sid;
      compressed.push(c);
      compressedTokens += e.tokenCount;
    } else if (erase.has(e.id)) {
      erasedTokens += e.tokenCount;
    } else {
      active.push(e);
    }
    if (slicer.spend(ENTRY_COST)) await slicer.pause();
  }

  const drop = new Set<string>();
  if (made) {
    for (const id of plan.dropSummaryIds ?? []) drop.add(id);
    for (const s of plan.summarize?.foldSummaries ?? []) drop.add(s.id);
    drop.delete(summary.id); // a running summary replaced under its own id is kept, not dropped
  }
  // A running summary replaced under its own id leaves its old version.
  const summaries = cache.summaries.filter((s) => !drop.has(s.id) && s.id !== summary?.id);
  if (made) summaries.push(summary);
  // An entry linked to an existing summary that does not list it (it arrived after that
  // summary was made, in an interaction the summary covers) is added to its list, so a
  // summary dropped later re-links or unlinks every entry pointing at it.
  // Sets and maps, not `includes` and `find`: a compression of 100,000 entries checks each one.
  const position = new Map(summaries.map((s, i) => [s.id, i]));
  const originals = new Map<string, Set<string>>();
  const listed = new Map<string, string[]>();
  for (const [id, sid] of compressTo) {
    if (sid === undefined || sid === summary?.id || !position.has(sid)) continue;
    let known = originals.get(sid);
    if (!known) originals.set(sid, (known = new Set(summaries[position.get(sid)!]!.originalEntryIds)));
    if (slicer.spend(ENTRY_COST)) await slicer.pause();
    if (known.has(id)) continue;
    const ids = listed.get(sid);
    if (ids) ids.push(id);
    else listed.set(sid, [id]);
  }
  const extended: MemorySummary[] = [];
  for (const [sid, ids] of listed) {
    const i = position.get(sid)!;
    const next = { ...summaries[i]!, originalEntryIds: [...summaries[i]!.originalEntryIds, ...ids] };
    summaries[i] = next;
    extended.push(next);
  }
  const droppedSummaryIds = cache.summaries.filter((s) => drop.has(s.id)).map((s) => s.id);

  const stateChanged = plan.state !== undefined;
  const empty = !made && compressed.length === 0 && erase.size === 0 && !stateChanged;
  const meta: SessionMeta = {
    ...cache.meta,
    version: cache.meta.version + 1,
    updatedAt: now,
    totalEntries: cache.meta.totalEntries - erase.size,
    compressedEntries: cache.meta.compressedEntries + compressed.length,
    storedTokens: cache.meta.storedTokens - erasedTokens,
    compressedTokens: cache.meta.compressedTokens + compressedTokens,
    erasedEntries: cache.meta.erasedEntries + erase.size,
  };
  if (stateChanged) meta.strategyState = { ...cache.meta.strategyState, [strategyKey]: plan.state };

  const batch: StoreBatch = { meta };
  if (compressed.length) batch.putEntries = compressed;
  if (erase.size) batch.deleteEntryIds = [...erase];
  if (made || extended.length) batch.putSummaries = [...(made ? [summary] : []), ...extended];
  if (droppedSummaryIds.length) batch.deleteSummaryIds = droppedSummaryIds;
  return { batch, active, summaries, compressed, erasedIds: [...erase], droppedSummaryIds, empty };
}
