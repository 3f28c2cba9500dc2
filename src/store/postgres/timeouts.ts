/**
 * How long a call waits for the database. A server that is down answers at once (connection
 * refused); one that accepts connections and never answers (hung, paused, recovering, a
 * network that drops packets) would hold every request until the client gives up. Each wait
 * has a bound, so a route answers 503 within seconds and its client retries.
 * @module
 */
import { ValidationError } from '../../errors.js';
import { patientTimeout } from './patient-timer.js';
import { DatabaseWaitError } from './retryable.js';

/** The timeouts a store, a server memory or a sync handler takes (all in milliseconds). */
export interface DatabaseTimeouts {
  /**
   * Opening one connection to PostgreSQL (TCP, TLS, startup, authentication): past it the
   * attempt is dropped (node-postgres's `connectionTimeoutMillis`). The `LISTEN` connection's
   * reconnects too.
   * @default 1500
   */
  connectTimeoutMs?: number | undefined;
  /**
   * Waiting for a connection of the pool (all busy, or a new one being opened).
   * @default 1500
   */
  acquireTimeoutMs?: number | undefined;
  /**
   * Waiting for the answer to one statement, plus {@link MS_PER_KIB} per KiB the statement
   * sends (a bulk import's write gets the time its size needs). Past it the connection is
   * closed (its state is unknown). Enforced by the client: a server that does not answer at
   * all is noticed; to have PostgreSQL itself cancel long statements, set its
   * `statement_timeout` (`ALTER ROLE app SET statement_timeout = '10s'`). Schema migration steps
   * have no limit.
   * @default 2500
   */
  statementTimeoutMs?: number | undefined;
}

/** Every timeout, defaults filled in. */
export type ResolvedTimeouts = { [K in keyof DatabaseTimeouts]-?: number };

/** The defaults: a store call waits at most `acquireTimeoutMs + statementTimeoutMs` (4 s) without an answer. */
export const DEFAULT_TIMEOUTS: Readonly<ResolvedTimeouts> = Object.freeze({
  connectTimeoutMs: 1500,
  acquireTimeoutMs: 1500,
  statementTimeoutMs: 2500,
});

/** Time a statement gets beyond `statementTimeoutMs` per KiB of text it sends (1 s per MiB). */
export const MS_PER_KIB = 1;

/** How long to wait for the answer to a statement sending `params`: `base`, plus its size's due. */
export function statementLimit(base: number, params: readonly unknown[] | undefined): number {
  let chars = 0;
  for (const p of params ?? []) {
    if (typeof p === 'string') chars += p.length;
    else if (Array.isArray(p)) for (const q of p) if (typeof q === 'string') chars += q.length;
  }
  return base + Math.floor(chars / 1024) * MS_PER_KIB;
}

/** When a database source last answered, as its waits see it. */
export interface AnswerClock {
  /** `performance.now()` of the last answer (or the open); later while a bulk statement has its extra time. */
  answeredAt(): number;
  /** A statement allowed `extra` ms beyond the usual bound began: waits on the source are extended as much. */
  busy(extra: number): void;
  /** A statement was answered. */
  answered(): void;
}

/** A clock that starts now (the source just opened). */
export function createAnswerClock(): AnswerClock {
  let last = performance.now();
  return {
    answeredAt: () => last,
    busy(extra) {
      if (extra > 0) last = Math.max(last, performance.now() + extra);
    },
    answered() {
      last = Math.max(last, performance.now());
    },
  };
}

/** The option names, for the option checks. */
export const TIMEOUT_OPTIONS = Object.keys(DEFAULT_TIMEOUTS) as (keyof DatabaseTimeouts)[];

/** The longest timeout a timer can hold (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Check the timeouts of `o` (refused up front: a positive integer of milliseconds each). */
export function checkTimeouts(o: Record<string, unknown>): void {
  for (const key of TIMEOUT_OPTIONS) {
    const value = o[key];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > MAX_TIMEOUT_MS)
      throw new ValidationError(key, `a positive integer of milliseconds (at most ${MAX_TIMEOUT_MS})`, value);
  }
}

/** The timeouts of `o`, defaults filled in. */
export function resolveTimeouts(o: DatabaseTimeouts): ResolvedTimeouts {
  return {
    connectTimeoutMs: o.connectTimeoutMs ?? DEFAULT_TIMEOUTS.connectTimeoutMs,
    acquireTimeoutMs: o.acquireTimeoutMs ?? DEFAULT_TIMEOUTS.acquireTimeoutMs,
    statementTimeoutMs: o.statementTimeoutMs ?? DEFAULT_TIMEOUTS.statementTimeoutMs,
  };
}

/** The longest a store call waits for the database, whatever it waits for: a connection, then its statement. */
export const callBound = (t: ResolvedTimeouts): number => t.acquireTimeoutMs + t.statementTimeoutMs;

/** Options of {@link within}. */
export interface WithinOptions<T> {
  /**
   * When the database last answered (`performance.now()`): the wait ends only after `ms` in
   * which it answered nothing, so a call queued behind others on a database that keeps
   * answering keeps its place (a burst is served), and one facing silence fails.
   */
  answeredAt?: () => number;
  /** Hears a result that arrived after the wait ended (to release a connection). */
  late?: (value: T) => void;
}

/**
 * `work`, or a {@link DatabaseWaitError} saying what did not come (`what(ms)`) once `ms`
 * passed (with `answeredAt`: `ms` without any answer of the database), whichever comes first;
 * the time is counted by {@link patientTimeout}. The work goes on (it cannot be called back);
 * its late outcome is ignored.
 */
export function within<T>(
  work: Promise<T>,
  ms: number,
  what: (ms: number) => string,
  options: WithinOptions<T> = {},
): Promise<T> {
  const { answeredAt, late } = options;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const wait = patientTimeout(
      ms,
      () => {
        settled = true;
        reject(new DatabaseWaitError(what(ms)));
      },
      answeredAt,
    );
    work.then(
      (value) => {
        if (!settled) {
          settled = true;
          wait.cancel();
          resolve(value);
        } else late?.(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        wait.cancel();
        reject(error);
      },
    );
  });
}

/**
 * The answer to a statement, or a {@link DatabaseWaitError} when none came within `limit` ms
 * (0: no limit). Its connection must then be released with the error (closed, never reused).
 */
export function answered<T>(query: Promise<T>, limit: number): Promise<T> {
  if (limit <= 0) return query;
  return within(query, limit, (ms) => `no answer to a statement within ${ms} ms (statementTimeoutMs)`);
}
