/**
 * The playground, end to end: `vite build demo` served by `vite preview` on 127.0.0.1,
 * driven in headless Chromium. Each test opens a fresh browser context (its own IndexedDB
 * and localStorage). Screenshots of each step go to test/e2e/artifacts/.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { buildDemo, launchChromium, serveDemo, type DemoServer } from './support/demo-server.js';
import { applyPreset, openPlayground, send, shot, userMessages, waitReady } from './support/demo-page.js';
import { startCorsOpenAIServer } from './support/cors-openai-server.js';
import { PAGE_TIMEOUT } from '../support/until.js';

let server: DemoServer;
let browser: Browser;

beforeAll(async () => {
  await buildDemo();
  server = await serveDemo();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const TIMEOUT = 120_000;

const summaryCount = (page: Page): Promise<number> => page.locator('[data-testid="summaries"] .summary-card').count();
const stat = async (page: Page, key: string): Promise<number> =>
  Number((await page.locator(`[data-stat="${key}"] dd`).textContent())?.replace(/,/g, ''));

describe('playground', () => {
  it(
    'rolling 5 × 3: turns 2–6 are summarized at the sixth message and the model sees the summary',
    async () => {
      const { page, context, errors } = await openPlayground(browser, server.url);
      await applyPreset(page, 'rolling-5x3');
      const turns = [
        'My name is Ada.',
        'What is 12 * (3 + 4)?',
        'Our budget is 1800 euros.',
        'What is my name?',
        'Just checking: what is 100 / 0?',
      ];
      for (const text of turns) await send(page, text);
      expect(await summaryCount(page)).toBe(0);
      await shot(page, '01-rolling-before-summary');

      await send(page, 'We travel to Lisbon in October.');
      await expect.poll(() => summaryCount(page)).toBe(1);
      const card = page.locator('[data-testid="summaries"] .summary-card').first();
      expect(await card.getAttribute('data-strategy')).toBe('rolling');
      expect(await card.locator('[data-testid="summary-range"]').textContent()).toBe('turns 2–6');
      expect(await card.locator('.summary-text').textContent()).toContain('First: "What is 12 * (3 + 4)?"');

      // What the model sees: the summary first, as a system message; rows add up to the engine's count.
      const first = page.locator('[data-testid="context-list"] li').first();
      expect(await first.getAttribute('data-role')).toBe('system');
      expect(await first.getAttribute('data-kind')).toBe('summary');
      expect(await page.locator('[data-testid="context-sum"]').getAttribute('data-ok')).toBe('true');
      const total = await page.locator('[data-testid="context-total"]').textContent();
      expect(await page.locator('[data-testid="context-sum"]').textContent()).toContain(
        `context.tokenCount ${total?.split(' ')[0]}`,
      );

      // Turn 1 slid out of the window: its entries are compressed, still stored and shown.
      const compressed = page.locator('[data-testid="timeline"] li[data-status="compressed"]');
      expect(await compressed.count()).toBe(2);
      expect(await stat(page, 'compressedEntries')).toBe(2);
      expect(await page.locator('.chat-log li[data-status="compressed"] .chat-text').first().textContent()).toBe(
        'My name is Ada.',
      );
      await shot(page, '02-rolling-summary');
      await shot(page, '02-rolling-summary-full-page', true);
      // The engine ran in a Web Worker (createWorkerMemory), not in the page.
      expect(
        page
          .workers()
          .map((w) => w.url())
          .some((u) => /\/assets\/worker-[\w-]+\.js$/.test(u)),
      ).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
    TIMEOUT,
  );

  it(
    'Memory Manager (maxEntries 12): auto-play makes a summary, with compressing then compressed in the event log',
    async () => {
      const { page, context, errors } = await openPlayground(browser, server.url);
      await applyPreset(page, 'manager-demo');
      await page.fill('.autoplay-count', '8');
      await page.click('[data-testid="autoplay"]');
      await page.waitForSelector('[data-testid="autoplay-progress"]:has-text("8 turns played")');

      expect(await summaryCount(page)).toBeGreaterThanOrEqual(1);
      const card = page.locator('[data-testid="summaries"] .summary-card').first();
      expect(await card.getAttribute('data-strategy')).toBe('manager');
      expect(await card.locator('.summary-ratio').textContent()).toMatch(/^\d+(\.\d+)?×$/);
      expect(await card.locator('.summary-text').textContent()).toContain('[Previous conversation summary]');
      expect(await stat(page, 'activeEntries')).toBeLessThanOrEqual(12);
      expect(await stat(page, 'compressedEntries')).toBeGreaterThan(0);
      expect(await userMessages(page)).toHaveLength(8);

      const names = await page
        .locator('[data-testid="events"] li')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-event')));
      // Newest first: the first compressed is listed above (before) its compressing.
      expect(names.indexOf('compressed')).toBeGreaterThanOrEqual(0);
      expect(names.indexOf('compressing')).toBeGreaterThan(names.indexOf('compressed'));
      await shot(page, '03-manager-autoplay');
      expect(errors).toEqual([]);
      await context.close();
    },
    TIMEOUT,
  );

  it(
    'a reload brings the session and the profile back; sessions can be switched',
    async () => {
      const { page, context } = await openPlayground(browser, server.url);
      await applyPreset(page, 'hector-summary-buffer-demo');
      await send(page, 'Remember the blue notebook.');
      await send(page, 'What is 6 * 7?');
      const sessionId = await page.locator('[data-testid="session-id"]').textContent();

      await page.reload();
      await waitReady(page);
      expect(await page.locator('[data-testid="session-id"]').textContent()).toBe(sessionId);
      expect(await userMessages(page)).toEqual(['Remember the blue notebook.', 'What is 6 * 7?']);
      expect(await page.locator('[data-testid="preset"]').inputValue()).toBe('hector-summary-buffer-demo');
      expect(await page.locator('[data-testid="budget"]').textContent()).toContain('summary_buffer.budget');
      await shot(page, '04-after-reload');

      await page.click('[data-testid="new-session"]');
      await expect.poll(() => page.locator('[data-testid="session-id"]').textContent()).not.toBe(sessionId);
      expect(await userMessages(page)).toEqual([]);
      await page.click(`[data-testid="sessions"] button[data-session-id="${sessionId}"]`);
      await expect.poll(() => userMessages(page)).toEqual(['Remember the blue notebook.', 'What is 6 * 7?']);
      await context.close();
    },
    TIMEOUT,
  );

  it(
    'export downloads the session; clear empties it; import (file, or pasted as a copy) restores it',
    async () => {
      const { page, context } = await openPlayground(browser, server.url);
      const said = ['First note: the key is under the mat.', 'What is 2 + 2?', 'Second note: feed the cat.'];
      for (const text of said) await send(page, text);
      const sessionId = (await page.locator('[data-testid="session-id"]').textContent()) ?? '';

      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export"]')]);
      const path = await download.path();
      const exported = JSON.parse(await readFile(path, 'utf8')) as {
        sessionId: string;
        entries: { content: string }[];
      };
      expect(exported.sessionId).toBe(sessionId);
      expect(exported.entries.map((e) => e.content)).toEqual(expect.arrayContaining(said));

      await page.click('[data-testid="clear"]');
      await page.click('[data-testid="clear"]');
      await expect.poll(() => userMessages(page)).toEqual([]);
      await shot(page, '05-cleared');

      await page.setInputFiles('[data-testid="import-file"]', path);
      await expect.poll(() => userMessages(page)).toEqual(said);
      expect(await page.locator('[data-testid="session-id"]').textContent()).toBe(sessionId);

      await page.check('[data-testid="import-copy"]');
      await page.fill('[data-testid="import-text"]', JSON.stringify(exported));
      await page.click('[data-testid="import"]');
      await expect.poll(() => page.locator('[data-testid="session-id"]').textContent()).not.toBe(sessionId);
      expect(await userMessages(page)).toEqual(said);
      expect(await page.locator(`[data-testid="sessions"] button[data-session-id="${sessionId}"]`).count()).toBe(1);
      await shot(page, '06-imported-copy');

      await page.fill(
        '[data-testid="import-text"]',
        JSON.stringify({ ...exported, entries: [{ id: 'x', type: 'message', role: 'boss', content: 'hi' }] }),
      );
      await page.click('[data-testid="import"]');
      await page.waitForSelector('[data-testid="transfer-message"] .error-field');
      expect(await page.locator('[data-testid="transfer-message"] .error-field').textContent()).toBe(
        'state.entries[0].role',
      );
      await context.close();
    },
    TIMEOUT,
  );

  it(
    'a bad profile is refused inline with its field path, and the running memory keeps working',
    async () => {
      const { page, context } = await openPlayground(browser, server.url);
      const error = page.locator('[data-testid="profile-error"]');
      await page.fill(
        '[data-testid="profile-editor"]',
        JSON.stringify({ profile: { long_term_memory_strategy: [{ long_term_memory_id: 'rolling', window: 0 }] } }),
      );
      await page.click('[data-testid="apply-profile"]');
      await error.waitFor({ state: 'visible' });
      expect(await error.locator('.error-field').textContent()).toBe('profile.long_term_memory_strategy[0].window');
      expect(await error.textContent()).toContain('received number 0');
      await shot(page, '07-profile-error');

      await page.fill(
        '[data-testid="profile-editor"]',
        JSON.stringify({ profile: { long_term_memory_strategy: [{ long_term_memory_id: 'forgetful' }] } }),
      );
      await page.click('[data-testid="apply-profile"]');
      await expect
        .poll(() => error.locator('.error-field').textContent())
        .toBe('profile.long_term_memory_strategy[0].long_term_memory_id');
      expect(await error.textContent()).toContain('"rolling"');

      await page.fill('[data-testid="profile-editor"]', '{ "config": { "maxEntries": 12, }');
      await page.click('[data-testid="apply-profile"]');
      await expect.poll(() => error.locator('.error-field').textContent()).toBe('JSON');

      await page.fill('[data-testid="profile-editor"]', JSON.stringify({ config: { maxEntries: -3 } }));
      await page.click('[data-testid="apply-profile"]');
      await expect.poll(() => error.locator('.error-field').textContent()).toBe('config.maxEntries');

      expect(await page.locator('[data-testid="profile-summary"]').textContent()).toBe('rolling');
      await send(page, 'Still here?');
      expect(await userMessages(page)).toEqual(['Still here?']);
      await context.close();
    },
    TIMEOUT,
  );

  it(
    'a message with HTML is shown as text, never run',
    async () => {
      const { page, context, dialogs, errors } = await openPlayground(browser, server.url);
      const attack = '<img src=x onerror="window.__pwned=1;alert(1)"><b>bold</b>';
      await send(page, attack);
      expect(await userMessages(page)).toEqual([attack]);
      expect(
        await page
          .locator('.chat-log img, .chat-log b, [data-testid="context-list"] img, [data-testid="timeline"] img')
          .count(),
      ).toBe(0);
      expect(await page.locator('[data-testid="context-list"] li[data-role="user"] .context-text').textContent()).toBe(
        attack,
      );
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
      await shot(page, '08-html-as-text');
      await context.close();
    },
    TIMEOUT,
  );

  it(
    'neuralyzer (demo size): erased entries are struck through in the timeline',
    async () => {
      const { page, context } = await openPlayground(browser, server.url);
      await applyPreset(page, 'alquimia-neuralyzer-demo');
      for (let i = 1; i <= 6; i++) await send(page, `Fact number ${i}.`);
      const erased = page.locator('[data-testid="timeline"] li[data-status="erased"]');
      await expect.poll(() => erased.count()).toBe(8); // turns 1–4, two entries each
      const decoration = await erased
        .first()
        .locator('.timeline-text')
        .evaluate((el) => getComputedStyle(el).textDecorationLine);
      expect(decoration).toBe('line-through');
      expect(await stat(page, 'erasedEntries')).toBe(8);
      expect(await page.locator('[data-testid="events"] li[data-event="erased"]').count()).toBe(1);
      await shot(page, '09-neuralyzer-erased');
      await context.close();
    },
    TIMEOUT,
  );

  it(
    'forms: every password field is inside a form (no Chromium warning); Enter in the key field submits it',
    async () => {
      const context = await browser.newContext();
      context.setDefaultTimeout(PAGE_TIMEOUT);
      const page = await context.newPage();
      const console: string[] = [];
      page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
      await page.goto(server.url);
      await waitReady(page);
      await page.check('input[name="summarizer-kind"][value="fetch"]');
      const outside = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('input[type="password"]')]
          .filter((input) => !input.form)
          .map((input) => input.outerHTML),
      );
      expect(await page.locator('input[type="password"]').count()).toBeGreaterThan(0);
      expect(outside).toEqual([]);
      await page.fill('[data-testid="endpoint-url"]', 'http://127.0.0.1:9/v1');
      await page.fill('[data-testid="endpoint-model"]', 'enter-model');
      await page.fill('[data-testid="endpoint-key"]', 'sk-enter');
      await page.press('[data-testid="endpoint-key"]', 'Enter');
      await expect.poll(() => page.locator('[data-testid="active-summarizer"]').textContent()).toContain('enter-model');
      expect(page.url()).toBe(server.url); // submitted in the page, not navigated
      expect(console.filter((line) => /not contained in a form/i.test(line))).toEqual([]);
      await context.close();
    },
    TIMEOUT,
  );

  it(
    'summarizers: WebLLM without WebGPU says so and falls back; an endpoint writes the summaries and its key is stored nowhere',
    async () => {
      const reply = 'ENDPOINT SUMMARY: Ada plans Lisbon.';
      const endpoint = await startCorsOpenAIServer(reply);
      const { page, context } = await openPlayground(browser, server.url);
      try {
        await page.check('input[name="summarizer-kind"][value="webllm"]');
        await page.click('text=Check WebGPU and load model');
        await page.waitForSelector('[data-testid="summarizer-message"]:has-text("WebGPU is not available")');
        expect(await page.locator('[data-testid="active-summarizer"]').textContent()).toBe('heuristic (no model)');

        const key = 'sk-playground-SECRET-7731';
        await page.check('input[name="summarizer-kind"][value="fetch"]');
        await page.fill('[data-testid="endpoint-url"]', endpoint.baseUrl);
        await page.fill('[data-testid="endpoint-model"]', 'fake-model');
        await page.fill('[data-testid="endpoint-key"]', key);
        await page.click('[data-testid="use-endpoint"]');
        await expect
          .poll(() => page.locator('[data-testid="active-summarizer"]').textContent())
          .toContain('fake-model');

        for (let i = 1; i <= 5; i++) await send(page, `Turn ${i}: Ada plans Lisbon.`);

        // A slow model: it summarizes in the background. The status line says "summary pending"
        // and spins, the turn completes without waiting for it, the page stays usable.
        const release = endpoint.hold();
        await page.fill('.composer-input', 'Turn 6: Ada plans Lisbon.');
        await page.press('.composer-input', 'Enter');
        await page.waitForSelector('[data-testid="status"].is-busy:has-text("summary pending")');
        // Turn 5's reply is already the last item until turn 6 is shown: wait for turn 6, then its reply.
        await expect
          .poll(() => page.locator('.chat-log li[data-role="user"] .chat-text').last().textContent())
          .toBe('Turn 6: Ada plans Lisbon.');
        await page.waitForSelector('.chat-log li:last-child[data-role="assistant"][data-type="message"]');
        expect(await page.locator('[data-testid="status"]').getAttribute('class')).toContain('is-busy');
        expect(await page.locator('[data-testid="events"] li[data-event="compressing"]').count()).toBe(1);
        expect(await page.locator('[data-testid="events"] li[data-event="compressed"]').count()).toBe(0);
        expect(await summaryCount(page)).toBe(0);
        await page.selectOption('[data-testid="preset"]', 'hector-buffer-window');
        expect(await page.locator('.preset-description').textContent()).toContain('last 20 messages');
        await shot(page, '10-endpoint-summarizing');
        release();
        await expect.poll(() => summaryCount(page)).toBe(1);
        await expect.poll(() => page.locator('[data-testid="status"]').getAttribute('class')).not.toContain('is-busy');
        expect(await page.locator('.summary-text').first().textContent()).toBe(reply);
        expect(endpoint.authorizations[0]).toBe(`Bearer ${key}`);
        await shot(page, '11-endpoint-summary');

        const stored = await page.evaluate(async () => {
          const out: string[] = [];
          for (let i = 0; i < localStorage.length; i++) {
            const k = localStorage.key(i)!;
            out.push(k, localStorage.getItem(k) ?? '');
          }
          for (const info of await indexedDB.databases()) {
            const db = await new Promise<IDBDatabase>((resolve, reject) => {
              const req = indexedDB.open(info.name!);
              req.onsuccess = () => resolve(req.result);
              req.onerror = () => reject(req.error);
            });
            for (const name of Array.from(db.objectStoreNames)) {
              const rows = await new Promise<unknown[]>((resolve, reject) => {
                const req = db.transaction(name).objectStore(name).getAll();
                req.onsuccess = () => resolve(req.result);
                req.onerror = () => reject(req.error);
              });
              out.push(name, JSON.stringify(rows));
            }
            db.close();
          }
          return out.join('\n');
        });
        expect(stored).toContain('Turn 1: Ada plans Lisbon.'); // the dump does read the stored sessions
        expect(stored).toContain(reply);
        expect(stored).not.toContain('SECRET');
      } finally {
        await context.close();
        await endpoint.close();
      }
    },
    TIMEOUT,
  );
});
