/**
 * Opening a database on first use, again after a failure: a store or a sync handler made while
 * the database is down keeps working once it is back, without a restart.
 * @module
 */
import type { SqlDriver } from './driver.js';
import { openMigrated, type ConnectionOptions } from './open-driver.js';

/** The driver of one store or handler, opened when first asked for. */
export interface RetryingOpen {
  /** The driver, opened and migrated; a failed open is forgotten, so the next call tries again. */
  get(): Promise<SqlDriver>;
  /** The driver if it opened, for `close()`; `undefined` when it never opened or its open failed. */
  settled(): Promise<SqlDriver | undefined>;
}

/**
 * Opens `options`' database on the first {@link RetryingOpen.get}, sharing one attempt between
 * the calls made while it runs, and forgetting it when it fails. `onOpen`: see `openMigrated`'s `opened`.
 * @example
 * ```ts
 * const driver = retryingOpen(options);
 * const db = await driver.get(); // throws while the database is down; works once it is back
 * ```
 */
export function retryingOpen(options: ConnectionOptions, onOpen?: (driver: SqlDriver) => void): RetryingOpen {
  let opened: Promise<SqlDriver> | undefined;
  return {
    get() {
      if (opened) return opened;
      const opening = openMigrated(options, onOpen);
      opened = opening;
      opening.catch(() => opened === opening && (opened = undefined));
      return opening;
    },
    settled: async () => opened?.catch(() => undefined),
  };
}
