/**
 * RecallKit's errors. Each has a distinct `name` and a message that says what was wrong and
 * what was expected: across a worker only `{ name, message, stack }` survive, so the meaning
 * lives in those.
 * @module
 */

/** Base class of every error RecallKit throws. */
export class RecallKitError extends Error {
  override name = 'RecallKitError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Bad input refused at the boundary: a wrong argument, config value, profile field or import.
 * `field` is the path of the offending value (`config.maxTokens`, `profile.long_term_memory_strategy[0].budget`).
 */
export class ValidationError extends RecallKitError {
  override name = 'ValidationError';
  readonly field: string;
  /**
   * The message reads `${field}: expected ${expected}`, or `${field}: ${problem}` when what is
   * wrong is not a value (`unknown field "x"; … accepts a, b`). Pass `received` (even
   * `undefined`) to have it described in the message.
   */
  constructor(field: string, expected: string | { problem: string }, ...received: [value?: unknown]) {
    const what = typeof expected === 'string' ? `expected ${expected}` : expected.problem;
    super(`${field}: ${what}${received.length ? `, received ${describe(received[0])}` : ''}`);
    this.field = field;
  }
}

/** A condition expression that does not parse or uses something not allowed. */
export class ExpressionError extends RecallKitError {
  override name = 'ExpressionError';
  /** 0-based character offset of the problem in the expression. */
  readonly position: number;
  readonly expression: string;
  constructor(expression: string, position: number, problem: string) {
    super(`${problem} at position ${position} in condition ${JSON.stringify(expression)}`);
    this.position = position;
    this.expression = expression;
  }
}

/**
 * An optional package a feature needs could not be imported (it is not installed, or not
 * bundled). The message names the feature and the `npm install` to run; `cause` is the import's
 * own error. Thrown by the first call that needs the package (`recall` with `useLiteEmbedder`,
 * the first query of `postgresStore`, importing `recallkit/langchain`, loading a WebLLM model).
 */
export class MissingPackageError extends RecallKitError {
  override name = 'MissingPackageError';
  /** The packages to install: `npm install ${install.join(' ')}`. */
  readonly install: readonly string[];
  /**
   * @param feature What needs them (`useLiteEmbedder`, `recallkit/langchain`).
   * @param install The packages to install.
   * @param cause The import's error: its message is added when it is not a plain "not found".
   */
  constructor(feature: string, install: readonly string[], cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const notFound = /cannot find (package|module)|failed to resolve|module_not_found|failed to fetch dynamically/i;
    const names = install.length > 1 ? `${install.slice(0, -1).join(', ')} and ${install.at(-1)}` : install[0];
    super(
      `${feature} needs ${names}, which could not be imported: npm install ${install.join(' ')}` +
        (notFound.test(reason) ? '' : ` (${reason})`),
      { cause },
    );
    this.install = [...install];
  }
}

/** A summarizer failed, returned nothing usable, or timed out. Nothing was compressed. */
export class SummarizerError extends RecallKitError {
  override name = 'SummarizerError';
}

/** Options of a {@link StoreError}. */
export interface StoreErrorOptions {
  /** The error the store met (left out when its text quoted a credential). */
  cause?: unknown;
  /** Whether the same call may work later, unchanged. @default false */
  retryable?: boolean;
}

/**
 * A store could not read or write (quota, aborted transaction, closed database, a database
 * that is down or does not answer). `retryable` says whether to try again:
 * - `true`: the database is unreachable, restarting or recovering, did not answer in time, or
 *   refused a transaction it may take next time (serialization failure, deadlock). The same
 *   call may work in a moment. A write that failed this way may or may not have been stored:
 *   retry it with the same id (`AddMessageOptions.id`) and it is stored once.
 * - `false`: it fails the same way until someone changes something: a PGlite directory open in
 *   another process, bad configuration, failed authentication, a missing package, a database
 *   schema newer than this RecallKit, a full quota.
 */
export class StoreError extends RecallKitError {
  override name = 'StoreError';
  /** Whether the same call may work later (see the class's description). */
  readonly retryable: boolean;
  constructor(message: string, options?: StoreErrorOptions) {
    super(message, options && 'cause' in options ? { cause: options.cause } : undefined);
    this.retryable = options?.retryable ?? false;
  }
}

/**
 * Another tab (another engine on the same database) wrote the session since this engine read
 * it: the write was refused whole. The engine reloads the session and retries by itself.
 * Retryable.
 */
export class ConflictError extends StoreError {
  override name = 'ConflictError';
  constructor(message: string, options?: StoreErrorOptions) {
    super(message, { retryable: true, ...options });
  }
}

/** Storage quota exceeded: the write was refused and nothing stored was lost. */
export class QuotaExceededError extends StoreError {
  override name = 'QuotaExceededError';
}

/**
 * `importSession` refused to replace a stored session that holds entries added after the
 * export (they would be lost); nothing was changed. Pass `{ replace: true }` to replace anyway.
 */
export class ImportConflictError extends RecallKitError {
  override name = 'ImportConflictError';
}

/** The engine was closed; no further calls are accepted. */
export class ClosedError extends RecallKitError {
  override name = 'ClosedError';
}

/** A short, safe description of a received value for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  switch (typeof value) {
    case 'string':
      return value.length > 40 ? `a string of length ${value.length}` : JSON.stringify(value);
    case 'number':
    case 'boolean':
    case 'bigint':
      return `${typeof value} ${String(value)}`;
    case 'undefined':
      return 'undefined';
    case 'function':
      return 'a function';
    default:
      return 'an object';
  }
}

/**
 * Stored data is gone and could not be restored (IndexedDB lost it and the journal was
 * damaged or absent). Reported through the `error` event and `storageState()`.
 */
export class StorageLostError extends StoreError {
  override name = 'StorageLostError';
}
