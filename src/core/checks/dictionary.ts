/**
 * Plain-object dictionaries keyed by what users type (session ids, op ids, header names): made
 * with no prototype, so a key named `constructor`, `toString` or `__proto__` is data, never an
 * inherited member (`dict.constructor` of `{}` is `Object`; `dict.__proto__ = 1` of `{}` is
 * dropped). Where a value is persisted and read back (JSON, a structured clone), it comes back
 * as an ordinary object: {@link ownDictionary} copies it into one of these again.
 * @module
 */

/** A dictionary with no prototype: every key reads only what was set under it. */
export function dictionary<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * A prototype-free copy of `value`'s own enumerable entries whose values `keep` accepts (an
 * `__proto__` key included); `{}`-empty for anything that is not a non-array object.
 * @example
 * ```ts
 * const scanned = ownDictionary(JSON.parse(text).scanned, (v): v is number => typeof v === 'number');
 * scanned.constructor; // undefined unless the data holds a "constructor" key
 * ```
 */
export function ownDictionary<T>(value: unknown, keep: (v: unknown) => v is T): Record<string, T> {
  const out = dictionary<T>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [key, v] of Object.entries(value)) if (keep(v)) out[key] = v;
  return out;
}
