/**
 * `postgresStore`: the StoreAdapter on PostgreSQL, through node-postgres or PGlite.
 * @module
 */
import { ClosedError } from '../../errors.js';
import type { StoreAdapter } from '../../types.js';
import type { SqlDriver } from './driver.js';
import { retryingOpen } from './retrying-open.js';
import { isPGlite } from './open-driver.js';
import { checkOptions, type PostgresStoreOptions } from './options.js';
import * as q from './queries.js';
import { listenTenant } from './change-router.js';
import { createSubscriptions } from './subscribe.js';
import { sharedWrites } from './shared-writes.js';
import { secretsOf } from './redact.js';
import { storeFailure } from './retryable.js';
import { callBound, resolveTimeouts, within } from './timeouts.js';
import { deleteSession, encodeBatchInSlices, notifyPayload, type EncodedBatch } from './write.js';
import { sharedMetaReader } from './read-group.js';
import { createSlicer } from '../../slices/slicer.js';

/** `op(driver)`, a throw of it as a rejection. */
function attempt<T>(op: (driver: SqlDriver) => Promise<T>, driver: SqlDriver): Promise<T> {
  try {
    return op(driver);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Said of a write that failed in a way that may have stored it all the same. */
const UNKNOWN_OUTCOME = ' (the write may or may not have been stored: retry it, with the same id it is stored once)';

/** A random id naming one store in its change notifications. */
function originId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return c?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * A store that keeps sessions in PostgreSQL: on a server through node-postgres
 * (`connectionString` or your `pool`), or embedded through PGlite (`pglite`: a directory, or your
 * instance). Every row and query is scoped by `tenant`, so one database holds many users' memories
 * and none sees another's. Each write is one atomic statement (or transaction) whose version
 * check happens inside it; concurrent writes share a statement (group commit), each checked and
 * failing on its own; the stores on one pool (say, one per user) share those statements.
 * Writes are announced right after they commit (NOTIFY), and other
 * processes' writes are heard (LISTEN). The schema is created and migrated forward on open.
 * The stores of a process naming one connection string share one pool and one LISTEN
 * connection, and those naming one PGlite directory share one PGlite instance (the last
 * `close()` ends it); a directory open in another process is refused with a `StoreError`
 * (PGlite is single-process). A store used while the database is down fails with a
 * `StoreError` (`retryable: true`) and works again by itself once it is back; a call waits for
 * the database at most `acquireTimeoutMs + statementTimeoutMs` (4 s by default). For a server,
 * see `createServerMemory`.
 * Needs `pg` or `@electric-sql/pglite` (optional peer dependencies).
 * @example
 * import { postgresStore } from 'recallkit/postgres';
 * const store = postgresStore({ connectionString: process.env.DATABASE_URL, tenant: userId });
 * const memory = await createMemory({ store });
 */
export function postgresStore(options: PostgresStoreOptions): StoreAdapter {
  const tenant = checkOptions(options);
  let closed = false;
  // Opened on first use, so the factory stays synchronous; a failed open (the database is down)
  // reaches the calls made meanwhile and is forgotten: the next call tries again.
  const source = retryingOpen(options);
  let subscriptions: ReturnType<typeof createSubscriptions> | undefined;
  // The source's writer and notifier, once this store wrote (or deleted).
  let writes: ReturnType<typeof sharedWrites> | undefined;
  // This store's latest write per session while in flight (notifications of a session wait for it).
  const inFlight = new Map<string, Promise<void>>();
  const track = (sessionId: string, write: Promise<void>): Promise<void> => {
    inFlight.set(sessionId, write);
    const done = (): void => {
      if (inFlight.get(sessionId) === write) inFlight.delete(sessionId);
    };
    write.then(done, done);
    return write;
  };
  // This store's writes and deletions, numbered in its notifications, and those not yet settled.
  const origin = originId();
  let numbered = 0;
  const unsettled = new Set<number>();
  const numberOwn = <T>(work: (n: number) => Promise<T>): Promise<T> => {
    const n = numbered++;
    unsettled.add(n);
    const done = (): void => void unsettled.delete(n);
    const p = work(n);
    p.then(done, done);
    return p;
  };
  const own = {
    origin,
    // Sets iterate in insertion order, and numbers are inserted rising: the first is the oldest.
    oldest: (): number => {
      for (const n of unsettled) return n;
      return numbered;
    },
  };
  const writesOf = (d: SqlDriver): ReturnType<typeof sharedWrites> => (writes ??= sharedWrites(d));
  const db = (): Promise<SqlDriver> => source.get();
  const secrets = secretsOf((options as { connectionString?: string }).connectionString);

  // Whatever a call waits for (the open, a connection, its statement, a grouped write's turn), it
  // fails once the database answered nothing for this long: a route answers 503 fast, and the
  // work, if it goes on, is harmless. While the database answers, a call queued behind others waits.
  const bound = callBound(resolveTimeouts(options));
  let opened: SqlDriver | undefined;
  // Opening PGlite is this process's own work (a WASM start, a recovery), not a wait for a peer: it
  // is not bounded (a busy machine may take seconds); its statements are, once it answers.
  const local = isPGlite(options);
  const noAnswer = (ms: number): string => `no answer from the database within ${ms} ms`;
  const answeredAt = (): number => opened?.answeredAt() ?? (local ? performance.now() : 0);

  const run = <T>(what: string, op: (driver: SqlDriver) => Promise<T>, write = false): Promise<T> => {
    if (closed) return Promise.reject(new ClosedError('postgresStore: the store is closed'));
    let work: Promise<T>;
    // Open, and no LISTEN being set up: straight to the work (no wait for either to settle).
    if (opened && !subscriptions?.pending()) work = attempt(op, opened);
    else
      work = (async () => {
        const driver = (opened = await db());
        if (subscriptions) await subscriptions.ready();
        return op(driver);
      })();
    // A write that failed on the way may still commit (the server got it): the caller may retry with the same id.
    return within(work, bound, noAnswer, { answeredAt }).catch((error: unknown) => {
      throw storeFailure(`postgresStore: cannot ${what}`, error, secrets, write ? UNKNOWN_OUTCOME : '');
    });
  };
  const session = (verb: string, sessionId: string): string => `${verb} session ${JSON.stringify(sessionId)}`;

  return {
    kind: 'postgres',
    shared: true,
    loadSession: (sessionId) => run(session('load', sessionId), (d) => q.loadSession(d, tenant, sessionId)),
    // Grouped with the other stores' of the source (read-group.ts): one statement per turn of the event loop.
    loadMeta: (sessionId) =>
      run(session('load the meta of', sessionId), (d) => sharedMetaReader(d).loadMeta(tenant, sessionId)),
    loadEntries: (sessionId, opts) =>
      run(session('load entries of', sessionId), (d) => q.loadEntries(d, tenant, sessionId, opts)),
    getEntries: (sessionId, ids) =>
      run(session('get entries of', sessionId), (d) => q.getEntries(d, tenant, sessionId, ids)),
    loadAux: (sessionId, key) =>
      run(session(`load aux ${JSON.stringify(key)} of`, sessionId), (d) => q.loadAux(d, tenant, sessionId, key)),
    loadSessionHead: (sessionId, prefix) =>
      run(session('load the head of', sessionId), (d) => q.loadSessionHead(d, tenant, sessionId, prefix)),
    loadAuxPrefix: (sessionId, prefix) =>
      run(session(`load aux ${JSON.stringify(prefix)}… of`, sessionId), (d) =>
        q.loadAuxPrefix(d, tenant, sessionId, prefix),
      ),
    write: (sessionId, batch) => {
      if (closed) return Promise.reject(new ClosedError('postgresStore: the store is closed'));
      // Encoded first (this process's work, not a wait for the database, so outside the call's
      // bound): a small batch at once, a large one in slices; then concurrent writes, of this
      // store and of the others on its pool, share statements.
      let encoded: EncodedBatch | Promise<EncodedBatch>;
      try {
        encoded = encodeBatchInSlices(tenant, sessionId, batch, createSlicer);
      } catch (error) {
        return Promise.reject(error);
      }
      const e = encoded;
      return numberOwn((n) => {
        const send = (x: EncodedBatch): Promise<void> => {
          x.session[4] = notifyPayload(tenant, sessionId, x.session[2], [origin, n]);
          return run(session('write', sessionId), (d) => writesOf(d).writer.write(x), true);
        };
        return track(sessionId, e instanceof Promise ? e.then(send) : send(e));
      });
    },
    deleteSession: (sessionId) =>
      numberOwn((n) =>
        run(
          session('delete', sessionId),
          async (d) => {
            if (await deleteSession(d, tenant, sessionId))
              writesOf(d).notifier.add([notifyPayload(tenant, sessionId, 0, [origin, n])]);
          },
          true,
        ),
      ),
    listSessions: () => run('list sessions', (d) => q.listSessions(d, tenant)),
    subscribe(sessionId, onChange) {
      if (closed) throw new ClosedError('postgresStore: the store is closed');
      subscriptions ??= createSubscriptions(
        async (onChange) => listenTenant(await db(), tenant, onChange),
        (id) => inFlight.get(id),
        own,
      );
      return subscriptions.subscribe(sessionId, onChange);
    },
    async close() {
      if (closed) return;
      closed = true;
      // Writes that resolved are announced before the connections go.
      await writes?.notifier.drain();
      await subscriptions?.close();
      await (await source.settled())?.close();
    },
  };
}
