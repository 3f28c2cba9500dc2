/** Shared by the postgres tests: a pool on the throwaway cluster, one PGlite, fresh tenants. */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { postgresStore } from '../../src/server/index.js';
import type { StoreAdapter } from '../../src/types.js';
import type { PgClientLike, PgPoolLike, PgQueryConfig } from '../../src/store/postgres/driver-pg.js';

let count = 0;
/** A tenant no other test uses: a fresh, empty store on a shared database. */
export const freshTenant = (): string => `tenant-${process.pid}-${Date.now()}-${count++}`;

/** The cluster's connection string (started by global-setup). */
export const pgUrl = (): string => inject('pgUrl');

let pool: pg.Pool | undefined;
/** One pool per test file, ended by the caller's afterAll. */
export function sharedPool(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: pgUrl(), max: 10 });
  return pool;
}

let lite: Promise<PGlite> | undefined;
/** One in-memory PGlite per test file. */
export function sharedPGlite(): Promise<PGlite> {
  lite ??= PGlite.create();
  return lite;
}

/** The two drivers, each making a fresh-tenant store. */
export const DRIVERS: [string, (tenant: string) => Promise<StoreAdapter>][] = [
  ['pg', async (tenant) => postgresStore({ pool: sharedPool(), tenant })],
  ['PGlite', async (tenant) => postgresStore({ pglite: await sharedPGlite(), tenant })],
];

/** End the shared pool and PGlite (afterAll). */
export async function closeShared(): Promise<void> {
  // Tests that never close their memory leave the shared LISTEN connection checked out, and
  // pool.end() waits for every client: give it a moment, then let the cluster teardown end it.
  const ending = pool?.end();
  pool = undefined;
  await Promise.race([ending, new Promise((r) => setTimeout(r, 1000).unref())]);
  await (await lite)?.close();
  lite = undefined;
}

let liteNow: PGlite | undefined;
/** A PGlite instance usable synchronously (queries wait until it is ready). */
export function sharedPGliteNow(): PGlite {
  liteNow ??= new PGlite();
  const closing = liteNow;
  lite ??= closing.waitReady.then(() => closing);
  return liteNow;
}

/**
 * `base` as an app's own pool that tells `onStatement` the text of every statement sent through
 * it (on its connections: the store runs each statement on a connection it takes from the pool).
 */
export function countingPool(base: pg.Pool, onStatement: (text: string) => void): PgPoolLike {
  const patched = new WeakSet<object>();
  return {
    query: (config: string | PgQueryConfig) => {
      onStatement(typeof config === 'string' ? config : config.text);
      return base.query(config as never);
    },
    async connect() {
      const client = await base.connect();
      if (!patched.has(client)) {
        patched.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as { query: unknown }).query = (config: string | PgQueryConfig, ...rest: unknown[]) => {
          onStatement(typeof config === 'string' ? config : config.text);
          return query(config, ...rest);
        };
      }
      return client as unknown as PgClientLike;
    },
    end: async () => undefined,
  };
}
