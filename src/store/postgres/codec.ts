/**
 * How values and ids are written to PostgreSQL: as JSON text. `JSON.stringify` escapes NUL and
 * lone surrogates, which PostgreSQL text cannot hold, so every string round-trips exactly.
 * @module
 */
import { StoreError } from '../../errors.js';

/** An id (tenant, session, entry, summary, aux key) as stored. Prefix-preserving per code unit. */
export const encodeKey = (id: string): string => JSON.stringify(id);

/** An id read back. */
export const decodeKey = (text: string): string => JSON.parse(text) as string;

/** A value as stored; refuses what JSON cannot carry (functions, symbols, bigints, cycles). */
export function encodeValue(value: unknown, what: string): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'function' || typeof v === 'symbol') throw new TypeError(`a ${typeof v} is not JSON data`);
      return v;
    });
  } catch (error) {
    throw new StoreError(
      `postgresStore: cannot write ${what}: a value is not JSON data (${(error as Error).message})`,
      { cause: error },
    );
  }
}

/** A value read back (a fresh copy each time). */
export const decodeValue = <T>(text: string): T => JSON.parse(text) as T;
