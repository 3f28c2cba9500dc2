import type { MemoryEntry, RecallResult, SessionMeta, StoreAdapter } from '../types.js';
import { createRecallIndex, loadRecallIndex, type RecallIndex } from '../recall/recall-index.js';
import type { RecallOptions } from '../types.js';
import { entryDoc, recallEntries, type RecallContext } from './recall.js';
import type { SessionCache } from './session.js';

const SUMMARY_PREFIX = 'summary:';
const isEntryDoc = (id: string): boolean => !id.startsWith(SUMMARY_PREFIX);

/** A read-only index of another session, as of a stored version. */
interface OtherIndex {
  version: number;
  /** Entries with `seq` below this are indexed. */
  covered: number;
  index: RecallIndex;
}

/** A hit in another session, before its entry is loaded. */
export interface OtherHit {
  sessionId: string;
  id: string;
  score: number;
}

/**
 * Recall over the other sessions of a store (`scope: 'all'`). Each session's index is loaded
 * from the store the first time it is searched (persisted indexes are read, not rebuilt) and
 * kept; a session whose stored version moved on is caught up from its new entries only.
 * Read-only: it never writes another session, so it never waits on another session's calls.
 */
export interface OtherSessionsRecall {
  /** The best entry hits of every session but `except`, best first. */
  search(query: string, topK: number, except: string): Promise<OtherHit[]>;
  /** Load hits' entries (erased ones are left out), in the order given. */
  load(hits: readonly OtherHit[]): Promise<RecallResult[]>;
  /** Ids of the entries added just before / after an entry of another session (nearest first). */
  neighbours(sessionId: string, id: string, step: 1 | -1, count: number): string[];
}

/** Create the cross-session recall over a store. */
export function createOtherSessionsRecall(store: StoreAdapter, onBuilt?: (sessionId: string) => void): OtherSessionsRecall {
  const cache = new Map<string, OtherIndex>();
  const loading = new Map<string, Promise<OtherIndex>>();

  async function open(meta: SessionMeta): Promise<OtherIndex> {
    const id = meta.sessionId;
    const known = cache.get(id);
    if (known && known.version === meta.version) return known;
    const pending = loading.get(id);
    if (pending) return pending;
    const task = (async (): Promise<OtherIndex> => {
      let state = known && meta.nextSeq >= known.covered ? known : undefined;
      if (!state) {
        const from = meta.recallSeq ?? 0;
        const stored = from > 0 ? await loadRecallIndex((key) => store.loadAux(id, key)) : undefined;
        state = { version: meta.version, covered: stored ? from : 0, index: stored ?? createRecallIndex() };
        if (!stored && meta.nextSeq > 0) onBuilt?.(id);
      }
      if (meta.nextSeq > state.covered) {
        for (const e of await store.loadEntries(id, { fromSeq: state.covered })) state.index.add(entryDoc(e));
        state.covered = meta.nextSeq;
      }
      state.version = meta.version;
      cache.set(id, state);
      return state;
    })();
    loading.set(id, task);
    try {
      return await task;
    } finally {
      loading.delete(id);
    }
  }

  return {
    async search(query, topK, except) {
      const metas = await store.listSessions();
      const live = new Set(metas.map((m) => m.sessionId));
      for (const id of cache.keys()) if (!live.has(id)) cache.delete(id);
      const others = metas.filter((m) => m.sessionId !== except && m.nextSeq > 0);
      const states = await Promise.all(others.map(open));
      const hits: OtherHit[] = [];
      states.forEach((state, i) => {
        const sessionId = others[i]!.sessionId;
        for (const h of state.index.search(query, { topK, filter: isEntryDoc })) hits.push({ sessionId, id: h.id, score: h.score });
      });
      hits.sort((a, b) => b.score - a.score);
      return hits.slice(0, topK);
    },

    async load(hits) {
      const bySession = new Map<string, string[]>();
      for (const h of hits) bySession.set(h.sessionId, [...(bySession.get(h.sessionId) ?? []), h.id]);
      const found = new Map<string, MemoryEntry>();
      await Promise.all(
        [...bySession].map(async ([sessionId, ids]) => {
          for (const e of await store.getEntries(sessionId, ids)) if (e) found.set(`${sessionId}\u0000${e.id}`, e);
        }),
      );
      const out: RecallResult[] = [];
      for (const h of hits) {
        const entry = found.get(`${h.sessionId}\u0000${h.id}`);
        if (entry) out.push({ entry, score: h.score });
      }
      return out;
    },

    neighbours(sessionId, id, step, count) {
      const index = cache.get(sessionId)?.index;
      return index ? walk(index, id, step, count) : [];
    },
  };
}

/** Up to `count` entry ids beside `id` in an index, nearest first. */
export function walk(index: RecallIndex, id: string, step: 1 | -1, count: number): string[] {
  const out: string[] = [];
  let at: string | undefined = id;
  while (out.length < count && at !== undefined) {
    at = index.neighbour(at, step, isEntryDoc);
    if (at !== undefined) out.push(at);
  }
  return out;
}

/**
 * `recall(s, query, { scope: 'all' })`: this session's recall (compressed entries and
 * summaries included) merged by score with the entry hits of every other session.
 */
export async function recallAcross(c: SessionCache, rc: RecallContext, others: OtherSessionsRecall, query: string, options: RecallOptions): Promise<RecallResult[]> {
  const own = await recallEntries(c, rc, query, options);
  const topK = options.topK ?? 10;
  const wantsEntries = !options.types || options.types.some((t) => t !== 'summary');
  if (!wantsEntries) return own;
  const hits = await others.search(query, options.types ? topK * 4 : topK, c.meta.sessionId);
  let foreign = await others.load(hits);
  if (options.types) foreign = foreign.filter((r) => options.types!.includes(r.entry.type));
  if (options.includeCompressed === false) foreign = foreign.filter((r) => !r.entry.compressed);
  return [...own, ...foreign].sort((a, b) => b.score - a.score).slice(0, topK);
}
