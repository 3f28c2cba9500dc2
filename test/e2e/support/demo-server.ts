/**
 * Builds the playground (`vite build demo`) and serves the static site with Vite's
 * `preview()` on 127.0.0.1 (a free port), plus a headless Chromium to drive it.
 * @module
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { chromium, type Browser } from 'playwright';
import { contentKey } from '../../../bench/browser/user-app.js';

/** The playground's root folder. */
export const DEMO_ROOT = fileURLToPath(new URL('../../../demo/', import.meta.url));

/** A running preview server. */
export interface DemoServer {
  /** Base URL, ending in `/`. */
  url: string;
  close(): Promise<void>;
}

/**
 * `vite build demo` into demo/dist, unless demo/dist is the build of the same sources (the
 * playground's and the library's: the test files of one run build it once).
 */
export async function buildDemo(): Promise<void> {
  const key = contentKey(['demo', 'src', 'tsconfig.json', 'package-lock.json'], ['demo/dist']);
  const stamp = join(DEMO_ROOT, 'dist/.sources-key');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === key) return;
  await build({ root: DEMO_ROOT, configFile: `${DEMO_ROOT}vite.config.ts`, logLevel: 'warn' });
  writeFileSync(stamp, key);
}

/** Serve demo/dist on 127.0.0.1 with a free port. */
export async function serveDemo(): Promise<DemoServer> {
  const server = await preview({
    root: DEMO_ROOT,
    configFile: `${DEMO_ROOT}vite.config.ts`,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        const http = server.httpServer;
        http.close(() => resolve());
        if ('closeAllConnections' in http) http.closeAllConnections();
      }),
  };
}

/** Headless Debian Chromium (or RECALLKIT_CHROMIUM), as the other browser tests launch it. */
export function launchChromium(): Promise<Browser> {
  const executablePath = process.env.RECALLKIT_CHROMIUM ?? '/usr/bin/chromium';
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
