/**
 * The playground's facts panel, end to end in the built playground (headless Chromium): facts
 * read from what the user says in two chats, the older value in the history with the turn it
 * came from (click it to see it), the facts block in "What the model sees" with why each fact
 * went in, an edit that extraction never overrides, and a forget that takes the fact and its
 * history out of the panel and the context.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { buildDemo, launchChromium, serveDemo, type DemoServer } from './support/demo-server.js';
import { openPlayground, send, shot } from './support/demo-page.js';

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

describe('playground facts panel', () => {
  it('shows facts, their history and source turn; edit and forget', async () => {
    const { page, context, errors } = await openPlayground(browser, server.url);
    const facts = page.locator('[data-testid="facts"] li.fact');
    await send(page, 'Hello! I live in Lyon, by the river.');
    const firstChat = await page.evaluate(() => localStorage.getItem('recallkit-playground:session'));
    await page.click('[data-testid="new-session"]');
    await page.waitForFunction(() => document.querySelectorAll('.chat-log li').length === 0);
    await send(page, 'Big news: we moved to Berlin.');
    await expect.poll(() => facts.locator('.fact-text').allTextContents()).toEqual(['The user lives in Berlin.']);

    // History: Lyon, superseded, with the turn it was read from.
    const berlin = facts.first();
    await berlin.locator('[data-testid="fact-history"]').click();
    const history = berlin.locator('[data-testid="fact-history-list"] li');
    expect(await history.count()).toBe(1);
    expect(await history.first().textContent()).toMatch(/^Lyon .*Replaced on \d{4}-\d\d-\d\d by Berlin/);
    await history.first().locator('button.link').click();
    await expect
      .poll(() => page.locator('[data-testid="fact-turn-text"]').textContent())
      .toBe('Hello! I live in Lyon, by the river.');
    expect(await page.locator('[data-testid="fact-turn"]').textContent()).toContain(`Chat ${firstChat}`);

    // What the model sees: the facts block, with why the fact went in; the rows still add up.
    const block = page.locator('[data-testid="context-list"] li[data-kind="facts"]');
    await expect.poll(() => block.count()).toBe(1);
    expect(await block.locator('.context-text').textContent()).toContain('The user lives in Berlin');
    expect(await block.locator('[data-testid="facts-why"] li[data-in="true"]').count()).toBe(1);
    expect(await page.locator('[data-testid="context-sum"]').getAttribute('data-ok')).toBe('true');
    await shot(page, 'facts-panel');

    // Edit: the user's own value, which a later statement in chat does not override.
    await berlin.locator('[data-testid="fact-edit"]').click();
    await berlin.locator('[data-testid="fact-edit-value"]').fill('Munich');
    await berlin.locator('[data-testid="fact-edit-save"]').click();
    await expect.poll(() => facts.locator('.fact-text').allTextContents()).toEqual(['city: Munich']);
    expect(await facts.first().getAttribute('data-origin')).toBe('user');
    await send(page, 'We moved to Hamburg last week.');
    // Read in the background: kept in the history, "not applied", under the user's own fact.
    await expect
      .poll(async () => {
        const munich = facts.first();
        if (await munich.locator('[data-testid="fact-details"]').isHidden())
          await munich.locator('[data-testid="fact-history"]').click();
        return munich.locator('[data-testid="fact-history-list"]').textContent();
      })
      .toMatch(/Hamburg .*Not applied: the user set "Munich"/);
    expect(await facts.locator('.fact-text').allTextContents()).toEqual(['city: Munich']);
    expect(await block.locator('.context-text').textContent()).toContain('The user lives in Munich');

    // Forget: the fact and its history leave the panel and the context.
    await facts.first().locator('[data-testid="fact-forget"]').click();
    await expect.poll(() => facts.count()).toBe(0);
    await expect.poll(() => block.count()).toBe(0);
    // The turns stay in the chat (the user erases them to remove them too); no fact about them is sent.
    expect(await page.locator('[data-testid="context-list"]').textContent()).not.toMatch(/The user lives|Munich|Lyon/);

    // Set a fact by hand.
    await page.fill('[data-testid="fact-text"]', 'Prefers short answers');
    await page.click('[data-testid="fact-save"]');
    await expect.poll(() => facts.locator('.fact-text').allTextContents()).toEqual(['Prefers short answers']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
