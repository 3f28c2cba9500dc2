/**
 * The recall of a session the engine does not hold (after a reopen, in a cold process),
 * answered from the stored recall index without loading the session: one read of the meta,
 * the summaries and the index's aux values (`StoreAdapter.loadSessionHead`), then only the
 * entries the recall returns. It answers only when the stored index covers every kept summary
 * and the whole session (`meta.recallSeq === meta.nextSeq`) but for its newest entries, at most
 * {@link COLD_CATCH_UP} (adds write the index once a segment fills, `indexOnAdd`): those are
 * read (one `loadEntries`) and indexed in memory, so its results are the ones a loaded session
 * gives; otherwise (an index far behind another writer's adds, an older format, no index) the
 * engine loads the session and catches the index up as before.
 *
 * The index read is held (a few sessions) for the next recalls, each checking the stored version
 * first (one `loadMeta`), until the engine loads the session, which takes the index over.
 * @module
 */
import type { RecallOptions, RecallResult, StoreAdapter } from '../../types.js';
import type { RecallIndex } from '../../recall/recall-index.js';
import { RECALL_KEY_PREFIX, loadRecallIndex } from '../../recall/recall-index.js';
import type { Slicer } from '../../slices/slicer.js';
import { createSlicer } from '../../slices/slicer.js';
import type { SessionCache } from '../types.js';
import { indexEntries, recallEntries } from './recall.js';
import { SUMMARY_PREFIX } from './recall-ids.js';

/** Sessions whose cold-read index is held between recalls. */
export const COLD_HELD = 16;

/**
 * Entries after the stored index (`meta.recallSeq`) a cold read indexes itself: more than the
 * engine's adds leave unwritten (under one segment, 64); a longer gap loads the session.
 */
export const COLD_CATCH_UP = 256;

/** Recall without the loaded session (see the module). */
export interface ColdRecall {
  /**
   * Recall from the stored index, or `undefined` when this recall needs the loaded session
   * (no stored index covering it, an unknown session, an option the cold read does not serve).
   */
  recall(sessionId: string, query: string, options: RecallOptions | undefined): Promise<RecallResult[] | undefined>;
  /** Hand over (and forget) the held index of a session, when it was read at `version`. */
  take(sessionId: string, version: number): RecallIndex | undefined;
}

/** What {@link createColdRecall} needs from the engine. */
export interface ColdRecallOptions {
  store: StoreAdapter;
  /** With an embedder, recall needs the session (its vectors are kept with it). */
  semantic: boolean;
  slices?: (() => Slicer) | undefined;
}

/** Create the cold recall of an engine. */
export function createColdRecall(options: ColdRecallOptions): ColdRecall {
  const { store, semantic } = options;
  const slices = options.slices ?? (() => createSlicer());
  /** Held views (meta, summaries, index), least recently used first. */
  const held = new Map<string, SessionCache>();

  const hold = (sessionId: string, view: SessionCache): void => {
    held.delete(sessionId);
    held.set(sessionId, view);
    if (held.size > COLD_HELD) held.delete(held.keys().next().value as string);
  };

  /** The held view, when the stored session is still at its version. */
  async function current(sessionId: string): Promise<SessionCache | undefined> {
    const view = held.get(sessionId);
    if (!view) return undefined;
    const meta = await store.loadMeta(sessionId);
    // The creation time too: a session deleted and written again may reach the same version.
    if (meta?.version === view.meta.version && meta.createdAt === view.meta.createdAt) return view;
    held.delete(sessionId);
    return undefined;
  }

  /** Read the session's head and its stored index; `undefined` when the index does not cover it. */
  async function read(sessionId: string, slicer: Slicer): Promise<SessionCache | undefined> {
    const head = await store.loadSessionHead!(sessionId, RECALL_KEY_PREFIX);
    if (!head) return undefined;
    const { meta, summaries, aux } = head;
    const from = meta.recallSeq ?? 0;
    if (!from || from > meta.nextSeq || meta.nextSeq - from > COLD_CATCH_UP) return undefined;
    const index = await loadRecallIndex(async (key) => aux.get(key), { slicer });
    if (!index || summaries.some((s) => !index.has(SUMMARY_PREFIX + s.id))) return undefined;
    if (from < meta.nextSeq) {
      // Written since the head was read: not in the meta it describes (the next recall sees its version).
      const behind = await store.loadEntries(sessionId, { fromSeq: from, limit: COLD_CATCH_UP });
      await indexEntries(
        index,
        behind.filter((e) => e.seq < meta.nextSeq),
        slicer,
      );
    }
    return { meta, active: [], interactions: [], summaries, activeTokens: 0, recall: index };
  }

  return {
    async recall(sessionId, query, recallOptions) {
      if (!store.loadSessionHead || semantic) return undefined;
      // Only compressed-or-not filtering needs the active entries; `scope: 'all'` has its own path.
      if (recallOptions?.includeCompressed === false || recallOptions?.scope === 'all') return undefined;
      const slicer = slices();
      const view = (await current(sessionId)) ?? (await read(sessionId, slicer));
      if (!view) return undefined;
      hold(sessionId, view);
      return recallEntries(
        view,
        {
          store,
          // The view holds an index that covers the session: nothing is written.
          write: () => Promise.reject(new Error('cold recall: no write expected')),
          onError: () => undefined,
          slices: () => slicer,
        },
        query,
        recallOptions,
      );
    },
    take(sessionId, version) {
      const view = held.get(sessionId);
      held.delete(sessionId);
      return view?.meta.version === version ? view.recall : undefined;
    },
  };
}
