import type {
  MemoryEntry,
  MemorySummary,
  RecallOptions,
  RecallResult,
  SessionMeta,
  StoreAdapter,
} from '../../types.js';
import {
  addTermStats,
  analyzeQuery,
  createRecallIndex,
  emptyTermStats,
  loadRecallIndex,
  RECALL_KEY_PREFIX,
  type RecallIndex,
} from '../../recall/recall-index.js';
import { auxReader } from '../aux-reader.js';
import { isReservedSessionId } from '../checks/reserved-ids.js';
import {
  indexEntries,
  recallEntries,
  RERANK_CANDIDATES,
  DENSE_CANDIDATES,
  WITH_VECTORS,
  DENSE_SCAN_LIMIT,
  summaryAsEntry,
  summaryDoc,
  SUMMARY_PREFIX,
  type RecallContext,
} from './recall.js';
import { loadVectorIndex, type VectorIndex } from '../../recall/vectors/vector-index.js';
import { denseRerank, placeParaphrase } from '../../recall/vectors/dense-rerank.js';
import { embedQuery, VECTOR_PREFIX } from './session-vectors.js';
import { summariesBelowTurns, type CoveredSpan } from './summary-rank.js';
import type { SessionCache } from '../session/session.js';
import { COST, createSlicer, type Slicer } from '../../slices/slicer.js';
import { forEachEntryPage } from '../entry-pages.js';

const SEP = '\u0000';
const isEntryDoc = (id: string): boolean => !id.startsWith(SUMMARY_PREFIX);

/** One session's index as the store-wide recall holds it. */
interface Covered {
  version: number;
  createdAt: string;
  /** Entries with `seq` below this are indexed. */
  seq: number;
  index: RecallIndex;
  /** The session's kept summaries by id (its index may still hold dropped ones: they are not searched). */
  summaries: Map<string, MemorySummary>;
  /** Its stored vectors, loaded when a hybrid search first needs them (null: none usable). */
  vectors?: Promise<VectorIndex | null>;
  /** `meta.vectorSeq` when they were loaded. */
  vectorSeq?: number;
}

/** The question's vector and the model whose vectors it compares with (`scope: 'all'` with an embedder). */
export interface StoreSemantic {
  query: number[];
  model: string | undefined;
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
  /**
   * The best hits across the store, best first: entries, and the kept summaries of every
   * session but `ownSession` (whose summaries the caller has fresher).
   */
  search(query: string, topK: number, ownSession?: string, semantic?: StoreSemantic): Promise<StoreHit[]>;
  /** Load hits' entries (erased ones are left out), in the order given. */
  load(hits: readonly StoreHit[]): Promise<RecallResult[]>;
  /** Ids of up to `count` entries of the same session added just before / after an entry, nearest first. */
  neighbours(sessionId: string, id: string, step: 1 | -1, count: number): string[];
}

/**
 * Create the store-wide recall. `onUnindexed` hears of a session that had no persisted index
 * (its entries were analyzed here): the engine then persists one, so the next open loads it.
 */
export function createStoreRecall(
  store: StoreAdapter,
  onUnindexed?: (sessionId: string) => void,
  slices: () => Slicer = () => createSlicer(),
): StoreRecall {
  const covered = new Map<string, Covered>();
  let syncing: Promise<void> | undefined;

  async function catchUp(meta: SessionMeta, slicer: Slicer): Promise<void> {
    const id = meta.sessionId;
    let known = covered.get(id);
    if (known && known.version === meta.version && known.createdAt === meta.createdAt) return;
    // Replaced (import, clear): start over.
    if (known && (known.createdAt !== meta.createdAt || meta.nextSeq < known.seq)) known = undefined;
    if (!known) {
      const from = meta.recallSeq ?? 0;
      const stored =
        from > 0 ? await loadRecallIndex(await auxReader(store, id, RECALL_KEY_PREFIX), { slicer }) : undefined;
      if (!stored && meta.nextSeq > 0) onUnindexed?.(id);
      known = {
        version: meta.version,
        createdAt: meta.createdAt,
        seq: stored ? from : 0,
        index: stored ?? createRecallIndex(),
        summaries: new Map(),
      };
    }
    if (meta.nextSeq > known.seq) {
      const index = known.index;
      await forEachEntryPage(store, id, { fromSeq: known.seq }, slicer, (page) => indexEntries(index, page, slicer));
      known.seq = meta.nextSeq;
    }
    // Summaries exist once something was compressed or erased: read the kept ones, index the new.
    if (meta.compressedEntries > 0 || meta.erasedEntries > 0 || known.summaries.size) {
      const kept = (await store.loadSession(id))?.summaries ?? [];
      known.summaries = new Map(kept.map((s) => [s.id, s]));
      for (const s of kept) if (!known.index.has(SUMMARY_PREFIX + s.id)) known.index.add(summaryDoc(s));
    }
    known.version = meta.version;
    // Vectors written since (the background queue): reload them when next needed.
    if (known.vectorSeq !== (meta.vectorSeq ?? 0)) delete known.vectors;
    known.vectorSeq = meta.vectorSeq ?? 0;
    covered.set(id, known);
  }

  /** Every session's index caught up, one session after another in slices of work. */
  async function sync(): Promise<void> {
    const slicer = slices();
    // RecallKit's own sessions (the facts log, sync's state) are never searched.
    const metas = (await store.listSessions()).filter((m) => !isReservedSessionId(m.sessionId));
    const live = new Set(metas.map((m) => m.sessionId));
    for (const id of [...covered.keys()]) if (!live.has(id)) covered.delete(id);
    for (const meta of metas) {
      await catchUp(meta, slicer);
      if (slicer.spend(COST.item)) await slicer.pause();
    }
  }

  /** A session's vectors of `model`, loaded once per `vectorSeq`. */
  function vectorsOf(sessionId: string, known: Covered, model: string | undefined): Promise<VectorIndex | null> {
    known.vectors ??= (async () => {
      if (!known.vectorSeq) return null;
      const v = await loadVectorIndex(await auxReader(store, sessionId, VECTOR_PREFIX));
      return v && v.model === model ? v : null;
    })();
    return known.vectors;
  }

  /**
   * Store-wide lexical candidates and the nearest turns by vector of the chats they come from
   * (at most {@link DENSE_SCAN_LIMIT} vectors compared in all), fused (`dense-rerank.ts`).
   */
  async function rerankAcross(lexical: StoreHit[], semantic: StoreSemantic, topK: number): Promise<StoreHit[]> {
    const key = (s: string, id: string): string => s + SEP + id;
    const similarity = new Map<string, number>();
    const near = new Map<string, (string | undefined)[]>();
    // Every candidate session's vectors are read at once, not one store round trip after another.
    const sessions = [...new Set(lexical.map((h) => h.sessionId))];
    const loaded = await Promise.all(
      sessions.map((sessionId) => {
        const known = covered.get(sessionId);
        return known ? vectorsOf(sessionId, known, semantic.model) : null;
      }),
    );
    const lexicalKeys = new Set(lexical.map((h) => key(h.sessionId, h.id)));
    const nearest: StoreHit[] = [];
    let budget = DENSE_SCAN_LIMIT;
    for (const [at, sessionId] of sessions.entries()) {
      const vectors = loaded[at];
      if (!vectors || budget <= 0) continue;
      const accept = (id: string): boolean => isEntryDoc(id) && !lexicalKeys.has(key(sessionId, id));
      for (const h of vectors.search(semantic.query, DENSE_CANDIDATES, accept, budget))
        nearest.push({ sessionId, id: h.id, score: h.score });
      budget -= vectors.size;
    }
    nearest.sort((a, b) => b.score - a.score);
    // Found by vectors alone: no lexical score.
    const hits = [...lexical, ...nearest.slice(0, DENSE_CANDIDATES).map((h) => ({ ...h, score: 0 }))];
    for (const [at, sessionId] of sessions.entries()) {
      const known = covered.get(sessionId);
      const vectors = loaded[at];
      if (!known || !vectors) continue;
      const ids = new Set<string>();
      for (const h of hits) {
        if (h.sessionId !== sessionId) continue;
        const side = isEntryDoc(h.id)
          ? [known.index.neighbour(h.id, -1, isEntryDoc), known.index.neighbour(h.id, 1, isEntryDoc)]
          : [];
        near.set(
          key(sessionId, h.id),
          side.map((n) => (n === undefined ? undefined : key(sessionId, n))),
        );
        ids.add(h.id);
        for (const n of side) if (n !== undefined) ids.add(n);
      }
      for (const [id, sim] of vectors.similarities(semantic.query, ids)) similarity.set(key(sessionId, id), sim);
    }
    const dense = nearest.slice(0, DENSE_CANDIDATES).map((h) => ({ id: key(h.sessionId, h.id), score: h.score }));
    const lexicalKeyed = lexical.map((h) => ({ id: key(h.sessionId, h.id), score: h.score }));
    const fused = denseRerank(
      hits.map((h) => ({ id: key(h.sessionId, h.id), score: h.score })),
      similarity,
      (id) => near.get(id) ?? [],
    );
    const ranked = placeParaphrase(fused, lexicalKeyed, dense, similarity, topK);
    return ranked.map((r) => {
      const at = r.id.indexOf(SEP);
      return { sessionId: r.id.slice(0, at), id: r.id.slice(at + 1), score: Math.max(0, r.score) };
    });
  }

  return {
    async search(query, topK, ownSession, semantic) {
      // One sync at a time: concurrent searches share it.
      syncing ??= sync().finally(() => (syncing = undefined));
      await syncing;
      const terms = analyzeQuery(query);
      const ranking = semantic ? WITH_VECTORS : undefined;
      const stats = emptyTermStats();
      const holding: [string, Covered][] = [];
      const slicer = slices();
      // Statistics, then searches, session by session in slices of work (10,000 chats never hold the thread).
      const perSession = COST.item * (1 + terms.length);
      for (const [sessionId, known] of [...covered]) {
        if (slicer.spend(perSession + known.index.size * terms.length)) await slicer.pause();
        const own = known.index.termStats(terms, ranking);
        addTermStats(stats, own);
        // A session holding none of the terms has no hit: not searched.
        for (const df of own.df.values())
          if (df > 0) {
            holding.push([sessionId, known]);
            break;
          }
      }
      const hits: StoreHit[] = [];
      for (const [sessionId, { index, summaries }] of holding) {
        if (slicer.spend(perSession + index.size * terms.length)) await slicer.pause();
        const filter =
          summaries.size && sessionId !== ownSession
            ? (id: string) => isEntryDoc(id) || summaries.has(id.slice(SUMMARY_PREFIX.length))
            : isEntryDoc;
        // With vectors too, each chat gives its best `topK`: the candidates are the best of all of them.
        for (const h of await index.searchTermsInSlices(terms, slicer, {
          topK,
          filter,
          stats,
          ...(ranking && { ranking }),
        }))
          hits.push({ sessionId, id: h.id, score: h.score });
      }
      hits.sort((a, b) => b.score - a.score);
      if (!semantic) return hits.slice(0, topK);
      return (await rerankAcross(hits.slice(0, Math.max(RERANK_CANDIDATES, topK * 2)), semantic, topK)).slice(0, topK);
    },

    async load(hits) {
      const bySession = new Map<string, string[]>();
      for (const h of hits)
        if (isEntryDoc(h.id)) bySession.set(h.sessionId, [...(bySession.get(h.sessionId) ?? []), h.id]);
      const found = new Map<string, MemoryEntry>();
      await Promise.all(
        [...bySession].map(async ([sessionId, ids]) => {
          for (const e of await store.getEntries(sessionId, ids)) if (e) found.set(sessionId + SEP + e.id, e);
        }),
      );
      const out: RecallResult[] = [];
      for (const h of hits) {
        const summary = isEntryDoc(h.id)
          ? undefined
          : covered.get(h.sessionId)?.summaries.get(h.id.slice(SUMMARY_PREFIX.length));
        const entry = summary ? summaryAsEntry(summary) : found.get(h.sessionId + SEP + h.id);
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
 * `scope: 'all'`: the store-wide hits (this session's entries, other sessions' entries and
 * summaries), merged by score with this session's summaries. The caller has flushed this
 * session's pending writes.
 */
export async function recallAcross(
  c: SessionCache,
  rc: RecallContext,
  all: StoreRecall,
  query: string,
  options: RecallOptions,
): Promise<RecallResult[]> {
  const topK = options.topK ?? 10;
  const types = options.types;
  const wantSummaries = c.summaries.length > 0 && (!types || types.includes('summary'));
  // The question is embedded once, for this session's summaries and the store-wide re-ranking
  // (this session's speakers in the first person, when its index is loaded).
  const index = c.recall;
  const namesSpeaker = index && ((word: string): boolean => index.namesSpeaker(word));
  const vector = rc.embedder ? await embedQuery(rc.embedder, query, rc.onError, namesSpeaker) : undefined;
  const summaries = wantSummaries ? await recallEntries(c, rc, query, { topK, types: ['summary'] }, vector) : [];
  if (types && types.every((t) => t === 'summary')) return summaries;
  const hits = await all.search(
    query,
    types || options.includeCompressed === false ? topK * 4 : topK,
    c.meta.sessionId,
    vector && { query: vector, model: rc.embeddingModel },
  );
  let found = await all.load(hits);
  if (types) found = found.filter((r) => types.includes(r.entry.type));
  if (options.includeCompressed === false) found = found.filter((r) => !r.entry.compressed);
  const merged = [...summaries, ...found].sort((a, b) => b.score - a.score);
  return summaryResultsBelowTurns(merged, query).slice(0, topK);
}

/** {@link summariesBelowTurns} over results of several chats: a summary covers turns of its own chat. */
function summaryResultsBelowTurns(results: RecallResult[], query: string): RecallResult[] {
  if (!results.some((r) => r.entry.type === 'summary')) return results;
  const keyOf = (r: RecallResult): string =>
    (r.entry.type === 'summary' ? SUMMARY_PREFIX : '') + r.entry.sessionId + SEP + r.entry.id;
  const spans = new Map<string, CoveredSpan>();
  for (const r of results) {
    const covers = r.entry.metadata?.originalEntryIds;
    const timeRange = r.entry.metadata?.timeRange as CoveredSpan['timeRange'] | undefined;
    if (r.entry.type !== 'summary' || !Array.isArray(covers) || !timeRange) continue;
    const originalEntryIds = covers.map((id) => r.entry.sessionId + SEP + String(id));
    spans.set(keyOf(r), { originalEntryIds, timeRange });
  }
  const hits = results.map((r) => ({ id: keyOf(r), score: r.score, r }));
  return summariesBelowTurns(hits, (id) => spans.get(id), query, analyzeQuery(query)).map((h) => ({
    entry: h.r.entry,
    score: h.score,
  }));
}
