/**
 * Waiting for something asynchronous in a test without a deadline of its own: a test's timeout
 * (vite.config.ts) is the hang detector, so a slow machine only makes the wait longer.
 * @module
 */

/** Resolves once `check()` is true, checking every `intervalMs`. */
export async function until(check: () => boolean | Promise<boolean>, intervalMs = 10): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, intervalMs));
}

/**
 * Options for `vi.waitFor` (whose default gives up after 1 s): a generous hang detector, as
 * vite.config.ts sets for `expect.poll`.
 */
export const WAIT_FOR = { timeout: 120_000, interval: 10 };

/** Playwright's timeout for a page's waits and actions (its default is 30 s): a hang detector. */
export const PAGE_TIMEOUT = 120_000;

/**
 * A first call on a server memory as a client does it: a PGlite directory that takes longer to
 * open than the 4 s a call waits (a busy machine) fails the call as retryable, a route's 503,
 * and the open goes on; the call is made again, up to `attempts` times. Any other error is thrown.
 */
export async function retryingFirstCall<T>(call: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= attempts || (error as { retryable?: unknown }).retryable !== true) throw error;
    }
  }
}
