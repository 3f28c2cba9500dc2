import type { MemoryEntry, MemorySummary, RecallOptions, RecallResult, StoreBatch } from '../../types.js';
import type { RecallIndex } from '../../recall/recall-index.js';
import type { RecallDoc, SearchHit } from '../../recall/types.js';
import type { RankingOptions } from '../../recall/lexical/ranking.js';
import type { VectorIndex } from '../../recall/vectors/vector-index.js';
import { RECALL_KEY_PREFIX, createRecallIndex, loadRecallIndex } from '../../recall/recall-index.js';
import { DENSE_RERANK, denseRerank, placeParaphrase } from '../../recall/vectors/dense-rerank.js';
import { embedQuery, lacksVectors, openVectors } from './session-vectors.js';
import { ValidationError } from '../../errors.js';
import type { RecallContext, SessionCache } from '../types.js';

export type { RecallContext } from '../types.js';
import { isPlainObject } from '../checks/validate.js';
import { checkQuery } from '../checks/query-bound.js';
import { auxReader } from '../aux-reader.js';
import { COST, createSlicer, type Slicer } from '../../slices/slicer.js';
import { forEachEntryPage } from '../entry-pages.js';
import { ANALYZE_PART, analyzedInSlices } from '../../recall/text/document-fields.js';

import { SUMMARY_PREFIX } from './recall-ids.js';
import { summariesBelowTurns } from './summary-rank.js';
import { analyzeQuery } from '../../recall/recall-index.js';
import { isReadOnly } from '../unstored.js';

export { SUMMARY_PREFIX } from './recall-ids.js';
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

/** What analyzing an entry for recall costs, in slice units. */
export function analyzeCost(e: Pick<MemoryEntry, 'content'>): number {
  return COST.item + e.content.length * COST.analyze;
}

/** Index entries in slices of work (a long entry in parts, `analyzedInSlices`). */
export async function indexEntries(index: RecallIndex, entries: readonly MemoryEntry[], slicer: Slicer): Promise<void> {
  for (const e of entries) {
    if (e.content.length > ANALYZE_PART) {
      index.addAnalyzed(await analyzedInSlices(entryDoc(e), slicer));
      continue;
    }
    index.add(entryDoc(e));
    if (slicer.spend(analyzeCost(e))) await slicer.pause();
  }
}

/**
 * Index entries being added, and return the aux values and meta field to write in the same
 * batch as the entries. A new session starts its index with its first add, so its first
 * recall (even after a reopen) loads it instead of analyzing the history. A stored session
 * whose index is not loaded is left as it is: the next recall catches up from `meta.recallSeq`.
 *
 * The index is written once a segment fills (`RecallIndex.flushDue`), not on every add: a
 * chat turn rewrote its tail segment (up to 64 documents) twice, most of a turn's bytes. Until
 * then `meta.recallSeq` stays where the stored index ends, so a reopen (or another process)
 * loads it and catches up from the entries after it, as it does for a session whose index was
 * not loaded; the engine writes what is left when it closes ({@link indexBehind}).
 * Returned as it is (not as a promise) when the entries were indexed without a pause.
 */
export function indexOnAdd(
  c: SessionCache,
  entries: readonly MemoryEntry[],
  slicer: Slicer,
): IndexedOnAdd | Promise<IndexedOnAdd> {
  if (!c.recall && c.meta.nextSeq === 0 && !c.summaries.length) c.recall = createRecallIndex();
  const index = c.recall;
  if (!index || !entries.length) return {};
  const done = (): IndexedOnAdd =>
    index.flushDue() ? { aux: index.flush(), recallSeq: entries[entries.length - 1]!.seq + 1 } : {};
  // A chat turn's entries are indexed at once; once a slice is full (or an entry is long), the rest in slices.
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.content.length > ANALYZE_PART) return indexEntries(index, entries.slice(i), slicer).then(done);
    index.add(entryDoc(e));
    if (slicer.spend(analyzeCost(e)))
      return slicer
        .pause()
        .then(() => indexEntries(index, entries.slice(i + 1), slicer))
        .then(done);
  }
  return done();
}

/** What {@link indexOnAdd} gives the add's batch: the index's aux values and the meta's `recallSeq`. */
export type IndexedOnAdd = Pick<StoreBatch, 'aux'> & { recallSeq?: number };

/**
 * The write that brings a session's stored recall index up to its loaded one, which adds left
 * behind ({@link indexOnAdd}): the aux values and the meta (`recallSeq` at `nextSeq`, the next
 * version); `undefined` when the stored index is up to date, or none is loaded.
 */
export function indexBehind(c: SessionCache): StoreBatch | undefined {
  if (!c.recall || c.meta.recallSeq === c.meta.nextSeq || isReadOnly(c)) return undefined;
  return { meta: { ...c.meta, version: c.meta.version + 1, recallSeq: c.meta.nextSeq }, aux: c.recall.flush() };
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

/**
 * Load (or build) the session's index and bring it up to date, in slices of work; writes what
 * changed.
 */
export async function ensureIndex(
  c: SessionCache,
  rc: RecallContext,
  slicer = rc.slices?.() ?? createSlicer(),
): Promise<RecallIndex> {
  const { store, write } = rc;
  if (c.recall) return c.recall;
  const sessionId = c.meta.sessionId;
  const from = c.meta.recallSeq ?? 0;
  let index =
    from > 0 ? await loadRecallIndex(await auxReader(store, sessionId, RECALL_KEY_PREFIX), { slicer }) : undefined;
  const rebuild = index === undefined;
  const building = index ?? createRecallIndex();
  // An index that is up to date needs no entry read (opening a session's recall: one round trip).
  if (rebuild || from < c.meta.nextSeq) {
    await forEachEntryPage(store, sessionId, { fromSeq: rebuild ? 0 : from }, slicer, (page) =>
      indexEntries(building, page, slicer),
    );
  }
  index = building;
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

/** Validate recall options. */
function checkOptions(
  query: unknown,
  options: unknown,
): { query: string; topK: number; types?: Set<string>; includeCompressed: boolean } {
  if (isPlainObject(options) && options.scope !== undefined && options.scope !== 'session' && options.scope !== 'all') {
    throw new ValidationError('options.scope', "'session' or 'all'", options.scope);
  }
  checkQuery(query);
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
  const out: ReturnType<typeof checkOptions> = {
    query: query as string,
    topK,
    includeCompressed: o.includeCompressed ?? true,
  };
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
  queryVector?: number[],
): Promise<RecallResult[]> {
  const o = checkOptions(query, options);
  const slicer = rc.slices?.() ?? createSlicer();
  const index = await ensureIndex(c, rc, slicer);
  const semantic = await semanticOf(c, rc, o.query, queryVector, index);
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
  const terms = analyzeQuery(o.query);
  // A summary among the hits moves below the turns it covers: look a little further for them.
  const extra = wantSummaries && summaries.size ? SUMMARY_LOOKAHEAD : 0;
  for (;;) {
    // With vectors, the lexical candidates are re-ranked (`dense-rerank.ts`).
    const candidates = semantic ? Math.max(RERANK_CANDIDATES, k * 2) : k + extra;
    const lexical = await index.searchTermsInSlices(terms, slicer, {
      topK: candidates,
      filter,
      ...(semantic && { ranking: WITH_VECTORS }),
    });
    const ranked = semantic ? rerank(index, semantic, lexical, k, filter) : lexical;
    const hits = (
      extra ? summariesBelowTurns(ranked, (id) => summaryById(summaries, id), o.query, terms) : ranked
    ).slice(0, k);
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
    if (lexical.length < candidates || k >= index.size + c.summaries.length) return out;
    k *= 4;
  }
}

/** The kept summary a hit id names (`undefined` for a turn or a dropped summary). */
export function summaryById(summaries: ReadonlyMap<string, MemorySummary>, docId: string): MemorySummary | undefined {
  return docId.startsWith(SUMMARY_PREFIX) ? summaries.get(docId.slice(SUMMARY_PREFIX.length)) : undefined;
}

function summaryOf(summaries: Map<string, MemorySummary>, docId: string): MemoryEntry | undefined {
  const s = summaries.get(docId.slice(SUMMARY_PREFIX.length));
  return s ? summaryAsEntry(s) : undefined;
}

/** Further hits searched when the session has summaries, for the turns a summary covers. */
const SUMMARY_LOOKAHEAD = 10;

/**
 * How the lexical candidates of a recall with vectors are searched: without the words of the
 * question's families (`ranking.synonymWeight`), which vectors stand in for. On LoCoMo with
 * USE-lite, the lexical weight (0.2) lowered hybrid recall@10 (80.69 against 80.79), and a
 * weight chosen per fold for hybrid recall gained 0.28 points held out, too little to keep
 * (`npm run eval:locomo:folds`).
 */
export const WITH_VECTORS: Readonly<Partial<RankingOptions>> = Object.freeze({ synonymWeight: 0 });

/** Lexical candidates re-ranked with vectors, at least (on LoCoMo, 20 to 100 gave the same recall@10). */
export const RERANK_CANDIDATES = 20;

/** The question's vector and the session's vectors, when there is an embedder and it answers. */
export interface Semantic {
  query: number[];
  vectors: VectorIndex;
}

/**
 * Embed only the question; the history's vectors come from the store (made in the background,
 * `embedding-queue.ts`). What lacks a vector is left to that queue and ranks lexically.
 */
async function semanticOf(
  c: SessionCache,
  rc: RecallContext,
  query: string,
  given: number[] | undefined,
  index: RecallIndex,
): Promise<Semantic | undefined> {
  const embedder = rc.embedder;
  if (!embedder) return undefined;
  const vectors = await openVectors(c, rc);
  if (lacksVectors(c, vectors)) rc.embedLater?.(c.meta.sessionId);
  if (vectors.size === 0) {
    // No vector yet: the question is not embedded, unless the embedder can never work.
    const failure = rc.embedderFailure?.();
    if (failure) throw failure;
    return undefined;
  }
  const vector = given ?? (await embedQuery(embedder, query, rc.onError, (w) => index.namesSpeaker(w)));
  return vector && vector.length === vectors.dims ? { query: vector, vectors } : undefined;
}

/**
 * Turns the vectors bring in of their own, beside the lexical candidates: a question in other
 * words than the history's finds its paraphrase. Chosen with the fusion weight by
 * leave-one-conversation-out on LoCoMo (docs/semantic-recall.md).
 */
export const DENSE_CANDIDATES = 10;

/**
 * The most vectors a recall compares with the question, newest first: a search's work stays
 * bounded however long the history (about 10 ms of int8 dot products at 512 dimensions).
 */
export const DENSE_SCAN_LIMIT = 20_000;

/** How dense and lexical candidates are fused (the defaults: {@link DENSE_CANDIDATES}, `DENSE_RERANK`). */
export interface FusionTuning {
  /** Nearest turns by vector that join the lexical candidates. */
  candidates: number;
  /** Weight of the semantic z-score, in units of the best lexical score. */
  weight: number;
  /** Weight of the better neighbouring turn's cosine. */
  neighbourWeight: number;
}

/**
 * {@link denseRerank} over a session's index: the lexical candidates and the nearest turns by
 * vector that words did not find ({@link DENSE_CANDIDATES}, more when words find fewer than
 * `k`), each with the turns just before and after as neighbours, fused in one ranking.
 * `tuning` overrides the defaults (the bench's leave-one-conversation-out search uses it).
 */
export function rerank(
  index: RecallIndex,
  semantic: Semantic,
  lexical: readonly SearchHit[],
  k: number,
  filter: (id: string) => boolean,
  tuning: Partial<FusionTuning> = {},
): SearchHit[] {
  const lexicalIds = new Set(lexical.map((h) => h.id));
  const nearest = semantic.vectors.search(
    semantic.query,
    (tuning.candidates ?? DENSE_CANDIDATES) + Math.max(0, k - lexical.length),
    (id) => !lexicalIds.has(id) && filter(id),
    DENSE_SCAN_LIMIT,
  );
  if (lexical.length === 0) return nearest.map((h) => ({ id: h.id, score: Math.max(0, h.score) }));
  const candidates = [...lexical, ...nearest.map((h) => ({ id: h.id, score: 0 }))];
  const isEntry = (id: string): boolean => !id.startsWith(SUMMARY_PREFIX);
  const near = new Map<string, (string | undefined)[]>();
  const ids = new Set<string>();
  for (const h of candidates) {
    const side = isEntry(h.id) ? [index.neighbour(h.id, -1, isEntry), index.neighbour(h.id, 1, isEntry)] : [];
    near.set(h.id, side);
    ids.add(h.id);
    for (const n of side) if (n !== undefined) ids.add(n);
  }
  const similarity = semantic.vectors.similarities(semantic.query, ids);
  const fused = denseRerank(candidates, similarity, (id) => near.get(id) ?? [], {
    weight: tuning.weight ?? DENSE_RERANK.weight,
    neighbourWeight: tuning.neighbourWeight ?? DENSE_RERANK.neighbourWeight,
  });
  return placeParaphrase(fused, lexical, nearest, similarity, k).map((h) => ({
    id: h.id,
    score: Math.max(0, h.score),
  }));
}
