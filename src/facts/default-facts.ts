/**
 * The extraction a memory uses when `facts` is on: the offline rule extractor, the attribute
 * registry's vocabulary reconciliation compares values with, and the model pass's prompt and
 * parser. The one file that names them.
 * @module
 */
import { modelExtractor } from './model/model-extractor.js';
import { extractFactsRules } from './rules/extract-rules.js';
import type { FactExtractor, FactModelExtractor, FactVocabulary } from './types.js';
import { registryVocabulary } from './vocabulary.js';

/** The offline extractor of user turns. */
export const defaultExtractor: FactExtractor = extractFactsRules;
/** What reconciliation knows about attributes. */
export const defaultVocabulary: FactVocabulary = registryVocabulary;
/** The prompt and parser of the model pass (`extract: 'model'`). */
export const defaultModelExtractor: FactModelExtractor = modelExtractor;
