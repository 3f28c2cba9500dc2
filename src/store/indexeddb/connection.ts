/**
 * The IndexedDB connection behind {@link indexedDBStore}: opened lazily, upgraded step by step,
 * closed when another tab upgrades or deletes the database, and the one place where a failure
 * becomes the error a caller sees.
 * @module
 */
import { wrap } from 'idb';
import { ClosedError, QuotaExceededError, RecallKitError, StoreError } from '../../errors.js';
import type { Migration, RecallKitIDB, UpgradeTransaction } from './schema.js';
import { DB_VERSION, MIGRATIONS, upgradeSchema } from './schema.js';
import { isQuotaError } from './quota.js';

/** Options of {@link openConnection}. */
export interface ConnectionOptions {
  dbName: string;
  /** The factory to open with; default `globalThis.indexedDB`. */
  indexedDB?: IDBFactory | undefined;
  /** Layout version to open; default {@link DB_VERSION} (tests open later versions). */
  version?: number;
  /** Upgrade steps; default {@link MIGRATIONS}. */
  migrations?: readonly Migration[];
  /** Called once, after the first successful open. */
  onOpen?: (() => void) | undefined;
}

/** A lazily opened database and the error mapping of its operations. */
export interface Connection {
  /** The open database; opens it on first use. Rejects with the error a caller should see. */
  db(): Promise<RecallKitIDB>;
  /** The database when it is open and usable now, without waiting (else `undefined`: call `db()`). */
  current(): RecallKitIDB | undefined;
  /** Turn any failure of an operation described by `what` ("write session …") into a RecallKit error. */
  fail(error: unknown, what: string): Error;
  /** Throw the error `db()` would reject with, if the store can no longer be used. */
  assertOpen(what: string): void;
  /**
   * Close the database (pending transactions still finish); later calls reject with ClosedError.
   * Resolves once the engine has been told: a worker terminated right after (WebKit) would
   * otherwise leave its connection open, and a delete of the database blocked.
   */
  close(): Promise<void>;
}

/** Open (lazily) the RecallKit database `dbName`. */
export function openConnection(options: ConnectionOptions): Connection {
  const { dbName, version = DB_VERSION, migrations = MIGRATIONS } = options;
  const prefix = `indexedDBStore("${dbName}")`;
  let opening: Promise<RecallKitIDB> | undefined;
  /** The database `opening` resolved with (cleared with it). */
  let opened: RecallKitIDB | undefined;
  let closed = false;
  /** Why the connection can no longer be used (another tab upgraded or deleted the database). */
  let lost: string | undefined;

  const open = (): Promise<RecallKitIDB> =>
    new Promise((resolve, reject) => {
      const factory = options.indexedDB ?? globalThis.indexedDB;
      if (!factory) {
        reject(
          new StoreError(
            `${prefix}: IndexedDB is not available here; use memoryStore(), or load fake-indexeddb/auto in Node`,
          ),
        );
        return;
      }
      const request = factory.open(dbName, version);
      let abandoned = false;
      request.onupgradeneeded = (event) => {
        const tx = wrap(request.transaction as IDBTransaction) as unknown as UpgradeTransaction;
        upgradeSchema(
          wrap(request.result) as unknown as RecallKitIDB,
          event.oldVersion,
          event.newVersion ?? version,
          tx,
          migrations,
        );
      };
      request.onblocked = (event) => {
        // A tab still holds the older version open and did not close it: give up rather than hang.
        // If that tab closes later, the open completes and is closed right away (see onsuccess).
        abandoned = true;
        opening = undefined;
        reject(
          new StoreError(
            `${prefix}: cannot upgrade the database from version ${event.oldVersion} to ${version}: ` +
              'another tab holds it open; close or reload the other tabs',
          ),
        );
      };
      request.onerror = () => {
        opening = undefined;
        const cause = request.error;
        const message =
          cause?.name === 'VersionError'
            ? `${prefix}: the database was written by a newer RecallKit ` +
              `(layout newer than version ${version}); reload the page`
            : `${prefix}: could not open the database: ${describeCause(cause)}`;
        reject(new StoreError(message, { cause }));
      };
      request.onsuccess = () => {
        const raw = request.result;
        if (abandoned || closed) {
          raw.close();
          if (closed) reject(new ClosedError(`${prefix}: the store is closed`));
          return;
        }
        raw.onversionchange = (event) => {
          // Another tab wants to upgrade or delete: step aside so it is not blocked.
          raw.close();
          lost =
            event.newVersion === null
              ? `${prefix}: the database was deleted by another tab; reload`
              : `${prefix}: the database was upgraded by another tab (to version ${event.newVersion}); reload`;
        };
        raw.onclose = () => {
          lost = `${prefix}: the browser closed the database (storage cleared or a disk error); reload`;
        };
        options.onOpen?.();
        opened = wrap(raw) as unknown as RecallKitIDB;
        resolve(opened);
      };
    });

  return {
    db() {
      if (closed) return Promise.reject(new ClosedError(`${prefix}: the store is closed`));
      if (lost) return Promise.reject(new StoreError(lost));
      return (opening ??= open());
    },

    current() {
      return closed || lost ? undefined : opened;
    },

    assertOpen(what) {
      if (closed || lost) throw this.fail(undefined, what);
    },

    fail(error, what) {
      if (closed) return new ClosedError(`${prefix}: the store is closed (while trying to ${what})`);
      if (lost) return new StoreError(`${lost} (while trying to ${what})`, { cause: error });
      if (error instanceof RecallKitError) return error;
      if (isQuotaError(error)) {
        return new QuotaExceededError(
          `${prefix}: storage quota exceeded while trying to ${what}; nothing was written. ` +
            'Free space (delete old sessions) or ask for persistent storage',
          { cause: error },
        );
      }
      return new StoreError(`${prefix}: could not ${what}: ${describeCause(error)}`, { cause: error });
    },

    async close() {
      closed = true;
      // Still opening: the open's success closes it (it sees `closed`).
      if (!opened) return;
      opened.close();
      // A round trip to the engine's IndexedDB backend after the close: the close reached it first.
      await indexedDB.databases?.().catch(() => undefined);
    },
  };
}

function describeCause(error: unknown): string {
  if (error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)) {
    const { name, message } = error as { name: unknown; message?: unknown };
    return `${String(name)}${message ? `: ${String(message)}` : ''}`;
  }
  return String(error);
}
