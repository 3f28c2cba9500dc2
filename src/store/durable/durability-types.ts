/**
 * The types of durability: what `storageState()` and `verify(s)` report, and the events a
 * loss or a restore raises.
 * @module
 */

/**
 * How writes are kept. `'journal'`: IndexedDB plus an append-only journal per session in the
 * Origin Private File System, replayed when IndexedDB comes back without the data (the default
 * in a worker with OPFS). `'none'`: IndexedDB alone.
 */
export type Durability = 'journal' | 'none';

/**
 * What opening the store found. `fresh`: nothing stored yet. `intact`: the store holds what
 * the journal says it should. `restored`: the store had lost data (Chromium deletes a database
 * it finds corrupt after a crash, storage was partly cleared) and it was brought back from the
 * journal. `lost`: data is known to have existed and could not be brought back.
 */
export type StorageStatus = 'fresh' | 'intact' | 'restored' | 'lost';

/**
 * How journal appends are written. `'awaited'`: before the write resolves, by a synchronous
 * OPFS write from the engine's thread (a regular profile: the OPFS is a file on disk).
 * `'deferred'`: off the record (incognito, guest, automation contexts), where Chromium keeps the
 * OPFS and IndexedDB both in memory, so no crash can keep one and lose the other: appends are
 * gathered for 50 ms and written by a journal writer worker, after the write resolves.
 */
export type JournalWrites = 'awaited' | 'deferred';

/** What `memory.storageState()` returns. */
export interface StorageState {
  /** The durability in effect. */
  durability: Durability;
  /** Why `durability` is `'none'` when the journal was not available (main thread, no OPFS, a non-IndexedDB store). */
  journalUnavailable?: string;
  status: StorageStatus;
  /** Sessions brought back from the journal on open. */
  restoredSessions: string[];
  /** Sessions whose data is gone (journal damaged and store empty). */
  lostSessions: string[];
  /** Journal files whose torn or damaged tail was cut on open (unacknowledged writes of a crash). */
  repairedJournals: number;
  /** Bytes of every journal file. */
  journalBytes: number;
  /** How journal appends are written (with the OPFS journal in a browser). */
  journalWrites?: JournalWrites;
}

/** What `memory.verify(s)` found: read-only, nothing is changed. */
export interface VerifyReport {
  sessionId: string;
  /** No problem below. */
  ok: boolean;
  /** The session exists in the store. */
  exists: boolean;
  /** Entries stored (active and compressed). */
  entries: number;
  /** `seq` values below `meta.nextSeq` with no entry, beyond those explained by `erasedEntries`. */
  holes: number;
  /** `seq` values stored more than once. */
  duplicateSeqs: number[];
  /** Compressed entries whose `summaryId` names no kept summary. */
  danglingSummaryLinks: string[];
  /** Summaries listing entries that are not stored. */
  missingSummarized: string[];
  /** Meta counters that disagree with the stored entries: `field: stored vs counted`. */
  statsMismatches: string[];
}
