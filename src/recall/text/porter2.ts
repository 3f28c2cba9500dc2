/**
 * The Porter2 ("Snowball English") stemmer, written from the published algorithm
 * (snowballstem.org/algorithms/english/stemmer.html). It maps word forms to a shared stem:
 * `painted`, `painting`, `paints` → `paint`; `generously` → `generous`.
 * @module
 */

// A Map: the word is user text, and `constructor` must not find an inherited member.
const EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  ['skis', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ['sky', 'sky'],
  ['news', 'news'],
  ['howe', 'howe'],
  ['atlas', 'atlas'],
  ['cosmos', 'cosmos'],
  ['bias', 'bias'],
  ['andes', 'andes'],
]);
/** Left alone after step 1a. */
const EXCEPTIONS_1A = new Set(['inning', 'outing', 'canning', 'herring', 'earring', 'proceed', 'exceed', 'succeed']);
const R1_PREFIXES = ['gener', 'commun', 'arsen'];
const DOUBLES = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);
const LI_ENDINGS = new Set(['c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't']);

// Longest suffix first within each list, so the first match is the longest.
const STEP2: readonly (readonly [string, string])[] = [
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['tional', 'tion'],
  ['biliti', 'ble'],
  ['lessli', 'less'],
  ['entli', 'ent'],
  ['ation', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['ousli', 'ous'],
  ['iviti', 'ive'],
  ['fulli', 'ful'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['izer', 'ize'],
  ['ator', 'ate'],
  ['alli', 'al'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['li', ''],
];
const STEP3: readonly (readonly [string, string])[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ative', ''],
  ['ical', 'ic'],
  ['ness', ''],
  ['ful', ''],
];
const STEP4 = [
  'ement',
  'ance',
  'ence',
  'able',
  'ible',
  'ment',
  'ant',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
  'al',
  'er',
  'ic',
];

function isVowel(c: string | undefined): boolean {
  return c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u' || c === 'y';
}

/** Start of the region after the first non-vowel that follows a vowel, from `from`. */
function regionAfter(w: string, from: number): number {
  for (let i = from + 1; i < w.length; i++) {
    if (!isVowel(w[i]) && isVowel(w[i - 1])) return i + 1;
  }
  return w.length;
}

/** A short syllable ends the word part `w.slice(0, end)`. */
function endsShortSyllable(w: string, end: number): boolean {
  if (end === 2) return isVowel(w[0]) && !isVowel(w[1]);
  if (end < 3) return false;
  const c = w[end - 1];
  return !isVowel(c) && c !== 'w' && c !== 'x' && c !== 'Y' && isVowel(w[end - 2]) && !isVowel(w[end - 3]);
}

function hasVowel(w: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (isVowel(w[i])) return true;
  return false;
}

/**
 * Stem one lower-case English word with Porter2. Words of one or two letters, and anything
 * that is not plain `a`–`z`, come back unchanged.
 * @example stem('running') // 'run'
 */
export function stem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  const exception = EXCEPTIONS.get(word);
  if (exception !== undefined) return exception;

  let w = markConsonantY(word);

  const prefix = R1_PREFIXES.find((p) => w.startsWith(p));
  const r1 = prefix ? prefix.length : regionAfter(w, 0);
  const r2 = regionAfter(w, r1);

  w = step1a(w);
  if (EXCEPTIONS_1A.has(w)) return w;
  w = step1b(w, r1);
  // Step 1c: y/Y after a non-vowel that is not the first letter becomes i.
  const last = w[w.length - 1];
  if ((last === 'y' || last === 'Y') && w.length > 2 && !isVowel(w[w.length - 2])) w = w.slice(0, -1) + 'i';
  w = replaceIn(w, STEP2, r1, (stemEnd, suffix) =>
    suffix === 'ogi' ? w[stemEnd - 1] === 'l' : suffix === 'li' ? LI_ENDINGS.has(w[stemEnd - 1] ?? '') : true,
  );
  w = replaceIn(w, STEP3, r1, (_end, suffix) => suffix !== 'ative' || w.length - 5 >= r2);
  w = step4(w, r2);
  w = step5(w, r1, r2);
  return w.replace(/Y/g, 'y');
}

/**
 * Consonant y as `Y`: the first letter, or after a vowel. One pass (a word of 200,000 letters
 * is marked in linear time, not rebuilt at each y).
 */
function markConsonantY(word: string): string {
  if (word.indexOf('y') < 0) return word;
  let out = '';
  let from = 0;
  let marked = -1; // the last position made Y, no longer a vowel for the letter after it
  for (let i = 0; i < word.length; i++) {
    if (word[i] !== 'y' || (i > 0 && (marked === i - 1 || !isVowel(word[i - 1])))) continue;
    out += word.slice(from, i) + 'Y';
    from = i + 1;
    marked = i;
  }
  return out + word.slice(from);
}

function step1a(w: string): string {
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ied') || w.endsWith('ies')) return w.length > 4 ? w.slice(0, -2) : w.slice(0, -1);
  if (w.endsWith('us') || w.endsWith('ss')) return w;
  // Drop s when a vowel occurs before the letter preceding it.
  if (w.endsWith('s') && hasVowel(w, w.length - 2)) return w.slice(0, -1);
  return w;
}

function step1b(w: string, r1: number): string {
  for (const suffix of ['eedly', 'eed']) {
    if (w.endsWith(suffix)) return w.length - suffix.length >= r1 ? w.slice(0, -suffix.length) + 'ee' : w;
  }
  for (const suffix of ['ingly', 'edly', 'ing', 'ed']) {
    if (!w.endsWith(suffix)) continue;
    const end = w.length - suffix.length;
    if (!hasVowel(w, end)) return w;
    const base = w.slice(0, end);
    if (base.endsWith('at') || base.endsWith('bl') || base.endsWith('iz')) return base + 'e';
    if (DOUBLES.has(base.slice(-2))) return base.slice(0, -1);
    // A short word (short syllable at the end, R1 empty) gets its e back: hoped → hope.
    if (r1 >= base.length && endsShortSyllable(base, base.length)) return base + 'e';
    return base;
  }
  return w;
}

/** Replace the longest matching suffix when it lies in the region and `ok` agrees. */
function replaceIn(
  w: string,
  table: readonly (readonly [string, string])[],
  region: number,
  ok: (stemEnd: number, suffix: string) => boolean,
): string {
  for (const [suffix, replacement] of table) {
    if (!w.endsWith(suffix)) continue;
    const end = w.length - suffix.length;
    return end >= region && ok(end, suffix) ? w.slice(0, end) + replacement : w;
  }
  return w;
}

function step4(w: string, r2: number): string {
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue;
    const end = w.length - suffix.length;
    if (end < r2) return w;
    if (suffix === 'ion' && w[end - 1] !== 's' && w[end - 1] !== 't') return w;
    return w.slice(0, end);
  }
  return w;
}

function step5(w: string, r1: number, r2: number): string {
  const end = w.length - 1;
  if (w.endsWith('e')) {
    if (end >= r2 || (end >= r1 && !endsShortSyllable(w, end))) return w.slice(0, end);
  } else if (w.endsWith('ll') && end >= r2) {
    return w.slice(0, end);
  }
  return w;
}
