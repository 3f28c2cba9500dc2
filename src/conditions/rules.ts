/**
 * What a condition may name: the words of the language, the words refused, and the property
 * names that are never read.
 * @module
 */

/** Words with a meaning in the language. */
export const KEYWORDS: ReadonlySet<string> = new Set(['and', 'or', 'not', 'in', 'is']);

/** Literal words: Python's and JSON's spellings. */
export const CONSTANTS: ReadonlyMap<string, boolean | null> = new Map<string, boolean | null>([
  ['True', true],
  ['False', false],
  ['None', null],
  ['true', true],
  ['false', false],
  ['null', null],
]);

/** Python keywords outside the language: refused wherever they appear. */
export const REFUSED_KEYWORDS: ReadonlySet<string> = new Set([
  'lambda',
  'if',
  'else',
  'elif',
  'for',
  'while',
  'import',
  'from',
  'as',
  'def',
  'class',
  'return',
  'yield',
  'await',
  'async',
  'with',
  'global',
  'nonlocal',
  'del',
  'pass',
  'raise',
  'try',
  'except',
  'finally',
  'assert',
  'break',
  'continue',
]);

const BLOCKED_KEYS: ReadonlySet<string> = new Set(['constructor', 'prototype', '__proto__']);

/**
 * True for property and variable names that are never read: names starting with `_` and
 * `constructor`, `prototype`, `__proto__`. Written literally they are refused at compile time;
 * computed at evaluation time they read as None.
 */
export function isBlockedKey(key: string): boolean {
  return key.startsWith('_') || BLOCKED_KEYS.has(key);
}

/** Why a refused keyword is refused, for the message. */
export function refusedKeywordProblem(word: string): string {
  if (word === 'if' || word === 'else') return "conditional expressions ('x if y else z') are not supported";
  if (word === 'for') return 'comprehensions are not supported';
  return `'${word}' is not supported`;
}
