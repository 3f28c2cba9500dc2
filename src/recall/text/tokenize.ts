/**
 * First pass of text analysis: split text into word, number and finished-term tokens.
 * Accents are folded (café → cafe), numbers lose their thousands separators and ordinal
 * suffixes (1,000 → 1000, 7th → 7), ISO dates become date terms, and runs of Chinese,
 * Japanese or Korean characters become character unigrams and bigrams.
 * @module
 */

import { pushDateTerms } from './dates.js';

/** A word, lower case, apostrophes resolved; stop words and stemming come later. */
export const WORD = 0;
/** A number as digits (`1000`, `3.5`, `7`). */
export const NUMBER = 1;
/** A finished term: emitted as is (CJK n-grams, ISO date terms). */
export const TERM = 2;

/**
 * The tokens of {@link tokenize} as parallel arrays (no object per token). The buffer is
 * reused by the next call: read it before tokenizing again.
 */
export interface Tokens {
  length: number;
  text: string[];
  /** {@link WORD}, {@link NUMBER} or {@link TERM}. */
  kind: number[];
  /** 1 when the word started with a capital letter (only tracked for "may"). */
  cap: number[];
}

const buffer: Tokens = { length: 0, text: [], kind: [], cap: [] };

function push(tokens: Tokens, text: string, kind: number, cap = 0): void {
  const i = tokens.length++;
  tokens.text[i] = text;
  tokens.kind[i] = kind;
  tokens.cap[i] = cap;
}

const TOKEN_RE = new RegExp(
  [
    String.raw`(\d{4})[-/.](\d{1,2})(?:[-/.](\d{1,2}))?(?!\d)`, // a date: 2023-05-07, 2023/5
    String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:st|nd|rd|th)?(?![\p{L}\p{N}])`, // a number: 1,000 or 7th
    String.raw`[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{N}\p{M}]+)*`, // a word, with its apostrophes
  ].join('|'),
  'gu',
);
const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]+/gu;
const HAS_CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const NON_ASCII_RE = /[^\p{ASCII}]/u;
/** What follows an apostrophe in a contraction or possessive: dropped ("Caroline's" → caroline). */
const CLITICS = new Set(['s', 't', 're', 've', 'll', 'd', 'm']);

/** Fold compatibility forms and Latin accents: "Ｃａｆé" → "Cafe". CJK text is unchanged. */
export function fold(text: string): string {
  if (!NON_ASCII_RE.test(text)) return text;
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

/** Split `text` into tokens (see the module description), into a reused buffer. */
export function tokenize(text: string): Tokens {
  const tokens = buffer;
  tokens.length = 0;
  const folded = fold(text);
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(folded); m !== null; m = TOKEN_RE.exec(folded)) {
    const [raw, isoYear, isoMonth, isoDay, number] = m;
    if (isoYear !== undefined) {
      const terms: string[] = [];
      if (pushDateTerms(Number(isoYear), Number(isoMonth), isoDay === undefined ? 0 : Number(isoDay), terms)) {
        for (const term of terms) push(tokens, term, TERM);
      } else {
        for (const part of raw.split(/[-/.]/)) push(tokens, part, NUMBER);
      }
    } else if (number !== undefined) {
      push(tokens, number.includes(',') ? number.replace(/,/g, '') : number, NUMBER);
    } else if (NON_ASCII_RE.test(raw) && HAS_CJK_RE.test(raw)) {
      pushMixed(raw, tokens);
    } else {
      pushWord(raw, tokens);
    }
  }
  return tokens;
}

function pushWord(raw: string, tokens: Tokens): void {
  let word = raw.toLowerCase();
  const apostrophe = word.search(/['’]/);
  if (apostrophe >= 0) {
    const rest = word.slice(apostrophe + 1);
    const base = word.slice(0, apostrophe);
    // "won't" is "will not"; otherwise the stub before n't stays ("don", a stop word).
    word = !CLITICS.has(rest) ? word.replace(/['’]/g, '') : base === 'won' && rest === 't' ? 'will' : base;
  }
  if (word === '') return;
  push(tokens, word, WORD, word === 'may' && raw[0] === 'M' ? 1 : 0);
}

/** A token holding CJK characters: CJK runs become n-grams, anything between them words. */
function pushMixed(raw: string, tokens: Tokens): void {
  let last = 0;
  CJK_RE.lastIndex = 0;
  for (let m = CJK_RE.exec(raw); m !== null; m = CJK_RE.exec(raw)) {
    if (m.index > last) pushWord(raw.slice(last, m.index), tokens);
    pushGrams(m[0], tokens);
    last = m.index + m[0].length;
  }
  if (last < raw.length) pushWord(raw.slice(last), tokens);
}

/** Character unigrams and bigrams: CJK text has no spaces between words. */
function pushGrams(run: string, tokens: Tokens): void {
  const chars = Array.from(run.toLowerCase());
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    push(tokens, c, TERM);
    const next = chars[i + 1];
    if (next !== undefined) push(tokens, c + next, TERM);
  }
}
