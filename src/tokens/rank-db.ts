/**
 * The IndexedDB database that keeps built rank tables ({@link RANK_DB}), and reading a kept
 * table's bytes without building anything from them. This module is small on purpose: the page
 * of `createWorkerMemory` imports it to read the kept table while the worker's script is still
 * being fetched and parsed (`rank-cache.ts` checks and unpacks the bytes in the worker).
 * @module
 */
import type { TiktokenEncoding } from './types.js';

/** The IndexedDB database RecallKit keeps its tables in: one object store, keyed by the table's key. */
export const RANK_DB = 'recallkit-ranks';
/** The object store of {@link RANK_DB}. */
export const RANK_STORE = 'tables';
/** The search parameter of a table's key that names its encoding. */
const ENCODING_PARAM = 'recallkit-table';

/** The key of `encoding`'s table: its rank file's URL (which changes with the file, where the bundler hashes names). */
export function keyOf(fileUrl: URL, encoding: TiktokenEncoding): string | undefined {
  if (fileUrl.protocol !== 'http:' && fileUrl.protocol !== 'https:') return undefined;
  const key = new URL(fileUrl.href);
  key.searchParams.set(ENCODING_PARAM, encoding);
  return key.href;
}

/** The encoding a kept table's key names, if any. */
export function encodingOfKey(key: unknown): string | null {
  if (typeof key !== 'string') return null;
  try {
    return new URL(key).searchParams.get(ENCODING_PARAM);
  } catch {
    return null;
  }
}

/** {@link RANK_DB}, opened (created at its first use); `undefined` where there is no IndexedDB. */
export function openTables(): Promise<IDBDatabase> | undefined {
  const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) return undefined;
  return new Promise((resolve, reject) => {
    const request = factory.open(RANK_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(RANK_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`could not open ${RANK_DB}`));
  });
}

/** The answer of `request`. */
export function answer<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** A kept table's bytes as they are stored, and the key they are kept under. */
export interface KeptBytes {
  key: string;
  bytes: ArrayBuffer;
}

/**
 * The bytes of the table kept for `encoding`, whatever URL its rank file had (one table is kept
 * per encoding: keeping one removes the others), unchecked; `undefined` when none is kept or
 * the browser refuses (no IndexedDB, private browsing). The reader compares the key with its
 * own before using them.
 */
export async function readKeptBytes(encoding: TiktokenEncoding): Promise<KeptBytes | undefined> {
  const opening = openTables();
  if (!opening) return undefined;
  try {
    const db = await opening;
    try {
      const tables = db.transaction(RANK_STORE).objectStore(RANK_STORE);
      const key = (await answer(tables.getAllKeys())).find((k) => encodingOfKey(k) === encoding);
      if (typeof key !== 'string') return undefined;
      const kept: unknown = await answer(tables.get(key));
      return kept instanceof Blob ? { key, bytes: await kept.arrayBuffer() } : undefined;
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}
