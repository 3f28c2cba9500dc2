/**
 * A small W3C WebDriver (classic) client for WebKitGTK: `WebKitWebDriver` started under Xvfb
 * (`xvfb-run`) on a free port, one session driving `MiniBrowser --automation`. WebDriver's
 * automation sessions are ephemeral (IndexedDB and the rest live in memory until the browser
 * quits); a profile on disk needs MiniBrowser launched without automation (see `minibrowser.ts`).
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { MINIBROWSER_PATH, WEBKIT_DRIVER_PATH } from './engines.js';
import { freePort, stopGroup, waitFor } from './processes.js';

/** A WebDriver session on MiniBrowser. */
export interface WebDriverSession {
  /** `MiniBrowser`'s version (the WebKitGTK release). */
  readonly version: string;
  /** Process group of xvfb-run, Xvfb, the driver and the browser. */
  readonly pid: number;
  /** One WebDriver command; rejects with the driver's error message. */
  command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T>;
  /** Load `url` in the current window (resolves once it has loaded). */
  navigate(url: string): Promise<void>;
  /** Run `fn(arg)` in the page and resolve with its (awaited, JSON-able) result. */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** End the session and the processes. */
  quit(): Promise<void>;
}

/** Options of {@link startWebKit}. */
export interface WebKitOptions {
  /** MiniBrowser `--features=` (WebKit's feature flags, e.g. `StorageAPI`). */
  features?: string[];
  /** Script timeout of the session, ms (default 120 s: a hang detector). */
  scriptTimeoutMs?: number;
}

/** Start WebKitWebDriver under Xvfb and open a MiniBrowser session. */
export async function startWebKit(options: WebKitOptions = {}): Promise<WebDriverSession> {
  const port = await freePort();
  // -a finds a free display from -n on: a random start keeps parallel runs from racing for :99.
  const display = 100 + Math.floor(Math.random() * 800);
  const child: ChildProcess = spawn(
    'xvfb-run',
    ['-a', '-n', String(display), '-s', '-screen 0 1600x1000x24', WEBKIT_DRIVER_PATH, `--port=${port}`],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const base = `http://127.0.0.1:${port}`;
  const command = async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value.error}: ${json.value.message}`);
    return json.value;
  };
  try {
    await waitFor(
      async () => (await fetch(`${base}/status`)).ok,
      30_000,
      () => `WebKitWebDriver did not start: ${stderr}`,
    );
    const args = ['--automation'];
    if (options.features?.length) args.push(`--features=${options.features.join(',')}`);
    const created = await command<{ sessionId: string; capabilities: { browserVersion: string } }>('POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args } } },
    });
    const session = `/session/${created.sessionId}`;
    await command('POST', `${session}/timeouts`, { script: options.scriptTimeoutMs ?? 120_000 });
    return {
      version: created.capabilities.browserVersion,
      pid: child.pid!,
      command,
      async navigate(url) {
        await command('POST', `${session}/url`, { url });
      },
      async evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
        const script =
          'const done = arguments[arguments.length - 1];' +
          `Promise.resolve().then(() => (${fn.toString()})(arguments[0])).then(` +
          '(value) => done({ ok: true, value }),' +
          '(e) => done({ ok: false, error: String((e && e.stack) || e) }));';
        const out = await command<{ ok: boolean; value: R; error: string }>('POST', `${session}/execute/async`, {
          script,
          args: [arg ?? null],
        });
        if (!out.ok) throw new Error(`in WebKit: ${out.error}`);
        return out.value;
      },
      async quit() {
        await command('DELETE', session).catch(() => undefined);
        await stopGroup(child);
      },
    };
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
}
