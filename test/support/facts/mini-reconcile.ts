/**
 * A small, pure reconciliation for scoring the extractor alone: candidates applied in turn
 * order, a single-valued attribute superseded by a new value, a multi-valued one accumulating,
 * a retirement removing the values it names (`replaces` as well). It stands in for the memory's
 * own reconciliation where the suite scores extraction without a memory.
 * @module
 */
import { factAttribute, factValueMentions, sameFactValue, type FactCandidate } from '../../../src/facts/index.js';

/** A current value and the candidate that set it. */
export interface HeldFact {
  attribute: string;
  value: string;
  text: string;
}

/** The current facts after applying `candidates` in order. */
export function reconcile(candidates: readonly FactCandidate[]): HeldFact[] {
  let held: HeldFact[] = [];
  for (const c of candidates) {
    const one = factAttribute(c.attribute)?.cardinality !== 'many';
    const drop = (value: string): void => {
      held = held.filter((h) => h.attribute !== c.attribute || !factValueMentions(c.attribute, h.value, value));
    };
    if (c.kind === 'retire') {
      drop(c.value);
      continue;
    }
    if (c.replaces) drop(c.replaces);
    if (one) held = held.filter((h) => h.attribute !== c.attribute);
    else held = held.filter((h) => h.attribute !== c.attribute || !sameFactValue(c.attribute, h.value, c.value));
    held.push({ attribute: c.attribute, value: c.value, text: c.text });
  }
  return held;
}
