import type {
  LoadEntriesOptions,
  MemoryEntry,
  MemorySummary,
  SessionMeta,
  StoreAdapter,
  StoreBatch,
  StoredSession,
} from '../../types.js';
import { ClosedError, ConflictError, StoreError } from '../../errors.js';
import { createListeners } from '../listeners.js';
import { cloneInSlices, createSlicer, mapInSlices, type YieldNow } from '../../slices/slicer.js';
import { copyPlainTree, isPlainTree } from './plain-copy.js';

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions {
  /**
   * How copies in and out give the thread back between slices (default: the host's yield).
   * Tests pass a counting one.
   */
  yieldNow?: YieldNow | undefined;
}

interface SessionRecords {
  meta: SessionMeta;
  /** By id, in insertion order, which is `seq` order (entries only ever get higher `seq`). */
  entries: Map<string, MemoryEntry>;
  summaries: Map<string, MemorySummary>;
  aux: Map<string, unknown>;
  /** False once an entry was inserted after one with a higher `seq` (insertion order is then not seq order). */
  ordered: boolean;
  /** `seq` of the entry inserted last. */
  lastSeq: number;
}

/**
 * A store that keeps sessions in this thread's memory: the default in Node, and the reference
 * implementation of {@link StoreAdapter}. Values are copied in (structured clone) and out (plain
 * data object by object, its strings shared: `plain-copy.ts`; anything else structured-cloned),
 * so callers can never change what is stored by mutating a returned object; large batches and
 * sessions are copied in slices, giving the thread back between them.
 * @example
 * const memory = await createMemory({ store: memoryStore() });
 */
export function memoryStore(options: MemoryStoreOptions = {}): StoreAdapter {
  const sessions = new Map<string, SessionRecords>();
  const listeners = createListeners();
  let closed = false;
  const slicer = () => createSlicer({ yieldNow: options.yieldNow });
  /** Copies of a list, in slices. */
  const copies = <T>(items: readonly T[]): Promise<T[]> => cloneInSlices(items, slicer());
  /**
   * Stored values that are plain data (`plain-copy.ts`), noted when written: they are copied out
   * object by object, sharing their strings, instead of structured-cloned.
   */
  const plain = new WeakSet<object>();
  const keep = (value: unknown): void => {
    if (typeof value === 'object' && value !== null && isPlainTree(value)) plain.add(value);
  };
  /** A copy of a stored value for a caller. */
  const copyOut = <T>(value: T): T =>
    typeof value !== 'object' || value === null
      ? value
      : plain.has(value)
        ? copyPlainTree(value)
        : structuredClone(value);
  /** Copies of stored values for a caller, in slices. */
  const copiesOut = <T>(items: readonly T[]): Promise<T[]> => mapInSlices(items, copyOut, slicer());
  /**
   * Copies of the aux values whose key starts with `prefix`, by key. The values are picked when
   * called (one state, before any pause), then copied in slices.
   */
  const auxUnder = async (aux: Map<string, unknown> | undefined, prefix: string): Promise<Map<string, unknown>> => {
    const keys: string[] = [];
    const values: unknown[] = [];
    for (const [key, value] of aux ?? [])
      if (key.startsWith(prefix)) {
        keys.push(key);
        values.push(value);
      }
    const copied = await copiesOut(values);
    return new Map(keys.map((key, i) => [key, copied[i]]));
  };

  const check = (): void => {
    if (closed) throw new ClosedError('memoryStore: the store is closed');
  };

  return {
    kind: 'memory',

    async loadSession(sessionId): Promise<StoredSession | undefined> {
      check();
      const s = sessions.get(sessionId);
      if (!s) return undefined;
      // One state: every record is taken before the first pause (a write replaces records,
      // never changes one in place), then copied in slices.
      const activeEntries: MemoryEntry[] = [];
      for (const e of s.entries.values()) if (!e.compressed) activeEntries.push(e);
      const meta = copyOut(s.meta);
      const summaries = [...s.summaries.values()];
      return {
        meta,
        activeEntries: await copiesOut(sortBySeq(activeEntries)),
        summaries: await copiesOut(summaries),
      };
    },

    async loadMeta(sessionId) {
      check();
      const s = sessions.get(sessionId);
      return s ? copyOut(s.meta) : undefined;
    },

    async loadEntries(sessionId, options: LoadEntriesOptions = {}) {
      check();
      const s = sessions.get(sessionId);
      if (!s) return [];
      const { includeCompressed = true, fromSeq = 0, limit = Infinity } = options;
      const out: MemoryEntry[] = [];
      let sorted = true;
      for (const e of s.entries.values()) {
        if (e.seq < fromSeq || (!includeCompressed && e.compressed)) continue;
        if (out.length && out[out.length - 1]!.seq > e.seq) sorted = false;
        out.push(e);
        // Entries kept in seq order (almost always): a page stops at its limit.
        if (s.ordered && sorted && out.length === limit) break;
      }
      const ordered = sortBySeq(out);
      return copiesOut(ordered.length > limit ? ordered.slice(0, limit) : ordered);
    },

    async getEntries(sessionId, ids) {
      check();
      const s = sessions.get(sessionId);
      return ids.map((id) => {
        const e = s?.entries.get(id);
        return e ? copyOut(e) : undefined;
      });
    },

    async loadAux(sessionId, key) {
      check();
      const value = sessions.get(sessionId)?.aux.get(key);
      return value === undefined ? undefined : copyOut(value);
    },

    async loadSessionHead(sessionId, auxPrefix) {
      check();
      const s = sessions.get(sessionId);
      if (!s) return undefined;
      // One state, taken before the first pause (see loadSession).
      const meta = copyOut(s.meta);
      const summaries = [...s.summaries.values()];
      const [copied, aux] = await Promise.all([copiesOut(summaries), auxUnder(s.aux, auxPrefix)]);
      return { meta, summaries: copied, aux };
    },

    async loadAuxPrefix(sessionId, prefix) {
      check();
      return auxUnder(sessions.get(sessionId)?.aux, prefix);
    },

    subscribe(sessionId, onChange) {
      check();
      return listeners.add(sessionId, onChange);
    },

    async write(sessionId, batch: StoreBatch) {
      check();
      // Clone first, in slices: a value that cannot be cloned fails here, before anything
      // changes. Nothing after it can throw or wait, so applying in place is all-or-nothing.
      let b: StoreBatch;
      try {
        // A small batch (an add, a compaction) is copied at once, with no pause in between.
        b = itemsOf(batch) <= SMALL_BATCH ? structuredClone(batch) : await cloneBatch(batch, copies);
      } catch (error) {
        throw new StoreError(
          `memoryStore: cannot write session ${JSON.stringify(sessionId)}: a value is not cloneable data`,
          { cause: error },
        );
      }
      check();
      let s = sessions.get(sessionId);
      if (b.expectVersion !== undefined && (s?.meta.version ?? 0) !== b.expectVersion) {
        throw new ConflictError(
          `memoryStore: session ${JSON.stringify(sessionId)} is at version ${s?.meta.version ?? 0}, ` +
            `not ${b.expectVersion}: nothing was written`,
        );
      }
      if (!s || b.replace) {
        s = { meta: b.meta, entries: new Map(), summaries: new Map(), aux: new Map(), ordered: true, lastSeq: -1 };
        sessions.set(sessionId, s);
      }
      s.meta = b.meta;
      keep(b.meta);
      for (const id of b.deleteEntryIds ?? []) s.entries.delete(id);
      for (const e of sortBySeq(b.putEntries ?? [])) {
        if (!s.entries.has(e.id)) {
          if (e.seq < s.lastSeq) s.ordered = false;
          s.lastSeq = e.seq;
        }
        s.entries.set(e.id, e);
        keep(e);
      }
      for (const id of b.deleteSummaryIds ?? []) s.summaries.delete(id);
      for (const sum of b.putSummaries ?? []) {
        s.summaries.set(sum.id, sum);
        keep(sum);
      }
      for (const [key, value] of Object.entries(b.aux ?? {})) {
        if (value === null) s.aux.delete(key);
        else {
          s.aux.set(key, value);
          keep(value);
        }
      }
      listeners.notify(sessionId, b.meta.version);
    },

    async deleteSession(sessionId) {
      check();
      if (sessions.delete(sessionId)) listeners.notify(sessionId, 0);
    },

    async listSessions() {
      check();
      return copiesOut([...sessions.values()].map((s) => s.meta));
    },

    async close() {
      closed = true;
      sessions.clear();
      listeners.clear();
    },
  };
}

/** Batches of at most this many entries, summaries and aux values are copied in one step. */
const SMALL_BATCH = 256;

/** Entries, summaries and aux values a batch puts. */
function itemsOf(batch: StoreBatch): number {
  return (batch.putEntries?.length ?? 0) + (batch.putSummaries?.length ?? 0) + Object.keys(batch.aux ?? {}).length;
}

/** A copy of a batch, its lists copied in slices. */
async function cloneBatch(batch: StoreBatch, copies: <T>(items: readonly T[]) => Promise<T[]>): Promise<StoreBatch> {
  const { putEntries, putSummaries, aux, meta, ...rest } = batch;
  const out: StoreBatch = { ...structuredClone(rest), meta: structuredClone(meta) };
  if (putEntries) out.putEntries = await copies(putEntries);
  if (putSummaries) out.putSummaries = await copies(putSummaries);
  if (aux) {
    const keys = Object.keys(aux);
    const values = await copies(keys.map((k) => aux[k]));
    out.aux = Object.create(null) as Record<string, unknown>;
    keys.forEach((k, i) => (out.aux![k] = values[i]));
  }
  return out;
}

/**
 * The entries in seq order: the list itself when it already is (entries are kept in insertion
 * order, which is seq order unless a lower seq was put back later; an add, an import), else a
 * sorted copy.
 */
function sortBySeq(entries: MemoryEntry[]): MemoryEntry[] {
  for (let i = 1; i < entries.length; i++)
    if (entries[i - 1]!.seq > entries[i]!.seq) return [...entries].sort((a, b) => a.seq - b.seq);
  return entries;
}
