import type { MemoryEntry, MemorySummary, RecallOptions, RecallResult, StoreBatch } from '../types.js';
import type { RecallIndex } from '../recall/recall-index.js';
import type { Embedder, RecallDoc } from '../recall/types.js';
import { createRecallIndex, loadRecallIndex } from '../recall/recall-index.js';
import { createVectorIndex, loadVectorIndex } from '../recall/vectors/vector-index.js';
import { hybridSearch } from '../recall/vectors/hybrid.js';
import { ValidationError } from '../errors.js';
import type { RecallContext, SessionCache } from './types.js';

export type { RecallContext } from './types.js';
import { isPlainObject } from './validate.js';
import { auxReader } from './aux-reader.js';

/** Recall-index ids of summaries are their id behind this prefix (entries use their own id). */
export const SUMMARY_PREFIX = 'summary:';
const TYPES = ['message', 'tool_call', 'tool_result', 'context', 'summary'];

/** The document an entry is indexed as: its text, who said it, and when. */
export function entryDoc(e: MemoryEntry): RecallDoc {
  const text = e.tool ? `${e.tool.name} ${e.content}` : e.content;
  const doc: RecallDoc = { id: e.id, text, role: e.role, timestamp: e.timestamp };
  const speaker = e.metadata?.speaker ?? e.metadata?.name;
  if (typeof speaker === 'string') doc.speaker = speaker;
  if (e.metadata) doc.metadata = e.metadata;
  return doc;
}

/** The document a summary is indexed as (id: {@link SUMMARY_PREFIX} + its id). */
export function summaryDoc(s: MemorySummary): RecallDoc {
  // Standalone: a summary neither lends nor borrows neighbouring-turn context.
  return { id: SUMMARY_PREFIX + s.id, text: s.content, role: 'system', timestamp: s.timeRange.end, standalone: true };
}

/** A summary as a recall result entry (type `summary`, id the summary's). */
export function summaryAsEntry(s: MemorySummary): MemoryEntry {
  return {
    id: s.id,
    sessionId: s.sessionId,
    seq: -1,
    interaction: s.range?.startIndex ?? 0,
    type: 'summary',
    role: 'system',
    content: s.content,
    timestamp: s.createdAt,
    tokenCount: s.tokenCount,
    compressed: false,
    metadata: { originalEntryIds: s.originalEntryIds, timeRange: s.timeRange, ...(s.range ? { range: s.range } : {}) },
  };
}

/**
 * Index entries being added, when the session's index is loaded: returns the aux values and
 * meta field to write in the same batch as the entries. When it is not loaded, nothing: the
 * next recall catches up from `meta.recallSeq`.
 */
export function indexOnAdd(
  c: SessionCache,
  entries: readonly MemoryEntry[],
): Pick<StoreBatch, 'aux'> & { recallSeq?: number } {
  if (!c.recall) return {};
  for (const e of entries) c.recall.add(entryDoc(e));
  return { aux: c.recall.flush(), recallSeq: entries[entries.length - 1]!.seq + 1 };
}

/** Keep a loaded index in step with a plan: new summary in, dropped summaries and erased entries out. */
export function indexOnPlan(
  c: SessionCache,
  change: { summary?: MemorySummary; erasedIds: string[]; droppedSummaryIds: string[] },
): StoreBatch['aux'] {
  if (c.vectors) {
    for (const id of change.erasedIds) c.vectors.remove(id);
    for (const id of change.droppedSummaryIds) c.vectors.remove(SUMMARY_PREFIX + id);
  }
  const vectorAux = c.vectors?.flush() ?? {};
  if (!c.recall) return Object.keys(vectorAux).length ? vectorAux : undefined;
  if (change.summary) c.recall.add(summaryDoc(change.summary));
  for (const id of change.erasedIds) c.recall.remove(id);
  for (const id of change.droppedSummaryIds) c.recall.remove(SUMMARY_PREFIX + id);
  return { ...vectorAux, ...c.recall.flush() };
}

/** Texts embedded per embedder call. */
const EMBED_BATCH = 32;

/** Load (or build) the session's index and bring it up to date; writes what changed. */
export async function ensureIndex(c: SessionCache, rc: RecallContext): Promise<RecallIndex> {
  const { store, write } = rc;
  if (c.recall) return c.recall;
  const sessionId = c.meta.sessionId;
  const from = c.meta.recallSeq ?? 0;
  let index = from > 0 ? await loadRecallIndex(await auxReader(store, sessionId, 'recall:')) : undefined;
  const rebuild = index === undefined;
  index ??= createRecallIndex();
  // An index that is up to date needs no entry read (opening a session's recall: one round trip).
  const missing =
    rebuild || from < c.meta.nextSeq ? await store.loadEntries(sessionId, { fromSeq: rebuild ? 0 : from }) : [];
  for (const e of missing) index.add(entryDoc(e));
  for (const s of c.summaries) if (!index.has(SUMMARY_PREFIX + s.id)) index.add(summaryDoc(s));
  const aux = rebuild ? index.toAux() : index.flush();
  if (Object.keys(aux).length || c.meta.recallSeq !== c.meta.nextSeq) {
    const meta = { ...c.meta, version: c.meta.version + 1, recallSeq: c.meta.nextSeq };
    await write({ meta, aux });
    c.meta = meta;
  }
  c.recall = index;
  return index;
}

/**
 * Embed what has no vector yet (entries from `meta.vectorSeq`, kept summaries) and persist the
 * vectors. Vectors are made at recall time, so adds never wait for an embedding model. A
 * failing embedder is reported and leaves the rest for the next recall.
 */
async function ensureVectors(c: SessionCache, rc: RecallContext, embedder: Embedder): Promise<void> {
  const sessionId = c.meta.sessionId;
  const from = c.meta.vectorSeq ?? 0;
  let vectors =
    c.vectors ?? (from > 0 ? await loadVectorIndex(await auxReader(rc.store, sessionId, 'vectors:')) : undefined);
  const rebuild = vectors === undefined;
  vectors ??= createVectorIndex();
  c.vectors = vectors;
  const entries =
    c.meta.nextSeq > (rebuild ? 0 : from) ? await rc.store.loadEntries(sessionId, { fromSeq: rebuild ? 0 : from }) : [];
  const docs = [...entries.map(entryDoc), ...c.summaries.map(summaryDoc)].filter((d) => !vectors.has(d.id));
  let done = rebuild ? 0 : from;
  try {
    for (let i = 0; i < docs.length; i += EMBED_BATCH) {
      const batch = docs.slice(i, i + EMBED_BATCH);
      const out = await embedder(batch.map((d) => d.text));
      if (!Array.isArray(out) || out.length !== batch.length) {
        throw new ValidationError('embedder', `one vector per text (${batch.length}), an array of number arrays`, out);
      }
      batch.forEach((d, k) => vectors.add(d.id, out[k]!));
      const last = batch.filter((d) => !d.id.startsWith(SUMMARY_PREFIX)).pop();
      if (last) done = entries.find((e) => e.id === last.id)!.seq + 1;
    }
    done = c.meta.nextSeq;
  } catch (error) {
    rc.onError(error instanceof Error ? error : new Error(String(error)));
  }
  const aux = rebuild ? vectors.toAux() : vectors.flush();
  if (Object.keys(aux).length || done !== from) {
    const meta = { ...c.meta, version: c.meta.version + 1, vectorSeq: done };
    await rc.write({ meta, aux });
    c.meta = meta;
  }
}

/** Validate recall options. */
function checkOptions(
  query: unknown,
  options: unknown,
): { query: string; topK: number; types?: Set<string>; includeCompressed: boolean } {
  if (isPlainObject(options) && options.scope !== undefined && options.scope !== 'session' && options.scope !== 'all') {
    throw new ValidationError('options.scope', "'session' or 'all'", options.scope);
  }
  if (typeof query !== 'string') throw new ValidationError('query', 'a string', query);
  if (options !== undefined && !isPlainObject(options))
    throw new ValidationError('options', 'an object { topK?, types?, includeCompressed?, scope? }', options);
  const o = (options ?? {}) as RecallOptions;
  const topK = o.topK ?? 10;
  if (!Number.isInteger(topK) || topK < 1 || topK > 1000)
    throw new ValidationError('options.topK', 'an integer from 1 to 1000', topK);
  if (o.types !== undefined && (!Array.isArray(o.types) || o.types.some((t) => !TYPES.includes(t)))) {
    throw new ValidationError('options.types', `an array of entry types (${TYPES.join(', ')})`, o.types);
  }
  if (o.includeCompressed !== undefined && typeof o.includeCompressed !== 'boolean') {
    throw new ValidationError('options.includeCompressed', 'a boolean', o.includeCompressed);
  }
  const out: ReturnType<typeof checkOptions> = { query, topK, includeCompressed: o.includeCompressed ?? true };
  if (o.types) out.types = new Set(o.types);
  return out;
}

/**
 * Search the whole history of a session — active and compressed entries, and summaries — best
 * first. Hits whose entry or summary is gone (erased, dropped) are skipped.
 */
export async function recallEntries(
  c: SessionCache,
  rc: RecallContext,
  query: string,
  options?: RecallOptions,
): Promise<RecallResult[]> {
  const o = checkOptions(query, options);
  const index = await ensureIndex(c, rc);
  const embedder = rc.embedder;
  if (embedder) await ensureVectors(c, rc, embedder);
  const store = rc.store;
  const summaries = new Map(c.summaries.map((s) => [s.id, s]));
  const active = o.includeCompressed ? undefined : new Set(c.active.map((e) => e.id));
  const wantSummaries = !o.types || o.types.has('summary');
  const filter = (id: string): boolean =>
    id.startsWith(SUMMARY_PREFIX)
      ? wantSummaries && summaries.has(id.slice(SUMMARY_PREFIX.length))
      : !active || active.has(id);

  // Type filters are checked on the loaded entries: ask for more hits until enough pass.
  let k = o.types ? Math.max(o.topK * 4, 40) : o.topK;
  for (;;) {
    const lexical = index.search(o.query, { topK: embedder ? k * 3 : k, filter });
    const hits = embedder
      ? (
          await hybridSearch({
            query: o.query,
            lexical,
            embedder,
            vectors: c.vectors!.entries(),
            topK: k,
            filter,
            onError: rc.onError,
          })
        ).hits
      : lexical;
    const entryIds = hits.filter((h) => !h.id.startsWith(SUMMARY_PREFIX)).map((h) => h.id);
    const loaded = await store.getEntries(c.meta.sessionId, entryIds);
    const byId = new Map(loaded.filter((e): e is MemoryEntry => !!e).map((e) => [e.id, e]));
    const out: RecallResult[] = [];
    for (const h of hits) {
      const entry = h.id.startsWith(SUMMARY_PREFIX) ? summaryOf(summaries, h.id) : byId.get(h.id);
      if (!entry || (o.types && !o.types.has(entry.type))) continue;
      out.push({ entry, score: h.score });
      if (out.length === o.topK) return out;
    }
    if (hits.length < k || k >= index.size + c.summaries.length) return out;
    k *= 4;
  }
}

function summaryOf(summaries: Map<string, MemorySummary>, docId: string): MemoryEntry | undefined {
  const s = summaries.get(docId.slice(SUMMARY_PREFIX.length));
  return s ? summaryAsEntry(s) : undefined;
}
