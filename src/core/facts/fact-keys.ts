/**
 * The keys facts are compared and forgotten by: an attribute with the key of its value (so
 * "Berlin" and "berlin" are one value), hashed for a forget record, which must carry no
 * forgotten text.
 * @module
 */
import type { FactVocabulary, ForgetFactRecord, SetFactRecord, StatedFactRecord } from '../../facts/types.js';
import { factHash } from './fact-hash.js';

/** The attribute of a record (`''` for a fact set with text alone). */
export function attributeOf(r: StatedFactRecord | SetFactRecord): string {
  return r.attribute ?? '';
}

/** The value a record states: its value, or its text for a fact set with text alone. */
export function valueOf(r: StatedFactRecord | SetFactRecord): string {
  return r.type === 'stated' ? r.value : (r.value ?? r.text);
}

/** The key of `value` for `attribute`, as the vocabulary compares values. */
export function valueKey(vocab: FactVocabulary, attribute: string, value: string): string {
  const key = vocab.valueKey(attribute, value);
  return key === '' ? value.trim().toLowerCase() : key;
}

/** The hash a forget record keeps for a value of an attribute. */
export function keyHash(vocab: FactVocabulary, attribute: string, value: string): string {
  return factHash(`${attribute}\u0000${valueKey(vocab, attribute, value)}`);
}

/** The entry of a forget record's `keys` for a value. */
export function forgottenKey(
  vocab: FactVocabulary,
  attribute: string,
  value: string,
): ForgetFactRecord['keys'][number] {
  const words = value.trim().split(/\s+/u).filter(Boolean).length;
  return { attribute, hash: keyHash(vocab, attribute, value), words: Math.min(64, Math.max(1, words)) };
}

/** Longest run of words tried as a possible mention of a forgotten value. */
const MAX_MENTION_WORDS = 12;

/**
 * Whether `text` mentions a forgotten value of `key.attribute`: some run of its words has the
 * value's key. Runs of up to the value's word count plus two are tried (the key drops fillers
 * such as "a" or "the"), so the check needs no forgotten text.
 */
export function mentionsKey(vocab: FactVocabulary, text: string, key: ForgetFactRecord['keys'][number]): boolean {
  const words = text.split(/[\s,;:!?()"“”]+/u).filter(Boolean);
  const longest = Math.min(MAX_MENTION_WORDS, key.words + 2);
  for (let i = 0; i < words.length; i++) {
    let run = '';
    for (let n = 1; n <= longest && i + n <= words.length; n++) {
      run = n === 1 ? words[i]! : `${run} ${words[i + n - 1]!}`;
      const trimmed = run.replace(/[.'’]+$/u, '');
      if (keyHash(vocab, key.attribute, trimmed) === key.hash) return true;
    }
  }
  return false;
}
