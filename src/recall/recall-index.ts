/**
 * Offline lexical recall over a session's entries: analysis, the BM25F index with
 * neighbouring-turn context, and its persistence as store aux values. Plain functions and
 * objects, no DOM and no I/O: the engine (in a worker or not) owns one index per session.
 * @module
 */

import { ValidationError } from '../errors.js';
import { ANALYZER_VERSION, analyze } from './text/analyze.js';
import { documentFields, documentTime } from './text/document-fields.js';
import { createBm25Index } from './lexical/bm25-index.js';
import type { Bm25Index } from './lexical/bm25-index.js';
import { resolveRanking } from './lexical/ranking.js';
import { analyzedDocs } from './lexical/analyzed-docs.js';
import type { RankingOptions } from './lexical/ranking.js';
import type { AnalyzedDoc, AuxEntries, RecallDoc, SearchHit, TermStats } from './types.js';
import { COST, type Slicer } from '../slices/slicer.js';

export type { AnalyzedDoc, AuxEntries, RecallDoc, SearchHit, TermStats } from './types.js';
export { addTermStats, emptyTermStats } from './lexical/bm25-search.js';
import {
  SEGMENT_FORMAT,
  encodeSegment,
  manifestKey,
  readManifest,
  checkSegments,
  restoreSegment,
  segmentKey,
} from './lexical/segments.js';

/** Options of {@link createRecallIndex} and {@link loadRecallIndex}. */
export interface RecallIndexOptions {
  /** Ranking defaults for every search (see `DEFAULT_RANKING`). */
  ranking?: Partial<RankingOptions>;
  /** Documents per persisted segment (default 64): the most an add rewrites. */
  segmentSize?: number;
  /** Prefix of the aux keys (default `recall:`). */
  keyPrefix?: string;
  /**
   * Loading only: restore segments in slices of work, giving the thread back between them
   * (`createSlicer()`, also exported by `recallkit/recall`). Without it a load runs in one go.
   */
  slicer?: Slicer | undefined;
}

/** Options of one search. */
export interface RecallSearchOptions {
  /** How many hits (default 10). */
  topK?: number;
  /** Only ids this accepts (e.g. entry types, compressed or not). */
  filter?: (id: string) => boolean;
  /** Ranking overrides for this search. */
  ranking?: Partial<RankingOptions>;
  /**
   * Collection statistics to score with instead of the index's own: the sum of several
   * indexes' {@link RecallIndex.termStats}, so their hits' scores compare (`scope: 'all'`).
   */
  stats?: TermStats;
}

/** A recall index; create with {@link createRecallIndex} or {@link loadRecallIndex}. */
export interface RecallIndex {
  /** Live documents. */
  readonly size: number;
  /** Index a document (a known id is replaced). */
  add(doc: RecallDoc): void;
  /** Forget a document; false when it was not indexed. */
  remove(id: string): boolean;
  /** Whether a document with this id is indexed. */
  has(id: string): boolean;
  /** The best documents for a question or keywords, best first. */
  search(query: string, options?: RecallSearchOptions): SearchHit[];
  /** The best documents for analyzed query terms ({@link analyzeQuery}), best first. */
  searchTerms(terms: readonly string[], options?: RecallSearchOptions): SearchHit[];
  /**
   * {@link RecallIndex.search} in slices of work, giving the thread back between them (common
   * terms of a 100,000-entry session): the same hits. A search that reads few postings runs in one go.
   */
  searchInSlices(query: string, slicer: Slicer, options?: RecallSearchOptions): Promise<SearchHit[]>;
  /** {@link RecallIndex.searchTerms} in slices of work: the same hits. */
  searchTermsInSlices(terms: readonly string[], slicer: Slicer, options?: RecallSearchOptions): Promise<SearchHit[]>;
  /** The statistics a search for analyzed `terms` scores with: sum them over indexes with `addTermStats`. */
  termStats(terms: readonly string[], ranking?: Partial<RankingOptions>): TermStats;
  /**
   * The id of the live document added just after (`step` 1) or before (-1) `id` that `accept`
   * takes (e.g. the reply to a recalled question); `undefined` at either end.
   */
  neighbour(id: string, step: 1 | -1, accept?: (id: string) => boolean): string | undefined;
  /**
   * Whether a word names a speaker of the indexed documents (a `speaker` the app gave, not a
   * role): "Caroline" once a document of Caroline's is indexed. Stems are compared, as a search does.
   */
  namesSpeaker(word: string): boolean;
  /** Every live document with its analyzed terms, oldest first (to copy it into another index). */
  analyzed(): AnalyzedDoc[];
  /** Index a document given as analyzed terms (from `analyzed()` of another index). */
  addAnalyzed(doc: AnalyzedDoc): void;
  /** Aux values changed since the last flush (tail segment, manifest): write them with the entries. */
  flush(): AuxEntries;
  /**
   * Whether the changes since the last flush reach past the tail segment: a segment was
   * started, or one before the tail changed. Until then a flush would rewrite the tail alone,
   * which a caller may leave for later (the engine does on adds, `meta.recallSeq` saying how far
   * the stored index goes).
   */
  flushDue(): boolean;
  /** Every aux value of the index (for a full rewrite, e.g. after import). */
  toAux(): AuxEntries;
  /**
   * {@link RecallIndex.toAux} in slices of work (the index of 100,000 entries is 1,563 segments
   * to encode); the index must not change until it resolves.
   */
  toAuxInSlices(slicer: Slicer): Promise<AuxEntries>;
  /** Empty the index; returns the deletions (`null`) of every key written so far. */
  clear(): AuxEntries;
}

/**
 * The terms of the roles a document's speaker field also holds (`documentFields`), analyzed by
 * the first call that needs them, not when the module loads (a server's cold start).
 */
let roleWords: ReadonlySet<string> | undefined;
function roleWordSet(): ReadonlySet<string> {
  return (roleWords ??= new Set(['user', 'assistant', 'system', 'tool'].flatMap((r) => analyze(r))));
}

/** The search terms of a question, as `search` analyzes it (to search several indexes with one analysis). */
export function analyzeQuery(query: string): string[] {
  if (typeof query !== 'string') throw new ValidationError('query', 'a string', query);
  return analyze(query, true);
}

/**
 * An empty recall index.
 * @example
 * const index = createRecallIndex();
 * index.add({ id: 'e1', text: 'I painted a sunrise', speaker: 'Melanie', timestamp: '2023-05-08T13:56:00Z' });
 * await store.write(sessionId, { meta, putEntries, aux: index.flush() });
 * index.search('What did Melanie paint?', { topK: 5 }); // [{ id: 'e1', score: … }]
 */
export function createRecallIndex(options: RecallIndexOptions = {}): RecallIndex {
  return makeIndex(createBm25Index(), options, 0);
}

/** The aux key prefix of a recall index when `RecallIndexOptions.keyPrefix` is not set. */
export const RECALL_KEY_PREFIX = 'recall:';

/**
 * Reopen an index persisted through aux values, without re-tokenizing anything.
 * `loadAux` is typically `(key) => store.loadAux(sessionId, key)`. Resolves `undefined` when
 * nothing usable is stored (absent, damaged, or made by another analyzer version): then build
 * a new index from the entries and write `toAux()`.
 * @example
 * const index = (await loadRecallIndex((key) => store.loadAux(sessionId, key))) ?? rebuildFromEntries();
 */
export async function loadRecallIndex(
  loadAux: (key: string) => Promise<unknown>,
  options: RecallIndexOptions = {},
): Promise<RecallIndex | undefined> {
  const prefix = options.keyPrefix ?? RECALL_KEY_PREFIX;
  const manifest = readManifest(await loadAux(manifestKey(prefix)), ANALYZER_VERSION);
  if (manifest === undefined) return undefined;
  const values = await Promise.all(Array.from({ length: manifest.segments }, (_, n) => loadAux(segmentKey(prefix, n))));
  const slicer = options.slicer;
  // Every segment is checked first, counting the postings, so the lists are sized once.
  const checked = await checkSegments(values, manifest.segmentSize, slicer);
  if (!checked) return undefined;
  const core = createBm25Index();
  core.reserve(checked.ordinals, checked.words);
  const cursor = { at: 0 };
  for (let n = 0; n < values.length; n++) {
    restoreSegment(core, checked, n, cursor);
    if (slicer?.spend(segmentCost(values[n]))) await slicer.pause();
  }
  // The filled posting lists, a view of the reserved buffer per slot.
  const slots = checked.words.length;
  for (let from = 0; from < slots || from === 0; from += VIEWS_PER_SLICE) {
    core.endRestore(from, from + VIEWS_PER_SLICE);
    if (slicer?.spend(VIEWS_PER_SLICE * VIEW_COST) && from + VIEWS_PER_SLICE < slots) await slicer.pause();
  }
  return makeIndex(core, { ...options, segmentSize: manifest.segmentSize }, manifest.segments);
}

/** Posting lists handed out between two checks of the slicer while a load ends. */
const VIEWS_PER_SLICE = 4096;
/** What handing out a posting list (a view of the reserved buffer) costs, in slice units. */
const VIEW_COST = 20;

/** What restoring a segment costs, in slice units: its packed records' characters. */
function segmentCost(value: unknown): number {
  const packed = (value as { packed?: unknown }).packed;
  return COST.item + (typeof packed === 'string' ? packed.length * COST.restore : 0);
}

function makeIndex(initial: Bm25Index, options: RecallIndexOptions, storedSegments: number): RecallIndex {
  let core = initial;
  const ranking = resolveRanking(options.ranking);
  const segmentSize = options.segmentSize ?? 64;
  if (!Number.isInteger(segmentSize) || segmentSize < 1) {
    throw new ValidationError('segmentSize', 'a positive integer', segmentSize);
  }
  const prefix = options.keyPrefix ?? RECALL_KEY_PREFIX;
  const dirty = new Set<number>();
  let written = storedSegments; // segments the store holds (or will, after the next flush)
  let manifestDirty = false;

  const segmentCount = (): number => Math.ceil(core.ordinals / segmentSize);
  const manifest = () => ({
    format: SEGMENT_FORMAT,
    analyzer: ANALYZER_VERSION,
    segmentSize,
    segments: segmentCount(),
  });

  const checkedTopK = (searchOptions: RecallSearchOptions): number => {
    const topK = searchOptions.topK ?? 10;
    if (!Number.isInteger(topK) || topK < 0) throw new ValidationError('topK', 'a non-negative integer', topK);
    return topK;
  };
  const rankingOf = (searchOptions: RecallSearchOptions) =>
    searchOptions.ranking ? resolveRanking({ ...ranking, ...searchOptions.ranking }) : ranking;
  const searchTerms = (terms: readonly string[], searchOptions: RecallSearchOptions = {}): SearchHit[] =>
    core.search(terms, checkedTopK(searchOptions), rankingOf(searchOptions), searchOptions.filter, searchOptions.stats);
  const searchTermsInSlices = async (
    terms: readonly string[],
    slicer: Slicer,
    searchOptions: RecallSearchOptions = {},
  ): Promise<SearchHit[]> =>
    core.searchInSlices(
      terms,
      checkedTopK(searchOptions),
      rankingOf(searchOptions),
      slicer,
      searchOptions.filter,
      searchOptions.stats,
    );

  return {
    get size() {
      return core.size;
    },
    add(doc) {
      if (typeof doc?.id !== 'string' || typeof doc.text !== 'string') {
        throw new ValidationError('doc', 'an object with string id and text', doc);
      }
      const replaced = core.ordinalOf(doc.id);
      if (replaced >= 0) dirty.add(Math.floor(replaced / segmentSize));
      const time = documentTime(doc);
      const ordinal = core.add(doc.id, documentFields(doc, time), time, doc.standalone === true);
      dirty.add(Math.floor(ordinal / segmentSize));
      if (segmentCount() > written) manifestDirty = true;
    },
    remove(id) {
      const ordinal = core.remove(id);
      if (ordinal < 0) return false;
      dirty.add(Math.floor(ordinal / segmentSize));
      return true;
    },
    has(id) {
      return typeof id === 'string' && core.ordinalOf(id) >= 0;
    },
    search(query, searchOptions = {}) {
      if (typeof query !== 'string') throw new ValidationError('query', 'a string', query);
      return searchTerms(analyzeQuery(query), searchOptions);
    },
    searchTerms,
    async searchInSlices(query, slicer, searchOptions = {}) {
      if (typeof query !== 'string') throw new ValidationError('query', 'a string', query);
      return searchTermsInSlices(analyzeQuery(query), slicer, searchOptions);
    },
    searchTermsInSlices,
    termStats(terms, overrides) {
      return core.termStats(terms, overrides ? resolveRanking({ ...ranking, ...overrides }) : ranking);
    },
    namesSpeaker(word) {
      const terms = analyze(word, true);
      return terms.length > 0 && terms.every((t) => !roleWordSet().has(t) && core.inSpeakerField(t));
    },
    analyzed() {
      return analyzedDocs(core);
    },
    addAnalyzed(doc) {
      const replaced = core.ordinalOf(doc.id);
      if (replaced >= 0) dirty.add(Math.floor(replaced / segmentSize));
      const ordinal = core.add(doc.id, doc.fields, doc.time, doc.standalone);
      dirty.add(Math.floor(ordinal / segmentSize));
      if (segmentCount() > written) manifestDirty = true;
    },
    neighbour(id, step, accept) {
      let ordinal = core.ordinalOf(id);
      if (ordinal < 0) return undefined;
      for (ordinal += step; ordinal >= 0 && ordinal < core.ordinals; ordinal += step) {
        const near = core.idAt(ordinal);
        if (near !== undefined && (!accept || accept(near))) return near;
      }
      return undefined;
    },
    flush() {
      const out: AuxEntries = {};
      for (const n of [...dirty].sort((a, b) => a - b))
        out[segmentKey(prefix, n)] = encodeSegment(core, n, segmentSize);
      if (manifestDirty) out[manifestKey(prefix)] = manifest();
      written = Math.max(written, segmentCount());
      dirty.clear();
      manifestDirty = false;
      return out;
    },
    flushDue() {
      if (manifestDirty) return true;
      const tail = segmentCount() - 1;
      for (const n of dirty) if (n < tail) return true;
      return false;
    },
    toAux() {
      dirty.clear();
      manifestDirty = false;
      const out: AuxEntries = { [manifestKey(prefix)]: manifest() };
      for (let n = 0; n < segmentCount(); n++) out[segmentKey(prefix, n)] = encodeSegment(core, n, segmentSize);
      written = segmentCount();
      return out;
    },
    async toAuxInSlices(slicer) {
      const out: AuxEntries = { [manifestKey(prefix)]: manifest() };
      const count = segmentCount();
      for (let n = 0; n < count; n++) {
        out[segmentKey(prefix, n)] = encodeSegment(core, n, segmentSize);
        if (slicer.spend(segmentSize * COST.posting)) await slicer.pause();
      }
      dirty.clear();
      manifestDirty = false;
      written = count;
      return out;
    },
    clear() {
      const out: AuxEntries = { [manifestKey(prefix)]: null };
      for (let n = 0; n < Math.max(written, segmentCount()); n++) out[segmentKey(prefix, n)] = null;
      core = createBm25Index();
      dirty.clear();
      manifestDirty = false;
      written = 0;
      return out;
    },
  };
}
