/**
 * The attribute registry as reconciliation reads it (`FactVocabulary`): an attribute's
 * cardinality, when two of its values are one, whether a mention names a stored value, and the
 * sentence a value reads as.
 * @module
 */
import { factAttribute, factSentence } from './attributes.js';
import type { FactCardinality, FactVocabulary } from './types.js';
import { factValueKey, factValueMentions } from './value-match.js';

/** The registry's vocabulary: an attribute it does not know holds one value (the engine's default). */
export const registryVocabulary: FactVocabulary = {
  cardinality: (attribute): FactCardinality => factAttribute(attribute)?.cardinality ?? 'one',
  valueKey: (attribute, value) => factValueKey(attribute, value),
  mentions: (attribute, stored, mention) => factValueMentions(attribute, stored, mention),
  sentence: (attribute, value) =>
    factAttribute(attribute)
      ? factSentence(attribute, value)
      : `The user's ${attribute.replace(/_/gu, ' ')} is ${value}.`,
  label: (attribute) => factAttribute(attribute)?.label,
};
