/**
 * The project's one Vite config. Vitest reads its test projects from here: `node` (unit and e2e),
 * `postgres` (a throwaway cluster) and `browser`: the same files in real Chromium (Playwright),
 * Firefox ESR (WebDriver BiDi) and WebKitGTK's MiniBrowser (under Xvfb), one project per engine, named
 * `browser (chromium)`, `browser (firefox)`, `browser (webkit)`; `RECALLKIT_ENGINES` picks some.
 * `demo/vite.config.ts` is the playground's own.
 * @module
 */
import { defineConfig } from 'vitest/config';
import type { BrowserInstanceOption } from 'vitest/node';
import { realpathSync } from 'node:fs';
import { searchForWorkspaceRoot } from 'vite';
import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_PATH as chromiumPath, selectedEngines, type EngineName } from './test/support/engines/engines.js';
import { firefoxBidi, webkitMiniBrowser } from './test/support/engines/vitest-providers.js';
import { webkitFeatures } from './test/support/engines/minibrowser.js';

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
 * slower than usual (a test that takes 5 s alone may take 40 s under load, and a clean-clone run at
 * load average 20 took a 16 s test past 180 s), so tests set none lower of their own. `expect.poll`
 * (whose default gives up after 1 s) gets the same; `vi.waitFor` takes test/support/until.ts's
 * WAIT_FOR and Playwright pages PAGE_TIMEOUT.
 */
const hangDetectors = {
  testTimeout: 900_000,
  hookTimeout: 900_000,
  expect: { poll: { timeout: 120_000, interval: 20 } },
};

/**
 * What Firefox and WebKit run: the store, the worker, the journal, recovery, eviction, recall,
 * tokens, tabs and what each engine offers. The full suite runs in Chromium; the other files (property runs,
 * prototype names, Chromium's own bugs and full disks) in all three would take `npm test` past
 * its budget on a 2-core machine (WebKit's worker starts are several times Chromium's there).
 */
const EVERY_ENGINE = [
  'test/browser/engine-support.test.ts',
  'test/browser/store-indexeddb.test.ts',
  'test/browser/persistence-indexeddb.test.ts',
  'test/browser/worker.test.ts',
  'test/browser/journal.test.ts',
  'test/browser/durability.test.ts',
  'test/browser/eviction.test.ts',
  'test/browser/recall-indexeddb.test.ts',
  'test/browser/recall-context.test.ts',
  'test/browser/storage-estimate.test.ts',
  'test/browser/tokens.test.ts',
  'test/browser/rank-cache.test.ts',
  'test/browser/two-tabs.test.ts',
  'test/browser/new-user.test.ts',
  'test/browser/sliced-work.test.ts',
  'test/browser/worker-result-parts.test.ts',
];

/** The browser project's instance for each engine: its own provider. */
const engineInstances: Record<EngineName, BrowserInstanceOption> = {
  chromium: { browser: 'chromium', provider: playwright({ launchOptions: chromiumLaunchOptions }) },
  // Screenshots of failures are a Playwright command; these providers have none.
  firefox: { browser: 'firefox', provider: firefoxBidi(), screenshotFailures: false, include: EVERY_ENGINE },
  webkit: { browser: 'webkit', provider: webkitMiniBrowser(), screenshotFailures: false, include: EVERY_ENGINE },
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
          provide: { webkitFeatures: webkitFeatures() },
          browser: {
            enabled: true,
            headless: true,
            instances: selectedEngines().map((engine) => engineInstances[engine]),
          },
        },
      },
    ],
  },
});
