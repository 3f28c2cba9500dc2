/**
 * A store wrapped with a journal: every batch the inner store (IndexedDB) commits is also
 * appended to the session's journal, while it commits, before the write resolves (off the
 * record, where both live in memory, the journal files may write it later: `writerJournalFiles`).
 * On open the two are compared:
 * a session the store lost (or holds at an older version) is written back from the journal,
 * a journal behind the store (a crash between commit and append) is started over from the
 * store. The store stays the source of truth while it holds the data; the journal never holds
 * a batch the store refused, since it is written only after the commit.
 * @module
 */
import type { MemoryEntry, SessionMeta, StoreAdapter, StoreBatch } from '../../types.js';
import type { StorageState } from './durability-types.js';
import type { SessionJournal } from '../journal/session-journal.js';
import type { SessionState } from '../journal/session-state.js';
import { restoreBatch, stateOfBatch } from '../journal/session-state.js';
import { createSlicer } from '../../slices/slicer.js';

/** A store adapter with its journal, and what opening it found. */
export interface DurableStore extends StoreAdapter {
  /** Compare store and journal, restore what the store lost. Call once before any other method. */
  open(): Promise<StorageState>;
  /** The state found by `open` (journal bytes kept current). */
  state(): StorageState;
  /** `open` has run. */
  readonly opened: boolean;
}

/**
 * Wrap `inner` with `journal`.
 * @example
 * const store = durableStore(indexedDBStore(), sessionJournal(opfsJournalFiles({ folder: 'recallkit' })));
 * const found = await store.open(); // found.status: 'fresh' | 'intact' | 'restored' | 'lost'
 */
export function durableStore(inner: StoreAdapter, journal: SessionJournal): DurableStore {
  let found: StorageState = {
    durability: 'journal',
    status: 'fresh',
    restoredSessions: [],
    lostSessions: [],
    repairedJournals: 0,
    journalBytes: 0,
  };
  /** Sessions whose journal could not be appended to: started over from the store on the next write. */
  const stale = new Set<string>();

  /** The session's whole state as the inner store holds it. */
  const readBack = async (sessionId: string): Promise<SessionState | undefined> => {
    const [loaded, entries, aux] = await Promise.all([
      inner.loadSession(sessionId),
      inner.loadEntries(sessionId),
      inner.loadAuxPrefix ? inner.loadAuxPrefix(sessionId, '') : Promise.resolve(undefined),
    ]);
    if (!loaded) return undefined;
    const meta: SessionMeta = { ...loaded.meta };
    if (!aux) {
      // Without its aux values the recall index must be rebuilt from the entries.
      delete meta.recallSeq;
      delete meta.vectorSeq;
    }
    return {
      meta,
      entries: new Map(entries.map((e: MemoryEntry) => [e.id, e])),
      summaries: new Map(loaded.summaries.map((s) => [s.id, s])),
      aux: aux ?? new Map(),
    };
  };

  const snapshotFromStore = async (sessionId: string): Promise<void> => {
    const state = await readBack(sessionId);
    if (state) await journal.snapshot(sessionId, state);
    else await journal.remove(sessionId);
  };

  /**
   * A session's first write: its journal file is created and written while the transaction
   * commits (creating and opening a file costs Firefox tens of milliseconds, more than the
   * commit), and removed again when the store refuses the batch. A crash before that removal
   * leaves a journal the store never committed, which open() restores as it does an append
   * cut short by a crash: an unacknowledged write that landed.
   */
  const startJournal = async (sessionId: string, batch: StoreBatch, committing: Promise<void>): Promise<void> => {
    const journaling = journal.snapshot(sessionId, stateOfBatch(batch, createSlicer())).then(
      () => true,
      () => false,
    );
    try {
      await committing;
    } catch (error) {
      if (await journaling) await journal.remove(sessionId).catch(() => stale.add(sessionId));
      throw error;
    }
    // The store has the batch; without a journal file it is started over on the next write.
    if (await journaling) stale.delete(sessionId);
    else stale.add(sessionId);
  };

  const store: DurableStore = {
    ...inner,
    kind: inner.kind,
    opened: false,

    async open() {
      (store as { opened: boolean }).opened = true;
      // Both reads at once: the database opens while the journal's files are listed.
      const [scanned, listed] = await Promise.all([journal.scan(), inner.listSessions()]);
      const metas = new Map(listed.map((m) => [m.sessionId, m]));
      const restored: string[] = [];
      const lost: string[] = [];
      let repaired = 0;
      /** The sessions the store holds once the open is done (the status says whether any). */
      const holds = new Set(metas.keys());
      for (const { sessionId, tip } of scanned) {
        const stored = metas.get(sessionId);
        metas.delete(sessionId);
        const at = typeof tip === 'object' ? tip : undefined;
        // The common case costs one small read: the journal's last version is the store's.
        if (stored && at && at.version === stored.version) {
          // Same version written twice (another tab's write won, ours was cut by a crash): the store's stands.
          if (at.updatedAt !== undefined && at.updatedAt !== stored.updatedAt) await snapshotFromStore(sessionId);
          continue;
        }
        if (stored && at && at.version < stored.version) {
          // The store has writes the journal lacks (journal off meanwhile, another tab).
          await snapshotFromStore(sessionId);
          continue;
        }
        const { fold, cutBytes } = await journal.load(sessionId);
        if (cutBytes > 0) repaired++;
        if (fold.clearing) {
          // A clearSession cut short by a crash: finish it.
          await inner.deleteSession(sessionId);
          await journal.remove(sessionId);
          holds.delete(sessionId);
        } else if (!fold.state) {
          if (stored) await snapshotFromStore(sessionId);
          else {
            lost.push(sessionId);
            await journal.remove(sessionId);
          }
        } else if (!stored || stored.version < fold.state.meta.version) {
          await inner.write(sessionId, restoreBatch(fold.state));
          restored.push(sessionId);
          holds.add(sessionId);
        } else if (stored.version > fold.state.meta.version || fold.ignored > 0 || cutBytes > 0) {
          await snapshotFromStore(sessionId);
        }
      }
      // Sessions stored before the journal was on: journal them now.
      for (const sessionId of metas.keys()) await snapshotFromStore(sessionId);
      // Known without reading the store again (one round trip less per start).
      const had = holds.size > 0;
      found = {
        durability: 'journal',
        status: lost.length ? 'lost' : restored.length ? 'restored' : had ? 'intact' : 'fresh',
        restoredSessions: restored,
        lostSessions: lost,
        repairedJournals: repaired,
        journalBytes: journal.bytes(),
      };
      return store.state();
    },

    state() {
      return {
        ...found,
        restoredSessions: [...found.restoredSessions],
        lostSessions: [...found.lostSessions],
        journalBytes: journal.bytes(),
      };
    },

    async write(sessionId, batch) {
      const journaled = journal.has(sessionId) && !stale.has(sessionId);
      // The transaction runs in the browser's storage process while this thread writes the
      // journal (a synchronous file write, tens of microseconds in a regular profile).
      const committing = inner.write(sessionId, batch);
      committing.catch(() => undefined);
      if (!journal.has(sessionId) && isNewSession(batch)) return startJournal(sessionId, batch, committing);
      let before: number | undefined;
      if (journaled) {
        try {
          before = await journal.append(sessionId, { t: 'batch', batch });
        } catch {
          stale.add(sessionId);
        }
      }
      try {
        await committing;
      } catch (error) {
        // Refused (quota, another tab's version): the journal must not keep it. A crash before
        // this cut leaves an unacknowledged batch that open() sees as newer than the store,
        // as if the commit had landed, or as the same version with another updatedAt.
        if (before !== undefined) await journal.truncate(sessionId, before).catch(() => stale.add(sessionId));
        throw error;
      }
      // Committed, and acknowledged once the journal has it too.
      try {
        if (!journaled) {
          if (isNewSession(batch)) await journal.snapshot(sessionId, stateOfBatch(batch, createSlicer()));
          else await snapshotFromStore(sessionId);
          stale.delete(sessionId);
        } else if (before !== undefined) {
          await journal.compactIfDue(sessionId);
        }
      } catch {
        // The store has the batch; the journal is behind until the next write starts it over.
        stale.add(sessionId);
      }
    },

    async deleteSession(sessionId) {
      if (journal.has(sessionId)) await journal.append(sessionId, { t: 'clear' });
      await inner.deleteSession(sessionId);
      await journal.remove(sessionId);
      stale.delete(sessionId);
    },

    async close() {
      try {
        await journal.close();
      } finally {
        await inner.close();
      }
    },
  };
  // Keep `this`-free methods of the inner store, and only the optional ones it has.
  if (inner.lock) store.lock = (sessionId, fn) => inner.lock!(sessionId, fn);
  else delete store.lock;
  return store;
}

function isNewSession(batch: StoreBatch): boolean {
  return batch.replace === true || batch.expectVersion === 0;
}
