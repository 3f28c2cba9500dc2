/**
 * The extraction a memory uses when `facts` is on: the offline extractor and the attribute
 * vocabulary reconciliation compares values with. The one file to change when the full rules
 * and registry replace the stand-ins.
 * @module
 */
import type { FactExtractor, FactModelExtractor, FactVocabulary } from './types.js';
import { placeholderExtract, placeholderVocabulary } from './placeholder-extract.js';
import { placeholderModelExtractor } from './placeholder-model.js';

/** The offline extractor of user turns. */
export const defaultExtractor: FactExtractor = placeholderExtract;
/** What reconciliation knows about attributes. */
export const defaultVocabulary: FactVocabulary = placeholderVocabulary;
/** The prompt and parser of the model pass (`extract: 'model'`). */
export const defaultModelExtractor: FactModelExtractor = placeholderModelExtractor;
