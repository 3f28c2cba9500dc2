/**
 * Relative time expressions resolved against when an entry was said: "yesterday" in a message
 * of 8 May 2023 is 7 May 2023, "last month" is April 2023. The resolved dates join the entry's
 * date field, so "What did she do on 7 May?" finds "I went hiking yesterday".
 * @module
 */

import { pushDateTerms } from './dates.js';

const DAY = 86_400_000;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const NUMBERS: ReadonlyMap<string, number> = new Map([
  ['a', 1],
  ['an', 1],
  ['one', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['few', 3],
  ['couple', 2],
]);
const RELATIVE_RE = new RegExp(
  [
    '\\b(yesterday|last night|tomorrow)\\b',
    '\\b(last|next) (week|month|year|' + WEEKDAYS.join('|') + ')\\b',
    '\\b(\\d+|a|an|one|two|three|four|five|six|few|couple)(?: of)? (day|week|month|year)s? ago\\b',
  ].join('|'),
  'g',
);

/** Date terms of the relative expressions in `text`, as seen from `ms` (local calendar). */
export function relativeDateTerms(text: string, ms: number): string[] {
  const out: string[] = [];
  // Most texts name none of these words: tested before a lower-case copy is made. (No other
  // character lower-cases to an ASCII letter of them, so the test is that of the lower-case text.)
  if (!Number.isFinite(ms) || !/yesterday|night|tomorrow|last|next|ago/i.test(text)) return out;
  const lower = text.toLowerCase();
  RELATIVE_RE.lastIndex = 0;
  for (let m = RELATIVE_RE.exec(lower); m !== null; m = RELATIVE_RE.exec(lower)) {
    const [, day, direction, unit, count, agoUnit] = m;
    if (day !== undefined) pushDay(ms + (day === 'tomorrow' ? DAY : -DAY), out);
    else if (direction !== undefined && unit !== undefined) pushShift(ms, direction === 'last' ? -1 : 1, unit, out);
    else if (count !== undefined && agoUnit !== undefined)
      pushShift(ms, -(NUMBERS.get(count) ?? Number(count)), agoUnit, out);
  }
  return out;
}

function pushDay(ms: number, out: string[]): void {
  const d = new Date(ms);
  pushDateTerms(d.getFullYear(), d.getMonth() + 1, d.getDate(), out, false);
}

/** `n` units from `ms`; weeks and longer are only as precise as their month (or year). */
function pushShift(ms: number, n: number, unit: string, out: string[]): void {
  const d = new Date(ms);
  const weekday = WEEKDAYS.indexOf(unit);
  if (weekday >= 0) {
    // "last Friday": the Friday before this day (a week back when today is Friday); "next" likewise ahead.
    const back = (d.getDay() - weekday + 7) % 7 || 7;
    pushDay(ms + (n < 0 ? -back : 7 - back || 7) * DAY, out);
  } else if (unit === 'day') {
    pushDay(ms + n * DAY, out);
  } else if (unit === 'week') {
    const w = new Date(ms + n * 7 * DAY);
    pushDateTerms(w.getFullYear(), w.getMonth() + 1, 0, out);
  } else if (unit === 'month') {
    const m = new Date(d.getFullYear(), d.getMonth() + n, 1);
    pushDateTerms(m.getFullYear(), m.getMonth() + 1, 0, out);
  } else if (unit === 'year') {
    out.push(String(d.getFullYear() + n));
  }
}
