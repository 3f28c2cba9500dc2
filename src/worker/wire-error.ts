/**
 * Errors across the worker boundary. comlink alone keeps only `name`, `message` and `stack`
 * and always rebuilds a plain `Error`; RecallKit sends its own plain record instead and
 * rebuilds the same class in the page, so `instanceof ValidationError` and `error.field`
 * work as they do in-thread.
 * @module
 */
import {
  ClosedError,
  ConflictError,
  ExpressionError,
  ImportConflictError,
  QuotaExceededError,
  RecallKitError,
  StorageLostError,
  StoreError,
  SummarizerError,
  ValidationError,
} from '../errors.js';
import { SyncError } from '../sync/client/transport.js';

/** An error as plain, cloneable data. */
export interface WireError {
  recallkitError: true;
  name: string;
  message: string;
  stack?: string;
  /** `ValidationError.field`. */
  field?: string;
  /** `ExpressionError.position` / `.expression`. */
  position?: number;
  expression?: string;
  /** `SyncError.offline` / `.status`. */
  offline?: boolean;
  status?: number;
  /** `StoreError.retryable`. */
  retryable?: boolean;
}

/** Whether `value` is a {@link WireError}. */
export function isWireError(value: unknown): value is WireError {
  return typeof value === 'object' && value !== null && (value as { recallkitError?: unknown }).recallkitError === true;
}

/** Turn anything thrown into a {@link WireError} (worker side). */
export function toWireError(error: unknown): WireError {
  if (isWireError(error)) return error;
  if (!(error instanceof Error)) {
    return { recallkitError: true, name: 'Error', message: typeof error === 'string' ? error : String(error) };
  }
  const wire: WireError = { recallkitError: true, name: error.name, message: error.message };
  if (typeof error.stack === 'string') wire.stack = error.stack;
  if (error instanceof ValidationError) wire.field = error.field;
  if (error instanceof StoreError) wire.retryable = error.retryable;
  if (error instanceof SyncError) {
    wire.offline = error.offline;
    if (error.status !== undefined) wire.status = error.status;
  }
  if (error instanceof ExpressionError) {
    wire.position = error.position;
    wire.expression = error.expression;
  }
  return wire;
}

// A Map: the name comes from whatever was thrown (`constructor` must not find Object).
const SIMPLE = new Map<string, new (message: string) => RecallKitError>([
  ['RecallKitError', RecallKitError],
  ['SummarizerError', SummarizerError],
  ['ImportConflictError', ImportConflictError],
  ['ClosedError', ClosedError],
]);

/** The store errors, rebuilt with their `retryable` (a Map: the name comes from whatever was thrown). */
const STORE = new Map<string, typeof StoreError>([
  ['StoreError', StoreError],
  ['ConflictError', ConflictError],
  ['QuotaExceededError', QuotaExceededError],
  ['StorageLostError', StorageLostError],
]);

/**
 * Rebuild the error the worker threw (page side): the RecallKit class of the same `name`,
 * with the same `name` and `message` (and `field` / `position` / `retryable`); other errors become an
 * `Error` carrying their `name`. An `Error` thrown by comlink itself is rebuilt the same way.
 */
export function fromWireError(value: unknown): Error {
  const wire = toWireError(value);
  const error = build(wire);
  error.name = wire.name;
  error.message = wire.message;
  // The worker's stack says where it failed; the page's stack, where it was called.
  if (wire.stack) error.stack = `${error.stack ?? ''}\n--- in the RecallKit worker ---\n${wire.stack}`;
  return error;
}

function build(wire: WireError): Error {
  if (wire.name === 'ValidationError') return new ValidationError(wire.field ?? '', '');
  if (wire.name === 'ExpressionError') return new ExpressionError(wire.expression ?? '', wire.position ?? 0, '');
  if (wire.name === 'SyncError') return new SyncError(wire.message, wire.offline ?? false, wire.status);
  const Store = STORE.get(wire.name);
  if (Store) return new Store(wire.message, wire.retryable === undefined ? {} : { retryable: wire.retryable });
  const Simple = SIMPLE.get(wire.name);
  return Simple ? new Simple(wire.message) : new Error(wire.message);
}
