/**
 * What recall indexes of an entry: its text, who said it (speaker name and role) and when
 * (its timestamp, plus what "yesterday" or "last month" in the text refer to), as the terms of
 * the index's fields.
 * @module
 */

import { addressedTerms } from './addressed.js';
import { analyze } from './analyze.js';
import { timeTerms } from './dates.js';
import { relativeDateTerms } from './relative-dates.js';
import type { RecallDoc } from '../types.js';

/** The text, speaker (with the names the text addresses, `addressed.ts`) and date terms of a document. */
export function documentFields(doc: RecallDoc): [string[], string[], string[]] {
  const speaker = [doc.speaker, doc.role, stringAt(doc.metadata, 'speaker')].filter((s): s is string => !!s);
  const dates = timeTerms(timeOf(doc.timestamp));
  dates.push(...relativeDateTerms(doc.text, documentTime(doc)));
  const speakerTerms = analyze([...new Set(speaker)].join(' '));
  if (!doc.standalone) speakerTerms.push(...addressedTerms(doc.text));
  return [analyze(doc.text), speakerTerms, [...new Set(dates)]];
}

/** When a document was said, epoch ms, NaN when unknown. */
export function documentTime(doc: RecallDoc): number {
  return timeOf(doc.timestamp);
}

function stringAt(metadata: Record<string, unknown> | undefined, key: string): string | undefined {
  const v = metadata?.[key];
  return typeof v === 'string' ? v : undefined;
}

function timeOf(t: RecallDoc['timestamp']): number {
  if (t === undefined) return NaN;
  if (typeof t === 'number') return t;
  return t instanceof Date ? t.getTime() : Date.parse(t);
}
