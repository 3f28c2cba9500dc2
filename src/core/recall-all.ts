import type { MemoryEntry, RecallOptions, RecallResult, SessionMeta, StoreAdapter } from '../types.js';
import { addTermStats, analyzeQuery, createRecallIndex, emptyTermStats, loadRecallIndex, type RecallIndex } from '../recall/recall-index.js';
import { auxReader } from './aux-reader.js';
import { entryDoc, recallEntries, SUMMARY_PREFIX, type RecallContext } from './recall.js';
import type { SessionCache } from './session.js';

const SEP = '\u0000';
const isEntryDoc = (id: string): boolean => !id.startsWith(SUMMARY_PREFIX);

/** One session's index as the store-wide recall holds it. */
interface Covered {
  version: number;
  createdAt: string;
  /** Entries with `seq` below this are indexed. */
  seq: number;
  index: RecallIndex;
}

/** A hit in some session, before its entry is loaded. */
export interface StoreHit {
  sessionId: string;
  id: string;
  score: number;
}

/**
 * Recall over every session of a store (`scope: 'all'`): each session's own persisted index,
 * loaded once (nothing is re-tokenized or copied), searched with statistics summed over all
 * of them (document and episode counts, lengths, each query term's frequencies), so scores
 * compare across chats as if one index held every entry; the hits are merged by score. A
 * session whose stored version moved on is caught up from its new entries only. Read-only on
 * the store: it never waits on another session's calls.
 */
export interface StoreRecall {
  /** The best entry hits across the store, best first. */
  search(query: string, topK: number): Promise<StoreHit[]>;
  /** Load hits' entries (erased ones are left out), in the order given. */
  load(hits: readonly StoreHit[]): Promise<RecallResult[]>;
  /** Ids of up to `count` entries of the same session added just before / after an entry, nearest first. */
  neighbours(sessionId: string, id: string, step: 1 | -1, count: number): string[];
}

/**
 * Create the store-wide recall. `onUnindexed` hears of a session that had no persisted index
 * (its entries were analyzed here): the engine then persists one, so the next open loads it.
 */
export function createStoreRecall(store: StoreAdapter, onUnindexed?: (sessionId: string) => void): StoreRecall {
  const covered = new Map<string, Covered>();
  let syncing: Promise<void> | undefined;

  async function catchUp(meta: SessionMeta): Promise<void> {
    const id = meta.sessionId;
    let known = covered.get(id);
    if (known && known.version === meta.version && known.createdAt === meta.createdAt) return;
    // Replaced (import, clear): start over.
    if (known && (known.createdAt !== meta.createdAt || meta.nextSeq < known.seq)) known = undefined;
    if (!known) {
      const from = meta.recallSeq ?? 0;
      const stored = from > 0 ? await loadRecallIndex(await auxReader(store, id, 'recall:')) : undefined;
      if (!stored && meta.nextSeq > 0) onUnindexed?.(id);
      known = { version: meta.version, createdAt: meta.createdAt, seq: stored ? from : 0, index: stored ?? createRecallIndex() };
    }
    if (meta.nextSeq > known.seq) {
      for (const e of await store.loadEntries(id, { fromSeq: known.seq })) known.index.add(entryDoc(e));
      known.seq = meta.nextSeq;
    }
    known.version = meta.version;
    covered.set(id, known);
  }

  async function sync(): Promise<void> {
    const metas = await store.listSessions();
    const live = new Set(metas.map((m) => m.sessionId));
    for (const id of [...covered.keys()]) if (!live.has(id)) covered.delete(id);
    await Promise.all(metas.map((meta) => catchUp(meta)));
  }

  return {
    async search(query, topK) {
      // One sync at a time: concurrent searches share it.
      syncing ??= sync().finally(() => (syncing = undefined));
      await syncing;
      const terms = analyzeQuery(query);
      const stats = emptyTermStats();
      const holding: [string, RecallIndex][] = [];
      for (const [sessionId, { index }] of covered) {
        const own = index.termStats(terms);
        addTermStats(stats, own);
        // A session holding none of the terms has no hit: not searched.
        for (const df of own.df.values()) if (df > 0) {
          holding.push([sessionId, index]);
          break;
        }
      }
      const hits: StoreHit[] = [];
      for (const [sessionId, index] of holding) {
        for (const h of index.searchTerms(terms, { topK, filter: isEntryDoc, stats })) hits.push({ sessionId, id: h.id, score: h.score });
      }
      return hits.sort((a, b) => b.score - a.score).slice(0, topK);
    },

    async load(hits) {
      const bySession = new Map<string, string[]>();
      for (const h of hits) bySession.set(h.sessionId, [...(bySession.get(h.sessionId) ?? []), h.id]);
      const found = new Map<string, MemoryEntry>();
      await Promise.all(
        [...bySession].map(async ([sessionId, ids]) => {
          for (const e of await store.getEntries(sessionId, ids)) if (e) found.set(sessionId + SEP + e.id, e);
        }),
      );
      const out: RecallResult[] = [];
      for (const h of hits) {
        const entry = found.get(h.sessionId + SEP + h.id);
        if (entry) out.push({ entry, score: h.score });
      }
      return out;
    },

    neighbours(sessionId, id, step, count) {
      const index = covered.get(sessionId)?.index;
      return index ? walk(index, id, step, count) : [];
    },
  };
}

/** Up to `count` entry ids beside `id` in a session's index, nearest first. */
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
 * `scope: 'all'`: the store-wide entry hits (this session's included), merged by score with
 * this session's summaries. The caller has flushed this session's pending writes.
 */
export async function recallAcross(c: SessionCache, rc: RecallContext, all: StoreRecall, query: string, options: RecallOptions): Promise<RecallResult[]> {
  const topK = options.topK ?? 10;
  const types = options.types;
  const wantSummaries = c.summaries.length > 0 && (!types || types.includes('summary'));
  const summaries = wantSummaries ? await recallEntries(c, rc, query, { topK, types: ['summary'] }) : [];
  if (types && types.every((t) => t === 'summary')) return summaries;
  const hits = await all.search(query, types || options.includeCompressed === false ? topK * 4 : topK);
  let found = await all.load(hits);
  if (types) found = found.filter((r) => types.includes(r.entry.type));
  if (options.includeCompressed === false) found = found.filter((r) => !r.entry.compressed);
  return [...summaries, ...found].sort((a, b) => b.score - a.score).slice(0, topK);
}
