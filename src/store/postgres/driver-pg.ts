/**
 * The node-postgres (`pg`) adapter: a pool the store creates from a connection string
 * (`create-pg-pool.ts`), or the app's own pool (then the store never ends it).
 * @module
 */
import type { Sql, SqlDriver, TransactionOptions } from './driver.js';
import { listenOn } from './pg-listen.js';
import type { PgClientLike, PgPoolLike, PgQueryConfig } from './pg-types.js';
import { patientTimeout } from './patient-timer.js';
import { DatabaseWaitError, isConnectionFailure } from './retryable.js';
import {
  answered,
  createAnswerClock,
  DEFAULT_TIMEOUTS,
  statementLimit,
  within,
  type ResolvedTimeouts,
} from './timeouts.js';

export type { PgClientLike, PgPoolLike, PgQueryConfig } from './pg-types.js';

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
  const noConnection = (ms: number): string =>
    `no connection to the database within ${ms} ms (acquireTimeoutMs): ` +
    'the server did not answer, or every connection of the pool was busy and none answered';
  const acquire = async (): Promise<PgClientLike> =>
    guard(
      await within(connected(pool.connect(), timeouts.connectTimeoutMs), timeouts.acquireTimeoutMs, noConnection, {
        answeredAt: clock.answeredAt,
        late: (client) => client.release(),
      }),
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
    // The hot path (every read, every grouped write): one wait that bounds the connection, then the statement.
    query<R>(text: string, params?: readonly unknown[]): Promise<R[]> {
      const limit = statementLimit(base, params);
      return new Promise<R[]>((resolve, reject) => {
        let client: PgClientLike | undefined;
        let over = false;
        const wait = patientTimeout(
          timeouts.acquireTimeoutMs,
          () => {
            over = true;
            if (!client) return reject(new DatabaseWaitError(noConnection(timeouts.acquireTimeoutMs)));
            const error = new DatabaseWaitError(`no answer to a statement within ${limit} ms (statementTimeoutMs)`);
            client.release(error); // its state is unknown: closed, never reused
            reject(error);
          },
          clock.answeredAt,
        );
        connected(pool.connect(), timeouts.connectTimeoutMs).then(
          (c) => {
            if (over) return c.release();
            client = guard(c);
            wait.restart(limit);
            clock.busy(limit - base);
            c.query(prepared(text, params)).then(
              (result) => {
                if (over) return;
                wait.cancel();
                clock.answered();
                c.release();
                resolve(result.rows as R[]);
              },
              (error: unknown) => {
                if (over) return;
                wait.cancel();
                if (!isConnectionFailure(error)) clock.answered(); // the server refused it: an answer all the same
                // As pg's pool.query does: a connection whose statement failed is not reused.
                c.release(error instanceof Error ? error : new Error(String(error)));
                reject(error);
              },
            );
          },
          (error: unknown) => {
            if (over) return;
            over = true;
            wait.cancel();
            reject(error);
          },
        );
      });
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
  // A wrapper of the app's own (instrumentation) may not be an event emitter: nothing to guard then.
  if (!guarded.has(client) && typeof client.on === 'function') {
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
