/**
 * Small field readers for profile validation: each checks one value at a field path and
 * throws a {@link ValidationError} that names the path and what was expected.
 * @module
 */
import { ValidationError } from '../../errors.js';
import { compileCondition } from '../../conditions/compile.js';

/** Reads one field: `read` checks a present value, `fallback` gives the default when absent. */
export interface Field<T> {
  read(value: unknown, path: string): T;
  /** The default; throws for a required field. */
  fallback(path: string): T;
}

/** The values a record of fields produces. */
export type FieldValues<S extends Record<string, Field<unknown>>> = {
  -readonly [K in keyof S]: S[K] extends Field<infer T> ? T : never;
};

/** True for `{}`-style objects (not arrays, null or class instances). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Refuse anything but a plain object. */
export function expectObject(value: unknown, path: string): Record<string, unknown> {
  if (!isPlainObject(value)) throw new ValidationError(path, 'an object', value);
  return value;
}

/** Refuse keys that are not in `allowed`, naming the key and listing the allowed ones. */
export function refuseUnknownKeys(
  object: Record<string, unknown>,
  allowed: readonly string[],
  path: string,
  what: string,
): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) {
      throw new ValidationError(`${path}.${key}`, {
        problem: `unknown field ${JSON.stringify(key)}; ${what} accepts ${allowed.join(', ')}`,
      });
    }
  }
}

/**
 * Read an object whose fields are all described by `spec`: unknown keys are refused,
 * absent (or `undefined`) fields take their default.
 */
export function readFields<S extends Record<string, Field<unknown>>>(
  value: unknown,
  path: string,
  spec: S,
  what: string,
): FieldValues<S> {
  const object = expectObject(value, path);
  refuseUnknownKeys(object, Object.keys(spec), path, what);
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(spec)) {
    // Own keys only: a field the profile leaves out reads its default, never an inherited member.
    const raw = Object.hasOwn(object, key) ? object[key] : undefined;
    out[key] = raw === undefined ? field.fallback(`${path}.${key}`) : field.read(raw, `${path}.${key}`);
  }
  return out as FieldValues<S>;
}

/** An integer `≥ min`; `note` explains special values in the error (`-1 = never`). */
export function int(fallback: number, min: number, note = ''): Field<number> {
  const expected = `an integer ≥ ${min}${note ? ` (${note})` : ''}`;
  return {
    read(value, path) {
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
        throw new ValidationError(path, expected, value);
      }
      return value;
    },
    fallback: () => fallback,
  };
}

/** A finite number in `(min, max]`. */
export function fraction(fallback: number, min: number, max: number): Field<number> {
  return {
    read(value, path) {
      if (typeof value !== 'number' || !Number.isFinite(value) || value <= min || value > max) {
        throw new ValidationError(path, `a number greater than ${min} and at most ${max}`, value);
      }
      return value;
    },
    fallback: () => fallback,
  };
}

/** One of a fixed list of strings. */
export function oneOf<const T extends string>(values: readonly T[], fallback: T): Field<T> {
  return {
    read(value, path) {
      if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
        throw new ValidationError(path, `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`, value);
      }
      return value as T;
    },
    fallback: () => fallback,
  };
}

/** A required non-empty string. */
export function requiredString(): Field<string> {
  return {
    read(value, path) {
      if (typeof value !== 'string' || value.length === 0) throw new ValidationError(path, 'a non-empty string', value);
      return value;
    },
    fallback(path) {
      throw new ValidationError(path, 'a non-empty string (required)', undefined);
    },
  };
}

/** Refuse a `target` fraction that is not below its `threshold`. */
export function checkBelow(target: number, threshold: number, path: string, thresholdName: string): void {
  if (target >= threshold) {
    throw new ValidationError(path, `a number less than ${thresholdName} (${threshold})`, target);
  }
}

/** A string, or `null` (for fields whose default is `null`). */
export function stringOrNull(): Field<string | null> {
  return {
    read(value, path) {
      if (value !== null && typeof value !== 'string') throw new ValidationError(path, 'a string or null', value);
      return value;
    },
    fallback: () => null,
  };
}

/** An array of strings (`null` reads as empty, as a Python `list = []` default would allow). */
export function stringList(each = 'a string'): Field<string[]> {
  return {
    read(value, path) {
      if (value === null) return [];
      if (!Array.isArray(value)) throw new ValidationError(path, `an array of strings`, value);
      return value.map((item: unknown, i) => {
        if (typeof item !== 'string') throw new ValidationError(`${path}[${i}]`, each, item);
        return item;
      });
    },
    fallback: () => [],
  };
}

/**
 * An array of condition expressions, each compiled now so a malformed one is refused at load
 * with its position. `names` are the variables the expressions may read.
 */
export function conditionList(names: readonly string[]): Field<string[]> {
  const list = stringList('a condition expression (string)');
  return {
    read(value, path) {
      const sources = list.read(value, path);
      sources.forEach((source, i) => {
        try {
          compileCondition(source, { names });
        } catch (error) {
          const problem = error instanceof Error ? error.message : String(error);
          const refused = new ValidationError(
            `${path}[${i}]`,
            `a valid condition over ${names.join(', ')} (${problem})`,
          );
          refused.cause = error;
          throw refused;
        }
      });
      return sources;
    },
    fallback: () => [],
  };
}

/** An optional value: `null` and absence both give `null`. */
export function nullable<T>(field: Field<T>): Field<T | null> {
  return {
    read: (value, path) => (value === null ? null : field.read(value, path)),
    fallback: () => null,
  };
}

/** A nested object read by `read` (absent → `fallback`). */
export function nested<T>(read: (value: unknown, path: string) => T, fallback: (path: string) => T): Field<T> {
  return { read, fallback };
}

/** The literal discriminator of a strategy entry (already checked by the caller). */
export function literal<const T extends string>(value: T): Field<T> {
  return { read: () => value, fallback: () => value };
}
