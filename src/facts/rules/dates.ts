/**
 * Relative and absolute dates in a clause, resolved against the turn's time: "last month",
 * "two weeks ago", "in May", "since 2019", "on March 3rd", "next summer", "last Friday". A month
 * or weekday without a year is read backwards for a past statement ("we moved in May": the last
 * May) and forwards for a plan ("we fly in May": the next one). Times are UTC, the start of the
 * day, month or year named.
 * @module
 */

/** A date found in a clause. */
export interface DateMention {
  /** The start of the named day, month or year (ISO 8601, UTC). */
  iso: string;
  /** How precise the mention is. */
  precision: 'day' | 'month' | 'year';
  /** Where the words are in the clause. */
  start: number;
  end: number;
}

/** Which way an unanchored month or weekday is read. */
export type DateDirection = 'past' | 'future';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t` +
  String.raw`(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const WEEKDAY = String.raw`(?:sun|mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?)day`;
const SEASONS: Record<string, number> = { spring: 2, summer: 5, fall: 8, autumn: 8, winter: 11 };
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  few: 3,
  'a few': 3,
  couple: 2,
  'a couple': 2,
  'a couple of': 2,
  'couple of': 2,
  several: 3,
};
const COUNT =
  String.raw`(?:\d{1,3}|a couple of|couple of|a couple|a few|few|several|an?|one|two|three|four|five` +
  String.raw`|six|seven|eight|nine|ten|eleven|twelve)`;
const UNIT = String.raw`(?:day|week|month|year)s?`;
const LEAD =
  String.raw`(?:in|since|from|as of|starting|until|till|by|on|for|early|late|mid|end of|the end of|beginning of` +
  String.raw`|the beginning of|start of|the start of|back in|around|during|last|next|this|this past` +
  String.raw`|this coming)`;

/** The patterns, each with how it resolves. */
const PATTERNS: [RegExp, (m: RegExpExecArray, now: Date, dir: DateDirection) => Resolved | undefined][] = [
  [/\b(?:the )?day before yesterday\b/iu, (_m, now) => day(now, -2)],
  [/\byesterday\b/iu, (_m, now) => day(now, -1)],
  [/\b(?:today|tonight|this (?:morning|afternoon|evening))\b/iu, (_m, now) => day(now, 0)],
  [/\b(?:tomorrow|tmrw|tmr)\b/iu, (_m, now) => day(now, 1)],
  [new RegExp(String.raw`\b(${COUNT}) (${UNIT}) ago\b`, 'iu'), (m, now) => shift(now, -count(m[1]!), m[2]!)],
  [new RegExp(String.raw`\bin (${COUNT}) (${UNIT})(?: time)?\b`, 'iu'), (m, now) => shift(now, count(m[1]!), m[2]!)],
  [
    /\b(last|past|this|next|coming|this past|this coming) (week|weekend|month|year)\b/iu,
    (m, now) => relative(now, m[1]!, m[2]!),
  ],
  [
    /\b(last|this|next|this past|this coming) (spring|summer|fall|autumn|winter)\b/iu,
    (m, now) => season(now, m[1]!, m[2]!),
  ],
  // "for the autumn", "in the summer": the season ahead or behind, as the clause reads.
  [
    /\b(?:in|for|over|during|by) the (spring|summer|fall|autumn|winter)\b/iu,
    (m, now, dir) => season(now, dir === 'future' ? 'this coming' : 'this past', m[1]!),
  ],
  [
    new RegExp(String.raw`\b(last|this|next|on|this past|this coming) (${WEEKDAY})\b`, 'iu'),
    (m, now, dir) => weekday(now, m[1]!, m[2]!, dir),
  ],
  [/\b((?:19|20)\d\d)-(\d\d)-(\d\d)\b/u, (m) => utc(+m[1]!, +m[2]! - 1, +m[3]!, 'day')],
  [
    new RegExp(
      String.raw`\b(?:${LEAD} )?(?:the )?(\d{1,2})(?:st|nd|rd|th)? (?:of )?(${MONTH})\b\.?(?:,? ((?:19|20)\d\d))?`,
      'iu',
    ),
    (m, now, dir) => monthDay(now, m[2]!, +m[1]!, m[3], dir),
  ],
  [
    new RegExp(
      String.raw`\b(?:(${LEAD}) (?:the )?)?(${MONTH})\b\.?(?: (\d{1,2})(?:st|nd|rd|th)?\b)?(?:,? ((?:19|20)\d\d))?`,
      'iu',
    ),
    (m, now, dir) => {
      // A bare month word needs a lead, a day or a year ("may" and "march" are also verbs).
      if (!m[1] && !m[3] && !m[4]) return undefined;
      if (m[1] && /^(?:last|next|this)/iu.test(m[1]))
        dir = /^next/iu.test(m[1]) ? 'future' : /^last/iu.test(m[1]) ? 'past' : dir;
      return monthDay(now, m[2]!, m[3] ? +m[3] : undefined, m[4], dir);
    },
  ],
  [new RegExp(String.raw`\b(?:${LEAD} |the )((?:19|20)\d\d)\b`, 'iu'), (m) => utc(+m[1]!, 0, 1, 'year')],
  // Holidays on a fixed date: "for Christmas", "over New Year's", "on Halloween".
  [
    /\b(christmas(?: eve| day)?|xmas|new year'?s(?: eve| day)?|new year\b|halloween|valentine'?s(?: day)?)/iu,
    (m, now, dir) => {
      const [month, date] = HOLIDAYS.find(([re]) => re.test(m[1]!))!.slice(1) as [string, number];
      return monthDay(now, month, date, undefined, dir);
    },
  ],
  // "on the 20th", "from the 3rd": a day of the month named alone, the next or the last one.
  [/\b(?:on|from|by|until|till|since) the (\d{1,2})(?:st|nd|rd|th)\b/iu, (m, now, dir) => dayOfMonth(now, +m[1]!, dir)],
];

/** Holidays on a fixed date: the month and the day each falls on. */
const HOLIDAYS: [RegExp, string, number][] = [
  [/^christmas eve$/iu, 'dec', 24],
  [/^(?:christmas|xmas)/iu, 'dec', 25],
  [/^new year'?s eve$/iu, 'dec', 31],
  [/^new year/iu, 'jan', 1],
  [/^halloween$/iu, 'oct', 31],
  [/^valentine/iu, 'feb', 14],
];

function dayOfMonth(now: Date, date: number, dir: DateDirection): Resolved | undefined {
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth();
  const ahead = date >= now.getUTCDate() ? mo : mo + 1;
  const back = date <= now.getUTCDate() ? mo : mo - 1;
  const d = new Date(Date.UTC(y, dir === 'future' ? ahead : back, date));
  return d.getUTCDate() === date ? { date: d, precision: 'day' } : undefined;
}

/** A cheap test before the patterns: most clauses name no date. */
const MAY_HAVE_DATE = new RegExp(
  String.raw`\d|yesterday|today|tonight|tomorrow|tmr|ago\b|last|next|this|since|week|month|year|jan` +
    String.raw`|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|spring|summer|fall|autumn|winter|day\b` +
    String.raw`|christmas|xmas|new year|halloween|valentine`,
  'iu',
);

interface Resolved {
  date: Date;
  precision: DateMention['precision'];
}

function utc(year: number, month: number, date: number, precision: Resolved['precision']): Resolved | undefined {
  if (month < 0 || month > 11 || date < 1 || date > 31) return undefined;
  const d = new Date(Date.UTC(year, month, date));
  return d.getUTCMonth() === month ? { date: d, precision } : undefined;
}

function day(now: Date, offset: number): Resolved {
  return {
    date: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)),
    precision: 'day',
  };
}

function count(word: string): number {
  const w = word.toLowerCase();
  return /^\d+$/u.test(w) ? Number(w) : (NUMBER_WORDS[w] ?? 1);
}

function shift(now: Date, n: number, unit: string): Resolved {
  const u = unit.toLowerCase().replace(/s$/u, '');
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth();
  const d = now.getUTCDate();
  if (u === 'day') return { date: new Date(Date.UTC(y, mo, d + n)), precision: 'day' };
  if (u === 'week') return { date: new Date(Date.UTC(y, mo, d + 7 * n)), precision: 'day' };
  if (u === 'month') return { date: new Date(Date.UTC(y, mo + n, 1)), precision: 'month' };
  return { date: new Date(Date.UTC(y + n, 0, 1)), precision: 'year' };
}

function relative(now: Date, which: string, unit: string): Resolved {
  const n = /^(?:last|past|this past)$/iu.test(which) ? -1 : /^(?:next|coming|this coming)$/iu.test(which) ? 1 : 0;
  const u = unit.toLowerCase();
  if (u === 'weekend') {
    const toSaturday = (6 - now.getUTCDay() + 7) % 7;
    const offset = n < 0 ? toSaturday - 7 : n > 0 ? toSaturday + (toSaturday === 0 ? 7 : 0) : toSaturday;
    return {
      date: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)),
      precision: 'day',
    };
  }
  return shift(now, n, u);
}

function season(now: Date, which: string, name: string): Resolved {
  const start = SEASONS[name.toLowerCase()]!;
  const year = now.getUTCFullYear();
  const thisOne = new Date(Date.UTC(year, start, 1));
  const w = which.toLowerCase();
  if (w === 'last' || w === 'this past') {
    const y = thisOne.getTime() + 90 * 86_400_000 <= now.getTime() ? year : year - 1;
    return { date: new Date(Date.UTC(y, start, 1)), precision: 'month' };
  }
  if (w === 'next' || w === 'this coming') {
    const y = thisOne.getTime() > now.getTime() ? year : year + 1;
    return { date: new Date(Date.UTC(y, start, 1)), precision: 'month' };
  }
  return { date: thisOne, precision: 'month' };
}

function weekday(now: Date, which: string, name: string, dir: DateDirection): Resolved {
  const target = WEEKDAYS.indexOf(name.slice(0, 3).toLowerCase());
  const today = now.getUTCDay();
  const w = which.toLowerCase();
  const back = (today - target + 7) % 7 || 7;
  const ahead = (target - today + 7) % 7 || 7;
  const past = w === 'last' || w === 'this past' || (w === 'on' && dir === 'past');
  const offset = past ? -back : w === 'next' && ahead < 7 ? ahead + 7 : ahead;
  return day(now, offset);
}

function monthDay(
  now: Date,
  monthWord: string,
  date: number | undefined,
  yearWord: string | undefined,
  dir: DateDirection,
): Resolved | undefined {
  const month = MONTHS.indexOf(monthWord.slice(0, 3).toLowerCase());
  if (month < 0) return undefined;
  let year = yearWord ? Number(yearWord) : now.getUTCFullYear();
  if (!yearWord) {
    const current = now.getUTCMonth();
    if (dir === 'past' && month > current) year--;
    if (dir === 'future' && month < current) year++;
  }
  return utc(year, month, date ?? 1, date ? 'day' : 'month');
}

/**
 * The first date `text` names, resolved against `now` (ms since the epoch), or undefined when it
 * names none (or `now` is not a time).
 * @example
 * findDate('we moved to Berlin last month', Date.parse('2024-09-10T12:00:00Z'), 'past')?.iso;
 * // '2024-08-01T00:00:00.000Z'
 */
export function findDate(text: string, now: number, dir: DateDirection): DateMention | undefined {
  if (!Number.isFinite(now) || !MAY_HAVE_DATE.test(text)) return undefined;
  const at = new Date(now);
  let best: DateMention | undefined;
  for (const [re, resolve] of PATTERNS) {
    const m = re.exec(text);
    if (!m || (best && m.index >= best.start)) continue;
    const r = resolve(m, at, dir);
    if (!r || Number.isNaN(r.date.getTime())) continue;
    best = { iso: r.date.toISOString(), precision: r.precision, start: m.index, end: m.index + m[0].length };
  }
  return best;
}

/** The date as the user should read it later: `2024-05-03`, `2024-05` or `2024`. */
export function dateLabel(mention: Pick<DateMention, 'iso' | 'precision'>): string {
  return mention.iso.slice(0, mention.precision === 'day' ? 10 : mention.precision === 'month' ? 7 : 4);
}
