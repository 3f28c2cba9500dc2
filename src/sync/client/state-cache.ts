/**
 * Reading and writing a session's confirmed state, with the parsed state of the last write kept
 * in memory: each write also stores a small random stamp (`sync:stamp`), and a read whose stamp
 * matches the kept one skips loading the state (which grows with the session). Another tab's
 * write changes the stamp, so it is never missed.
 * @module
 */
import type { StoreAdapter } from '../../types.js';
import { newId } from '../../core/ids.js';
import { fromWorking, SESSION_KEY, toWorking, type SessionSyncState, type WorkingState } from './state.js';

/** Aux key of the stamp of a session's stored state. */
export const STAMP_KEY = 'sync:stamp';

const kept = new WeakMap<StoreAdapter, Map<string, { stamp: string; state: SessionSyncState }>>();

/** The session's confirmed state, as a fresh working copy. */
export async function loadState(store: StoreAdapter, sessionId: string): Promise<WorkingState> {
  const stamp = await store.loadAux(sessionId, STAMP_KEY);
  const hit = kept.get(store)?.get(sessionId);
  if (hit && typeof stamp === 'string' && hit.stamp === stamp) return toWorking(hit.state);
  return toWorking(await store.loadAux(sessionId, SESSION_KEY));
}

/** The aux values that store `w`; remembered once `commit()` is called after the write succeeded. */
export function stateAux(
  store: StoreAdapter,
  sessionId: string,
  w: WorkingState,
): { aux: Record<string, unknown>; commit(): void } {
  const state = fromWorking(w);
  const stamp = newId();
  return {
    aux: { [SESSION_KEY]: state, [STAMP_KEY]: stamp },
    commit() {
      let map = kept.get(store);
      if (!map) kept.set(store, (map = new Map()));
      map.set(sessionId, { stamp, state });
    },
  };
}
