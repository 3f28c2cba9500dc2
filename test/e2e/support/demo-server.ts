/**
 * Builds the playground (`vite build demo`) and serves the static site with Vite's
 * `preview()` on 127.0.0.1 (a free port), plus a headless Chromium to drive it.
 * @module
 */
import { existsSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
 * playground's and the library's: the test files of one run build it once). Built aside and
 * renamed into place, so test files building at the same time never serve a half-written site.
 */
export async function buildDemo(): Promise<void> {
  const key = contentKey(['demo', 'src', 'tsconfig.json', 'package-lock.json'], ['demo/dist', 'demo/dist-building']);
  const dist = join(DEMO_ROOT, 'dist');
  const built = (): boolean => existsSync(join(dist, STAMP)) && readFileSync(join(dist, STAMP), 'utf8') === key;
  if (built()) return;
  const aside = join(DEMO_ROOT, 'dist-building', `${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    await build({
      root: DEMO_ROOT,
      configFile: `${DEMO_ROOT}vite.config.ts`,
      logLevel: 'warn',
      build: { outDir: aside, emptyOutDir: true },
    });
    writeFileSync(join(aside, STAMP), key);
    if (built()) return; // built meanwhile by another test file
    rmSync(dist, { recursive: true, force: true });
    try {
      renameSync(aside, dist);
    } catch (error) {
      if (!built()) throw error; // else: put in place by another test file just now
    }
  } finally {
    rmSync(aside, { recursive: true, force: true });
    try {
      rmdirSync(dirname(aside)); // unless another test file is building in it
    } catch {
      // not empty
    }
  }
}

/** The file in demo/dist naming the sources it was built from. */
const STAMP = '.sources-key';

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
