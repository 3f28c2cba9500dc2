/**
 * Playwright helpers for the playground tests: open it in a fresh browser context (its own
 * IndexedDB and localStorage), drive the chat and the profile editor, save screenshots.
 * @module
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright';
import { PAGE_TIMEOUT } from '../../support/until.js';

/** Where screenshots go (gitignored). */
export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** An open playground page and what it reported. */
export interface Playground {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors. */
  errors: string[];
  /** Messages of any alert/confirm/prompt the page opened (dismissed). */
  dialogs: string[];
}

/** Open the playground in a new browser context and wait until it has rendered a session. */
export async function openPlayground(browser: Browser, url: string): Promise<Playground> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, acceptDownloads: true });
  context.setDefaultTimeout(PAGE_TIMEOUT);
  const page = await context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(url);
  await waitReady(page);
  return { context, page, errors, dialogs };
}

/** Wait for the playground to finish starting (after a load or reload). */
export async function waitReady(page: Page): Promise<void> {
  await page.waitForSelector('body[data-ready="true"]');
}

/** Pick a preset and apply it (the memory is recreated). */
export async function applyPreset(page: Page, presetId: string): Promise<void> {
  await page.selectOption('[data-testid="preset"]', presetId);
  await page.click('[data-testid="apply-profile"]');
  await page.waitForSelector('[data-testid="status"]:has-text("Profile applied")');
}

/** The user messages in the chat log. */
export function userMessages(page: Page): Promise<string[]> {
  return page.locator('.chat-log li[data-role="user"] .chat-text').allTextContents();
}

/** Send a message and wait for the assistant's reply to be rendered. */
export async function send(page: Page, text: string): Promise<void> {
  const before = await page.locator('.chat-log li[data-role="user"]').count();
  await page.fill('.composer-input', text);
  await page.press('.composer-input', 'Enter');
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('.chat-log li[data-role="user"]').length === n &&
      document.querySelector('.chat-log li:last-child')?.getAttribute('data-role') === 'assistant' &&
      document.querySelector('.chat-log li:last-child')?.getAttribute('data-type') === 'message',
    before + 1,
  );
}

/** Save a screenshot of what a visitor sees (the viewport, or the whole page) as an artifact. */
export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  if (!fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage });
}
