/**
 * Python semantics over JavaScript data, without ever running code that belongs to the data:
 * only own data properties of plain objects and arrays are read (no getters, no prototypes,
 * no `toString`/`valueOf`), and structured work is bounded by a per-evaluation budget.
 * @module
 */
import { MAX_VALUE_DEPTH, MAX_WORK } from './limits.js';
import { isBlockedKey } from './rules.js';

/** Work left in one evaluation (see {@link MAX_WORK}); structured operations spend it. */
export interface Budget {
  work: number;
}

/** A fresh budget for one evaluation. */
export function newBudget(): Budget {
  return { work: MAX_WORK };
}

/** Spends `units` of work; false when the budget is exhausted. */
export function spend(budget: Budget, units: number): boolean {
  budget.work -= units;
  return budget.work >= 0;
}

/** True for `{}`-style objects (prototype `Object.prototype` or `null`); arrays excluded. */
export function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** An own data property's value, None (`null`) for anything else: getters are never called. */
export function ownData(container: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(container, key);
  return descriptor !== undefined && 'value' in descriptor ? (descriptor.value ?? null) : null;
}

/**
 * `container[key]` / `container.key` with Python's reading: integer (negative from the end)
 * index of an array or string, string key of a plain object. Anything missing, blocked or of
 * another type reads as None.
 */
export function readKey(container: unknown, rawKey: unknown): unknown {
  const key = typeof rawKey === 'boolean' ? Number(rawKey) : rawKey;
  if (typeof key === 'string') {
    return isPlainObject(container) && !isBlockedKey(key) ? ownData(container, key) : null;
  }
  if (typeof key !== 'number' || !Number.isInteger(key)) return null;
  if (Array.isArray(container) || typeof container === 'string') {
    const index = key < 0 ? key + container.length : key;
    if (index < 0 || index >= container.length) return null;
    return typeof container === 'string' ? container[index] : ownData(container, String(index));
  }
  return null;
}

/** Python truthiness: None, False, 0, '', [] and {} are false; everything else is true. */
export function truthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'number':
      return value !== 0;
    case 'string':
      return value.length > 0;
    case 'bigint':
      return value !== 0n;
    default:
      if (Array.isArray(value)) return value.length > 0;
      if (isPlainObject(value)) return Object.keys(value).length > 0;
      return true;
  }
}

/** A number, or a boolean as Python's int (True is 1); `undefined` for anything else. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return undefined;
}

/**
 * Python `==`: numbers (and booleans) by value, strings by content, arrays and plain objects
 * structurally, None equals only None, anything else by identity. `undefined` means undecided:
 * the structures were deeper or larger than the budget allows.
 */
export function equals(a: unknown, b: unknown, budget: Budget, depth = 0): boolean | undefined {
  if (typeof a === 'string' && typeof b === 'string') {
    // Equal-length strings are compared in full: charge long ones so repeated copies stay cheap.
    return a.length !== b.length || a.length < 64 || spend(budget, a.length >> 6) ? a === b : undefined;
  }
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  const x = toNumber(a);
  const y = toNumber(b);
  if (x !== undefined || y !== undefined) return x === y;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (depth >= MAX_VALUE_DEPTH || !spend(budget, 1)) return undefined;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (!spend(budget, 1)) return undefined;
      const same = equals(ownData(a, String(i)), ownData(b, String(i)), budget, depth + 1);
      if (same !== true) return same;
    }
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key)) return false;
    if (!spend(budget, 1)) return undefined;
    const same = equals(ownData(a, key), ownData(b, key), budget, depth + 1);
    if (same !== true) return same;
  }
  return true;
}

/** Python ordering of two numbers or two strings: negative, zero or positive; `undefined` otherwise. */
export function order(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const x = toNumber(a);
  const y = toNumber(b);
  if (x === undefined || y === undefined || Number.isNaN(x) || Number.isNaN(y)) return undefined;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Python `item in container`: substring of a string (linear time), element of an array, own key
 * of a plain object. `undefined` when the types do not support it (Python raises) or undecided.
 */
export function contains(container: unknown, item: unknown, budget: Budget): boolean | undefined {
  if (typeof container === 'string') return typeof item === 'string' ? container.includes(item) : undefined;
  if (isPlainObject(container)) return typeof item === 'string' ? Object.hasOwn(container, item) : false;
  if (!Array.isArray(container)) return undefined;
  let undecided = false;
  for (let i = 0; i < container.length; i++) {
    if (!spend(budget, 1)) return undefined;
    const same = equals(ownData(container, String(i)), item, budget);
    if (same === true) return true;
    if (same === undefined) undecided = true;
  }
  return undecided ? undefined : false;
}
