/**
 * `createServerMemory`: the memory of every user of a server, set up once. A request asks for
 * `forUser(userId)`, a handle that only captures the id; the user's engine (over a
 * `postgresStore` of that tenant, on the one shared pool or PGlite) is made on its first call
 * and kept in a bounded cache, least recently used closed first.
 * @module
 */
import type { EngineOptions } from '../open-engine.js';
import { ClosedError, ValidationError } from '../errors.js';
import { isPlainObject } from '../core/checks/validate.js';
import { checkOptionNames } from '../option-names.js';
import type { Memory } from '../memory.js';
import { resolveTokenizer } from '../tokens/resolve-tokenizer.js';
import type { TokenCounter } from '../types.js';
import { isPGlite, type ConnectionOptions } from '../store/postgres/open-driver.js';
import { checkConnection, checkTenant, type PostgresStoreOptions } from '../store/postgres/options.js';
import { postgresStore } from '../store/postgres/store.js';
import {
  callBound,
  resolveTimeouts,
  TIMEOUT_OPTIONS,
  within,
  type DatabaseTimeouts,
} from '../store/postgres/timeouts.js';
import { retryingOpen } from '../store/postgres/retrying-open.js';
import { holdListen } from '../store/postgres/change-router.js';
import type { SqlDriver } from '../store/postgres/driver.js';
import { secretsOf } from '../store/postgres/redact.js';
import { storeFailure } from '../store/postgres/retryable.js';
import type { PgPoolLike } from '../store/postgres/driver-pg.js';
import type { PGliteLike } from '../store/postgres/driver-pglite.js';
import { userMemoryHandle, type UserMemory } from './user-memory.js';
import type { UserEngineFactory } from './user-engines.js';

export type { UserMemory };

/**
 * Options of {@link createServerMemory}: exactly one of `connectionString`, `pool`, `pglite`,
 * the database timeouts (`connectTimeoutMs`, `acquireTimeoutMs`, `statementTimeoutMs`: a call
 * waits for the database at most `acquireTimeoutMs + statementTimeoutMs`, 4 s by default), and
 * engine options.
 */
export interface ServerMemoryOptions extends EngineOptions, DatabaseTimeouts {
  /** A PostgreSQL server (node-postgres): one pool for every user. */
  connectionString?: string | undefined;
  /** Connections of the pool made from `connectionString` (default 10). */
  maxConnections?: number | undefined;
  /** Your own node-postgres pool (never ended here). */
  pool?: PgPoolLike | undefined;
  /** Embedded PostgreSQL: a data directory (one process only) or your PGlite instance. */
  pglite?: string | PGliteLike | undefined;
  /**
   * Users whose engine stays in memory (least recently used closed first; a user's next call
   * opens it again from the database). Default 1000.
   */
  maxCachedUsers?: number | undefined;
  /** Sessions each cached user keeps in memory (default 8): memory is bounded by users × sessions. */
  maxCachedSessions?: number | undefined;
  /** Hears what fails in the background (a compression's summarizer): the user, the session, the error. */
  onError?: ((userId: string, sessionId: string, error: Error) => void) | undefined;
}

/** Every user's memory on one database: `forUser(id)` per request, `close()` when the server stops. */
export interface ServerMemory {
  /**
   * The memory of one user: a handle that does no I/O and holds nothing (make one per
   * request). Every call is scoped to this user's sessions. A `ValidationError` without a
   * user id (fail closed).
   */
  forUser(userId: string): UserMemory;
  /** Finish every user's pending work and release the pool (or PGlite). Later calls: `ClosedError`. */
  close(): Promise<void>;
}

/** Where the database is and how long to wait for it: what each user's store is made with. */
const CONNECTION = ['connectionString', 'maxConnections', 'pool', 'pglite', ...TIMEOUT_OPTIONS] as const;
const OWN = [...CONNECTION, 'maxCachedUsers', 'onError'] as const;
const DEFAULT_MAX_USERS = 1000;
const DEFAULT_SESSIONS_PER_USER = 8;

interface Cached {
  memory: Promise<Memory>;
  /** Calls running on it: it is closed only once none is. */
  busy: number;
  evicted: boolean;
}

/**
 * Set up the memory of a server's users once, at start: one pool (or PGlite instance), one
 * tokenizer, one schema migration. Per request, `forUser(userId)` is free.
 * @example
 * import { createServerMemory } from 'recallkit/postgres';
 * const memories = createServerMemory({ connectionString: process.env.DATABASE_URL });
 * // in a route, once the request is authenticated:
 * const memory = memories.forUser(userId);
 * await memory.addUserMessage(chatId, text);
 * const { messages } = await memory.getContextForLLM(chatId);
 */
export function createServerMemory(options: ServerMemoryOptions): ServerMemory {
  if (!isPlainObject(options as unknown))
    throw new ValidationError('options', 'an object { connectionString | pool | pglite, ...memory options }', options);
  const o = options as unknown as Record<string, unknown>;
  checkConnection(o, options);
  const maxUsers = positive(o, 'maxCachedUsers') ?? DEFAULT_MAX_USERS;
  const sessionsPerUser = positive(o, 'maxCachedSessions') ?? DEFAULT_SESSIONS_PER_USER;
  if (options.onError !== undefined && typeof options.onError !== 'function')
    throw new ValidationError('onError', 'a function (userId, sessionId, error) => void', options.onError);
  const engine: Record<string, unknown> = { ...options, maxCachedSessions: sessionsPerUser };
  for (const key of OWN) delete engine[key];
  for (const key of ['store', 'dbName', 'persist', 'durability', 'sync'])
    if (key in engine)
      throw new ValidationError(`options.${key}`, 'not set: a server memory makes its own store', o[key]);
  checkOptionNames(engine);
  const connection = Object.fromEntries(
    CONNECTION.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]),
  ) as unknown as ConnectionOptions;

  // One tokenizer for every user (its ranks are loaded once).
  let counter: Promise<TokenCounter> | undefined;
  const tokenizer = (): Promise<TokenCounter> => {
    counter ??= resolveTokenizer(options.tokenizer);
    counter.catch(() => (counter = undefined));
    return counter;
  };
  // A pool's LISTEN, held from the open to close: every user's store listens through it. It is
  // set up beside the schema check, on a connection of its own (the check's stays in the pool for
  // the first user's calls), rather than after the first user's engine loaded. A failure is
  // forgotten: the stores then listen by themselves (as they do on PGlite, which listens in
  // this process, over no connection).
  let listening: Promise<() => Promise<void>> | undefined;
  const listen = (driver: SqlDriver): void => {
    if (listening || closed || driver.kind !== 'pg') return;
    const held = holdListen(driver);
    listening = held;
    held.catch(() => listening === held && (listening = undefined));
  };
  // The shared pool (or PGlite), opened and migrated once, held until close: a user's store joins it.
  const source = retryingOpen(connection, listen);
  const timeouts = resolveTimeouts(connection);
  const secrets = secretsOf((connection as { connectionString?: string }).connectionString);
  // Opening PGlite is this process's own work (a WASM start, a recovery), not a wait for a peer:
  // as in the store, it is not bounded (a busy machine may take seconds); a server's open is.
  const local = isPGlite(connection);
  const database = async (): Promise<void> => {
    try {
      if (local) await source.get();
      else await within(source.get(), callBound(timeouts), (ms) => `no answer from the database within ${ms} ms`);
    } catch (error) {
      throw storeFailure('createServerMemory: cannot open the database', error, secrets);
    }
  };
  // The users' engines: their module (no browser store, no journal, no sync) loaded once, the
  // options checked once (a bad option fails every call with the same error).
  let factory: Promise<UserEngineFactory> | undefined;
  const engines = (): Promise<UserEngineFactory> => {
    factory ??= import('./user-engines.js').then((m) => m.userEngines(engine as EngineOptions));
    factory.catch(() => (factory = undefined));
    return factory;
  };
  // Every first request needs both: start loading them now, while the server starts (a failure
  // is forgotten and retried by the request that needs it).
  tokenizer().catch(() => undefined);
  engines().catch(() => undefined);
  const users = new Map<string, Cached>();
  const closing = new Set<Promise<void>>();
  let closed = false;

  const open = async (userId: string): Promise<Memory> => {
    const store = postgresStore({ ...connection, tenant: userId } as PostgresStoreOptions);
    try {
      // The database opens while the tokenizer loads; a database that is down fails the call at once.
      const [make, counter] = await Promise.all([engines(), tokenizer(), database()]);
      const memory = await make(store, counter);
      const { onError } = options;
      if (onError) memory.on('error', (sessionId, error) => onError(userId, sessionId, error));
      return memory;
    } catch (error) {
      await store.close().catch(() => undefined);
      throw error;
    }
  };
  const retire = (userId: string, c: Cached): void => {
    if (users.get(userId) === c) users.delete(userId);
    c.evicted = true;
    if (c.busy > 0) return;
    const done = c.memory.then(
      (m) => m.close(),
      () => undefined,
    );
    closing.add(done);
    void done.catch(() => undefined).finally(() => closing.delete(done));
  };
  // Least recently used first (a Map keeps insertion order; a use moves the user last).
  const evict = (): void => {
    if (users.size <= maxUsers) return;
    for (const [id, c] of users) {
      if (users.size <= maxUsers) break;
      if (c.busy === 0) retire(id, c);
    }
  };

  const run = async <T>(userId: string, call: (memory: Memory) => Promise<T>): Promise<T> => {
    if (closed) throw new ClosedError('createServerMemory: the server memory is closed');
    let c = users.get(userId);
    if (c) users.delete(userId);
    else {
      c = { memory: open(userId), busy: 0, evicted: false };
      const cached = c;
      // An engine that could not open (the database is down) is not kept: the next call tries again.
      c.memory.catch(() => users.get(userId) === cached && users.delete(userId));
    }
    users.set(userId, c);
    c.busy++;
    try {
      evict();
      return await call(await c.memory);
    } finally {
      c.busy--;
      if (c.evicted && c.busy === 0) retire(userId, c);
    }
  };

  return {
    forUser(userId) {
      return userMemoryHandle(checkTenant(userId, 'userId'), run);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const [id, c] of [...users]) {
        c.busy = 0;
        retire(id, c);
      }
      await Promise.all([...closing]);
      await (
        await listening?.catch(() => undefined)
      )?.();
      await (await source.settled())?.close();
    },
  };
}

/** A positive integer option, or undefined. */
function positive(o: Record<string, unknown>, key: string): number | undefined {
  const value = o[key];
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || (value as number) < 1) throw new ValidationError(key, 'a positive integer', value);
  return value as number;
}
