/**
 * Firefox ESR from Debian, driven over WebDriver BiDi by puppeteer-core (Firefox's own remote
 * agent: no geckodriver, no download). Headless; a profile directory of our own, so IndexedDB
 * and the OPFS are on disk as in a user's profile.
 * @module
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import { FIREFOX_PATH } from './engines.js';

/** Options of {@link launchFirefox}. */
export interface FirefoxOptions {
  /** A profile directory to keep between launches (default: a new temporary one). */
  profile?: string;
  /** Extra about:config preferences. */
  prefs?: Record<string, unknown>;
}

/** Preferences every launch gets: no prompt may stall a test (`persist()` is answered at once). */
export const FIREFOX_PREFS: Record<string, unknown> = {
  // navigator.storage.persist() opens a door-hanger in Firefox; a test answers it as a user would (allow).
  'dom.storageManager.prompt.testing': true,
  'dom.storageManager.prompt.testing.allow': true,
};

/** Launch headless Firefox ESR. */
export function launchFirefox(options: FirefoxOptions = {}): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    ...(options.profile ? { userDataDir: options.profile } : {}),
    extraPrefsFirefox: { ...FIREFOX_PREFS, ...options.prefs },
    protocolTimeout: 300_000,
  });
}
