/**
 * The common rounds without reading a whole session. After a rebase, every confirmed entry
 * has `seq < order.length` and every other one a higher seq; while the stored compressed and
 * erased counts are those the rebase wrote, nothing but entries was added since. Then the
 * outbox is the entries from `seq = order.length` on, and pulled entry ops only rewrite that
 * tail (numbering continues from the confirmed prefix, which stays as it is). Anything else
 * (a compaction, an erasure, a clear, a rejection, a renumbered entry the recall index holds)
 * takes the full rebase.
 * @module
 */
import type { MemoryEntry, SessionMeta, StoreAdapter } from '../../types.js';
import type { ServerOp } from '../protocol.js';
import { applyOp, ERASED_KEY, wireEntry, type WorkingState } from './state.js';
import { loadState, stateAux } from './state-cache.js';
import type { SessionOutbox } from './outbox.js';
import { keepLocalPin, reorderEntry } from './rebase.js';
import { setActive, type SessionCache } from '../../core/session/session.js';

interface Tail {
  meta: SessionMeta;
  state: WorkingState;
  /** Entries with seq >= order.length (not confirmed), oldest first. */
  tail: MemoryEntry[];
  erased: unknown;
}

/** The session's unconfirmed tail, when only entries were added since the last rebase. */
async function readTail(store: StoreAdapter, sessionId: string): Promise<Tail | undefined> {
  const [meta, state, erased] = await Promise.all([
    store.loadMeta(sessionId),
    loadState(store, sessionId),
    store.loadAux(sessionId, ERASED_KEY),
  ]);
  if (!meta) return undefined;
  const s = state.synced;
  if (
    !s ||
    s.compressedEntries !== meta.compressedEntries ||
    s.erasedEntries !== meta.erasedEntries ||
    erased !== undefined
  )
    return undefined;
  const tail = await store.loadEntries(sessionId, { fromSeq: state.order.length });
  if (tail.some((e) => e.compressed || state.pos.has(e.id))) return undefined;
  return { meta, state, tail, erased };
}

/** The outbox without a full read, or undefined. */
export async function fastOutbox(
  store: StoreAdapter,
  sessionId: string,
): Promise<{ outbox: SessionOutbox; version: number } | undefined> {
  const t = await readTail(store, sessionId);
  if (!t) return undefined;
  const ops = t.tail
    .filter((e) => !t.state.tomb.has(e.id))
    .map((e) => ({ opId: e.id, sessionId, kind: 'entry' as const, entry: wireEntry(e) }));
  return { outbox: { ops, groups: new Map(), erasures: new Map() }, version: t.meta.version };
}

/** Apply pulled entry ops by rewriting only the tail; false when the full rebase is needed. */
export async function fastApply(
  store: StoreAdapter,
  sessionId: string,
  ops: readonly ServerOp[],
  now: string,
  cache?: SessionCache,
): Promise<{ done: boolean; changed: boolean; stale?: boolean }> {
  if (!ops.length || !ops.every((op) => op.kind === 'entry')) return { done: false, changed: false };
  const t = await readTail(store, sessionId);
  if (!t) return { done: false, changed: false };
  const w = t.state;
  const start = w.order.length;
  for (const op of ops) applyOp(w, op);
  const local = new Map(t.tail.map((e) => [e.id, e]));
  let interaction = 0;
  for (let i = 0; i < start; i++) if (w.users[i] === 'u') interaction += 1;
  const out: MemoryEntry[] = [];
  for (let i = start; i < w.order.length; i++) {
    if (w.users[i] === 'u') interaction += 1;
    const id = w.order[i]!;
    const base = keepLocalPin(w.incoming.get(id), local.get(id)) ?? local.get(id);
    if (base && !w.tomb.has(id)) out.push(reorderEntry({ ...base, seq: i, interaction, compressed: false }));
  }
  let seq = w.order.length;
  for (const e of t.tail) {
    if (w.pos.has(e.id)) continue;
    if (e.type === 'message' && e.role === 'user') interaction += 1;
    // Still provisional and numbered as it was: kept as it is.
    out.push(e.seq === seq && e.interaction === interaction ? e : { ...e, seq, interaction });
    seq += 1;
  }
  // A renumbered entry that the persisted recall index (or embeddings) already holds: full rebase.
  const was = new Map(t.tail.map((e) => [e.id, e.seq]));
  const watermark = Math.max(t.meta.recallSeq ?? 0, t.meta.vectorSeq ?? 0);
  if (out.some((e) => was.has(e.id) && was.get(e.id) !== e.seq && was.get(e.id)! < watermark)) {
    return { done: false, changed: false };
  }
  const changed = out.filter((e) => e !== local.get(e.id) && JSON.stringify(e) !== JSON.stringify(local.get(e.id)));
  const meta: SessionMeta = {
    ...t.meta,
    version: t.meta.version + 1,
    updatedAt: now,
    nextSeq: seq,
    interactionCount: interaction,
  };
  meta.totalEntries = t.meta.totalEntries;
  for (const e of out)
    if (!local.has(e.id)) {
      meta.totalEntries += 1;
      meta.storedTokens += e.tokenCount;
    }
  w.synced = { compressedEntries: meta.compressedEntries, erasedEntries: meta.erasedEntries };
  const saved = stateAux(store, sessionId, w);
  await store.write(sessionId, {
    meta,
    expectVersion: t.meta.version,
    ...(changed.length ? { putEntries: changed } : {}),
    aux: saved.aux,
  });
  saved.commit();
  // The engine's cached session, brought up to date in place (a reload would read every active entry).
  if (cache && cache.meta.version === t.meta.version) {
    cache.meta = meta;
    if (changed.length) {
      setActive(cache, [...cache.active.filter((e) => e.seq < start), ...out]);
      delete cache.recall; // reloaded from the store and caught up from meta.recallSeq when next needed
      delete cache.vectors;
    }
  } else if (cache) return { done: true, changed: changed.length > 0, stale: true };
  return { done: true, changed: changed.length > 0 };
}
