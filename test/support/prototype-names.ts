/**
 * Every name an object inherits (issue #31): what a map keyed by user text must treat as data.
 * Generated from the running engine, so a member a newer engine adds is tested too.
 */
import fc from 'fast-check';
import { analyzeQuery } from '../../src/recall/recall-index.js';

const EXTRA = [
  '__proto__',
  'prototype',
  'constructor',
  'hasOwnProperty',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'valueOf',
  'toString',
  'toLocaleString',
  'isPrototypeOf',
  'propertyIsEnumerable',
  // Read by JSON, promises and functions: a key of these names must stay data too.
  'toJSON',
  'then',
];

/**
 * `Object.getOwnPropertyNames(Object.prototype)` and `Function.prototype`'s names, plus
 * `__proto__`, `prototype`, `toJSON` and `then`: each once.
 */
export const PROTOTYPE_NAMES: readonly string[] = [
  ...new Set([
    ...Object.getOwnPropertyNames(Object.prototype),
    ...Object.getOwnPropertyNames(Function.prototype),
    ...EXTRA,
  ]),
];

/** The names recall can find by themselves (`then` is a stop word: no query term). */
export const SEARCHABLE_NAMES: readonly string[] = PROTOTYPE_NAMES.filter((w) => analyzeQuery(w).length > 0);

/** `{ [key]: value }` with `key` an own data property, even `__proto__` (as `JSON.parse` makes it). */
export function own(key: string, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** An object with every name as an own key, each valued `value(name)`. */
export function ownAll(value: (name: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of PROTOTYPE_NAMES)
    Object.defineProperty(out, name, { value: value(name), enumerable: true, writable: true, configurable: true });
  return out;
}

/** A text mixing prototype names with ordinary words, for property tests. */
export const prototypeText: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom('builder', 'word', 'Caroline', 'yesterday')), {
    minLength: 1,
    maxLength: 8,
  })
  .map((words) => words.join(' '));
