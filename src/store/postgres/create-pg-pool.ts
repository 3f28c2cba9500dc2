/**
 * The pool the store creates from a connection string, its connects bounded.
 * @module
 */
import { MissingPackageError } from '../../errors.js';
import { loadPg, type PgModule } from './load-pg.js';
import type { PgPoolLike } from './pg-types.js';
import { patientTimeout } from './patient-timer.js';
import type { ResolvedTimeouts } from './timeouts.js';

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
      const wait = patientTimeout(ms, () => {
        const connection = this.connection;
        if (!connection?.stream) return;
        connection._ending = true;
        connection.stream.destroy(new Error('timeout expired'));
      });
      if (callback)
        return super.connect((error) => {
          wait.cancel();
          callback(error);
        });
      return Promise.resolve(super.connect()).finally(() => wait.cancel());
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
  let mod: PgModule;
  try {
    mod = await loadPg();
  } catch (error) {
    throw new MissingPackageError('postgresStore({ connectionString })', ['pg'], error);
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
