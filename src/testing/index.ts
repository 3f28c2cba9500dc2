/**
 * `recallkit/testing`: the StoreAdapter conformance suite, for authors of stores. It registers
 * vitest tests, so it needs `vitest` (an optional peer dependency of recallkit).
 * @module
 */
export {
  AWKWARD_STRINGS,
  describeStoreConformance,
  makeEntry,
  makeMeta,
  makeSummary,
  snapshot,
} from './store-conformance.js';
