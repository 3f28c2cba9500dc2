/**
 * The writes of {@link indexedDBStore}: a batch or a session deletion as one readwrite
 * transaction, so a failure (quota, an un-cloneable value, a closed tab) leaves nothing behind.
 * @module
 */
import { unwrap, type IDBPTransaction } from 'idb';
import type { MemoryEntry, StoreBatch } from '../../types.js';
import type { RecallKitDB, RecallKitIDB } from './schema.js';
import { orderRange, sessionRange } from './schema.js';
import { isQuotaError } from './quota.js';
import { ConflictError } from '../../errors.js';
import { COST, copyCost, createSlicer } from '../../slices/slicer.js';

type StoreName = 'sessions' | 'entries' | 'summaries' | 'aux';
type WriteTransaction = IDBPTransaction<RecallKitDB, StoreName[], 'readwrite'>;

const noop = (): void => undefined;

/**
 * Apply `batch` to the session in one transaction. Rejects with the raw cause; nothing is written then.
 *
 * A large batch (100,000 entries) is issued in slices of work (`slices/slicer.ts`: about 10 ms,
 * at most 25 ms each): each put clones its value on this thread, and all at once they held the
 * worker for seconds. Each slice after the first is issued from the success of the previous
 * slice's last request, while it is answered, so the transaction stays active (it commits on
 * its own only once no request is pending at the end of a task) and the thread answers other
 * messages between slices. A chat turn's batch fits in the first slice: it is issued in this
 * turn, as a whole.
 */
export async function writeBatch(db: RecallKitIDB, sessionId: string, batch: StoreBatch): Promise<void> {
  const tx = db.transaction(storesOf(batch), 'readwrite') as WriteTransaction;
  await inTransaction(tx, async (pending, gates) => {
    // The version check is issued first and not awaited: requests are answered in order, so
    // it settles before any put below, and a mismatch aborts the transaction before it commits
    // (the commit is asked for only once it has passed).
    if (batch.expectVersion !== undefined) {
      const expected = batch.expectVersion;
      const check = tx
        .objectStore('sessions')
        .get(sessionId)
        .then((meta) => {
          const stored = meta?.version ?? 0;
          if (stored !== expected) {
            throw new ConflictError(
              `session ${JSON.stringify(sessionId)} is at version ${stored}, not ${expected}: ` +
                'another tab wrote it; nothing was written',
            );
          }
        });
      // It may reject while the summary-order reads below are still awaited: handled here,
      // still thrown through `pending`, never reported as an unhandled rejection.
      check.catch(noop);
      gates.push(check);
    }
    // Reads first: once the first put is issued, nothing here awaits but a request of this
    // transaction. Without summaries there is nothing to read, and the puts go out with the check.
    const summaryOrders = batch.putSummaries?.length ? await orderSummaries(tx, sessionId, batch) : [];
    // Raw requests: no promise each; one that fails aborts the transaction, and says why.
    const store = (name: StoreName): IDBObjectStore => unwrap(tx.objectStore(name));
    let slice: Promise<void> | undefined;
    if (batch.replace) {
      for (const name of ['entries', 'summaries', 'aux'] as const) {
        if ((slice = pending.issue(store(name).delete(sessionRange(sessionId)), COST.item))) await slice;
      }
    }
    if ((slice = pending.issue(store('sessions').put(batch.meta, sessionId), COST.item))) await slice;
    if (batch.deleteEntryIds?.length || batch.putEntries?.length) {
      const entries = store('entries');
      for (const id of batch.deleteEntryIds ?? []) {
        if ((slice = pending.issue(entries.delete([sessionId, id]), COST.item))) await slice;
      }
      for (const entry of batch.putEntries ?? []) {
        const units = COST.item + entry.content.length * COST.copy;
        if ((slice = pending.issue(entries.put(entryRecord(sessionId, entry)), units))) await slice;
      }
    }
    if (batch.deleteSummaryIds?.length || batch.putSummaries?.length) {
      const summaries = store('summaries');
      for (const id of batch.deleteSummaryIds ?? []) {
        if ((slice = pending.issue(summaries.delete([sessionId, id]), COST.item))) await slice;
      }
      const puts = batch.putSummaries ?? [];
      for (let i = 0; i < puts.length; i++) {
        const summary = puts[i]!;
        const record = { sessionId, id: summary.id, order: summaryOrders[i] ?? 0, summary };
        if ((slice = pending.issue(summaries.put(record), COST.item + summary.content.length))) await slice;
      }
    }
    const auxValues = Object.entries(batch.aux ?? {});
    const aux = auxValues.length ? store('aux') : undefined;
    for (const [key, value] of auxValues) {
      const request = value === null ? aux!.delete([sessionId, key]) : aux!.put({ sessionId, key, value });
      if ((slice = pending.issue(request, value === null ? COST.item : copyCost(value)))) await slice;
    }
  });
}

/** Delete every record of the session in one transaction. */
export async function deleteSessionRecords(db: RecallKitIDB, sessionId: string): Promise<void> {
  const tx = db.transaction(['sessions', 'entries', 'summaries', 'aux'], 'readwrite');
  await inTransaction(tx, (pending) => {
    pending.push(tx.objectStore('sessions').delete(sessionId));
    for (const name of ['entries', 'summaries', 'aux'] as const) {
      pending.push(tx.objectStore(name).delete(sessionRange(sessionId)));
    }
  });
}

/** What a batch writes, for error messages: `write session "s" (meta, 3 entries, …)`. */
export function describeWrite(sessionId: string, batch: StoreBatch): string {
  const parts = [batch.replace ? 'replace' : 'meta'];
  const count = (n: number | undefined, what: string): void => {
    if (n) parts.push(`${n} ${what}`);
  };
  count(batch.putEntries?.length, 'entries');
  count(batch.deleteEntryIds?.length, 'entry deletions');
  count(batch.putSummaries?.length, 'summaries');
  count(batch.deleteSummaryIds?.length, 'summary deletions');
  count(batch.aux && Object.keys(batch.aux).length, 'aux keys');
  return `write session ${JSON.stringify(sessionId)} (${parts.join(', ')})`;
}

function entryRecord(sessionId: string, entry: MemoryEntry): RecallKitDB['entries']['value'] {
  return { sessionId, id: entry.id, seq: entry.seq, active: entry.compressed ? 0 : 1, entry };
}

function storesOf(batch: StoreBatch): StoreName[] {
  const names: StoreName[] = ['sessions'];
  const replace = batch.replace === true;
  if (replace || batch.putEntries?.length || batch.deleteEntryIds?.length) names.push('entries');
  if (replace || batch.putSummaries?.length || batch.deleteSummaryIds?.length) names.push('summaries');
  if (replace || (batch.aux && Object.keys(batch.aux).length)) names.push('aux');
  return names;
}

/**
 * The `order` each put summary gets: an overwritten summary keeps its place, a new one goes
 * last (a summary deleted and put again in one batch counts as new), as memoryStore does.
 */
async function orderSummaries(tx: WriteTransaction, sessionId: string, batch: StoreBatch): Promise<number[]> {
  const puts = batch.putSummaries ?? [];
  if (!puts.length) return [];
  const known = new Map<string, number>();
  let next = 0;
  if (!batch.replace) {
    const store = tx.objectStore('summaries');
    const deleted = new Set(batch.deleteSummaryIds);
    const [last, existing] = await Promise.all([
      store.index('by-session-order').openCursor(orderRange(sessionId), 'prev'),
      Promise.all(puts.map((s) => (deleted.has(s.id) ? undefined : store.get([sessionId, s.id])))),
    ]);
    next = last ? last.value.order + 1 : 0;
    for (const record of existing) if (record) known.set(record.id, record.order);
  }
  return puts.map((summary) => {
    let order = known.get(summary.id);
    if (order === undefined) known.set(summary.id, (order = next++));
    return order;
  });
}

/**
 * Run `body`, which pushes every request it issues onto `pending` (and onto `gates` the checks
 * that must pass before anything is committed), then commit and wait for it.
 * On any failure the transaction is aborted and the most telling cause is thrown.
 *
 * Nothing here waits on a request once the transaction has ended: when Chromium refuses a
 * commit for quota it fires `abort` on the transaction, but requests whose results had not yet
 * reached the page may never settle. Waiting for them held the session's lock for ever, and
 * every later write of the session with it.
 */
async function inTransaction(
  tx: { done: Promise<void>; abort(): void; commit?: () => void },
  body: (pending: Requests, gates: Gates) => Promise<void> | void,
): Promise<void> {
  const done = tx.done;
  done.catch(noop);
  // Rejects when the transaction aborts; never resolves. Raced with every wait on a request.
  const aborted = new Promise<never>((_, reject) => void done.catch(reject));
  aborted.catch(noop);
  // Each request is observed from the moment it is issued: one refused while others are still
  // being awaited is reported through `done` or the wait below, never as an unhandled rejection.
  const pending: Promise<unknown>[] = [];
  const gates: Promise<unknown>[] = [];
  /** Rejects as soon as a gate fails (no more slices are issued then); never resolves. */
  let refuse: (reason: unknown) => void = noop;
  const refused = new Promise<never>((_, reject) => (refuse = reject));
  refused.catch(noop);
  let last: IDBRequest | undefined;
  // A slice ends when its last request is answered: the transaction is active again in its
  // success event (and the microtasks after it), with nothing of this batch left unissued.
  const slicer = createSlicer({ yieldNow: () => Promise.race([answered(last!), aborted, refused]) });
  const requests: Requests = {
    push: (request) => {
      request.catch(noop);
      pending.push(request);
    },
    issue: (request, units) => {
      last = request;
      return slicer.spend(units) ? slicer.pause() : undefined;
    },
  };
  const checks: Gates = {
    push: (request) => {
      request.catch(refuse);
      gates.push(request);
    },
  };
  try {
    await Promise.race([body(requests, checks), aborted]);
    await Promise.race([Promise.all(gates), aborted]);
    // Every request is issued and every check passed: commit now rather than once the last
    // result has come back to this thread (one IPC round trip less per write in Chromium).
    commitNow(tx);
    // An abort rejects `done`, which ends this wait even if a request never settles. A request
    // issued raw (`issue`) that fails aborts the transaction: `done` rejects with its error.
    await Promise.all([...pending, done]);
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // Already aborted (a failed request aborts it) or finished.
    }
    const reason = await done.then(noop, (r: unknown) => r);
    throw pickCause(error, reason);
  }
}

/** Where a transaction's body puts the checks that must pass before it commits. */
interface Gates {
  push(request: Promise<unknown>): void;
}

/** Where a transaction's body puts the requests it issues. */
interface Requests extends Gates {
  /**
   * A raw request issued, and what issuing it cost (slice units): when the slice is full, a
   * promise that resolves once this request is answered (await it before issuing more).
   */
  issue(request: IDBRequest, units: number): Promise<void> | undefined;
}

/** Resolves in the success event of `request`, rejects with its error. */
function answered(request: IDBRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    request.addEventListener('success', () => resolve(), { once: true });
    request.addEventListener('error', () => reject(request.error), { once: true });
  });
}

/** Ask for the commit where `IDBTransaction.commit` exists; a transaction already finishing says why through `done`. */
function commitNow(tx: { commit?: () => void }): void {
  if (typeof tx.commit !== 'function') return;
  try {
    tx.commit();
  } catch {
    // Already committing or aborted (a request failed): `done` settles with the cause.
  }
}

/** A quota abort explains more than the AbortError of the requests it cancelled. */
function pickCause(error: unknown, txError: unknown): unknown {
  if (isQuotaError(txError)) return txError;
  if (txError && (error as { name?: unknown } | null)?.name === 'AbortError') return txError;
  return error;
}
