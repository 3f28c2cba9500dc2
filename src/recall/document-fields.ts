/**
 * What recall indexes of an entry: its text, who said it (speaker name and role) and when
 * (timestamp, or a `session_date` in its metadata, plus what "yesterday" or "last month" in the
 * text refer to), as the terms of the index's fields.
 * @module
 */

import { analyze } from './analyze.js';
import { timeTerms } from './dates.js';
import { relativeDateTerms } from './relative-dates.js';

/** What is indexed of one entry. */
export interface RecallDoc {
  /** The entry id, returned by searches. */
  id: string;
  text: string;
  /** Who said it: a name ("Caroline") found by questions that name them. */
  speaker?: string;
  /** The entry's role (`user`, `assistant`), indexed with the speaker. */
  role?: string;
  /** When it was said: ISO string, epoch ms or Date. Dates become searchable; turns an hour apart are not neighbours. */
  timestamp?: string | number | Date;
  /**
   * `speaker` (a name) and `session_date`: a date string such as "1:56 pm on 8 May, 2023" or
   * "2023-05-08", for history recorded elsewhere; it replaces `timestamp` for dates and pauses.
   */
  metadata?: Record<string, unknown>;
  /**
   * Not a turn of the conversation (e.g. a summary): it neither lends nor borrows
   * neighbouring-turn context and belongs to no episode.
   */
  standalone?: boolean;
}

const DATE_TERM_RE = /^(?:\d{4}(?:-\d\d){0,2}|\d\d-\d\d|[a-z]+)$/;
const FULL_DATE_RE = /^(\d{4})-(\d\d)-(\d\d)$/;
const CLOCK_RE = /\b(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?/i;

/** The text, speaker and date terms of a document. */
export function documentFields(doc: RecallDoc): [string[], string[], string[]] {
  const speaker = [doc.speaker, doc.role, stringAt(doc.metadata, 'speaker')].filter((s): s is string => !!s);
  const sessionDate = stringAt(doc.metadata, 'session_date');
  // Only the date terms of a session date string: not its clock time or stop words.
  let dates = sessionDate ? analyze(sessionDate).filter((t) => DATE_TERM_RE.test(t)) : [];
  if (dates.length === 0) dates = timeTerms(timeOf(doc.timestamp));
  dates.push(...relativeDateTerms(doc.text, documentTime(doc)));
  return [analyze(doc.text), analyze([...new Set(speaker)].join(' ')), [...new Set(dates)]];
}

/** When a document was said, epoch ms (local calendar), NaN when unknown. */
export function documentTime(doc: RecallDoc): number {
  const sessionDate = stringAt(doc.metadata, 'session_date');
  const fromSession = sessionDate === undefined ? NaN : sessionTime(sessionDate);
  return Number.isNaN(fromSession) ? timeOf(doc.timestamp) : fromSession;
}

/** "1:56 pm on 8 May, 2023" → its time (local calendar); NaN without a full date. */
export function sessionTime(text: string): number {
  const full = analyze(text).map((t) => FULL_DATE_RE.exec(t)).find((m) => m !== null);
  if (!full) return NaN;
  const clock = CLOCK_RE.exec(text);
  let hours = clock ? Number(clock[1]) % 24 : 0;
  if (clock?.[3] && /p/i.test(clock[3]) && hours < 12) hours += 12;
  if (clock?.[3] && /a/i.test(clock[3]) && hours === 12) hours = 0;
  return new Date(Number(full[1]), Number(full[2]) - 1, Number(full[3]), hours, clock ? Number(clock[2]) : 0).getTime();
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
