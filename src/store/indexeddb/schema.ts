/**
 * The IndexedDB layout of {@link indexedDBStore} and the upgrade that builds it, one step per
 * version, so a database left by any older RecallKit is walked forward to the current layout.
 * @module
 */
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { MemoryEntry, MemorySummary, SessionMeta } from '../../types.js';

/** The layout version this code reads and writes. */
export const DB_VERSION = 1;

/**
 * An entry as stored. The key is `[sessionId, id]` (overwrite by id); `seq` and `active` are
 * copied out of the entry because IndexedDB indexes need them as valid keys (a boolean is not one).
 */
export interface EntryRecord {
  sessionId: string;
  id: string;
  seq: number;
  /** 1 while the entry is in context, 0 once compressed. */
  active: 0 | 1;
  entry: MemoryEntry;
}

/** A summary as stored; `order` keeps summaries in the order they were first written. */
export interface SummaryRecord {
  sessionId: string;
  id: string;
  order: number;
  summary: MemorySummary;
}

/** An auxiliary value as stored, keyed by `[sessionId, key]`. */
export interface AuxRecord {
  sessionId: string;
  key: string;
  value: unknown;
}

/** The typed layout of version {@link DB_VERSION}. */
export interface RecallKitDB extends DBSchema {
  /** Session meta, out-of-line key `sessionId`. */
  sessions: { key: string; value: SessionMeta };
  entries: {
    key: [string, string];
    value: EntryRecord;
    indexes: {
      'by-session-seq': [string, number];
      /** `[sessionId, active, seq]`: opening a session reads only its active entries. */
      'by-session-active': [string, number, number];
    };
  };
  summaries: {
    key: [string, string];
    value: SummaryRecord;
    indexes: { 'by-session-order': [string, number] };
  };
  aux: { key: [string, string]; value: AuxRecord };
}

/** The database handle the store works with. */
export type RecallKitIDB = IDBPDatabase<RecallKitDB>;

/** The transaction an upgrade runs in: it may read and rewrite records of older layouts. */
export type UpgradeTransaction = IDBPTransaction<RecallKitDB, StoreNames<RecallKitDB>[], 'versionchange'>;

/** One upgrade step: turns a database of version `i` into version `i + 1`. */
export type Migration = (db: RecallKitIDB, tx: UpgradeTransaction) => void;

/** Version 0 (no database) → 1: the first layout. */
const createV1: Migration = (db) => {
  db.createObjectStore('sessions');
  const entries = db.createObjectStore('entries', { keyPath: ['sessionId', 'id'] });
  entries.createIndex('by-session-seq', ['sessionId', 'seq']);
  entries.createIndex('by-session-active', ['sessionId', 'active', 'seq']);
  const summaries = db.createObjectStore('summaries', { keyPath: ['sessionId', 'id'] });
  summaries.createIndex('by-session-order', ['sessionId', 'order']);
  db.createObjectStore('aux', { keyPath: ['sessionId', 'key'] });
};

/**
 * Every upgrade step, oldest first: `MIGRATIONS[v]` upgrades version `v` to `v + 1`.
 * A new layout appends a step here and bumps {@link DB_VERSION}; existing steps never change.
 */
export const MIGRATIONS: readonly Migration[] = [createV1];

/**
 * Walk a database from `oldVersion` to `newVersion`, one step at a time, inside the
 * `versionchange` transaction (a step that throws aborts the whole upgrade: nothing changes).
 */
export function upgradeSchema(
  db: RecallKitIDB,
  oldVersion: number,
  newVersion: number,
  tx: UpgradeTransaction,
  migrations: readonly Migration[] = MIGRATIONS,
): void {
  for (let version = oldVersion; version < newVersion; version++) {
    const step = migrations[version];
    if (!step) throw new Error(`no upgrade step from IndexedDB layout version ${version} to ${version + 1}`);
    step(db, tx);
  }
}

/** Every record of a session in a store keyed by `[sessionId, string]`. */
export function sessionRange(sessionId: string): IDBKeyRange {
  // Arrays sort after every string, so `[id, []]` is above any `[id, key]`.
  return IDBKeyRange.bound([sessionId], [sessionId, []]);
}

/** `by-session-seq` from `fromSeq` on. */
export function seqRange(sessionId: string, fromSeq = -Infinity): IDBKeyRange {
  return IDBKeyRange.bound([sessionId, fromSeq], [sessionId, Infinity]);
}

/** `by-session-active`: the session's active entries from `fromSeq` on. */
export function activeRange(sessionId: string, fromSeq = -Infinity): IDBKeyRange {
  return IDBKeyRange.bound([sessionId, 1, fromSeq], [sessionId, 1, Infinity]);
}

/** `by-session-order`: the session's summaries (from `fromOrder` on). */
export function orderRange(sessionId: string, fromOrder = -Infinity): IDBKeyRange {
  return IDBKeyRange.bound([sessionId, fromOrder], [sessionId, Infinity]);
}

/**
 * `aux`: the session's keys that start with `prefix` (from the key `fromKey` on, when given).
 * Keys compare by UTF-16 code units, so the range ends before the prefix with its last unit
 * raised by one (or after every string key of the session when that unit is already the highest).
 */
export function auxPrefixRange(sessionId: string, prefix: string, fromKey = prefix): IDBKeyRange {
  const last = prefix.charCodeAt(prefix.length - 1);
  const start = fromKey > prefix ? fromKey : prefix;
  if (prefix.length === 0 || last === 0xffff)
    return IDBKeyRange.bound([sessionId, start], [sessionId, []], false, true);
  return IDBKeyRange.bound(
    [sessionId, start],
    [sessionId, prefix.slice(0, -1) + String.fromCharCode(last + 1)],
    false,
    true,
  );
}
