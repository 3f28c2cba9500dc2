/**
 * The node-postgres (`pg`) adapter: a pool the store creates from a connection string, or
 * the app's own pool (then the store never ends it).
 * @module
 */
import { StoreError } from '../../errors.js';
import type { Sql, SqlDriver, TransactionOptions } from './driver.js';
import { DatabaseWaitError, isConnectionFailure } from './retryable.js';
import { patientTimeout } from './patient-timer.js';
import { createAnswerClock, DEFAULT_TIMEOUTS, statementLimit, within, type ResolvedTimeouts } from './timeouts.js';

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
  connection: () => Promise<PgClientLike>,
  readTimeout: number,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    const client = await connection();
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
      await answered(client.query({ text: `LISTEN ${quoteIdent(channel)}` }), readTimeout);
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

/**
 * Open the adapter over a pool (`owned`: created here from a connection string, ended on
 * close). Every wait is bounded by `timeouts`: a connection of the pool within
 * `acquireTimeoutMs` of silence (while the database answers others, a call queued for a
 * connection keeps its place), an answer to each statement within `statementTimeoutMs` (plus
 * its size's due). A connection whose statement got no answer is closed, never reused: its
 * state is unknown.
 */
export function pgDriver(pool: PgPoolLike, owned: boolean, timeouts: ResolvedTimeouts = DEFAULT_TIMEOUTS): SqlDriver {
  const base = timeouts.statementTimeoutMs;
  const clock = createAnswerClock();
  const acquire = async (): Promise<PgClientLike> =>
    guard(
      await within(
        connected(pool.connect(), timeouts.connectTimeoutMs),
        timeouts.acquireTimeoutMs,
        (ms) =>
          `no connection to the database within ${ms} ms (acquireTimeoutMs): ` +
          'the server did not answer, or every connection of the pool was busy and none answered',
        { answeredAt: clock.answeredAt, late: (client) => client.release() },
      ),
    );
  // `bounded`: the answer is waited for `statementTimeoutMs` (and its size's due); else as long as it takes.
  const over = (client: PgClientLike, bounded: boolean): Sql => ({
    query: async <R>(text: string, params?: readonly unknown[]) => {
      const limit = bounded ? statementLimit(base, params) : 0;
      clock.busy(limit - base);
      try {
        const { rows } = await answered(client.query(prepared(text, params)), limit);
        clock.answered();
        return rows as R[];
      } catch (error) {
        if (!isConnectionFailure(error)) clock.answered(); // the server refused it: an answer all the same
        throw error;
      }
    },
  });
  return {
    kind: 'pg',
    source: pool,
    answeredAt: clock.answeredAt,
    async query<R>(text: string, params?: readonly unknown[]) {
      const client = await acquire();
      try {
        const rows = await over(client, true).query<R>(text, params);
        client.release();
        return rows;
      } catch (error) {
        // As pg's pool.query does: a connection whose statement failed is not reused.
        client.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    },
    async transaction(fn, options?: TransactionOptions) {
      const client = await acquire();
      const tx = over(client, !options?.unbounded);
      let broken: Error | undefined;
      try {
        await tx.query('BEGIN');
        if (options?.unbounded) await tx.query('SET LOCAL statement_timeout = 0');
        const result = await fn(tx);
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that did not answer (or was cut) is closed: PostgreSQL rolls back on its own.
        if (isConnectionFailure(error)) broken = error as Error;
        else await tx.query('ROLLBACK').catch((e: unknown) => (broken = e instanceof Error ? e : new Error(String(e))));
        throw error;
      } finally {
        // A connection that could not roll back is closed rather than reused.
        client.release(broken);
      }
    },
    listen: (channel, onPayload) => listenOn(acquire, base, channel, onPayload),
    async close() {
      // Its LISTENs were stopped by their owners (the stores' change routers) beforehand.
      if (owned) await pool.end();
    },
  };
}

/** Clients given a listener for their `error` event (a connection lost while checked out must not crash a process). */
const guarded = new WeakSet<object>();

/** `client`, with an `error` listener: its failure reaches the statement that runs on it, or the next one. */
function guard(client: PgClientLike): PgClientLike {
  if (!guarded.has(client)) {
    guarded.add(client);
    client.on('error', () => undefined);
  }
  return client;
}

/** A connection, or a {@link DatabaseWaitError} naming the bound when connecting took too long. */
async function connected(connecting: Promise<PgClientLike>, limit: number): Promise<PgClientLike> {
  try {
    return await connecting;
  } catch (error) {
    if (error instanceof Error && /^timeout expired$|connection timeout/i.test(error.message))
      throw new DatabaseWaitError(
        `could not connect within ${limit} ms (connectTimeoutMs): ` +
          'the server accepted no connection or did not answer it',
        { cause: error },
      );
    throw error;
  }
}

/**
 * The answer to a statement, or a {@link DatabaseWaitError} when none came within `limit` ms
 * (0: no limit). Its connection must then be released with the error (closed, never reused).
 */
function answered<T>(query: Promise<T>, limit: number): Promise<T> {
  if (limit <= 0) return query;
  return within(query, limit, (ms) => `no answer to a statement within ${ms} ms (statementTimeoutMs)`);
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

/** The part of a `pg.Client` its connect timeout needs. */
interface PgConnecting {
  connect(callback?: (error?: Error) => void): unknown;
  connection?: { _ending?: boolean; stream?: { destroy(error?: Error): void } };
}

/**
 * node-postgres's `Client` whose connect is dropped after `ms` (counted by
 * {@link patientTimeout}: a start that blocks the event loop does not expire it): what
 * `connectionTimeoutMillis` does, the way node-postgres's own pool ends a connect.
 */
function boundedClient(Client: new (options: object) => PgConnecting, ms: number): new (options: object) => object {
  return class extends Client {
    override connect(callback?: (error?: Error) => void): unknown {
      const cancel = patientTimeout(ms, () => {
        const connection = this.connection;
        if (!connection?.stream) return;
        connection._ending = true;
        connection.stream.destroy(new Error('timeout expired'));
      });
      if (callback)
        return super.connect((error) => {
          cancel();
          callback(error);
        });
      return Promise.resolve(super.connect()).finally(cancel);
    }
  };
}

/**
 * Create a pool from a connection string (`pg` is loaded only now: an optional peer
 * dependency): a connect that takes longer than `connectTimeoutMs` is dropped. It is the
 * client's own timeout, not the pool's: node-postgres's pool would also end a wait in its
 * queue after it, refusing a burst the database is serving (the wait for a connection is the
 * driver's `acquireTimeoutMs`). No `statement_timeout` is sent at startup (PgBouncer refuses
 * startup parameters, and a bulk write may take longer): the driver bounds each statement.
 */
export async function createPgPool(
  connectionString: string,
  max: number,
  timeouts: ResolvedTimeouts,
): Promise<PgPoolLike> {
  let mod: { default?: { Pool?: unknown; Client?: unknown }; Pool?: unknown; Client?: unknown };
  try {
    mod = (await import('pg')) as typeof mod;
  } catch (error) {
    throw new StoreError("postgresStore: connectionString needs the 'pg' package: npm install pg", {
      cause: error,
      retryable: false,
    });
  }
  const Pool = (mod.default?.Pool ?? mod.Pool) as new (
    options: object,
  ) => PgPoolLike & { on(e: 'error', l: (error: Error) => void): unknown };
  const Client = (mod.default?.Client ?? mod.Client) as new (options: object) => PgConnecting;
  const pool = new Pool({
    connectionString,
    max,
    Client: boundedClient(Client, timeouts.connectTimeoutMs),
    // A server gone without a word (a dropped link) is noticed on idle connections too (the LISTEN one),
    // probing after 10 s of quiet rather than the system's default two hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle connection the server dropped must not crash the process: the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}
