/**
 * A StoreAdapter wrapper that fails on demand, for fault tests: a write (or another call)
 * matching a rule is refused before it reaches the wrapped store, as a full disk or an aborted
 * transaction refuses it, so the wrapped store holds exactly what was accepted.
 */
import { QuotaExceededError } from '../../src/errors.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { StoreAdapter, StoreBatch } from '../../src/types.js';

/** Store methods a rule can target. */
export type FaultOp =
  'write' | 'loadSession' | 'loadMeta' | 'loadEntries' | 'getEntries' | 'loadAux' | 'deleteSession' | 'listSessions';

/** One armed fault. */
interface Rule {
  op: FaultOp;
  match: (batch: StoreBatch | undefined) => boolean;
  error: () => Error;
  /** Calls still to refuse; Infinity = until disarmed. */
  left: number;
}

/** A store that refuses the calls armed with {@link FaultStore.fail}. */
export interface FaultStore extends StoreAdapter {
  /** The wrapped store (holds what was accepted). */
  readonly inner: StoreAdapter;
  /** Batches the wrapped store accepted, in order. */
  readonly accepted: StoreBatch[];
  /** Batches refused by a fault, in order. */
  readonly refused: StoreBatch[];
  /**
   * Refuse the next `times` calls of `op` (for `write`: whose batch passes `match`) with `error()`
   * (default: a QuotaExceededError).
   */
  fail(
    op: FaultOp,
    options?: { match?: (batch: StoreBatch | undefined) => boolean; error?: () => Error; times?: number },
  ): void;
  /** Disarm every fault. */
  heal(): void;
}

/** The QuotaExceededError an IndexedDB store reports for a full disk. */
export const quotaError = (): Error =>
  new QuotaExceededError('fault-store: storage quota exceeded; nothing was written');

/** A batch that stores new entries (an `add*`): puts entries that are not compressed. */
export const isEntryWrite = (batch: StoreBatch | undefined): boolean =>
  !!batch?.putEntries?.some((e) => !e.compressed) && !batch.replace;

/** A batch written by a long-term strategy: a summary, compressed entries, erasures or dropped summaries. */
export const isStrategyWrite = (batch: StoreBatch | undefined): boolean =>
  !!batch &&
  !batch.replace &&
  (!!batch.putSummaries?.length ||
    !!batch.deleteEntryIds?.length ||
    !!batch.deleteSummaryIds?.length ||
    !!batch.putEntries?.some((e) => e.compressed));

/** An import (or a FLUSH of one): the batch replaces the whole session. */
export const isReplaceWrite = (batch: StoreBatch | undefined): boolean => batch?.replace === true;

/** Wrap `inner` (default a fresh memoryStore) in a store that fails on demand. */
export function faultStore(inner: StoreAdapter = memoryStore()): FaultStore {
  let rules: Rule[] = [];
  const accepted: StoreBatch[] = [];
  const refused: StoreBatch[] = [];

  const check = (op: FaultOp, batch?: StoreBatch): void => {
    const rule = rules.find((r) => r.op === op && r.left > 0 && r.match(batch));
    if (!rule) return;
    rule.left -= 1;
    rules = rules.filter((r) => r.left > 0);
    if (batch) refused.push(structuredClone(batch));
    throw rule.error();
  };

  const store: FaultStore = {
    kind: `fault(${inner.kind})`,
    inner,
    accepted,
    refused,
    fail(op, options = {}) {
      rules.push({
        op,
        match: options.match ?? (() => true),
        error: options.error ?? quotaError,
        left: options.times ?? 1,
      });
    },
    heal() {
      rules = [];
    },
    async loadSession(sessionId) {
      check('loadSession');
      return inner.loadSession(sessionId);
    },
    async loadMeta(sessionId) {
      check('loadMeta');
      return inner.loadMeta(sessionId);
    },
    async loadEntries(sessionId, options) {
      check('loadEntries');
      return inner.loadEntries(sessionId, options);
    },
    async getEntries(sessionId, ids) {
      check('getEntries');
      return inner.getEntries(sessionId, ids);
    },
    async loadAux(sessionId, key) {
      check('loadAux');
      return inner.loadAux(sessionId, key);
    },
    async write(sessionId, batch) {
      check('write', batch);
      await inner.write(sessionId, batch);
      accepted.push(structuredClone(batch));
    },
    async deleteSession(sessionId) {
      check('deleteSession');
      return inner.deleteSession(sessionId);
    },
    async listSessions() {
      check('listSessions');
      return inner.listSessions();
    },
    close: () => inner.close(),
  };
  return store;
}
