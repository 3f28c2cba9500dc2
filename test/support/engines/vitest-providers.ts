/**
 * Vitest browser providers for the engines Playwright cannot drive from Debian's packages:
 * Firefox ESR over WebDriver BiDi (puppeteer-core) and WebKitGTK's MiniBrowser over W3C
 * WebDriver. The test files use no provider command (no `userEvent`, no mocking by URL), so a
 * provider only has to open Vitest's page and keep it open.
 * @module
 */
import { defineBrowserProvider } from '@vitest/browser';
import type { Browser, Page } from 'puppeteer-core';
import { launchFirefox } from './firefox.js';
import { startWebKit, type WebDriverSession } from './webdriver-classic.js';

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

/** WebKitGTK's MiniBrowser through WebKitWebDriver (under Xvfb); `features` are WebKit feature flags. */
export function webkitWebDriver(options: { features?: string[] } = {}) {
  return defineBrowserProvider({
    name: 'webkit-webdriver',
    supportedBrowser: ['webkit'],
    options,
    providerFactory(): Provider {
      let session: Promise<WebDriverSession> | undefined;
      return {
        name: 'webkit-webdriver',
        supportsParallelism: false,
        getCommandsContext: () => ({}),
        async openPage(_sessionId, url) {
          session ??= startWebKit({ ...(options.features ? { features: options.features } : {}) });
          await (await session).navigate(url);
        },
        async close() {
          const s = session;
          session = undefined;
          await (await s?.catch(() => undefined))?.quit();
        },
      };
    },
  });
}
