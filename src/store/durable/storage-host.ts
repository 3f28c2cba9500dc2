/**
 * What `createMemory` adds to the engine: `storageState()`, `verify(s)`, and the events of
 * the store's open (`storage:restored`, `storage:lost` and the loss's `error`), which reach
 * listeners added after `createMemory` resolved too: each listener hears them once.
 * @module
 */
import type { EngineMemory, Memory } from '../../memory.js';
import type { MemoryEventName, MemoryEvents, StoreAdapter } from '../../types.js';
import type { StorageState } from './durability-types.js';
import { ClosedError, StorageLostError } from '../../errors.js';
import { verifySession } from './verify-session.js';
import { checkSessionId } from '../../core/checks/validate.js';

type Replay = [event: MemoryEventName, args: unknown[]];

/** The events an open that found `state` raises. */
function openEvents(state: StorageState): Replay[] {
  const out: Replay[] = [];
  for (const s of state.restoredSessions) out.push(['storage:restored', [s, state]]);
  for (const s of state.lostSessions) {
    out.push(['storage:lost', [s, state]]);
    const error = new StorageLostError(
      `session ${JSON.stringify(s)}: its stored data is gone ` +
        '(IndexedDB lost it and its journal was damaged); it starts empty',
    );
    out.push(['error', [s, error]]);
  }
  return out;
}

/** The engine plus the store-level methods. */
export function withStorage(
  engine: EngineMemory,
  store: StoreAdapter,
  state: () => StorageState,
): Omit<Memory, 'sync'> {
  let closed = false;
  const replays = openEvents(state());
  return {
    ...engine,

    async storageState() {
      if (closed) throw new ClosedError('memory is closed: create a new one');
      return state();
    },

    async verify(sessionId) {
      if (closed) throw new ClosedError('memory is closed: create a new one');
      // The same check as every other session method: reserved ids (`__recallkit…`) are refused.
      return verifySession(store, checkSessionId(sessionId));
    },

    on<E extends MemoryEventName>(event: E, handler: MemoryEvents[E]): () => void {
      const stop = engine.on(event, handler);
      const mine = replays.filter(([e]) => e === event);
      if (mine.length) {
        let active = true;
        queueMicrotask(() => {
          for (const [, args] of mine) if (active) (handler as (...a: unknown[]) => void)(...args);
        });
        return () => {
          active = false;
          stop();
        };
      }
      return stop;
    },

    async close() {
      closed = true;
      await engine.close();
    },
  };
}
