import type { MemoryEntry, RecallOptions, RecallResult, SessionMeta, StoreAdapter } from '../types.js';
import { createRecallIndex, loadRecallIndex, type RecallIndex } from '../recall/recall-index.js';
import { entryDoc, recallEntries, type RecallContext } from './recall.js';
import type { SessionCache } from './session.js';

const SUMMARY_PREFIX = 'summary:';
const SEP = '\u0000';
const isEntryDoc = (id: string): boolean => !id.startsWith(SUMMARY_PREFIX);
/** Ordinals walked at most when looking for a turn's neighbour among other sessions' documents. */
const MAX_WALK = 256;

/** What the store-wide index holds of one session. */
interface Covered {
  version: number;
  createdAt: string;
  /** Entries with `seq` below this are indexed. */
  seq: number;
  /** Ids (prefixed) of its documents, to drop them when the session goes. */
  ids: string[];
}

/** A hit in some session, before its entry is loaded. */
export interface StoreHit {
  sessionId: string;
  id: string;
  score: number;
}

/**
 * Recall over every session of a store (`scope: 'all'`): one in-memory index of all their
 * entries, so scores compare across chats (one vocabulary, one document count). It is filled
 * from each session's persisted index, copying its analyzed terms (nothing is re-tokenized),
 * then from the entries stored since; a session whose stored version moved on is caught up
 * from its new entries only. Read-only on the store: it never waits on another session's calls.
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
  const index = createRecallIndex();
  const covered = new Map<string, Covered>();
  let syncing: Promise<void> | undefined;

  const drop = (id: string): void => {
    for (const doc of covered.get(id)?.ids ?? []) index.remove(doc);
    covered.delete(id);
  };

  async function catchUp(meta: SessionMeta): Promise<void> {
    const id = meta.sessionId;
    let known = covered.get(id);
    if (known && known.version === meta.version && known.createdAt === meta.createdAt) return;
    if (known && (known.createdAt !== meta.createdAt || meta.nextSeq < known.seq)) {
      drop(id); // replaced (import, clear): start over
      known = undefined;
    }
    if (!known) {
      known = { version: meta.version, createdAt: meta.createdAt, seq: 0, ids: [] };
      covered.set(id, known);
      const from = meta.recallSeq ?? 0;
      const stored = from > 0 ? await loadRecallIndex((key) => store.loadAux(id, key)) : undefined;
      if (stored) {
        for (const doc of stored.analyzed()) {
          if (!isEntryDoc(doc.id)) continue;
          const key = id + SEP + doc.id;
          index.addAnalyzed({ ...doc, id: key });
          known.ids.push(key);
        }
        known.seq = from;
      } else if (meta.nextSeq > 0) onUnindexed?.(id);
    }
    if (meta.nextSeq > known.seq) {
      for (const e of await store.loadEntries(id, { fromSeq: known.seq })) {
        const key = id + SEP + e.id;
        index.add({ ...entryDoc(e), id: key });
        known.ids.push(key);
      }
      known.seq = meta.nextSeq;
    }
    known.version = meta.version;
  }

  async function sync(): Promise<void> {
    const metas = await store.listSessions();
    const live = new Set(metas.map((m) => m.sessionId));
    for (const id of [...covered.keys()]) if (!live.has(id)) drop(id);
    for (const meta of metas) await catchUp(meta);
  }

  return {
    async search(query, topK) {
      // One sync at a time: concurrent searches share it.
      syncing ??= sync().finally(() => (syncing = undefined));
      await syncing;
      return index.search(query, { topK }).map((h) => {
        const cut = h.id.indexOf(SEP);
        return { sessionId: h.id.slice(0, cut), id: h.id.slice(cut + 1), score: h.score };
      });
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
      const prefix = sessionId + SEP;
      const out: string[] = [];
      let at: string | undefined = prefix + id;
      let walked = 0;
      while (out.length < count && at !== undefined) {
        at = index.neighbour(at, step, (near) => ++walked > MAX_WALK || near.startsWith(prefix));
        if (at === undefined || !at.startsWith(prefix)) break;
        out.push(at.slice(prefix.length));
      }
      return out;
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
