/**
 * A document as the index holds it, terms already analyzed: what lets one index be copied
 * into another (cross-session recall) without re-tokenizing anything.
 * @module
 */

import type { Bm25Index } from './bm25-index.js';
import { FIELD_COUNT } from './ranking.js';
import { createHead, readHead, readTerms } from './term-record.js';
import type { AnalyzedDoc } from '../types.js';

/** Every live document of an index, oldest first, decoded from its records. */
export function analyzedDocs(core: Bm25Index): AnalyzedDoc[] {
  const terms = core.termsBetween(0, core.termCount);
  const slotLimit = terms.length * FIELD_COUNT;
  const head = createHead();
  const pairs: number[] = [];
  const out: AnalyzedDoc[] = [];
  for (let o = 0; o < core.ordinals; o++) {
    const id = core.idAt(o);
    const record = core.recordAt(o);
    if (id === undefined || record === undefined) continue;
    const cursor = { text: record, pos: 0 };
    pairs.length = 0;
    if (!readHead(cursor, head) || !readTerms(cursor, head.count, slotLimit, pairs)) continue;
    const fields: string[][] = Array.from({ length: FIELD_COUNT }, () => []);
    for (let i = 0; i < pairs.length; i += 2) {
      const slot = pairs[i]!;
      const term = terms[Math.floor(slot / FIELD_COUNT)]!;
      const field = fields[slot % FIELD_COUNT]!;
      for (let n = pairs[i + 1]!; n > 0; n--) field.push(term);
    }
    out.push({ id, fields, time: core.timeAt(o), standalone: head.standalone });
  }
  return out;
}
