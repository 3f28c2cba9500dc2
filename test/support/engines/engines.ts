/**
 * The three browser engines the suite runs on, and where their binaries are: Debian's Chromium
 * (Playwright), Firefox ESR (WebDriver BiDi, through puppeteer-core) and WebKitGTK's MiniBrowser
 * (W3C WebDriver through `WebKitWebDriver`, under Xvfb). `.ci/run` installs them from apt.
 * @module
 */

/** An engine the browser suite runs on. */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** Every engine, in the order the suite and the bench list them. */
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

/** Debian's Chromium by default; RECALLKIT_CHROMIUM names another binary ('' for Playwright's own). */
export const CHROMIUM_PATH = process.env['RECALLKIT_CHROMIUM'] ?? '/usr/bin/chromium';
/** Debian's Firefox ESR by default (RECALLKIT_FIREFOX). */
export const FIREFOX_PATH = process.env['RECALLKIT_FIREFOX'] || '/usr/bin/firefox-esr';
/** WebKitGTK's WebDriver server (RECALLKIT_WEBKIT_DRIVER), from `webkit2gtk-driver`. */
export const WEBKIT_DRIVER_PATH = process.env['RECALLKIT_WEBKIT_DRIVER'] || '/usr/bin/WebKitWebDriver';
/** WebKitGTK's MiniBrowser (RECALLKIT_MINIBROWSER). */
export const MINIBROWSER_PATH =
  process.env['RECALLKIT_MINIBROWSER'] || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * The engines to run: `RECALLKIT_ENGINES` (a comma-separated list, e.g. `chromium` while
 * working on one engine), else all three. A missing browser then fails its tests: it is not skipped.
 */
export function selectedEngines(): EngineName[] {
  const asked = process.env['RECALLKIT_ENGINES'];
  if (!asked) return [...ENGINES];
  const names = asked.split(',').map((s) => s.trim());
  for (const n of names) {
    if (!ENGINES.includes(n as EngineName)) {
      throw new Error(`RECALLKIT_ENGINES: unknown engine "${n}" (expected ${ENGINES.join(', ')})`);
    }
  }
  return names as EngineName[];
}
