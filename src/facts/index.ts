/**
 * Facts about the user: the attribute registry, the offline rule extractor, the model pass
 * and the value comparisons reconciliation needs. The memory runs these itself when
 * `createMemory({ facts })` is set (through `default-facts.ts`); this module gathers them for
 * the benches and tests. It is not a package entry.
 * @module
 */
export type {
  Fact,
  FactCandidate,
  FactCardinality,
  FactExtractMode,
  FactOrigin,
  FactSource,
  FactStatus,
  FactTurn,
  FactsOptions,
} from './types.js';
export {
  FACT_ATTRIBUTES,
  FAVORITE_CATEGORIES,
  factAttribute,
  factSentence,
  type FactAttribute,
  type FactFamily,
} from './attributes.js';
export { factValueKey, factValueMentions, sameFactValue } from './value-match.js';
export { registryVocabulary } from './vocabulary.js';
export { extractFactsRules } from './rules/extract-rules.js';
export { MAX_TURN_CHARS } from './rules/limits.js';
export { extractFactsModel, type ModelExtractOptions, type ModelFactsResult } from './model/model-extract.js';
export { FactsModelError } from './model/facts-model-error.js';
export { factsPrompt } from './model/model-prompt.js';
export { modelExtractor } from './model/model-extractor.js';
export { parseFactsReply, ReplyShapeError, type DroppedFact, type ParsedReply } from './model/model-parse.js';
export { registryAttribute } from './model/attribute-aliases.js';
export { locateQuote } from './model/quote-span.js';
