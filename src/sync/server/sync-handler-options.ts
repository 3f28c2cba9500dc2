/**
 * Options of `syncHandler` and their checks, and opening the driver they name.
 * @module
 */
import { ValidationError } from '../../errors.js';
import { isPlainObject } from '../../core/checks/validate.js';
import type { ConnectionOptions } from '../../store/postgres/open-driver.js';
import { checkConnection } from '../../store/postgres/options.js';
import { TIMEOUT_OPTIONS } from '../../store/postgres/timeouts.js';

/**
 * Maps a request to the tenant (the app's user id) whose memory it syncs, e.g. from a verified
 * bearer token or session cookie. `undefined` (or an empty string): `401`, nothing read or written.
 */
export type SyncAuthorize = (request: Request) => string | undefined | Promise<string | undefined>;

/** Where a request failed on the server's side (what {@link SyncErrorHook} is told). */
export interface SyncErrorContext {
  /** The id the caller was answered with (also in the `x-request-id` header). */
  requestId: string;
  /** `authorize`: it threw, or returned something not a tenant (a misconfiguration); `store`: the database failed. */
  stage: 'authorize' | 'store';
}

/**
 * The server's own log of what went wrong in a request: the real error (what `authorize` threw,
 * the driver's message), which the caller never sees; the caller gets a generic message and
 * the same request id.
 */
export type SyncErrorHook = (error: unknown, context: SyncErrorContext) => void;

interface Common {
  /** Required: who the request is for (no tenant, no data). */
  authorize: SyncAuthorize;
  /**
   * Also write each pushed session into the `postgresStore` tables of the tenant, so a server-side
   * `createMemory({ store: postgresStore({ tenant }) })` sees the synced memory (default true).
   */
  materialize?: boolean;
  /**
   * Told of every failure on the server's side with the real error and the request id (default: none; the caller's
   * answer never carries the error itself). A hook that throws is ignored.
   */
  onError?: SyncErrorHook;
}

/**
 * Where the op log lives: a server (a connection string, with the pool's size; or your pool) or PGlite (a directory
 * or your instance), and how long to wait for it (`connectTimeoutMs`, `acquireTimeoutMs`, `statementTimeoutMs`).
 */
export type SyncConnection = ConnectionOptions;

/** Options of {@link syncHandler}: exactly one of `connectionString`, `pool`, `pglite`, and `authorize`. */
export type SyncHandlerOptions = Common & SyncConnection;

const KNOWN = [
  'authorize',
  'materialize',
  'onError',
  'connectionString',
  'pool',
  'pglite',
  'maxConnections',
  ...TIMEOUT_OPTIONS,
];

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
  if (o['onError'] !== undefined && typeof o['onError'] !== 'function')
    throw new ValidationError('onError', 'a function (error, { requestId, stage }) => void', o['onError']);
  if (o['materialize'] !== undefined && typeof o['materialize'] !== 'boolean')
    throw new ValidationError('materialize', 'a boolean', o['materialize']);
  checkConnection(o, options);
}
