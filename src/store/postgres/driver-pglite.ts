/**
 * The PGlite adapter: PostgreSQL in WASM, in this process. From a directory (file-backed in
 * Node; the store starts and closes it) or the app's own instance (never closed here).
 * @module
 */
import { MissingPackageError } from '../../errors.js';
import type { Sql, SqlDriver } from './driver.js';
import { createAnswerClock, statementLimit } from './timeouts.js';

interface Results {
  rows: unknown[];
}

/** The part of a PGlite instance the store uses (`await PGlite.create(dir)` fits). */
export interface PGliteLike {
  query(text: string, params?: unknown[]): Promise<Results>;
  transaction<T>(fn: (tx: { query(text: string, params?: unknown[]): Promise<Results> }) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Open the adapter over an instance (`owned`: started here, closed on close). */
export function pgliteDriver(db: PGliteLike, owned: boolean): SqlDriver {
  // PGlite runs in this process: its statements are not bounded (one cannot hang on a network), only
  // the store's waits for it, which hear its answers here.
  const clock = createAnswerClock();
  const over = (q: Pick<PGliteLike, 'query'>): Sql => ({
    query: async <R>(text: string, params?: readonly unknown[]) => {
      clock.busy(statementLimit(0, params)); // a bulk statement's due: the waits behind it are extended
      try {
        return (await q.query(text, params as unknown[])).rows as R[];
      } finally {
        clock.answered();
      }
    },
  });
  return {
    kind: 'pglite',
    source: db,
    answeredAt: clock.answeredAt,
    ...over(db),
    transaction: (fn) => db.transaction((tx) => fn(over(tx))),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    async close() {
      if (owned) await db.close();
    },
  };
}

/** Start PGlite on a directory (`@electric-sql/pglite` is loaded only now: an optional peer dependency). */
export async function createPGlite(dataDir: string): Promise<PGliteLike> {
  let mod: { PGlite: { create(dataDir: string): Promise<PGliteLike> } };
  try {
    mod = (await import('@electric-sql/pglite')) as unknown as typeof mod;
  } catch (error) {
    throw new MissingPackageError('postgresStore({ pglite })', ['@electric-sql/pglite'], error);
  }
  return mod.PGlite.create(dataDir);
}
