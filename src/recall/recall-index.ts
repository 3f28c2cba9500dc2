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
  MANIFEST_FORMAT,
  TAIL_PARTS,
  encodeRange,
  encodeSegment,
  manifestKey,
  readManifest,
  restoreRange,
  restoreSegment,
  segmentKey,
  tailKey,
} from './lexical/segments.js';

/** Options of {@link createRecallIndex} and {@link loadRecallIndex}. */
export interface RecallIndexOptions {
  /** Ranking defaults for every search (see `DEFAULT_RANKING`). */
  ranking?: Partial<RankingOptions>;
  /**
   * Documents per persisted segment (default 64). An add writes its own documents as a delta;
   * every few adds the segment they extend is rewritten whole.
   */
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
  /** Every live document with its analyzed terms, oldest first (to copy it into another index). */
  analyzed(): AnalyzedDoc[];
  /** Index a document given as analyzed terms (from `analyzed()` of another index). */
  addAnalyzed(doc: AnalyzedDoc): void;
  /**
   * Aux values changed since the last flush (the added documents' delta, or a rewritten
   * segment and the deltas it replaces; the manifest): write them with the entries, in the
   * same batch.
   */
  flush(): AuxEntries;
  /** Every aux value of the index (for a full rewrite, e.g. after import). */
  toAux(): AuxEntries;
  /** Empty the index; returns the deletions (`null`) of every key written so far. */
  clear(): AuxEntries;
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
  return makeIndex(createBm25Index(), options, { segments: 0, tail: 0, legacy: false, manifest: false });
}

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
  const prefix = options.keyPrefix ?? 'recall:';
  const manifest = readManifest(await loadAux(manifestKey(prefix)), ANALYZER_VERSION);
  if (manifest === undefined) return undefined;
  const { segments, segmentSize } = manifest;
  const keys = Array.from({ length: segments }, (_, n) => segmentKey(prefix, n));
  for (let k = 0; k < TAIL_PARTS; k++) keys.push(tailKey(prefix, k));
  const values = await Promise.all(keys.map((key) => loadAux(key)));
  const core = createBm25Index();
  const slicer = options.slicer;
  for (let n = 0; n < segments; n++) {
    if (!restoreSegment(core, values[n], n, segmentSize)) return undefined;
    if (slicer?.spend(segmentCost(values[n]))) await slicer.pause();
  }
  // The deltas continue the segments one after the other, inside one segment; a delta that
  // does not (a damaged index) makes the whole index unusable, as a damaged segment does. An
  // index of the older manifest format has none (its writer knew no deltas): any found are left
  // over, and deleted by the next flush.
  const legacy = manifest.format !== MANIFEST_FORMAT;
  const end = (Math.floor(core.ordinals / segmentSize) + 1) * segmentSize;
  let tail = 0;
  for (; !legacy && tail < TAIL_PARTS && values[segments + tail] != null; tail++)
    if (!restoreRange(core, values[segments + tail], end - core.ordinals)) return undefined;
  for (let k = tail; !legacy && k < TAIL_PARTS; k++) if (values[segments + k] != null) return undefined;
  const stored = { segments, tail, legacy, manifest: true };
  return makeIndex(core, { ...options, segmentSize }, stored);
}

/** What the store holds of an index: segments, tail deltas, its manifest and whether that is of the older format. */
interface StoredIndex {
  segments: number;
  tail: number;
  legacy: boolean;
  manifest: boolean;
}

/** What restoring a segment costs, in slice units: its packed records' characters. */
function segmentCost(value: unknown): number {
  const packed = (value as { packed?: unknown }).packed;
  return COST.item + (typeof packed === 'string' ? packed.length * COST.restore : 0);
}

function makeIndex(initial: Bm25Index, options: RecallIndexOptions, stored: StoredIndex): RecallIndex {
  let core = initial;
  const ranking = resolveRanking(options.ranking);
  const segmentSize = options.segmentSize ?? 64;
  if (!Number.isInteger(segmentSize) || segmentSize < 1) {
    throw new ValidationError('segmentSize', 'a positive integer', segmentSize);
  }
  const prefix = options.keyPrefix ?? 'recall:';
  // Segments holding a document changed (replaced or removed) after it was flushed.
  const dirty = new Set<number>();
  let written = stored.segments; // segments the store holds (or will, after the next flush)
  let tail = stored.tail; // tail deltas the store holds after them
  let flushed = core.ordinals; // documents below this ordinal are in the store
  let manifestDirty = stored.legacy || !stored.manifest; // written with the next flush that writes anything
  let staleTail = stored.legacy; // deltas in the store that no manifest accounts for may exist

  const segmentOf = (ordinal: number): number => Math.floor(ordinal / segmentSize);
  const segmentCount = (): number => Math.ceil(core.ordinals / segmentSize);
  const manifest = (segments: number) => ({
    format: MANIFEST_FORMAT,
    analyzer: ANALYZER_VERSION,
    segmentSize,
    segments,
  });
  /** A document at `ordinal` changed: its segment is rewritten, unless the store has not seen it yet. */
  const changed = (ordinal: number): void => {
    if (ordinal >= 0 && ordinal < flushed) dirty.add(segmentOf(ordinal));
  };
  /** Every tail delta key, deleted. */
  const noTail = (out: AuxEntries): void => {
    for (let k = 0; k < TAIL_PARTS; k++) out[tailKey(prefix, k)] = null;
  };

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
      changed(core.ordinalOf(doc.id));
      core.add(doc.id, documentFields(doc), documentTime(doc), doc.standalone === true);
    },
    remove(id) {
      const ordinal = core.remove(id);
      if (ordinal < 0) return false;
      changed(ordinal);
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
    analyzed() {
      return analyzedDocs(core);
    },
    addAnalyzed(doc) {
      changed(core.ordinalOf(doc.id));
      core.add(doc.id, doc.fields, doc.time, doc.standalone);
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
      if (staleTail) noTail(out);
      staleTail = false;
      const end = core.ordinals;
      const whole = new Set(dirty);
      // The segment the stored deltas extend (the tail ends inside it, never at its end).
      const tailSegment = tail > 0 ? segmentOf(flushed - 1) : -1;
      if (end > flushed) {
        const first = segmentOf(flushed);
        const last = segmentOf(end - 1);
        const delta =
          first === last &&
          end % segmentSize !== 0 &&
          tail < TAIL_PARTS &&
          !whole.has(first) &&
          (tail === 0 || tailSegment === first);
        if (delta) out[tailKey(prefix, tail++)] = encodeRange(core, flushed, end);
        else {
          for (let n = first; n <= last; n++) whole.add(n);
          if (tail > 0) whole.add(tailSegment);
        }
      }
      if (tail > 0 && whole.has(tailSegment)) {
        // Rewritten whole: the segment holds what its deltas held, which go in the same batch.
        for (let k = 0; k < tail; k++) out[tailKey(prefix, k)] = null;
        tail = 0;
      }
      let segments = written;
      for (const n of [...whole].sort((a, b) => a - b)) {
        out[segmentKey(prefix, n)] = encodeSegment(core, n, segmentSize);
        segments = Math.max(segments, n + 1);
      }
      // A manifest not stored yet (or of the older format) goes with the first flush that writes anything.
      if (segments > written || (manifestDirty && Object.keys(out).length > 0)) {
        out[manifestKey(prefix)] = manifest(segments);
        manifestDirty = false;
      }
      written = segments;
      flushed = end;
      dirty.clear();
      return out;
    },
    toAux() {
      dirty.clear();
      manifestDirty = staleTail = false;
      written = segmentCount();
      flushed = core.ordinals;
      tail = 0;
      const out: AuxEntries = { [manifestKey(prefix)]: manifest(written) };
      for (let n = 0; n < written; n++) out[segmentKey(prefix, n)] = encodeSegment(core, n, segmentSize);
      noTail(out); // deltas of an index this one replaces
      return out;
    },
    clear() {
      const out: AuxEntries = { [manifestKey(prefix)]: null };
      for (let n = 0; n < Math.max(written, segmentCount()); n++) out[segmentKey(prefix, n)] = null;
      noTail(out);
      core = createBm25Index();
      dirty.clear();
      manifestDirty = true;
      staleTail = false;
      written = 0;
      tail = 0;
      flushed = 0;
      return out;
    },
  };
}
