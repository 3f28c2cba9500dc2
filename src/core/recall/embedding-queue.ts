/**
 * Embeddings in the background: after entries are stored, the session's entries and summaries
 * that have no vector are embedded in batches and their vectors written with the session (aux
 * values and `meta.vectorSeq`), so a recall embeds only its question and a reopened store
 * embeds nothing again. The embedder runs outside the session's queue: an add never waits for
 * it. A failing embedder is reported (`error` event) and retried with backoff; nothing stored
 * depends on it.
 * @module
 */
import { ClosedError } from '../../errors.js';
import type { Embedder } from '../../recall/types.js';
import { entryDoc, summaryDoc } from './recall.js';
import { checkVectors, lacksVectors, openVectors } from './session-vectors.js';
import type { RecallContext, SessionCache } from '../types.js';
import { backoffMs, type Backoff } from '../backoff.js';

/** Texts per embedder call. */
export const EMBED_BATCH = 32;

/** What the queue needs from the engine. */
export interface EmbeddingQueueDeps {
  embedder: Embedder;
  /** Run a task on a session's fresh state, in the session's call order. */
  run: <T>(sessionId: string, task: (c: SessionCache) => Promise<T>) => Promise<T>;
  recallContext: (c: SessionCache) => RecallContext;
  /** Retry delays after a failed embedder call: base, doubled per failure up to max. */
  backoff: () => Backoff;
  closed: () => boolean;
  onError: (sessionId: string, error: Error) => void;
}

/** The background embedder of an engine. */
export interface EmbeddingQueue {
  /** The session has entries or summaries that may lack vectors: embed them soon. */
  trigger(sessionId: string): void;
  /** Resolves once the session's (or every session's) pending embeddings are stored; not while waiting to retry. */
  idle(sessionId?: string): Promise<void>;
}

/** One batch taken from a session, embedded outside its queue. */
interface Batch {
  createdAt: string;
  /** `meta.vectorSeq` when taken: the batch applies only over it. */
  fromSeq: number;
  docs: { id: string; text: string; seq?: number }[];
  /** `vectorSeq` once this batch is stored. */
  nextSeq: number;
}

interface SessionState {
  running?: Promise<void>;
  again: boolean;
  failures: number;
  timer?: ReturnType<typeof setTimeout>;
}

/** Create the queue; nothing runs until `trigger`. */
export function createEmbeddingQueue(deps: EmbeddingQueueDeps): EmbeddingQueue {
  const states = new Map<string, SessionState>();

  async function take(c: SessionCache): Promise<Batch | undefined> {
    const rc = deps.recallContext(c);
    const vectors = await openVectors(c, rc);
    if (!lacksVectors(c, vectors)) return undefined;
    const fromSeq = c.meta.vectorSeq ?? 0;
    const docs: Batch['docs'] = [];
    let nextSeq = fromSeq;
    if (fromSeq < c.meta.nextSeq) {
      // Active entries are in memory; compressed ones (older) are read from the store.
      const first = c.active[0]?.seq ?? c.meta.nextSeq;
      const entries =
        first <= fromSeq || c.meta.compressedEntries === 0
          ? c.active.filter((e) => e.seq >= fromSeq).slice(0, EMBED_BATCH)
          : (await rc.store.loadEntries(c.meta.sessionId, { fromSeq })).slice(0, EMBED_BATCH);
      for (const e of entries) docs.push({ id: e.id, text: entryDoc(e).text, seq: e.seq });
      nextSeq = entries.length < EMBED_BATCH ? c.meta.nextSeq : entries[entries.length - 1]!.seq + 1;
    }
    for (const s of c.summaries) {
      if (docs.length >= EMBED_BATCH) break;
      const doc = summaryDoc(s);
      if (!vectors.has(doc.id)) docs.push({ id: doc.id, text: doc.text });
    }
    return { createdAt: c.meta.createdAt, fromSeq, docs, nextSeq };
  }

  async function store(c: SessionCache, batch: Batch, out: number[][]): Promise<boolean> {
    // Replaced (cleared, imported) or advanced by another writer meanwhile: take again.
    if (c.meta.createdAt !== batch.createdAt || (c.meta.vectorSeq ?? 0) !== batch.fromSeq) return true;
    const rc = deps.recallContext(c);
    const vectors = await openVectors(c, rc);
    if ((c.meta.vectorSeq ?? 0) !== batch.fromSeq) return true; // the model changed: start over
    if (vectors.dims && out[0]!.length !== vectors.dims) {
      // The same model name answering another dimension: a new model after all.
      const aux = vectors.clear(rc.embeddingModel);
      const meta = { ...c.meta, version: c.meta.version + 1, vectorSeq: 0 };
      await rc.write({ meta, aux });
      c.meta = meta;
      return true;
    }
    batch.docs.forEach((d, i) => vectors.add(d.id, out[i]!));
    const meta = { ...c.meta, version: c.meta.version + 1, vectorSeq: Math.max(batch.nextSeq, batch.fromSeq) };
    await rc.write({ meta, aux: vectors.flush() });
    c.meta = meta;
    return true;
  }

  async function drain(sessionId: string, state: SessionState): Promise<void> {
    for (;;) {
      state.again = false;
      if (deps.closed()) return;
      const batch = await deps.run(sessionId, take);
      if (!batch || batch.docs.length === 0) {
        if (state.again) continue;
        return;
      }
      let out: number[][];
      try {
        out = checkVectors(await deps.embedder(batch.docs.map((d) => d.text)), batch.docs.length);
      } catch (error) {
        state.failures++;
        deps.onError(sessionId, error instanceof Error ? error : new Error(String(error)));
        const delay = backoffMs(state.failures, deps.backoff());
        state.timer = setTimeout(() => {
          delete state.timer;
          start(sessionId);
        }, delay);
        return;
      }
      state.failures = 0;
      if (deps.closed()) return;
      await deps.run(sessionId, (c) => store(c, batch, out));
    }
  }

  function start(sessionId: string): void {
    const state = states.get(sessionId) ?? { again: false, failures: 0 };
    states.set(sessionId, state);
    if (state.running) {
      state.again = true;
      return;
    }
    if (state.timer !== undefined || deps.closed()) return; // waiting to retry: the retry takes it all
    state.running = drain(sessionId, state)
      .catch((error: unknown) => {
        if (!(error instanceof ClosedError))
          deps.onError(sessionId, error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => {
        delete state.running;
        if (state.again && state.timer === undefined && !deps.closed()) start(sessionId);
        else if (state.timer === undefined) states.delete(sessionId);
      });
  }

  return {
    trigger(sessionId) {
      // After the add's own promise settles: the add never waits for this.
      queueMicrotask(() => start(sessionId));
    },
    async idle(sessionId) {
      // A trigger queued by an add that just resolved starts in a microtask: let it start.
      await Promise.resolve();
      for (;;) {
        const running =
          sessionId === undefined
            ? [...states.values()].flatMap((s) => (s.running ? [s.running] : []))
            : [states.get(sessionId)?.running].filter((p): p is Promise<void> => p !== undefined);
        if (!running.length) return;
        await Promise.all(running);
        await Promise.resolve();
      }
    },
  };
}
