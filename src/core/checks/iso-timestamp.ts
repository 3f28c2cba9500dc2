/**
 * Strict ISO 8601 timestamps: a real calendar instant, never silently moved (`Date.parse`
 * takes `'2024-02-30'` as March 1st and `'0'` as the year 2000).
 * @module
 */
import { ValidationError } from '../../errors.js';

/**
 * `YYYY-MM-DD` (or an expanded `±YYYYYY` year), optionally `THH:mm`, `:ss`, `.fraction`, and
 * `Z` or an offset `±HH:mm` / `±HHmm`. A time without an offset is local time, as in `Date`.
 */
const ISO =
  /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const EXPECTED = 'an ISO 8601 date-time string of a real instant (e.g. 2024-05-01T09:30:00Z) or a valid Date';

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The instant `text` names in milliseconds, or `undefined` when it is not a strict ISO 8601 timestamp. */
export function parseIsoTimestamp(text: string): number | undefined {
  const m = ISO.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, , zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (y === '-000000' || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || (s !== undefined && Number(s) > 59))) return undefined;
  if (zone !== undefined && zone !== 'Z') {
    const digits = zone.replace(':', '');
    if (Number(digits.slice(1, 3)) > 23 || Number(digits.slice(3, 5)) > 59) return undefined;
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * `value` as an ISO string (`toISOString()`): a strict ISO 8601 timestamp string (see
 * {@link parseIsoTimestamp}) or a `Date` of a real instant; anything else is refused with a
 * `ValidationError` naming `field`. Every place a timestamp enters RecallKit (add options,
 * imports, message formats, sync records) checks it with this function.
 * @example
 * ```ts
 * checkIsoTimestamp('2024-05-01T09:30:00+02:00', 'options.timestamp'); // '2024-05-01T07:30:00.000Z'
 * checkIsoTimestamp('2024-02-30', 'options.timestamp'); // throws ValidationError
 * ```
 */
export function checkIsoTimestamp(value: unknown, field: string): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new ValidationError(field, `${EXPECTED}, received an invalid Date`);
    return value.toISOString();
  }
  if (typeof value !== 'string') throw new ValidationError(field, EXPECTED, value);
  const ms = parseIsoTimestamp(value);
  if (ms === undefined) throw new ValidationError(field, EXPECTED, value);
  return new Date(ms).toISOString();
}
