/**
 * Rewriting a record without a forgotten value: a statement that still counts ("we moved from
 * Lyon to Berlin" once Lyon is forgotten) keeps its own value and loses the quote, the
 * `replaces` or the wording that names the forgotten one. The rewrite is a new record that
 * names the one it replaces (`redacts`); it is the same on every device, so devices that
 * rewrite the same record write the same rewrite.
 * @module
 */
import type { FactVocabulary, StatedFactRecord } from '../../facts/types.js';
import type { Forgotten } from './types.js';
import { withId } from './fact-records.js';
import { keyHash, mentionsKey } from './fact-keys.js';

/** The record without the forgotten values it mentions, or undefined when there is nothing to take out. */
export function redactedCopy(
  r: StatedFactRecord,
  forgotten: readonly Forgotten[],
  vocab: FactVocabulary,
): StatedFactRecord | undefined {
  const keys = forgotten.filter((f) => f.at >= Date.parse(r.at)).map((f) => f.key);
  if (!keys.length) return undefined;
  const mentions = (text: string): boolean => keys.some((k) => mentionsKey(vocab, text, k));
  const copy: Omit<StatedFactRecord, 'id'> & { id?: string } = { ...r, source: { ...r.source } };
  delete copy.id;
  let changed = false;
  if (
    r.replaces !== undefined &&
    keys.some((k) => k.attribute === r.attribute && keyHash(vocab, k.attribute, r.replaces!) === k.hash)
  ) {
    delete copy.replaces;
    changed = true;
  }
  if (r.quote !== undefined && mentions(r.quote)) {
    delete copy.quote;
    changed = true;
  }
  if (mentions(r.text)) {
    const sentence = vocab.sentence(r.attribute, r.value);
    if (sentence !== r.text) {
      copy.text = sentence;
      changed = true;
    }
  }
  if (!changed) return undefined;
  copy.redacts = r.id;
  return withId<StatedFactRecord>(copy);
}
