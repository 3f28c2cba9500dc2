/**
 * Group commit: writes that arrive while earlier ones are in flight are sent together as ONE
 * statement (one round trip, one commit), each batch still checked against its own expected
 * version and failing alone with `ConflictError`. The stores on one pool (one per tenant, on a
 * server with many users) share one writer, so their writes group too.
 * @module
 */
import type { SqlDriver } from './driver.js';
import { applyBatches, applyOne, conflict, type EncodedBatch } from './write.js';

/** Run `fn` once the current turn of the event loop ends (Node's setImmediate; a timer elsewhere). */
const afterTurn = (fn: () => void): void => {
  if (typeof setImmediate === 'function') setImmediate(fn);
  else setTimeout(fn, 0);
};

/** Batches in one statement at most (keeps a statement's size and lock set small). */
const MAX_GROUP = 64;

/**
 * Statements kept in flight while writes wait: below it, the waiting writes are shared out
 * over the free slots, so this process takes in one statement's replies and makes the next
 * writes while the server runs another; at it and beyond, one statement takes them all.
 */
const SPREAD = 2;

interface Pending {
  x: EncodedBatch;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Writes through one database, grouped. */
export interface GroupWriter {
  /** Apply a batch atomically (alone or with others); `ConflictError` when its version check fails. */
  write(x: EncodedBatch): Promise<void>;
}

/**
 * Group the writes made through `db` (of any tenants). The writes made in one turn of the event
 * loop are sent together when it ends; at most `maxInFlight` statements run at once, and writes
 * made meanwhile wait and go together in the next. A group never holds two batches of one
 * session, and a session's batches are sent in call order, one at a time. Batches that need a
 * transaction of their own (`replace`, an id deleted and put again) are sent alone. The
 * statements do not notify: `committed` gets the change payloads of each statement's written
 * batches once it returns, before their writers hear of it.
 */
export function createGroupWriter(
  db: SqlDriver,
  maxInFlight: number,
  committed: (changes: string[]) => void,
): GroupWriter {
  const queue: Pending[] = [];
  const busy = new Set<string>();
  let inFlight = 0;
  let gathering = false;

  // A batch in a statement of its own: announced and resolved once written, else rejected.
  const alone = (p: Pending): Promise<void> =>
    applyOne(db, p.x).then(() => {
      committed([p.x.session[4]]);
      p.resolve();
    }, p.reject);

  async function send(group: Pending[]): Promise<void> {
    if (group.length === 1) return alone(group[0]!);
    let written: Set<EncodedBatch>;
    try {
      written = await applyBatches(
        db,
        group.map((p) => p.x),
      );
    } catch {
      // The statement failed as a whole (nothing of it was written): each batch again alone,
      // so each gets its own outcome and error.
      for (const p of group) await alone(p);
      return;
    }
    committed(group.filter((p) => written.has(p.x)).map((p) => p.x.session[4]));
    for (const p of group) {
      if (written.has(p.x)) p.resolve();
      else p.reject(conflict(p.x));
    }
  }

  // Writes made in one turn of the event loop (the writers a statement released, the replies
  // that arrived together) are sent when the turn ends, so they go together.
  function schedule(): void {
    if (gathering) return;
    gathering = true;
    afterTurn(() => {
      gathering = false;
      pump();
    });
  }

  function pump(): void {
    while (inFlight < maxInFlight && queue.length > 0) {
      const share = Math.max(1, Math.min(SPREAD, maxInFlight) - inFlight);
      const size = Math.min(MAX_GROUP, Math.ceil(queue.length / share));
      const group: Pending[] = [];
      const sessions = new Set<string>();
      for (let i = 0; i < queue.length && group.length < size;) {
        const p = queue[i]!;
        // Skipped sessions keep their place, so their batches stay in call order.
        const alone = p.x.pre.length > 0 || p.x.more.length > 0;
        if (busy.has(p.x.id) || sessions.has(p.x.id) || (alone && group.length > 0)) {
          sessions.add(p.x.id);
          i++;
          continue;
        }
        queue.splice(i, 1);
        group.push(p);
        sessions.add(p.x.id);
        if (alone) break;
      }
      if (group.length === 0) return;
      for (const p of group) busy.add(p.x.id);
      inFlight++;
      void send(group).finally(() => {
        inFlight--;
        for (const p of group) busy.delete(p.x.id);
        schedule();
      });
    }
  }

  return {
    write(x) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ x, resolve, reject });
        schedule();
      });
    },
  };
}
