/**
 * WebKitGTK's MiniBrowser launched as a user runs it (no `--automation`): under Xvfb, on a profile
 * directory of its own, so IndexedDB and the Origin Private File System live on disk. A WebDriver
 * session (`webdriver-classic.ts`) is ephemeral instead: its storage lives in memory and its
 * OPFS refuses `getDirectory()`, which no user sees.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MINIBROWSER_PATH } from './engines.js';
import { stopGroup } from './processes.js';

/**
 * The storage features Safari ships on and WebKitGTK 2.50 ships off (MiniBrowser `--features`):
 * `navigator.storage` (persist, estimate), the OPFS and its synchronous access handles. With them
 * the page sees what a Safari user's page sees; `RECALLKIT_WEBKIT_FEATURES=''` runs WebKitGTK's defaults.
 */
export const SAFARI_STORAGE_FEATURES: readonly string[] = [
  'StorageAPI',
  'StorageAPIEstimate',
  'FileSystem',
  'AccessHandle',
];

/** The features the suite turns on in MiniBrowser: `RECALLKIT_WEBKIT_FEATURES` (comma-separated), else Safari's. */
export function webkitFeatures(): string[] {
  const asked = process.env['RECALLKIT_WEBKIT_FEATURES'];
  if (asked === undefined) return [...SAFARI_STORAGE_FEATURES];
  return asked
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Options of {@link launchMiniBrowser}. */
export interface MiniBrowserOptions {
  /** MiniBrowser `--features=` (default {@link webkitFeatures}). */
  features?: readonly string[];
  /** A profile directory to keep between launches (default: a new temporary one, removed on close). */
  profile?: string;
}

/** A running MiniBrowser. */
export interface MiniBrowser {
  /** Process group of xvfb-run, Xvfb and the browser's processes. */
  readonly pid: number;
  /** The profile directory (IndexedDB under `data/webkitgtk/databases/indexeddb`). */
  readonly profile: string;
  /** Stop every process of the group and remove a temporary profile. */
  close(): Promise<void>;
}

/** Launch MiniBrowser on `url` under Xvfb. */
export function launchMiniBrowser(url: string, options: MiniBrowserOptions = {}): MiniBrowser {
  const temporary = options.profile === undefined;
  const profile = options.profile ?? mkdtempSync(join(tmpdir(), 'recallkit-webkit-profile-'));
  const features = options.features ?? webkitFeatures();
  const args = features.length ? [`--features=${features.join(',')}`, url] : [url];
  // -a finds a free display from -n on: a random start keeps parallel runs from racing for :99.
  const display = 100 + Math.floor(Math.random() * 800);
  const child: ChildProcess = spawn(
    'xvfb-run',
    ['-a', '-n', String(display), '-s', '-screen 0 1600x1000x24', MINIBROWSER_PATH, ...args],
    {
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        XDG_DATA_HOME: join(profile, 'data'),
        XDG_CACHE_HOME: join(profile, 'cache'),
        XDG_CONFIG_HOME: join(profile, 'config'),
      },
    },
  );
  return {
    pid: child.pid!,
    profile,
    async close() {
      await stopGroup(child);
      if (temporary) rmSync(profile, { recursive: true, force: true });
    },
  };
}
