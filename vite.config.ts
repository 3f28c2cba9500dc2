/**
 * The project's one Vite config. Vitest reads its test projects from here: `node` (unit and e2e),
 * `postgres` (a throwaway cluster) and `browser` (real Chromium through Playwright).
 * `demo/vite.config.ts` is the playground's own.
 * @module
 */
import { defineConfig } from 'vitest/config';
import { realpathSync } from 'node:fs';
import { searchForWorkspaceRoot } from 'vite';
import { playwright } from '@vitest/browser-playwright';

/** Debian's Chromium by default; set RECALLKIT_CHROMIUM to another binary, or to '' for Playwright's own. */
const chromiumPath = process.env.RECALLKIT_CHROMIUM ?? '/usr/bin/chromium';

export const chromiumLaunchOptions = {
  ...(chromiumPath ? { executablePath: chromiumPath } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * Vite serves files from the project and from wherever `node_modules` really is (a git worktree
 * may link it from another checkout); tiktoken's WASM and ranks are read from there.
 */
const fsAllow = [searchForWorkspaceRoot(process.cwd()), realpathSync('node_modules')];

/**
 * Timeouts are hang detectors, never speed checks: generous enough for a machine many times
 * slower than usual (a test that takes 5 s alone may take 40 s under load). `expect.poll`
 * (whose default gives up after 1 s) gets the same; `vi.waitFor` takes test/support/until.ts's
 * WAIT_FOR and Playwright pages PAGE_TIMEOUT.
 */
const hangDetectors = {
  testTimeout: 180_000,
  hookTimeout: 300_000,
  expect: { poll: { timeout: 120_000, interval: 20 } },
};

export default defineConfig({
  test: {
    // Two test files at a time, whatever the cores (vitest's default is one on a 2-core machine):
    // most files wait on Chromium, PostgreSQL, child processes or the disk more than they compute.
    maxWorkers: 2,
    projects: [
      {
        // demo/ and bench/ modules these tests load import `recallkit/…`: tsconfig "paths" maps them to src.
        resolve: { tsconfigPaths: true },
        test: {
          name: 'node',
          include: ['test/unit/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          environment: 'node',
          ...hangDetectors,
        },
      },
      {
        test: {
          // A throwaway PostgreSQL cluster (initdb + pg_ctl) is started for these and removed after.
          name: 'postgres',
          include: ['test/postgres/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/postgres/global-setup.ts'],
          ...hangDetectors,
        },
      },
      {
        server: { fs: { allow: fsAllow } },
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          ...hangDetectors,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
