/**
 * A subscribable snapshot of one session (entries, context, stats, recent events) for UI
 * bindings. No React here: `useMemory` wraps it with `useSyncExternalStore`.
 * @module
 */
import type { ContextFormat, Memory } from '../memory.js';
import type { LLMContext, MemoryEntry, MemoryEventName, MemoryEvents, MemoryStats } from '../types.js';

/** What the store reads: a `Memory` from `createMemory` or `createWorkerMemory`. */
export type MemorySource = Pick<Memory, 'getActiveEntries' | 'getContextForLLM' | 'getStats' | 'on'>;

type EventPayload<E extends MemoryEventName> = Parameters<MemoryEvents[E]> extends [string, infer P] ? P : undefined;

/** An event of the session, as the store keeps it. */
export type MemoryEventRecord = {
  [E in MemoryEventName]: { type: E; payload: EventPayload<E>; at: string };
}[MemoryEventName];

/** The session as last read. A new object after every change. */
export interface MemorySnapshot {
  /** Active entries, oldest first. */
  entries: MemoryEntry[];
  /** `getContextForLLM` in the chosen format; `undefined` until first read. */
  context: LLMContext<unknown> | undefined;
  stats: MemoryStats | undefined;
  /** The session's newest events, oldest first (at most `maxEvents`). */
  events: MemoryEventRecord[];
  /** A read is under way. */
  loading: boolean;
  /** The last read's failure, cleared by the next successful read. */
  error: Error | undefined;
}

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /** Format of `context.messages` (default `'openai'`). */
  format?: ContextFormat;
  /** Events kept (default 20). */
  maxEvents?: number;
}

/** A session snapshot with `useSyncExternalStore`'s `subscribe` / `getSnapshot`. */
export interface MemoryStore {
  /** Listens for snapshot changes; the first listener attaches to `memory.on` and reads. */
  subscribe(listener: () => void): () => void;
  getSnapshot(): MemorySnapshot;
  /** Reads again now (coalesced with a read under way). */
  refresh(): Promise<void>;
}

const EVENTS: readonly MemoryEventName[] = [
  'entry:added',
  'compressing',
  'compressed',
  'erased',
  'session:cleared',
  'change',
  'error',
];
/** Events after which entries, context or stats have changed. */
const CHANGING = new Set<MemoryEventName>(['entry:added', 'compressed', 'erased', 'session:cleared', 'change']);

/**
 * Creates a store over one session. Events of other sessions are ignored; reads that overlap
 * are coalesced into one more read.
 * @example
 * const store = createMemoryStore(memory, 'chat-1');
 * const stop = store.subscribe(() => render(store.getSnapshot()));
 */
export function createMemoryStore(
  memory: MemorySource,
  sessionId: string,
  options: MemoryStoreOptions = {},
): MemoryStore {
  const maxEvents = options.maxEvents ?? 20;
  const listeners = new Set<() => void>();
  let snapshot: MemorySnapshot = {
    entries: [],
    context: undefined,
    stats: undefined,
    events: [],
    loading: true,
    error: undefined,
  };
  let detach: (() => void)[] = [];
  let running: Promise<void> | undefined;
  let again = false;

  const update = (patch: Partial<MemorySnapshot>): void => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };

  const read = async (): Promise<void> => {
    do {
      again = false;
      if (!snapshot.loading) update({ loading: true });
      try {
        const [entries, context, stats] = await Promise.all([
          memory.getActiveEntries(sessionId),
          memory.getContextForLLM(sessionId, options.format ? { format: options.format } : undefined),
          memory.getStats(sessionId),
        ]);
        update({ entries, context, stats, error: undefined, loading: again });
      } catch (error) {
        update({ error: error instanceof Error ? error : new Error(String(error)), loading: again });
      }
    } while (again);
  };

  const refresh = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = read().finally(() => (running = undefined));
    return running;
  };

  const onEvent =
    (type: MemoryEventName) =>
    (eventSession: string, payload?: unknown): void => {
      if (eventSession !== sessionId) return;
      const record = { type, payload, at: new Date().toISOString() } as MemoryEventRecord;
      update({ events: [...snapshot.events, record].slice(-maxEvents) });
      if (CHANGING.has(type)) void refresh();
    };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        detach = EVENTS.map((type) => memory.on(type, onEvent(type) as MemoryEvents[typeof type]));
        void refresh();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          for (const off of detach) off();
          detach = [];
        }
      };
    },
    getSnapshot: () => snapshot,
    refresh,
  };
}
