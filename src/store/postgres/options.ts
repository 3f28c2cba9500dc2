/**
 * Options of `postgresStore` and their checks.
 * @module
 */
import { ValidationError } from '../../errors.js';
import { isPlainObject } from '../../core/checks/validate.js';
import type { PgPoolLike } from './driver-pg.js';
import type { PGliteLike } from './driver-pglite.js';
import { checkTimeouts, TIMEOUT_OPTIONS, type DatabaseTimeouts } from './timeouts.js';

interface Common extends DatabaseTimeouts {
  /** The app's user (or workspace) id: every row and query is scoped by it. */
  tenant: string;
}

/** A server through node-postgres, from a connection string (the store creates and ends the pool). */
export interface PostgresConnectionOptions extends Common {
  connectionString: string;
  /**
   * Connections of the pool the store creates (default 10); the stores naming one connection
   * string share one pool, sized by the first of them.
   */
  maxConnections?: number;
}

/** A server through the app's own node-postgres pool (never ended by the store). */
export interface PostgresPoolOptions extends Common {
  pool: PgPoolLike;
}

/**
 * Embedded PostgreSQL (PGlite): a data directory (started by the first store naming it, closed
 * by the last; one process only) or your instance.
 */
export interface PostgresPGliteOptions extends Common {
  pglite: string | PGliteLike;
}

/** Options of {@link postgresStore}: exactly one of `connectionString`, `pool`, `pglite`, and a `tenant`. */
export type PostgresStoreOptions = PostgresConnectionOptions | PostgresPoolOptions | PostgresPGliteOptions;

/** The longest tenant (user id), in UTF-16 code units. */
export const MAX_TENANT_LENGTH = 512;
const KNOWN = ['tenant', 'connectionString', 'pool', 'pglite', 'maxConnections', ...TIMEOUT_OPTIONS];

/** Check the options; returns the tenant. */
export function checkOptions(options: PostgresStoreOptions): string {
  if (!isPlainObject(options as unknown))
    throw new ValidationError('options', 'an object { tenant, connectionString | pool | pglite }', options);
  const o = options as unknown as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!KNOWN.includes(key))
      throw new ValidationError(`options.${key}`, `one of the known options (${KNOWN.join(', ')})`, key);
  }
  const tenant = checkTenant(o['tenant'], 'tenant');
  checkConnection(o, options);
  return tenant;
}

/**
 * Check a tenant (a user id): a non-empty string of at most 512 characters that PostgreSQL
 * text can hold as it is (no NUL, no lone surrogate). `field` names it in the error.
 */
export function checkTenant(tenant: unknown, field: string): string {
  if (!isTenantSized(tenant)) {
    throw new ValidationError(
      field,
      `a non-empty string of at most ${MAX_TENANT_LENGTH} characters (the app's user id)`,
      tenant,
    );
  }
  if (!isTenantText(tenant))
    throw new ValidationError(field, 'a user id without NUL characters or lone surrogates', tenant);
  return tenant;
}

/** A non-empty string of at most {@link MAX_TENANT_LENGTH} characters. */
const isTenantSized = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_TENANT_LENGTH;

/** Text PostgreSQL can hold as it is: no NUL, no lone surrogate. */
const isTenantText = (value: string): boolean =>
  !/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);

/** Whether `value` is a tenant {@link checkTenant} accepts (the sync handler's check of `authorize`'s answer). */
export const isTenant = (value: unknown): value is string => isTenantSized(value) && isTenantText(value);

/**
 * Check the connection part of a store's or a sync handler's options: exactly one of
 * `connectionString`, `pool` or `pglite`, each of the expected kind, `maxConnections` and the
 * timeouts.
 */
export function checkConnection(o: Record<string, unknown>, options: unknown): void {
  const given = ['connectionString', 'pool', 'pglite'].filter((k) => o[k] !== undefined);
  if (given.length !== 1)
    throw new ValidationError(
      'options',
      `exactly one of connectionString, pool or pglite (got ${given.length ? given.join(', ') : 'none'})`,
      options,
    );
  if (
    o['connectionString'] !== undefined &&
    (typeof o['connectionString'] !== 'string' || o['connectionString'].length === 0)
  ) {
    throw new ValidationError('connectionString', 'a non-empty postgres:// connection string', o['connectionString']);
  }
  const pool = o['pool'] as Partial<PgPoolLike> | undefined;
  if (
    pool !== undefined &&
    (typeof pool !== 'object' ||
      pool === null ||
      typeof pool.connect !== 'function' ||
      typeof pool.query !== 'function')
  ) {
    throw new ValidationError('pool', 'a node-postgres Pool (new pg.Pool(...))', pool);
  }
  const pglite = o['pglite'] as string | Partial<PGliteLike> | undefined;
  if (
    pglite !== undefined &&
    typeof pglite !== 'string' &&
    (typeof pglite !== 'object' ||
      pglite === null ||
      typeof pglite.query !== 'function' ||
      typeof pglite.transaction !== 'function')
  ) {
    throw new ValidationError('pglite', 'a data directory (string) or a PGlite instance', pglite);
  }
  if (typeof pglite === 'string' && pglite.length === 0)
    throw new ValidationError('pglite', 'a non-empty data directory', pglite);
  const max = o['maxConnections'];
  if (max !== undefined && (!Number.isInteger(max) || (max as number) < 1))
    throw new ValidationError('maxConnections', 'a positive integer', max);
  checkTimeouts(o);
}
