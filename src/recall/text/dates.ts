/**
 * Dates as shared search terms. "May 7, 2023", "7th of May 2023", "2023-05-07" and an entry
 * stamped that day all yield `may`, `2023`, `2023-05`, `2023-05-07` and `05-07`, so a question
 * that names a month or a day finds what was said, or dated, then.
 * @module
 */

/** Month names, January first. */
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
const ABBREVIATIONS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
/** Words after which a capitalised "May" is the month ("in May", "since May"). */
const BEFORE_MONTH = new Set([
  'in',
  'of',
  'since',
  'until',
  'till',
  'by',
  'during',
  'from',
  'before',
  'after',
  'early',
  'late',
  'mid',
  'last',
  'next',
  'this',
  'through',
  'throughout',
]);

/**
 * The month a lower-case word names: 1–12 for a full name, minus the month for abbreviations
 * and "may" (months only beside a number, or "May" after "in", "since"…), 0 for none.
 */
export function monthOf(word: string): number {
  return word.length < 3 || word.length > 9 ? 0 : (MONTH_WORDS.get(word) ?? 0);
}

const MONTH_WORDS = new Map<string, number>([
  ...MONTHS.map((name, i): [string, number] => [name, i + 1]),
  ...Object.entries(ABBREVIATIONS).map(([name, m]): [string, number] => [name, -m]),
  ['may', -5],
]);

/** "May" stands alone as a month when capitalised after a preposition of time. */
export function isMonthContext(previousWord: string | undefined, capitalised: boolean): boolean {
  return capitalised && previousWord !== undefined && BEFORE_MONTH.has(previousWord);
}

/** A plain day number 1–31 (ordinal suffixes are already gone). */
export function dayOf(text: string): number {
  if (text.length > 2 || !/^\d+$/.test(text)) return 0;
  const n = Number(text);
  return n >= 1 && n <= 31 ? n : 0;
}

/** A plausible four-digit year. */
export function yearOf(text: string): number {
  if (text.length !== 4 || !/^\d{4}$/.test(text)) return 0;
  const n = Number(text);
  return n >= 1000 && n <= 2999 ? n : 0;
}

const pad = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * Push the terms of a date, given as far as it is known. `day` and `year` are 0 when unknown.
 * Returns false (pushing nothing) when the month or day is out of range.
 */
export function pushDateTerms(year: number, month: number, day: number, out: string[], withDay = true): boolean {
  const name = MONTHS[month - 1];
  if (name === undefined || day < 0 || day > 31) return false;
  out.push(name);
  if (year > 0) out.push(String(year), `${year}-${pad(month)}`);
  if (day > 0) {
    if (withDay) out.push(String(day));
    out.push(`${pad(month)}-${pad(day)}`);
    if (year > 0) out.push(`${year}-${pad(month)}-${pad(day)}`);
  }
  return true;
}

/**
 * The date terms of a point in time (local calendar), for an entry's date field.
 * The bare day number is left out: alone it would match every 7th of every month.
 */
export function timeTerms(ms: number): string[] {
  if (!Number.isFinite(ms)) return [];
  const date = new Date(ms);
  const key = date.getFullYear() * 10_000 + (date.getMonth() + 1) * 100 + date.getDate();
  // Entries come in time order: most share the previous entry's day.
  if (key !== lastDay) {
    lastDay = key;
    lastTerms = [];
    pushDateTerms(date.getFullYear(), date.getMonth() + 1, date.getDate(), lastTerms, false);
  }
  return lastTerms.slice();
}

let lastDay = -1;
let lastTerms: string[] = [];
