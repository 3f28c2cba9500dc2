/**
 * Extraction of checkable facts from text, without a model: proper names, numbers and the key
 * phrases of decisions. Used by `findMissingFacts` and the heuristic summarizer's key terms.
 * @module
 */

/** Capitalized words that start sentences or fill them, never names on their own. */
const COMMON = new Set(
  (
    "i i'm i'll i've i'd a an the this that these those it it's its we you he she they " +
    'my our your his her their me us ' +
    'hi hello hey thanks thank please yes no ok okay sure so and but or if when what why ' +
    'how where who which also then ' +
    "now here there let let's great good well just do does did can could would should will " +
    'is are was were be have has ' +
    'had not for in on at to of with by from as after before maybe note first last next ' +
    'sorry done step user assistant ' +
    'tool context earlier previous summary important todo fyi btw see use try all some any every each one ' +
    // Months: part of a date, which the number check covers.
    'january february march april may june july august september october november december'
  ).split(' '),
);

const CAP_RUN = /\p{Lu}[\p{L}\p{N}’'&-]*(?:[^\S\n]+\p{Lu}[\p{L}\p{N}’'&-]*)*/gu;

function isSentenceStart(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 200), index);
  if (/\n[^\S\n]*(?:[-*•>#]+[^\S\n]*)?$/u.test(before)) return true;
  const last = before.trimEnd().at(-1);
  return last === undefined || /[.!?:;"“([*#>•-]/u.test(last);
}

function cleanWord(word: string): string {
  return word.replace(/(?:['’]s)?['’&-]*$/u, '');
}

function dedupe(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Proper names: runs of capitalized words (`Maria Gonzalez`, `Acme Corp`, `PostgreSQL`, `JWT`),
 * minus common words; a single word at a sentence start is not taken (it may just be capitalized
 * there). A single word that is part of a longer name found is dropped. First-seen order.
 */
export function extractNames(text: string): string[] {
  return namesOf(nameCandidates(text));
}

/** Every capitalized run of `text` kept as a name candidate, in order, repeats included. */
export function nameCandidates(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CAP_RUN)) {
    let words = match[0].split(/\s+/u).map(cleanWord);
    const atStart = isSentenceStart(text, match.index);
    while (words.length > 0 && COMMON.has((words[0] ?? '').toLowerCase())) words = words.slice(1);
    while (words.length > 0 && COMMON.has((words.at(-1) ?? '').toLowerCase())) words = words.slice(0, -1);
    if (words.length === 0 || words.some((w) => w.length === 0)) continue;
    const stripped = words.length !== match[0].split(/\s+/u).length;
    if (words.length === 1 && atStart && !stripped) continue;
    if (words.length === 1 && (words[0] ?? '').length < 2) continue;
    found.push(words.join(' '));
  }
  return found;
}

/**
 * The names of {@link nameCandidates} (of one text, or of consecutive parts of one):
 * first-seen order, a single word that is part of a longer name dropped.
 */
export function namesOf(found: string[]): string[] {
  const names = dedupe(found);
  const multi = names.filter((n) => n.includes(' ')).map((n) => ` ${n.toLowerCase()} `);
  return names.filter((n) => n.includes(' ') || !multi.some((m) => m.includes(` ${n.toLowerCase()} `)));
}

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
const NUMBER = new RegExp(
  [
    '\\d{4}-\\d{2}-\\d{2}(?:[T ]\\d{2}:\\d{2}(?::\\d{2})?)?', // ISO date (and time)
    '\\d{1,2}/\\d{1,2}/\\d{2,4}', // 03/01/2024
    `${MONTH}\\s\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s\\d{4})?`, // March 3, 2024
    `\\d{1,2}(?:st|nd|rd|th)?\\s${MONTH}(?:\\s\\d{4})?`, // 3 March 2024
    'v?\\d+\\.\\d+\\.\\d+(?:[-+][\\w.]+)?|v\\d+(?:\\.\\d+)?', // versions
    '\\d{1,2}:\\d{2}(?:\\s?[ap]\\.?m\\.?)?', // times
    '[$€£¥]\\s?\\d[\\d,]*(?:\\.\\d+)?(?:\\s?(?:k|m|bn|thousand|million|billion)\\b)?', // money
    // plain, %, units
    '\\d[\\d,]*(?:\\.\\d+)?(?:\\s?(?:%|percent\\b)|\\s(?:usd|eur|gbp|dollars|euros|pounds)\\b|[a-z]{1,3}\\b)?',
  ].join('|'),
  'giu',
);

/**
 * Numbers as written, first-seen order: amounts, percentages, dates, times, versions, plain
 * numbers (lone single digits, likely list markers, are left out).
 */
export function extractNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const value = match[0].replace(/[,.]$/u, '').trim();
    const before = text[match.index - 1] ?? ' ';
    // Inside an identifier (o200k, gpt4, abc123): not a number a summary must keep.
    if (/[\p{L}\p{N}_]/u.test(before) && !/^[$€£¥]/u.test(value)) continue;
    if (/^\d$/u.test(value)) continue;
    found.push(value);
  }
  return dedupe(found);
}

/**
 * The comparable core of a number: dates, times and versions as written (lowercase, no
 * spaces); other numbers as their digits (`$1,000` → `1000`, `15 %` → `15`, `100ms` → `100`).
 */
export function numberCore(value: string): string {
  const lower = value.toLowerCase().replace(/\s+/g, '');
  if (
    /[-/:]|\d\.\d+\.\d|^v\d|[a-z]{3}/u.test(lower) &&
    !/^[$€£¥]|(usd|eur|gbp|dollars|euros|pounds|percent|thousand|million|billion)$/u.test(lower)
  ) {
    return lower;
  }
  return lower.replace(/[^\d.]/gu, '').replace(/\.0+$/u, '');
}

const CUE = new RegExp(
  String.raw`\b(?:decided|decide|agreed|chose|chosen|settled on|opted(?: for| to)?|going to|plan to|` +
    String.raw`approved|selected|picked|go with|let'?s|let us|` +
    String.raw`(?:we|i|you|they|he|she|team|\p{Lu}\w+)\s+will|(?:we|i|you|they)['’]ll)\b`,
  'iu',
);
const SKIP = new Set(
  (
    'to on for with that we i you they the a an our use using go going be should will just then it ' +
    'switch move adopt keep stick try make now also both all instead definitely probably do have start'
  ).split(' '),
);
const STOP = new Set(
  (
    'because since so but for to in on at by from after before and or with instead unless until ' +
    'if when as which that than'
  ).split(' '),
);

/**
 * The key phrase of each decision sentence ("We decided to use PostgreSQL for storage" →
 * `PostgreSQL`; "Let's go with the blue theme" → `blue theme`). Questions are skipped.
 */
export function extractDecisions(text: string): string[] {
  const found: string[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/u)) {
    if (sentence.trim().endsWith('?')) continue;
    const cue = CUE.exec(sentence);
    if (!cue) continue;
    const tokens = sentence
      .slice(cue.index + cue[0].length)
      .split(/\s+/u)
      .filter(Boolean);
    let i = 0;
    while (i < tokens.length && SKIP.has((tokens[i] ?? '').toLowerCase())) i++;
    const phrase: string[] = [];
    for (; i < tokens.length && phrase.length < 5; i++) {
      const raw = tokens[i] ?? '';
      if (STOP.has(raw.toLowerCase())) break;
      const word = raw.replace(/[,;:!?.)"”]+$/u, '');
      if (word) phrase.push(word);
      if (word !== raw) break; // punctuation ends the phrase
    }
    while (phrase.length > 0 && /^(?:the|a|an)$/iu.test(phrase.at(-1) ?? '')) phrase.pop();
    const text = phrase.join(' ');
    if (/[\p{L}\p{N}]{2}/u.test(text)) found.push(text);
  }
  return dedupe(found);
}
