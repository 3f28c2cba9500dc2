import type { MemoryEventName, MemoryEvents } from '../types.js';

/** A typed event emitter whose listeners can never break the engine. */
export interface Emitter {
  on<E extends MemoryEventName>(event: E, handler: MemoryEvents[E]): () => void;
  emit<E extends MemoryEventName>(event: E, ...args: Parameters<MemoryEvents[E]>): void;
  /** Whether anyone listens to `event`. */
  has(event: MemoryEventName): boolean;
}

/** Create an emitter. A listener that throws is reported (`reportError` / console) and skipped. */
export function createEmitter(): Emitter {
  const listeners = new Map<MemoryEventName, Set<(...args: never[]) => void>>();
  return {
    on(event, handler) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const fn = handler as (...args: never[]) => void;
      set.add(fn);
      return () => void set.delete(fn);
    },
    emit(event, ...args) {
      const set = listeners.get(event);
      if (!set) return;
      for (const fn of [...set]) {
        try {
          (fn as (...a: unknown[]) => void)(...args);
        } catch (error) {
          report(error);
        }
      }
    },
    has(event) {
      return (listeners.get(event)?.size ?? 0) > 0;
    },
  };
}

function report(error: unknown): void {
  const g = globalThis as { reportError?: (e: unknown) => void; console?: { error(...a: unknown[]): void } };
  if (g.reportError) g.reportError(error);
  else g.console?.error('recallkit: an event listener threw', error);
}
