/**
 * Text analysis for recall: the terms a message is indexed under and a question is searched
 * with. Chat-aware: Unicode lower-casing and accent folding, possessives and contractions
 * resolved, English stop words dropped, Porter2 stems, numbers kept, dates normalized
 * ({@link pushDateTerms}), CJK as character n-grams.
 * @module
 */

import { dayOf, isMonthContext, monthOf, pushDateTerms, yearOf } from './dates.js';
import { baseForm } from './irregular.js';
import { stem } from './porter2.js';
import { HOW_WORDS, QUERY_STOP_WORDS, STOP_WORDS } from './stop-words.js';
import { NUMBER, TERM, WORD, tokenize } from './tokenize.js';
import type { Tokens } from './tokenize.js';

/** Bumped whenever analysis changes: a persisted index made by another version is rebuilt. */
export const ANALYZER_VERSION = 4;

/**
 * A stem is cut to its first letters: words of one family whose stems differ ("counseling" and
 * "counselor", "creative" and "create") match, where Porter2 keeps them apart. Chosen on
 * LoCoMo by leave-one-conversation-out (4, 5, 6 and no cut; every fold chose 5).
 */
export const STEM_PREFIX = 5;

const STEM_CACHE_LIMIT = 50_000;
const stemCache = new Map<string, string>();

function cachedStem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    s = stem(word).slice(0, STEM_PREFIX);
    stemCache.set(word, s);
  }
  return s;
}

/**
 * The search terms of a text, in order, repeated as often as they occur.
 * With `query` set, the framing words of a question go too ("what kind of", "how long").
 * @example
 * analyze("Caroline's painting, 7 May 2023");
 * // ['carol', 'paint', 'may', '7', '05-07', '2023', '2023-05', '2023-05-07']
 */
export function analyze(text: string, query = false): string[] {
  const tokens = tokenize(text);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const kind = tokens.kind[i] as number;
    const word = tokens.text[i] as string;
    if (kind === TERM) {
      out.push(word);
      continue;
    }
    const next = readDate(tokens, i, out);
    if (next > i) {
      i = next - 1;
      continue;
    }
    if (kind === NUMBER) {
      out.push(word);
      continue;
    }
    if (STOP_WORDS.has(word) || word === 'may') continue;
    if (query && (QUERY_STOP_WORDS.has(word) || (HOW_WORDS.has(word) && tokens.text[i - 1] === 'how'))) continue;
    out.push(cachedStem(baseForm(word)));
  }
  return out;
}

/**
 * Read a date starting at token `i` ("7th of May, 2023", "May 7 2023", "May 2023", "June"),
 * push its terms and return the index after it; return `i` when no date starts there.
 */
function readDate(tokens: Tokens, i: number, out: string[]): number {
  const { text, kind } = tokens;
  if (kind[i] === NUMBER) {
    const day = dayOf(text[i] as string);
    if (day === 0) return i;
    let j = i + 1;
    if (j < tokens.length && text[j] === 'of') j++;
    const month = j < tokens.length && kind[j] === WORD ? Math.abs(monthOf(text[j] as string)) : 0;
    if (month === 0) return i;
    j++;
    const year = yearAt(tokens, j);
    pushDateTerms(year, month, day, out);
    return year > 0 ? j + 1 : j;
  }
  if (kind[i] !== WORD) return i;
  const signed = monthOf(text[i] as string);
  if (signed === 0) return i;
  const month = Math.abs(signed);
  const year = yearAt(tokens, i + 1);
  if (year > 0) {
    pushDateTerms(year, month, 0, out);
    return i + 2;
  }
  const day = i + 1 < tokens.length && kind[i + 1] === NUMBER ? dayOf(text[i + 1] as string) : 0;
  if (day > 0) {
    const dayYear = yearAt(tokens, i + 2);
    pushDateTerms(dayYear, month, day, out);
    return dayYear > 0 ? i + 3 : i + 2;
  }
  const previous = i > 0 ? text[i - 1] : undefined;
  if (signed > 0 || (text[i] === 'may' && isMonthContext(previous, tokens.cap[i] === 1))) {
    pushDateTerms(0, month, 0, out);
    return i + 1;
  }
  return i;
}

function yearAt(tokens: Tokens, j: number): number {
  return j < tokens.length && tokens.kind[j] === NUMBER ? yearOf(tokens.text[j] as string) : 0;
}
