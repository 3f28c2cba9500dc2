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
import type { AnalyzedDoc, RecallDoc } from '../types.js';
import { COST, type Slicer } from '../../slices/slicer.js';

/**
 * Texts longer than this are analyzed in parts ({@link analyzedInSlices}), giving the thread
 * back between them: a 1,000,000-character message is 31 parts.
 */
export const ANALYZE_PART = 32_768;

/**
 * The text, speaker (with the names the text addresses, `addressed.ts`) and date terms of a
 * document; `time` is {@link documentTime} of it, when the caller has it already.
 */
export function documentFields(doc: RecallDoc, time = documentTime(doc)): [string[], string[], string[]] {
  const dates = timeTerms(time); // distinct terms: a set only when relative dates join them
  const relative = relativeDateTerms(doc.text, time);
  const speakerTerms = [...speakerFieldTerms(doc)];
  if (!doc.standalone) speakerTerms.push(...addressedTerms(doc.text));
  return [analyze(doc.text), speakerTerms, relative.length ? [...new Set([...dates, ...relative])] : dates];
}

/** Analyzed speaker fields by their text: most documents of a session share a few (`user`, `assistant`, two names). */
const speakerTermsOf = new Map<string, readonly string[]>();
/** Past this many speaker texts, {@link speakerTermsOf} starts again (a bound for a server's many users). */
const SPEAKER_MEMO = 256;
/** Longer speaker texts are analyzed each time, not kept. */
const SPEAKER_MEMO_CHARS = 200;

/** The terms of who said `doc` (speaker name, role, `metadata.speaker`), analyzed once per distinct text. */
function speakerFieldTerms(doc: RecallDoc): readonly string[] {
  const text = speakerText(doc.speaker, doc.role, stringAt(doc.metadata, 'speaker'));
  if (text.length > SPEAKER_MEMO_CHARS) return analyze(text);
  let terms = speakerTermsOf.get(text);
  if (terms === undefined) {
    if (speakerTermsOf.size >= SPEAKER_MEMO) speakerTermsOf.clear();
    terms = analyze(text);
    speakerTermsOf.set(text, terms);
  }
  return terms;
}

/**
 * {@link documentFields} of a long text, part by part in slices of work: the text is cut into
 * parts of at most {@link ANALYZE_PART} characters at a line break (else a space), each part
 * analyzed alone. The terms are those of the whole text, except that a date phrase or a name
 * cue ("Thanks, Mel.") that a cut splits is not recognized. A shorter text is analyzed whole.
 */
export async function analyzedInSlices(doc: RecallDoc, slicer: Slicer): Promise<AnalyzedDoc> {
  const time = documentTime(doc);
  const standalone = doc.standalone === true;
  if (doc.text.length <= ANALYZE_PART) {
    const fields = documentFields(doc, time);
    if (slicer.spend(COST.item + doc.text.length * COST.analyze)) await slicer.pause();
    return { id: doc.id, fields, time, standalone };
  }
  const [text, speaker, dates] = documentFields({ ...doc, text: '' }, time);
  const dateSet = new Set(dates);
  for (const part of textParts(doc.text)) {
    for (const t of analyze(part)) text.push(t);
    for (const d of relativeDateTerms(part, time)) dateSet.add(d);
    if (!standalone) for (const t of addressedTerms(part)) speaker.push(t);
    if (slicer.spend(COST.item + part.length * COST.analyze)) await slicer.pause();
  }
  return { id: doc.id, fields: [text, speaker, [...dateSet]], time, standalone };
}

/** `text` cut into parts of at most {@link ANALYZE_PART} characters, at a line break or a space when there is one. */
export function textParts(text: string): string[] {
  const parts: string[] = [];
  let from = 0;
  while (text.length - from > ANALYZE_PART) {
    const end = from + ANALYZE_PART;
    const tail = text.slice(end - 4096, end);
    const line = tail.lastIndexOf('\n');
    const at = line >= 0 ? line : tail.lastIndexOf(' ');
    const cut = at >= 0 ? end - 4096 + at + 1 : end;
    parts.push(text.slice(from, cut));
    from = cut;
  }
  parts.push(text.slice(from));
  return parts;
}

/** The distinct non-empty names among `a`, `b`, `c`, in order, joined by spaces (without an array per document). */
function speakerText(a: string | undefined, b: string | undefined, c: string | undefined): string {
  let text = a || '';
  if (b && b !== a) text = text ? `${text} ${b}` : b;
  if (c && c !== a && c !== b) text = text ? `${text} ${c}` : c;
  return text;
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
