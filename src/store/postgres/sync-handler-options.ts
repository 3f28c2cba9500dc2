/**
 * Options of `syncHandler` and their checks, and opening the driver they name.
 * @module
 */
import { ValidationError } from '../../errors.js';
import { isPlainObject } from '../../core/validate.js';
import type { ConnectionOptions } from './open-driver.js';
import { checkConnection } from './options.js';

/**
 * Maps a request to the tenant (the app's user id) whose memory it syncs, e.g. from a verified
 * bearer token or session cookie. `undefined` (or an empty string): `401`, nothing read or written.
 */
export type SyncAuthorize = (request: Request) => string | undefined | Promise<string | undefined>;

interface Common {
  /** Required: who the request is for (no tenant, no data). */
  authorize: SyncAuthorize;
  /**
   * Also write each pushed session into the `postgresStore` tables of the tenant, so a server-side
   * `createMemory({ store: postgresStore({ tenant }) })` sees the synced memory (default true).
   */
  materialize?: boolean;
}

/**
 * Where the op log lives: a server (a connection string, with the pool's size; or your pool) or PGlite (a directory
 * or your instance).
 */
export type SyncConnection = ConnectionOptions;

/** Options of {@link syncHandler}: exactly one of `connectionString`, `pool`, `pglite`, and `authorize`. */
export type SyncHandlerOptions = Common & SyncConnection;

const KNOWN = ['authorize', 'materialize', 'connectionString', 'pool', 'pglite', 'maxConnections'];

/** Check the options (refused up front, before any request). */
export function checkSyncOptions(options: SyncHandlerOptions): void {
  if (!isPlainObject(options as unknown))
    throw new ValidationError('options', 'an object { authorize, connectionString | pool | pglite }', options);
  const o = options as unknown as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!KNOWN.includes(key))
      throw new ValidationError(`options.${key}`, `one of the known options (${KNOWN.join(', ')})`, key);
  }
  if (typeof o['authorize'] !== 'function')
    throw new ValidationError(
      'authorize',
      'a function (request) => tenant | undefined: sync needs to know whose memory a request is for',
      o['authorize'],
    );
  if (o['materialize'] !== undefined && typeof o['materialize'] !== 'boolean')
    throw new ValidationError('materialize', 'a boolean', o['materialize']);
  checkConnection(o, options);
}
