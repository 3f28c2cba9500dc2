/**
 * What a store's error says (#31, #33): whether to retry (`StoreError.retryable`, kept across
 * the worker boundary), what happened in words (never `[object Object]`, never a secret), and
 * waits that count only time the process could have heard an answer.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConflictError, QuotaExceededError, StorageLostError, StoreError } from '../../src/errors.js';
import { errorText } from '../../src/store/postgres/error-text.js';
import { isRetryable, storeFailure } from '../../src/store/postgres/retryable.js';
import { within } from '../../src/store/postgres/timeouts.js';
import { fromWireError, toWireError } from '../../src/worker/wire-error.js';

/** A driver's error: a message and a code (node-postgres's, or Node's errno). */
const coded = (message: string, code: string): Error => Object.assign(new Error(message), { code });

describe('StoreError.retryable', () => {
  it('defaults to false; a ConflictError is retryable; both survive the worker boundary with their class', () => {
    const errors = [
      new StoreError('down', { retryable: true }),
      new StoreError('misconfigured'),
      new ConflictError('raced'),
      new QuotaExceededError('full'),
      new StorageLostError('gone'),
    ];
    expect(errors.map((e) => e.retryable)).toEqual([true, false, true, false, false]);
    for (const error of errors) {
      // What the worker posts is plain data: structuredClone is the boundary.
      const back = fromWireError(structuredClone(toWireError(error)));
      expect(back).toBeInstanceOf(error.constructor);
      expect(back).toBeInstanceOf(StoreError);
      expect({ name: back.name, message: back.message, retryable: (back as StoreError).retryable }).toEqual({
        name: error.name,
        message: error.message,
        retryable: error.retryable,
      });
    }
  });

  it('a driver error is retryable when the database is down, restarting, slow or racing; not when it is misconfigured', () => {
    const retryable = [
      coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      coded('connect ENOENT /run/postgresql/.s.PGSQL.5432', 'ENOENT'),
      coded('read ECONNRESET', 'ECONNRESET'),
      coded('the database system is starting up', '57P03'),
      coded('terminating connection due to administrator command', '57P01'),
      coded('canceling statement due to statement timeout', '57014'),
      coded('could not serialize access due to concurrent update', '40001'),
      coded('deadlock detected', '40P01'),
      coded('sorry, too many clients already', '53300'),
      coded('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new AggregateError([coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''), {
        code: 'ECONNREFUSED',
      }),
      new Error('wrapped', { cause: coded('read ETIMEDOUT', 'ETIMEDOUT') }),
      new StoreError('timed out', { retryable: true }),
    ];
    const never = [
      coded('password authentication failed for user "app"', '28P01'),
      coded('database "nope" does not exist', '3D000'),
      coded('permission denied for table recallkit_sessions', '42501'),
      coded('relation "x" does not exist', '42P01'),
      coded('getaddrinfo ENOTFOUND db.example', 'ENOTFOUND'),
      new Error('self-signed certificate'),
      new StoreError('the PGlite directory is open in another process (pid 7)'),
      'a string',
      undefined,
    ];
    expect(retryable.map((e) => isRetryable(e))).toEqual(retryable.map(() => true));
    expect(never.map((e) => isRetryable(e))).toEqual(never.map(() => false));
  });

  it("storeFailure says what could not be done and what the driver said, with the driver's retryability", () => {
    const down = storeFailure(
      'postgresStore: cannot load session "s"',
      coded('the database system is shutting down', '57P01'),
      [],
    );
    expect(down).toBeInstanceOf(StoreError);
    expect(down.message).toBe('postgresStore: cannot load session "s": the database system is shutting down (57P01)');
    expect((down as StoreError).retryable).toBe(true);
    const mine = new StoreError('already a StoreError');
    expect(storeFailure('prefix', mine, [])).toBe(mine);
  });
});

describe('errorText: what a driver threw, in words', () => {
  it('says what objects without a message are (PGlite file system errors, aggregates, causes)', () => {
    const errno = Object.assign(Object.create(null) as object, { name: 'ErrnoError', errno: 44 });
    expect(errorText(errno)).toBe('ErrnoError (errno 44)');
    expect(errorText({ status: 1 })).toBe('{"status":1}');
    expect(errorText(Object.create(null))).toBe('an object with no message');
    const aggregate = Object.assign(
      new AggregateError(
        [
          coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
          coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'),
        ],
        '',
      ),
      { code: 'ECONNREFUSED' },
    );
    expect(errorText(aggregate)).toBe(
      'AggregateError (ECONNREFUSED): connect ECONNREFUSED 127.0.0.1:5432; connect ECONNREFUSED ::1:5432',
    );
    expect(errorText(new Error('outer', { cause: new TypeError('inner') }))).toBe('outer; caused by TypeError: inner');
    const cycle: { message: string; cause?: unknown } = { message: 'loop' };
    cycle.cause = cycle;
    expect(errorText(cycle)).toBe('loop');
    for (const value of [errno, aggregate, { status: 1 }, {}, 42, null])
      expect(errorText(value)).not.toContain('[object Object]');
  });

  it('replaces every secret, in causes too', () => {
    const error = new Error('cannot reach postgres://app:hunter2@db/app', { cause: new Error('hunter2 refused') });
    expect(errorText(error, ['postgres://app:hunter2@db/app', 'hunter2'])).toBe(
      'cannot reach ***; caused by *** refused',
    );
  });
});

describe('waits count only the time the process could hear an answer', () => {
  it('an answer that arrived while the event loop was blocked past the bound is heard, not timed out', async () => {
    // A child process answers a line; this process blocks its loop for 3 s meanwhile.
    const echo = spawn(process.execPath, ['-e', 'process.stdin.on("data", (d) => process.stdout.write(d))']);
    try {
      const answer = (): Promise<string> =>
        new Promise((resolve) => {
          echo.stdout.once('data', (d: Buffer) => resolve(d.toString()));
          echo.stdin.write('ping\n');
        });
      expect(await answer()).toBe('ping\n'); // it is up
      const waiting = within(answer(), 1000, (ms) => `no answer within ${ms} ms`);
      const until = performance.now() + 3000;
      while (performance.now() < until) {
        // A synchronous task (a tokenizer being built) holds the loop.
      }
      expect(await waiting).toBe('ping\n');
    } finally {
      echo.kill();
    }
  });

  it('a wait with nothing to hear ends (a retryable error); one on a source that keeps answering does not', async () => {
    const never = new Promise<never>(() => undefined);
    const error = await within(never, 300, (ms) => `no answer within ${ms} ms`).catch((e: unknown) => e);
    expect(isRetryable(error)).toBe(true);
    expect(String(error)).toContain('no answer within 300 ms');
    // A source answering every 50 ms (others' statements) keeps a wait queued behind it alive.
    let answered = performance.now();
    const ticking = setInterval(() => (answered = performance.now()), 50);
    try {
      let release!: (v: string) => void;
      const queued = within(new Promise<string>((r) => (release = r)), 300, () => 'timed out', {
        answeredAt: () => answered,
      });
      setTimeout(() => release('served'), 1500);
      expect(await queued).toBe('served');
    } finally {
      clearInterval(ticking);
    }
  });
});
