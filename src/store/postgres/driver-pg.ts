/**
 * The node-postgres (`pg`) adapter: a pool the store creates from a connection string, or
 * the app's own pool (then the store never ends it).
 * @module
 */
import { MissingPackageError } from '../../errors.js';
import type { Sql, SqlDriver } from './driver.js';

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

/** The first wait before a lost LISTEN connection is made again, and the longest. */
const RELISTEN_MS = [100, 2000] as const;

/**
 * LISTEN on `channel` over a connection of its own, closed when stopped. The stores on a pool
 * share one (their change router listens once per pool), so a server with a store per user
 * holds one LISTEN connection, not one per user. A connection lost (the server restarted, a
 * dropped link) is made again, waiting longer each time it fails; the changes sent meanwhile
 * are not heard, which loses nothing: the stores check the stored version before each read.
 */
async function listenOn(
  pool: PgPoolLike,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    const client = await pool.connect();
    let gone = false;
    const drop = (): void => {
      if (gone) return;
      gone = true;
      if (current === drop) current = undefined;
      client.release(true);
    };
    const lost = (): void => {
      if (gone) return;
      drop();
      if (!stopped) again(RELISTEN_MS[0]);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    try {
      await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      drop();
      throw error;
    }
    if (stopped) drop();
    else current = drop;
  };
  const again = (wait: number): void => {
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopped) connect().catch(() => again(Math.min(wait * 2, RELISTEN_MS[1])));
    }, wait);
    (timer as { unref?: () => void }).unref?.();
  };

  await connect();
  return async () => {
    if (stopped) return;
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    current?.();
  };
}

/** Open the adapter over a pool (`owned`: created here from a connection string, ended on close). */
export function pgDriver(pool: PgPoolLike, owned: boolean): SqlDriver {
  const over = (client: Pick<PgPoolLike, 'query'>): Sql => ({
    query: async <R>(text: string, params?: readonly unknown[]) =>
      (await client.query(prepared(text, params))).rows as R[],
  });
  return {
    kind: 'pg',
    source: pool,
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
    listen: (channel, onPayload) => listenOn(pool, channel, onPayload),
    async close() {
      // Its LISTENs were stopped by their owners (the stores' change routers) beforehand.
      if (owned) await pool.end();
    },
  };
}

/**
 * A parameterized statement is sent as a named prepared statement (named by a hash of its
 * text), so each connection parses and analyzes it once; statements without parameters
 * (migrations, transaction control) are sent as they are.
 */
function prepared(text: string, params: readonly unknown[] | undefined): PgQueryConfig {
  if (!params || params.length === 0) return { text };
  return { name: statementName(text), text, values: [...params] };
}

/** Names of the statements hashed so far (the store sends a few fixed texts; the cache is bounded all the same). */
const names = new Map<string, string>();
const MAX_NAMES = 256;

/** A statement's name: a hash of its text, computed once per text (the write statement is long). */
function statementName(text: string): string {
  let name = names.get(text);
  if (name !== undefined) return name;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  name = `recallkit_${(h >>> 0).toString(36)}_${text.length}`;
  if (names.size >= MAX_NAMES) names.clear();
  names.set(text, name);
  return name;
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
    throw new MissingPackageError('postgresStore({ connectionString })', ['pg'], error);
  }
  const Pool = (mod.default?.Pool ?? mod.Pool) as new (
    options: object,
  ) => PgPoolLike & { on(e: 'error', l: (error: Error) => void): unknown };
  const pool = new Pool({ connectionString, max });
  // An idle connection the server dropped must not crash the process: the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}
