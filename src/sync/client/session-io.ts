/**
 * Reading a session for the outbox, and writing a rebased session back: one batch, applied only
 * over the version read (the engine's queue holds the session meanwhile). A rebase that only
 * appends keeps the recall index; any other rewrites the session, so its derived data (recall
 * index, embeddings, knowledge base) is rebuilt from the new entries when next needed.
 * @module
 */
import type { MemoryEntry, MemorySummary, SessionMeta, StoreAdapter, StoreBatch } from '../../types.js';
import type { ServerOp } from '../protocol.js';
import type { SessionCache } from '../../core/session/session.js';
import { applyOp, ERASED_KEY, type WorkingState } from './state.js';
import { loadState, stateAux } from './state-cache.js';
import { rebase } from './rebase.js';
import { deriveOutbox, type SessionOutbox } from './outbox.js';
import { fastApply, fastOutbox } from './session-fast.js';

/** A session as the sync client reads it. */
export interface SessionRead {
  meta: SessionMeta | undefined;
  state: WorkingState;
  entries: MemoryEntry[];
  summaries: MemorySummary[];
  erasedLocal: Set<string>;
}

/** Read everything the outbox and the rebase need. */
export async function readSession(store: StoreAdapter, sessionId: string): Promise<SessionRead> {
  const [meta, state, rawErased] = await Promise.all([
    store.loadMeta(sessionId),
    loadState(store, sessionId),
    store.loadAux(sessionId, ERASED_KEY),
  ]);
  const [entries, loaded] = meta
    ? await Promise.all([store.loadEntries(sessionId), store.loadSession(sessionId)])
    : [[], undefined];
  return {
    meta,
    state,
    entries,
    summaries: loaded?.summaries ?? [],
    erasedLocal: new Set(Array.isArray(rawErased) ? (rawErased as string[]) : []),
  };
}

/** The session's outbox. */
export async function sessionOutbox(
  store: StoreAdapter,
  sessionId: string,
): Promise<{ outbox: SessionOutbox; version: number }> {
  const fast = await fastOutbox(store, sessionId);
  if (fast) return fast;
  const r = await readSession(store, sessionId);
  return {
    outbox: deriveOutbox(sessionId, r.state, r.entries, r.summaries, r.erasedLocal),
    version: r.meta?.version ?? 0,
  };
}

/**
 * Apply pulled ops (and this round's rejections) to a session and store the rebased result.
 * Returns whether the entries or summaries changed.
 */
export async function applyToSession(
  store: StoreAdapter,
  sessionId: string,
  ops: readonly ServerOp[],
  rejected: ReadonlySet<string>,
  now: string,
  cache?: SessionCache,
): Promise<{ changed: boolean; cacheKept: boolean }> {
  if (!rejected.size) {
    const fast = await fastApply(store, sessionId, ops, now, cache);
    if (fast.done) return { changed: fast.changed, cacheKept: cache !== undefined && !fast.stale };
  }
  return { changed: await rebaseSession(store, sessionId, ops, rejected, now), cacheKept: false };
}

async function rebaseSession(
  store: StoreAdapter,
  sessionId: string,
  ops: readonly ServerOp[],
  rejected: ReadonlySet<string>,
  now: string,
): Promise<boolean> {
  const r = await readSession(store, sessionId);
  for (const op of ops) applyOp(r.state, op);
  if (!r.meta && r.state.order.length === 0 && r.state.summaries.size === 0) return false;
  const result = rebase({
    sessionId,
    state: r.state,
    meta: r.meta,
    entries: r.entries,
    summaries: r.summaries,
    erasedLocal: r.erasedLocal,
    rejected,
    now,
  });
  r.state.synced = { compressedEntries: result.meta.compressedEntries, erasedEntries: result.meta.erasedEntries };
  const saved = stateAux(store, sessionId, r.state);
  const aux: Record<string, unknown> = {
    ...saved.aux,
    [ERASED_KEY]: result.erasedLocal.length ? result.erasedLocal : null,
  };
  const expectVersion = r.meta?.version ?? 0;
  let batch: StoreBatch;
  let changed: boolean;
  if (result.appendOnly) {
    const added = result.entries.slice(result.appendFrom);
    changed = added.length > 0;
    if (!changed && !r.state.changed && !rejected.size) return false;
    batch = { meta: result.meta, expectVersion, aux, ...(added.length ? { putEntries: added } : {}) };
  } else {
    changed = true;
    batch = {
      meta: result.meta,
      replace: true,
      expectVersion,
      putEntries: result.entries,
      putSummaries: result.summaries,
      aux,
    };
  }
  await store.write(sessionId, batch);
  saved.commit();
  return changed;
}
