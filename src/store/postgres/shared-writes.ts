/**
 * The writes of every store on one database source (a pool, a PGlite instance) go through one
 * group writer and one notifier: on a server with a store per user, the appends of different
 * users share statements and NOTIFYs as one user's do.
 * @module
 */
import type { SqlDriver } from './driver.js';
import { createNotifier, type Notifier } from './notifier.js';
import { createGroupWriter, type GroupWriter } from './write-group.js';

/**
 * Write statements on a server at once (a pool's default size): the writes made in one turn of
 * the event loop go as one statement, so under load statements carry many writes without any
 * one waiting for another's statement to finish. PGlite runs one statement at a time.
 */
const WRITES_IN_FLIGHT = 10;

/** The writer and the notifier of one source. */
export interface SharedWrites {
  writer: GroupWriter;
  notifier: Notifier;
}

const bySource = new WeakMap<object, SharedWrites>();

/** The writes of `driver`'s source, made on first use (through this driver). */
export function sharedWrites(driver: SqlDriver): SharedWrites {
  let writes = bySource.get(driver.source);
  if (!writes) {
    const notifier = createNotifier(driver);
    const writer = createGroupWriter(driver, driver.kind === 'pglite' ? 1 : WRITES_IN_FLIGHT, (changes) =>
      notifier.add(changes),
    );
    writes = { writer, notifier };
    bySource.set(driver.source, writes);
  }
  return writes;
}
