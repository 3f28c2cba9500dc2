/**
 * The functions and methods a condition may call. Nothing else is callable: the parser refuses
 * any other call. A call on a value of the wrong type, or a conversion Python would reject,
 * evaluates to None instead of throwing.
 * @module
 */
import { pyStr } from './format.js';
import { contains, isPlainObject, ownData, toNumber, truthy, type Budget } from './values.js';
import { isBlockedKey } from './rules.js';

/** A callable's arity and implementation. */
interface Builtin<F> {
  readonly min: number;
  readonly max: number;
  readonly call: F;
}

type FunctionImpl = (args: readonly unknown[], budget: Budget) => unknown;
type MethodImpl = (receiver: unknown, args: readonly unknown[], budget: Budget) => unknown;

const INT = /^[+-]?\d(?:_?\d)*$/;
const FLOAT = /^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;
const SPECIAL_FLOAT = /^([+-]?)(inf|infinity|nan)$/i;
/** Python refuses to convert longer digit strings (its default `int` digit limit). */
const MAX_NUMBER_TEXT = 4_300;

const one = (call: (x: unknown, budget: Budget) => unknown): Builtin<FunctionImpl> => ({
  min: 1,
  max: 1,
  call: (args, budget) => call(args[0], budget),
});

function toInt(x: unknown): number | null {
  const n = toNumber(x);
  if (n !== undefined) return Number.isFinite(n) ? Math.trunc(n) || 0 : null;
  if (typeof x !== 'string' || x.length > MAX_NUMBER_TEXT) return null;
  const text = x.trim();
  return INT.test(text) ? Number(text.replaceAll('_', '')) : null;
}

function toFloat(x: unknown): number | null {
  const n = toNumber(x);
  if (n !== undefined) return n;
  if (typeof x !== 'string' || x.length > MAX_NUMBER_TEXT) return null;
  const text = x.trim();
  const special = SPECIAL_FLOAT.exec(text);
  if (special) {
    if ((special[2] as string).toLowerCase() === 'nan') return NaN;
    return special[1] === '-' ? -Infinity : Infinity;
  }
  return FLOAT.test(text) ? Number(text.replaceAll('_', '')) : null;
}

/** `len()` of a string (UTF-16 code units), array, or plain object (own keys). */
function length(x: unknown): number | null {
  if (typeof x === 'string' || Array.isArray(x)) return x.length;
  return isPlainObject(x) ? Object.keys(x).length : null;
}

/** Whitelisted functions: `len str int float bool abs lower upper`. */
export const FUNCTIONS: Readonly<Record<string, Builtin<FunctionImpl>>> = {
  len: one(length),
  str: one((x, budget) => pyStr(x, budget)),
  int: one(toInt),
  float: one(toFloat),
  bool: one((x) => truthy(x)),
  abs: one((x) => {
    const n = toNumber(x);
    return n === undefined ? null : Math.abs(n);
  }),
  lower: one((x) => (typeof x === 'string' ? x.toLowerCase() : null)),
  upper: one((x) => (typeof x === 'string' ? x.toUpperCase() : null)),
};

/** Python's `strip` family: whitespace, or any of `chars` when given. */
function strip(text: string, chars: unknown, left: boolean, right: boolean): string | null {
  if (chars === undefined || chars === null) {
    return left && right ? text.trim() : left ? text.trimStart() : text.trimEnd();
  }
  if (typeof chars !== 'string') return null;
  const set = new Set(chars.split(''));
  let start = 0;
  let end = text.length;
  while (left && start < end && set.has(text[start] as string)) start++;
  while (right && end > start && set.has(text[end - 1] as string)) end--;
  return text.slice(start, end);
}

/** `startswith` / `endswith`: a string, or a list/tuple of strings any of which may match. */
function affix(text: unknown, arg: unknown, test: (text: string, affix: string) => boolean): boolean | null {
  if (typeof text !== 'string') return null;
  if (typeof arg === 'string') return test(text, arg);
  if (!Array.isArray(arg)) return null;
  for (let i = 0; i < arg.length; i++) {
    const item = ownData(arg, String(i));
    if (typeof item !== 'string') return null;
    if (test(text, item)) return true;
  }
  return false;
}

type StringMethod = (text: string, args: readonly unknown[]) => unknown;
const stringMethod = (min: number, max: number, call: StringMethod): Builtin<MethodImpl> => ({
  min,
  max,
  call: (receiver, args) => (typeof receiver === 'string' ? call(receiver, args) : null),
});

/**
 * Whitelisted methods. On strings: `lower() upper() strip([chars]) lstrip([chars])
 * rstrip([chars]) startswith(prefix) endswith(suffix) contains(sub)`; on plain objects:
 * `get(key[, default])`.
 */
export const METHODS: Readonly<Record<string, Builtin<MethodImpl>>> = {
  lower: stringMethod(0, 0, (s) => s.toLowerCase()),
  upper: stringMethod(0, 0, (s) => s.toUpperCase()),
  strip: stringMethod(0, 1, (s, [chars]) => strip(s, chars, true, true)),
  lstrip: stringMethod(0, 1, (s, [chars]) => strip(s, chars, true, false)),
  rstrip: stringMethod(0, 1, (s, [chars]) => strip(s, chars, false, true)),
  startswith: { min: 1, max: 1, call: (r, [arg]) => affix(r, arg, (s, a) => s.startsWith(a)) },
  endswith: { min: 1, max: 1, call: (r, [arg]) => affix(r, arg, (s, a) => s.endsWith(a)) },
  contains: stringMethod(1, 1, (s, [sub]) => (typeof sub === 'string' ? s.includes(sub) : null)),
  get: {
    min: 1,
    max: 2,
    call: (receiver, [key, fallback = null], budget) => {
      if (!isPlainObject(receiver) || typeof key !== 'string') return null;
      return !isBlockedKey(key) && contains(receiver, key, budget) ? ownData(receiver, key) : fallback;
    },
  },
};

/** True when `name` is a whitelisted function. */
export const isFunction = (name: string): boolean => Object.hasOwn(FUNCTIONS, name);

/** True when `name` is a whitelisted method. */
export const isMethod = (name: string): boolean => Object.hasOwn(METHODS, name);
