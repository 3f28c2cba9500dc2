/**
 * Whether a database failure may go away by itself (the server is down, restarting,
 * recovering, did not answer in time, or refused a transaction it may take next time) or will
 * fail the same way until someone changes something (a wrong password, a missing database, a
 * bad statement). What `StoreError.retryable` says for a driver's error.
 * @module
 */
import { RecallKitError, StoreError, type StoreErrorOptions } from '../../errors.js';
import { errorText } from './error-text.js';

/** Node's socket errors of a server that is down, restarting or out of reach. */
const NET_CODES = new Set([
  'ECONNREFUSED', // nothing listens (yet)
  'ENOENT', // a Unix socket that is gone: the server is stopped
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN', // DNS, for now
]);

/** PostgreSQL's SQLSTATEs that may succeed on a retry. */
const SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '57P05', // idle_session_timeout
  '57014', // query_canceled: statement_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '55006', // object_in_use
  '58000', // system_error
  '58030', // io_error
]);

/** SQLSTATE classes that may succeed on a retry: connection exceptions, insufficient resources. */
const SQLSTATE_CLASSES = new Set(['08', '53']);

/** node-postgres's own errors (no code) of a connection that failed, was cut, or did not answer. */
const DRIVER_MESSAGES = new RegExp(
  [
    'Connection terminated',
    'Query read timeout',
    'timeout exceeded when trying to connect',
    'timeout expired',
    'Client has encountered a connection error',
    'Connection ended unexpectedly',
    'the database system is (starting up|shutting down|in recovery)',
  ].join('|'),
  'i',
);

/**
 * Whether `error` (a driver's error, its causes, an `AggregateError`'s errors) is one a retry
 * may overcome. An error marked `retryable: true` (the store's own timeouts) is.
 */
export function isRetryable(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  if (error instanceof StoreError) return error.retryable;
  const e = error as { code?: unknown; message?: unknown; retryable?: unknown; errors?: unknown; cause?: unknown };
  if (e.retryable === true) return true;
  if (typeof e.code === 'string') {
    if (NET_CODES.has(e.code) || SQLSTATES.has(e.code)) return true;
    if (/^[0-9A-Z]{5}$/.test(e.code)) return SQLSTATE_CLASSES.has(e.code.slice(0, 2));
  }
  if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isRetryable(inner, depth + 1))) return true;
  return e.cause !== undefined && isRetryable(e.cause, depth + 1);
}

/** Whether `error` says the connection is gone or did not answer (not a statement the server refused). */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseWaitError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && NET_CODES.has(code)) || (typeof message === 'string' && DRIVER_MESSAGES.test(message))
  );
}

/**
 * A failure of a store call as a `StoreError`: `prefix` (what could not be done) and what the
 * driver said, without `secrets`, retryable as {@link isRetryable} says. RecallKit's own errors
 * pass as they are. The driver's error stays the cause unless its text held a secret.
 */
export function storeFailure(prefix: string, error: unknown, secrets: readonly string[], after = ''): Error {
  if (error instanceof RecallKitError) return error;
  const said = errorText(error);
  const safe = errorText(error, secrets);
  const options: StoreErrorOptions = { retryable: isRetryable(error) };
  if (safe === said) options.cause = error;
  // A message that already names the store (the open's) is not prefixed twice.
  const told = safe.replace(/^postgresStore: /, '');
  return new StoreError(`${prefix}: ${told}${options.retryable ? after : ''}`, options);
}

/** An error of the store's own waits (a pool that gives no connection, a statement not answered): retryable. */
export class DatabaseWaitError extends Error {
  override name = 'TimeoutError';
  /** Always: the database may answer next time. */
  readonly retryable = true;
}
