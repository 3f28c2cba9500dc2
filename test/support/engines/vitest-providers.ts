/**
 * Vitest browser providers for the engines Playwright cannot drive from Debian's packages:
 * Firefox ESR over WebDriver BiDi (puppeteer-core) and WebKitGTK's MiniBrowser, launched on the
 * page's URL. The test files use no provider command (no `userEvent`, no mocking by URL), so a
 * provider only has to open Vitest's page and keep it open.
 * @module
 */
import { defineBrowserProvider } from '@vitest/browser';
import type { Browser, Page } from 'puppeteer-core';
import { launchFirefox } from './firefox.js';
import { launchMiniBrowser, type MiniBrowser } from './minibrowser.js';

/** The provider shape Vitest expects (its `BrowserProvider`). */
interface Provider {
  name: string;
  supportsParallelism: boolean;
  getCommandsContext(sessionId: string): Record<string, unknown>;
  openPage(sessionId: string, url: string): Promise<void>;
  close(): Promise<void>;
}

/** Firefox ESR through WebDriver BiDi (headless). */
export function firefoxBidi() {
  return defineBrowserProvider({
    name: 'firefox-bidi',
    supportedBrowser: ['firefox'],
    options: {},
    providerFactory(): Provider {
      let browser: Promise<Browser> | undefined;
      const pages = new Map<string, Page>();
      return {
        name: 'firefox-bidi',
        supportsParallelism: false,
        getCommandsContext: () => ({}),
        async openPage(sessionId, url) {
          browser ??= launchFirefox();
          await pages.get(sessionId)?.close();
          const page = await (await browser).newPage();
          pages.set(sessionId, page);
          await page.goto(url, { timeout: 0 });
        },
        async close() {
          const b = browser;
          browser = undefined;
          pages.clear();
          await (await b?.catch(() => undefined))?.close();
        },
      };
    },
  });
}

/**
 * WebKitGTK's MiniBrowser launched as a user runs it, under Xvfb on a profile of its own (see
 * `minibrowser.ts`: a WebDriver session's storage is ephemeral), with Safari's storage features.
 */
export function webkitMiniBrowser(options: { features?: readonly string[] } = {}) {
  return defineBrowserProvider({
    name: 'webkit-minibrowser',
    supportedBrowser: ['webkit'],
    options,
    providerFactory(): Provider {
      let browser: MiniBrowser | undefined;
      return {
        name: 'webkit-minibrowser',
        supportsParallelism: false,
        getCommandsContext: () => ({}),
        async openPage(_sessionId, url) {
          await browser?.close();
          browser = launchMiniBrowser(url, options.features ? { features: options.features } : {});
        },
        async close() {
          const b = browser;
          browser = undefined;
          await b?.close();
        },
      };
    },
  });
}
