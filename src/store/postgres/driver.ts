/**
 * What `postgresStore` needs of a database: parameterized queries, transactions and
 * LISTEN/NOTIFY. One adapter per driver (node-postgres, PGlite) implements it.
 * @module
 */

/** Runs one parameterized statement and returns its rows. */
export interface Sql {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<R[]>;
}

/** Options of {@link SqlDriver.transaction}. */
export interface TransactionOptions {
  /** No time limit on its statements (a schema migration step takes as long as the data needs). */
  unbounded?: boolean;
}

/** A database connection (or pool) the store runs on. */
export interface SqlDriver extends Sql {
  /** `pg` or `pglite`. */
  readonly kind: 'pg' | 'pglite';
  /** The pool or PGlite instance it runs on: stores on one source share their write statements. */
  readonly source: object;
  /** Run `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** LISTEN on `channel`; resolves the function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * When the database last answered a statement of this source (`performance.now()`; its open
   * before the first): the store's waits end after a stretch of silence, not of queueing.
   */
  answeredAt(): number;
  /** Release what the driver opened (a pool it created, a PGlite it started); never the app's own. */
  close(): Promise<void>;
}
