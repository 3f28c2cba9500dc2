/**
 * A stored session far larger than one page of the IndexedDB store's paged reads: active and
 * compressed entries, long texts among short ones, three entries sharing seq 1000 when there
 * are more than 1,000 (a damaged store), 600 summaries and 1,500 aux values under `recall:` plus one outside it.
 * @module
 */
import { openDB } from 'idb';
import type { MemoryEntry, StoreBatch } from '../../src/types.js';
import { activeRange, seqRange, type RecallKitIDB } from '../../src/store/indexeddb/schema.js';
import { makeEntry, makeMeta, makeSummary } from './store-conformance.js';

/** The batch that writes the session (`n` entries). */
export function largeSession(sessionId: string, n: number): StoreBatch {
  const putEntries: MemoryEntry[] = Array.from({ length: n }, (_, seq) =>
    makeEntry(sessionId, seq, {
      compressed: seq % 3 === 0,
      ...(seq % 3 === 0 ? { summaryId: `s${seq % 40}` } : {}),
      content: seq % 97 === 0 ? `long ${seq} `.repeat(5_000) : `message ${seq}`,
    }),
  );
  // Two more entries at seq 1000 (ids sort around the first one's): one index key, three records.
  const at = 1_000;
  if (n > at) putEntries.push(makeEntry(sessionId, at, { id: `e${at}-b` }), makeEntry(sessionId, at, { id: `a${at}` }));
  const aux: Record<string, unknown> = {};
  for (let i = 0; i < 1_500; i++) aux[`recall:seg:${i}`] = { packed: `segment ${i} `.repeat(50) };
  aux['other:x'] = 1;
  return {
    meta: makeMeta(sessionId, 1, { nextSeq: n, totalEntries: putEntries.length }),
    putEntries,
    putSummaries: Array.from({ length: 600 }, (_, i) => makeSummary(sessionId, `s${i}`)),
    aux,
  };
}

/** The `loadEntries` options a paged read must answer as one read does. */
export const ENTRY_READS = [
  {},
  { includeCompressed: false },
  { fromSeq: 1_000 },
  { fromSeq: 2_501, includeCompressed: false },
  { limit: 4_321 },
  { fromSeq: 17, limit: 3_000, includeCompressed: false },
] as const;

/**
 * What one `getAll` of the whole range returns (the store's reads before they were paged): the
 * entries `loadEntries(sessionId, options)` must return, read from the database `dbName` directly.
 */
export async function entriesInOneRead(
  dbName: string,
  sessionId: string,
  options: { includeCompressed?: boolean; fromSeq?: number; limit?: number },
): Promise<MemoryEntry[]> {
  const db = (await openDB(dbName)) as unknown as RecallKitIDB;
  try {
    const entries = db.transaction('entries').store;
    const records =
      options.includeCompressed === false
        ? await entries.index('by-session-active').getAll(activeRange(sessionId, options.fromSeq), options.limit)
        : await entries.index('by-session-seq').getAll(seqRange(sessionId, options.fromSeq), options.limit);
    return records.map((r) => r.entry);
  } finally {
    db.close();
  }
}
