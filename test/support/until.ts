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
