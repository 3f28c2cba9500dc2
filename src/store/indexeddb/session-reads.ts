/**
 * The reads of one session's records that may be large (its entries, summaries and aux values),
 * each in pages ({@link getAllInPages}) over the index that orders it, inside the caller's
 * transaction: the same records, in the same order, as one `getAll` of the whole range.
 * @module
 */
import type { IDBPIndex, IDBPObjectStore, StoreNames } from 'idb';
import type { AuxRecord, EntryRecord, RecallKitDB, SummaryRecord } from './schema.js';
import { activeRange, auxPrefixRange, orderRange, seqRange } from './schema.js';
import { getAllInPages } from './read-pages.js';

type Names = StoreNames<RecallKitDB>[];
type EntriesStore = IDBPObjectStore<RecallKitDB, Names, 'entries', IDBTransactionMode>;
type SummariesIndex = IDBPIndex<RecallKitDB, Names, 'summaries', 'by-session-order', IDBTransactionMode>;
type AuxStore = IDBPObjectStore<RecallKitDB, Names, 'aux', IDBTransactionMode>;

/** Options of {@link readEntryRecords}. */
export interface EntryReadOptions {
  /** Compressed entries too (`by-session-seq`), or only the active ones (`by-session-active`). */
  includeCompressed: boolean;
  fromSeq?: number | undefined;
  /** At most this many, the oldest. */
  limit?: number | undefined;
}

/** The session's entries by `seq` (ties by id, as the index orders them). */
export function readEntryRecords(
  entries: EntriesStore,
  sessionId: string,
  options: EntryReadOptions,
): Promise<EntryRecord[]> {
  const { includeCompressed, fromSeq, limit } = options;
  const source = includeCompressed ? entries.index('by-session-seq') : entries.index('by-session-active');
  return getAllInPages<EntryRecord>(source, {
    from: (last) => {
      const seq = last ? last.seq : fromSeq;
      return includeCompressed ? seqRange(sessionId, seq) : activeRange(sessionId, seq);
    },
    sameKey: (a, b) => a.seq === b.seq,
    limit,
  });
}

/** The session's summaries in their order (ties by id). */
export function readSummaryRecords(byOrder: SummariesIndex, sessionId: string): Promise<SummaryRecord[]> {
  return getAllInPages<SummaryRecord>(byOrder, {
    from: (last) => orderRange(sessionId, last?.order),
    sameKey: (a, b) => a.order === b.order,
  });
}

/** The session's aux values whose keys start with `prefix`, by key. */
export async function readAuxPrefix(aux: AuxStore, sessionId: string, prefix: string): Promise<Map<string, unknown>> {
  const records = await getAllInPages<AuxRecord>(aux, {
    from: (last) => auxPrefixRange(sessionId, prefix, last?.key),
    sameKey: () => false,
  });
  const out = new Map<string, unknown>();
  for (const r of records) if (r.key.startsWith(prefix)) out.set(r.key, r.value);
  return out;
}
