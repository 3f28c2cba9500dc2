/**
 * Checks of one field of untrusted JSON (an imported session, a pushed sync op): each returns the
 * value typed, or throws a `ValidationError` naming the field and what was expected.
 * @module
 */
import { ValidationError } from '../errors.js';

/** `v` when it is a boolean; else a `ValidationError` naming `field`. */
export function bool(v: unknown, field: string): boolean {
  if (typeof v !== 'boolean') throw new ValidationError(field, 'a boolean', v);
  return v;
}
/** `v` when it is a finite number >= 0; else a `ValidationError` naming `field`. */
export function num(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new ValidationError(field, 'a number >= 0', v);
  return v;
}
/** `v` when it is one of `allowed`; else a `ValidationError` naming `field` and listing them. */
export function oneOf<T extends string>(v: unknown, allowed: readonly T[], field: string): T {
  if (!allowed.includes(v as T))
    throw new ValidationError(field, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, v);
  return v as T;
}
