/**
 * The device's own sync state, durable in the local store under a reserved session (hidden from
 * `listSessions`): its id, the cursor it pulled up to, the clears waiting to be pushed, and the
 * version of each session it last found nothing to push in. Writes are serialized.
 * @module
 */
import type { SessionMeta, StoreAdapter } from '../../types.js';
import { newId } from '../../core/ids.js';
import { newMeta } from '../../core/session/session.js';
import { ownDictionary } from '../../core/checks/dictionary.js';

/** The reserved session that holds the device state. */
export const DEVICE_SESSION = '__recallkit_sync__';
const DEVICE_KEY = 'sync:device';
const CLEAR_PREFIX = 'sync:clear:';

/** What the device keeps. */
export interface DeviceState {
  deviceId: string;
  /** The seq pulled up to. */
  cursor: string;
  /**
   * Session id → the stored version whose outbox was empty (nothing to read there until it
   * changes). Prototype-free (`dictionary.ts`): a session may be named `constructor` or `__proto__`.
   */
  scanned: Record<string, number>;
  /**
   * Ops set aside (`sessionId\nopId` → why): refused by the record checks or the server, never
   * pushed again. Prototype-free, as `scanned`.
   */
  refused: Record<string, string>;
}

/** Reads and writes the device state. */
export interface DeviceStore {
  load(): Promise<DeviceState>;
  save(state: DeviceState): Promise<void>;
  /** Remember that a session was cleared here (a `clear` op to push, `opId`), before its data goes. */
  addClear(sessionId: string, opId: string): Promise<void>;
  /** Clears waiting to be pushed: session id → op id. */
  clears(): Promise<Map<string, string>>;
  /** The clear was acknowledged. */
  removeClear(sessionId: string, opId: string): Promise<void>;
}

/** The device state over a store (the raw store: not the sync view of it). */
export function createDeviceStore(store: StoreAdapter, deviceId?: string): DeviceStore {
  let chain: Promise<unknown> = Promise.resolve();
  let meta: SessionMeta | undefined;
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  const write = async (aux: Record<string, unknown>): Promise<void> => {
    meta ??= (await store.loadMeta(DEVICE_SESSION)) ?? newMeta(DEVICE_SESSION, new Date().toISOString());
    const next = { ...meta, version: meta.version + 1, updatedAt: new Date().toISOString() };
    await store.write(DEVICE_SESSION, { meta: next, aux });
    meta = next;
  };
  return {
    // Read each round: another tab's client may have moved the cursor.
    load: () =>
      serial(async () => {
        const raw = (await store.loadAux(DEVICE_SESSION, DEVICE_KEY)) as Partial<DeviceState> | undefined;
        const state: DeviceState = {
          deviceId: deviceId ?? raw?.deviceId ?? newId(),
          cursor: typeof raw?.cursor === 'string' ? raw.cursor : '0',
          // Read back from JSON or a structured clone: copied into prototype-free dictionaries.
          scanned: ownDictionary(raw?.scanned, (v): v is number => typeof v === 'number'),
          refused: ownDictionary(raw?.refused, (v): v is string => typeof v === 'string'),
        };
        if (!raw || raw.deviceId !== state.deviceId) await write({ [DEVICE_KEY]: state });
        return state;
      }),
    save: (state) =>
      serial(async () => {
        await write({ [DEVICE_KEY]: state });
      }),
    addClear: (sessionId, opId) => serial(() => write({ [CLEAR_PREFIX + sessionId]: opId })),
    clears: () =>
      serial(async () => {
        const all = store.loadAuxPrefix
          ? await store.loadAuxPrefix(DEVICE_SESSION, CLEAR_PREFIX)
          : new Map<string, unknown>();
        const out = new Map<string, string>();
        for (const [key, value] of all) if (typeof value === 'string') out.set(key.slice(CLEAR_PREFIX.length), value);
        return out;
      }),
    removeClear: (sessionId, opId) =>
      serial(async () => {
        if ((await store.loadAux(DEVICE_SESSION, CLEAR_PREFIX + sessionId)) === opId)
          await write({ [CLEAR_PREFIX + sessionId]: null });
      }),
  };
}
