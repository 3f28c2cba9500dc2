/**
 * `recallkit/recall`: the search RecallKit's `recall()` runs, as building blocks: a BM25
 * index with dates and stemming, vector search, hybrid fusion, text analysis and splitting.
 * @example
 * ```ts
 * import { createRecallIndex } from 'recallkit/recall';
 * const index = createRecallIndex();
 * index.add({ id: '1', text: 'My dog is called Rex' });
 * index.search('dog name', { topK: 3 }); // [{ id: '1', score: … }]
 * ```
 * @module
 */
export {
  createRecallIndex,
  loadRecallIndex,
  type RecallIndex,
  type RecallDoc,
  type RecallIndexOptions,
  type RecallSearchOptions,
  type AuxEntries,
} from './recall-index.js';
export type { SearchHit } from './lexical/bm25-index.js';
export { DEFAULT_RANKING, type RankingOptions } from './lexical/ranking.js';
export {
  hybridSearch,
  reciprocalRankFusion,
  cosine,
  cosineTopK,
  type Embedder,
  type HybridOptions,
  type HybridResult,
  type FusionOptions,
} from './vectors/hybrid.js';
export {
  createVectorIndex,
  loadVectorIndex,
  type VectorIndex,
  type VectorIndexOptions,
} from './vectors/vector-index.js';
export { analyze } from './text/analyze.js';
export { splitText, type SplitOptions } from './split/split-text.js';
export { entryDoc } from '../core/recall/recall.js';
export { RECALLED_HEADER } from '../core/context/recalled-text.js';
export { MAX_QUERY_LENGTH } from '../core/checks/query-bound.js';
export { createSlicer, SLICE_UNITS, type Slicer, type SlicerOptions } from '../slices/slicer.js';
