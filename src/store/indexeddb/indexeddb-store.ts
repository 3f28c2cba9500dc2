import type { LoadEntriesOptions, MemoryEntry, StoreAdapter, StoredSession, StoredSessionHead } from '../../types.js';
import { openChangeChannel } from './changes.js';
import { openConnection } from './connection.js';
import { withLock, sessionLockName } from './locks.js';
import { canEstimateStorage, estimateStorage, requestPersistence } from './quota.js';
import type { RecallKitIDB } from './schema.js';
import { readAuxPrefix, readEntryRecords, readSummaryRecords } from './session-reads.js';
import { deleteSessionRecords, describeWrite, writeBatch } from './write.js';

type StoreName = 'sessions' | 'entries' | 'summaries' | 'aux';

/**
 * A readonly transaction whose completion is observed: idb's shortcut reads leave `tx.done`
 * unobserved, and a connection force-closed meanwhile (site data cleared) then surfaces as an
 * unhandled rejection. The request's own promise still rejects for the caller.
 */
function readTransaction<S extends StoreName>(db: RecallKitIDB, stores: S[]) {
  const tx = db.transaction(stores, 'readonly');
  tx.done.catch(() => undefined);
  return tx;
}

/** Options of {@link indexedDBStore}. */
export interface IndexedDBStoreOptions {
  /** Database name (default `recallkit`). Also names the Web Locks: `recallkit:<dbName>:<sessionId>`. */
  dbName?: string;
  /**
   * Ask the browser once, on first open, to keep this origin's storage under pressure
   * (`navigator.storage.persist()`); the answer and failures are ignored here: call
   * {@link requestPersistence} yourself to see them. Default false.
   */
  persist?: boolean;
  /** The IndexedDB factory (default `globalThis.indexedDB`); must belong to this realm. */
  indexedDB?: IDBFactory;
}

/**
 * A store that keeps sessions in IndexedDB (browser pages and workers), so memory survives
 * reloads. Every write is one transaction: it lands entirely or not at all. Opening a session
 * reads only its active entries and summaries, however long its compressed history.
 *
 * Errors: `QuotaExceededError` when storage is full (nothing of that write stored), `StoreError`
 * for other failures and when another tab upgraded or deleted the database, `ClosedError`
 * after `close()`.
 * @example
 * const memory = await createMemory({ store: indexedDBStore({ dbName: 'chat', persist: true }) });
 */
export function indexedDBStore(options: IndexedDBStoreOptions = {}): StoreAdapter {
  const { dbName = 'recallkit', persist = false } = options;
  const connection = openConnection({
    dbName,
    indexedDB: options.indexedDB,
    onOpen: persist ? () => void requestPersistence().catch(() => undefined) : undefined,
  });
  const changes = openChangeChannel(dbName);

  /**
   * Run a database operation; any failure reaches the caller as a RecallKit error. On an open
   * database the operation starts in this turn (its requests go out before the caller goes on).
   */
  const run = async <T>(what: string, op: (db: RecallKitIDB) => Promise<T>): Promise<T> => {
    try {
      return await op(connection.current() ?? (await connection.db()));
    } catch (error) {
      throw connection.fail(error, what);
    }
  };
  const session = (verb: string, sessionId: string): string => `${verb} session ${JSON.stringify(sessionId)}`;

  const store: StoreAdapter = {
    kind: 'indexeddb',
    shared: true,

    loadSession(sessionId) {
      return run(session('load', sessionId), async (db): Promise<StoredSession | undefined> => {
        // Entries and summaries in pages of one transaction: the thread is not held by one large copy.
        const tx = readTransaction(db, ['sessions', 'entries', 'summaries']);
        const [meta, entries, summaries] = await Promise.all([
          tx.objectStore('sessions').get(sessionId),
          readEntryRecords(tx.objectStore('entries'), sessionId, { includeCompressed: false }),
          readSummaryRecords(tx.objectStore('summaries').index('by-session-order'), sessionId),
        ]);
        if (!meta) return undefined;
        return { meta, activeEntries: entries.map((r) => r.entry), summaries: summaries.map((r) => r.summary) };
      });
    },

    loadMeta(sessionId) {
      return run(session('load the meta of', sessionId), (db) =>
        readTransaction(db, ['sessions']).objectStore('sessions').get(sessionId),
      );
    },

    loadEntries(sessionId, { includeCompressed = true, fromSeq, limit }: LoadEntriesOptions = {}) {
      return run(session('load entries of', sessionId), async (db) => {
        const entries = readTransaction(db, ['entries']).objectStore('entries');
        // A page (`limit`) is read and copied into this thread alone, not the whole session.
        const count = limit !== undefined && Number.isInteger(limit) && limit > 0 ? limit : undefined;
        const records = await readEntryRecords(entries, sessionId, { includeCompressed, fromSeq, limit: count });
        return records.map((r) => r.entry);
      });
    },

    getEntries(sessionId, ids) {
      return run(session('get entries of', sessionId), async (db): Promise<(MemoryEntry | undefined)[]> => {
        const entries = readTransaction(db, ['entries']).objectStore('entries');
        const records = await Promise.all(ids.map((id) => entries.get([sessionId, id])));
        return records.map((r) => r?.entry);
      });
    },

    loadAux(sessionId, key) {
      return run(`load aux ${JSON.stringify(key)} of session ${JSON.stringify(sessionId)}`, async (db) => {
        return (await readTransaction(db, ['aux']).objectStore('aux').get([sessionId, key]))?.value;
      });
    },

    loadSessionHead(sessionId, auxPrefix) {
      return run(session('load the head of', sessionId), async (db): Promise<StoredSessionHead | undefined> => {
        const tx = readTransaction(db, ['sessions', 'summaries', 'aux']);
        const [meta, summaries, aux] = await Promise.all([
          tx.objectStore('sessions').get(sessionId),
          readSummaryRecords(tx.objectStore('summaries').index('by-session-order'), sessionId),
          readAuxPrefix(tx.objectStore('aux'), sessionId, auxPrefix),
        ]);
        if (!meta) return undefined;
        return { meta, summaries: summaries.map((r) => r.summary), aux };
      });
    },

    loadAuxPrefix(sessionId, prefix) {
      return run(`load aux ${JSON.stringify(prefix)}… of session ${JSON.stringify(sessionId)}`, async (db) => {
        return readAuxPrefix(readTransaction(db, ['aux']).objectStore('aux'), sessionId, prefix);
      });
    },

    subscribe(sessionId, onChange) {
      connection.assertOpen(session('subscribe to', sessionId));
      return changes.subscribe(sessionId, onChange);
    },

    async write(sessionId, batch) {
      await run(describeWrite(sessionId, batch), (db) => writeBatch(db, sessionId, batch));
      changes.notify(sessionId, batch.meta.version);
    },

    async deleteSession(sessionId) {
      await run(session('delete', sessionId), (db) => deleteSessionRecords(db, sessionId));
      changes.notify(sessionId, 0);
    },

    listSessions() {
      return run('list sessions', (db) => readTransaction(db, ['sessions']).objectStore('sessions').getAll());
    },

    async lock(sessionId, fn) {
      // No database needed; `fn`'s own result or rejection passes through untouched.
      connection.assertOpen(session('lock', sessionId));
      return withLock(sessionLockName(dbName, sessionId), fn);
    },

    async close() {
      changes.close();
      await connection.close();
    },
  };
  if (canEstimateStorage()) store.estimate = estimateStorage;
  return store;
}
