/**
 * What `postgresStore` needs of a database: parameterized queries, transactions and
 * LISTEN/NOTIFY. One adapter per driver (node-postgres, PGlite) implements it.
 * @module
 */

/** Runs one parameterized statement and returns its rows. */
export interface Sql {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<R[]>;
}

/** A database connection (or pool) the store runs on. */
export interface SqlDriver extends Sql {
  /** `pg` or `pglite`. */
  readonly kind: 'pg' | 'pglite';
  /** The pool or PGlite instance it runs on: stores on one source share their write statements. */
  readonly source: object;
  /** Run `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** LISTEN on `channel`; resolves the function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Release what the driver opened (a pool it created, a PGlite it started); never the app's own. */
  close(): Promise<void>;
}
