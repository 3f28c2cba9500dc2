/**
 * The store as the engine sees it when sync is on. It keeps the outbox derivable from the store
 * alone: an erasure records its ids (in the same batch) until the server tombstones them, a
 * cleared session leaves a `clear` to push (written before the data goes), an import that
 * replaces a session keeps the session's sync state, and the device's reserved session is
 * hidden from `listSessions`.
 * @module
 */
import type { StoreAdapter, StoreBatch } from '../../types.js';
import type { DeviceStore } from './device-state.js';
import { isReservedSessionId } from '../../core/checks/reserved-ids.js';
import { ERASED_KEY, SESSION_KEY } from './state.js';
import { STAMP_KEY } from './state-cache.js';
import { newId } from '../../core/ids.js';

/** Aux key of the clear a session is being deleted by (its op id), written before the clear is recorded. */
export const CLEARING_KEY = 'sync:clearing';

/** Wrap `store` (the raw store the sync client reads and writes directly). */
export function syncStoreView(store: StoreAdapter, device: DeviceStore): StoreAdapter {
  return {
    ...store,
    async listSessions() {
      return (await store.listSessions()).filter((m) => !isReservedSessionId(m.sessionId));
    },
    async write(sessionId, batch) {
      return store.write(sessionId, await withSyncAux(store, sessionId, batch));
    },
    async deleteSession(sessionId) {
      const meta = await store.loadMeta(sessionId);
      if (meta) {
        // Three writes, each finishing what the one before began: the session is marked with the
        // clear's id, the clear is recorded to push, then the data goes. A stop after the second
        // leaves a marked session, which the next round deletes before anything is pushed
        // (finishClears), so its unpushed entries cannot outlive the clear.
        const opId = newId();
        const next = { ...meta, version: meta.version + 1, updatedAt: new Date().toISOString() };
        await store.write(sessionId, { meta: next, aux: { [CLEARING_KEY]: opId } });
        await device.addClear(sessionId, opId);
      }
      return store.deleteSession(sessionId);
    },
  };
}

async function withSyncAux(store: StoreAdapter, sessionId: string, batch: StoreBatch): Promise<StoreBatch> {
  if (batch.replace) {
    // An import replaces the records, not what the server confirmed of the session.
    if (batch.aux && SESSION_KEY in batch.aux) return batch;
    const [state, erased, stamp] = await Promise.all([
      store.loadAux(sessionId, SESSION_KEY),
      store.loadAux(sessionId, ERASED_KEY),
      store.loadAux(sessionId, STAMP_KEY),
    ]);
    if (state === undefined && erased === undefined) return batch;
    const aux: Record<string, unknown> = { ...batch.aux };
    if (state !== undefined) aux[SESSION_KEY] = state;
    if (stamp !== undefined) aux[STAMP_KEY] = stamp;
    if (erased !== undefined) aux[ERASED_KEY] = erased;
    return { ...batch, aux };
  }
  if (!batch.deleteEntryIds?.length) return batch;
  const before = (await store.loadAux(sessionId, ERASED_KEY)) as string[] | undefined;
  const erased = [...new Set([...(before ?? []), ...batch.deleteEntryIds])];
  return { ...batch, aux: { ...batch.aux, [ERASED_KEY]: erased } };
}
