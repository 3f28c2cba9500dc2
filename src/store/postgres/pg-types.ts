/**
 * The parts of node-postgres the store uses (a `new pg.Pool(...)` and its clients fit).
 * @module
 */

/** A query as node-postgres takes it; `name` makes it a prepared statement, parsed once per connection. */
export interface PgQueryConfig {
  text: string;
  values?: unknown[];
  name?: string;
}

/** The part of a `pg.PoolClient` the store uses. */
export interface PgClientLike {
  query(text: string | PgQueryConfig, params?: unknown[]): Promise<{ rows: unknown[] }>;
  release(destroy?: boolean | Error): void;
  on(event: 'notification', listener: (message: { channel: string; payload?: string | undefined }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}

/** The part of a `pg.Pool` the store uses (a `new pg.Pool(...)` fits). */
export interface PgPoolLike {
  query(text: string | PgQueryConfig): Promise<{ rows: unknown[] }>;
  connect(): Promise<PgClientLike>;
  end(): Promise<void>;
}
