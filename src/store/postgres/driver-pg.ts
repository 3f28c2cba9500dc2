/**
 * The node-postgres (`pg`) adapter: a pool the store creates from a connection string, or
 * the app's own pool (then the store never ends it).
 * @module
 */
import type { Sql, SqlDriver } from './driver.js';

/** The part of a `pg.PoolClient` the store uses. */
export interface PgClientLike {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  release(destroy?: boolean | Error): void;
  on(event: 'notification', listener: (message: { channel: string; payload?: string | undefined }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** The part of a `pg.Pool` the store uses (a `new pg.Pool(...)` fits). */
export interface PgPoolLike {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  connect(): Promise<PgClientLike>;
  end(): Promise<void>;
}

/** Open the adapter over a pool (`owned`: created here from a connection string, ended on close). */
export function pgDriver(pool: PgPoolLike, owned: boolean): SqlDriver {
  const listeners: PgClientLike[] = [];
  const over = (client: Pick<PgClientLike, 'query'>): Sql => ({
    query: async <R>(text: string, params?: readonly unknown[]) => (await client.query(text, params as unknown[])).rows as R[],
  });
  return {
    kind: 'pg',
    ...over(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: unknown;
      try {
        await client.query('BEGIN');
        const result = await fn(over(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((e: unknown) => (broken = e));
        throw error;
      } finally {
        // A connection that could not roll back is closed rather than reused.
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
    async listen(channel, onPayload) {
      // LISTEN holds its own connection: notifications arrive on the session that listens.
      const client = await pool.connect();
      client.on('error', () => undefined);
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      await client.query(`LISTEN ${quoteIdent(channel)}`);
      listeners.push(client);
      return async () => {
        const i = listeners.indexOf(client);
        if (i < 0) return;
        listeners.splice(i, 1);
        await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
        client.release();
      };
    },
    async close() {
      for (const client of listeners.splice(0)) client.release(true);
      if (owned) await pool.end();
    },
  };
}

/** A channel name as a quoted SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Create a pool from a connection string (`pg` is loaded only now: an optional peer dependency). */
export async function createPgPool(connectionString: string, max: number): Promise<PgPoolLike> {
  let mod: { default?: { Pool?: unknown }; Pool?: unknown };
  try {
    mod = (await import('pg')) as typeof mod;
  } catch (error) {
    throw new Error("postgresStore: connectionString needs the 'pg' package: npm install pg", { cause: error });
  }
  const Pool = (mod.default?.Pool ?? mod.Pool) as new (options: object) => PgPoolLike & { on(e: 'error', l: (error: Error) => void): unknown };
  const pool = new Pool({ connectionString, max });
  // An idle connection the server dropped must not crash the process: the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}
