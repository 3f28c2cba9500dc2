/**
 * Pages of a test fixture in any engine of the suite, each with storage of its own (a device),
 * called into by name: a fixture page puts an object on `globalThis` and sets
 * `#status` to `ready`; `call('add', …)` runs `globalThis[name].add(…)` in the page. Chromium
 * through Playwright (a context per page), Firefox through WebDriver BiDi (a user context per
 * page), WebKitGTK's MiniBrowser through WebDriver (a session per page: each is a browser of its
 * own, its storage in memory).
 * @module
 */
import { chromium, type LaunchOptions } from 'playwright';
import type { EngineName } from './engines.js';
import { launchFirefox } from './firefox.js';
import { webkitFeatures } from './minibrowser.js';
import { startWebKit } from './webdriver-classic.js';

/** One page of the fixture, with storage of its own. */
export interface DevicePage {
  /** Run `globalThis[global][fn](...args)` in the page; resolves with its (JSON-able) result. */
  call<T>(fn: string, args: unknown[]): Promise<T>;
  /** Run `fn(arg)` in the page (a self-contained function: only its source is sent). */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Load the page again (same storage) and wait until it is ready. */
  reload(): Promise<void>;
}

/** Whether the page is ready: `#status` reads `ready` unless told otherwise. */
export type ReadyCheck = () => boolean;
const statusReady: ReadyCheck = () => document.getElementById('status')?.textContent === 'ready';

/** Opens device pages of one engine. */
export interface DeviceBrowser {
  readonly engine: EngineName;
  /** Open `url` in new storage and wait until `ready()` holds in it (default: `#status` reads `ready`). */
  newPage(url: string, ready?: ReadyCheck): Promise<DevicePage>;
  /** Close every page and browser process. */
  close(): Promise<void>;
}

type Callable = Record<string, Record<string, (...a: unknown[]) => unknown>>;

/** Launch `engine` for pages whose fixture object is `globalThis[global]`. */
export async function launchDeviceBrowser(
  engine: EngineName,
  global: string,
  chromiumOptions: LaunchOptions = {},
): Promise<DeviceBrowser> {
  if (engine === 'chromium') {
    const browser = await chromium.launch(chromiumOptions);
    return {
      engine,
      async newPage(url, ready = statusReady) {
        const page = await (await browser.newContext()).newPage();
        page.setDefaultTimeout(0); // the test's timeout is the hang detector
        page.on('pageerror', (e) => console.error('page error', e));
        await page.goto(url);
        await page.waitForFunction(ready);
        return {
          evaluate: <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) =>
            page.evaluate(fn as (a: unknown) => R, arg) as Promise<R>,
          async reload() {
            await page.reload();
            await page.waitForFunction(ready);
          },
          call: <T>(fn: string, args: unknown[]) =>
            page.evaluate(([g, f, a]) => (globalThis as unknown as Callable)[g]![f]!(...a), [
              global,
              fn,
              args,
            ] as const) as Promise<T>,
        };
      },
      close: () => browser.close(),
    };
  }
  if (engine === 'firefox') {
    const browser = await launchFirefox();
    return {
      engine,
      async newPage(url, ready = statusReady) {
        const page = await (await browser.createBrowserContext()).newPage();
        page.setDefaultTimeout(0);
        page.on('pageerror', (e) => console.error('page error', e));
        await page.goto(url, { timeout: 0 });
        await page.waitForFunction(ready, { timeout: 0 });
        return {
          evaluate: <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) =>
            page.evaluate(fn as (a: unknown) => R, arg) as Promise<R>,
          async reload() {
            await page.reload({ timeout: 0 });
            await page.waitForFunction(ready, { timeout: 0 });
          },
          call: <T>(fn: string, args: unknown[]) =>
            page.evaluate(
              (g: string, f: string, a: unknown[]) => (globalThis as unknown as Callable)[g]![f]!(...a),
              global,
              fn,
              args,
            ) as Promise<T>,
        };
      },
      close: () => browser.close(),
    };
  }
  const sessions: { quit(): Promise<void> }[] = [];
  return {
    engine,
    async newPage(url, ready = statusReady) {
      const session = await startWebKit({ features: webkitFeatures() });
      sessions.push(session);
      const load = async (): Promise<void> => {
        await session.navigate(url);
        while (!(await session.evaluate(ready, null))) await new Promise((r) => setTimeout(r, 50));
      };
      await load();
      return {
        evaluate: (fn, arg) => session.evaluate(fn, arg),
        reload: load,
        call: <T>(fn: string, args: unknown[]) =>
          session.evaluate(
            (o: { g: string; f: string; a: unknown[] }) => (globalThis as unknown as Callable)[o.g]![o.f]!(...o.a),
            { g: global, f: fn, a: args },
          ) as Promise<T>,
      };
    },
    async close() {
      await Promise.all(sessions.splice(0).map((s) => s.quit()));
    },
  };
}
