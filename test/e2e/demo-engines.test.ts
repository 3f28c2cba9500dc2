/**
 * The playground in every engine of the suite (Chromium, Firefox ESR, WebKitGTK:
 * `RECALLKIT_ENGINES`): `vite build demo` served by `vite preview`, a chat typed into its
 * composer, the replies, what the model sees, and the conversation kept across a reload (the
 * memory runs in a Web Worker over IndexedDB). The rest of the playground's tests
 * (demo.test.ts and the others) drive Chromium through Playwright's own API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../vite.config.js';
import { selectedEngines } from '../support/engines/engines.js';
import { launchDeviceBrowser, type DeviceBrowser, type DevicePage } from '../support/engines/device-pages.js';
import { buildDemo, serveDemo, type DemoServer } from './support/demo-server.js';

let server: DemoServer;

beforeAll(async () => {
  await buildDemo();
  server = await serveDemo();
});

afterAll(async () => {
  await server?.close();
});

const ready = (): boolean => document.body?.dataset['ready'] === 'true';

/** Type `text` into the composer, submit, and wait for the assistant's reply to be rendered. */
async function send(page: DevicePage, text: string): Promise<void> {
  await page.evaluate(async (t: string) => {
    const users = (): number => document.querySelectorAll('.chat-log li[data-role="user"]').length;
    const before = users();
    const input = document.querySelector<HTMLTextAreaElement | HTMLInputElement>('.composer-input')!;
    input.value = t;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    document.querySelector<HTMLFormElement>('form.composer')!.requestSubmit();
    const last = (): Element | null => document.querySelector('.chat-log li:last-child');
    // The test's timeout is the hang detector.
    while (!(
      users() === before + 1 &&
      last()?.getAttribute('data-role') === 'assistant' &&
      last()?.getAttribute('data-type') === 'message'
    )) {
      await new Promise((r) => setTimeout(r, 20));
    }
  }, text);
}

const userMessages = (page: DevicePage): Promise<string[]> =>
  page.evaluate(
    () => [...document.querySelectorAll('.chat-log li[data-role="user"] .chat-text')].map((e) => e.textContent ?? ''),
    null,
  );

describe.each(selectedEngines())('the playground in %s', (engine) => {
  let browser: DeviceBrowser;
  beforeAll(async () => {
    browser = await launchDeviceBrowser(engine, 'device', chromiumLaunchOptions);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a chat typed into the composer is answered, shown to the model, and still there after a reload', async () => {
    const page = await browser.newPage(server.url, ready);
    const turns = ['My name is Ada.', 'Our budget is 1800 euros.', 'What is my name?'];
    for (const text of turns) await send(page, text);
    expect(await userMessages(page)).toEqual(turns);
    const seen = await page.evaluate(
      () => [...document.querySelectorAll('[data-testid="context-list"] li')].map((li) => li.getAttribute('data-role')),
      null,
    );
    expect(seen.filter((r) => r === 'user').length).toBeGreaterThanOrEqual(turns.length);
    expect(
      await page.evaluate(() => document.querySelector('[data-testid="context-sum"]')?.getAttribute('data-ok'), null),
    ).toBe('true');
    // The engine runs in a Web Worker over IndexedDB: a reload reopens the same conversation.
    await page.reload();
    expect(await userMessages(page)).toEqual(turns);
  });
});
