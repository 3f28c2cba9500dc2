/**
 * Change notifications sent after their writes commit. A write statement that notified would
 * hold PostgreSQL's notification lock until its commit ends, so two of them could not commit
 * at once, and each would wake every listener. Here the writes commit without it, and their
 * changes go out in NOTIFY statements of their own: one at a time, at most one per
 * {@link NOTIFY_INTERVAL_MS}, each carrying the changes of every write that committed since the
 * last.
 * @module
 */
import type { Sql } from './driver.js';
import { CHANNEL, notifyChunks } from './write.js';

/**
 * The least time between two NOTIFY statements of a store: a change made after a quiet spell
 * goes out at once; under load, each statement carries the changes of this long.
 */
export const NOTIFY_INTERVAL_MS = 5;

/** Sends each payload as a notification on {@link CHANNEL}. */
const NOTIFY_SQL = `SELECT count(pg_notify('${CHANNEL}', p))::int AS sent FROM json_array_elements_text($1::json) AS p`;

/** The notifications of one store. */
export interface Notifier {
  /** Notify these changes (`[tenant, sessionId, version]` JSON texts) of writes that committed. */
  add(changes: readonly string[]): void;
  /** Send what waits now; resolves once every change added so far was sent (or failed twice). */
  drain(): Promise<void>;
}

/**
 * Join changes into JSON-array payloads that each fit one notification (a listener takes a
 * payload of one change or of an array of them).
 */
export function payloads(changes: readonly string[]): string[] {
  const parts: string[][] = [];
  notifyChunks(changes).forEach((chunk, i) => (parts[chunk] ??= []).push(changes[i]!));
  return parts.map((part) => `[${part.join(',')}]`);
}

/**
 * Notify through `sql`. A NOTIFY that fails is tried once more with the next one; after that
 * its changes are dropped: nothing is lost, as other processes check the stored version before
 * each read and each write.
 */
export function createNotifier(sql: Sql, now: () => number = () => performance.now()): Notifier {
  let pending: string[] = [];
  let retry: string[] = [];
  let sending: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = -Infinity;

  function send(): void {
    if (sending || pending.length + retry.length === 0) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const [again, fresh] = [retry, pending];
    [retry, pending] = [[], []];
    last = now();
    sending = sql
      .query(NOTIFY_SQL, [JSON.stringify(payloads([...again, ...fresh]))])
      .then(
        () => undefined,
        () => {
          retry = fresh;
        },
      )
      .finally(() => {
        sending = undefined;
        schedule();
      });
  }

  function schedule(): void {
    if (sending || timer !== undefined || pending.length + retry.length === 0) return;
    const wait = last + NOTIFY_INTERVAL_MS - now();
    if (wait <= 0) send();
    else timer = setTimeout(send, wait);
  }

  return {
    add(changes) {
      for (const change of changes) pending.push(change);
      schedule();
    },
    async drain() {
      send();
      while (sending) {
        await sending;
        send();
      }
    },
  };
}
