/**
 * The playground's recall in "What the model sees": the recalled block is a row of its own,
 * with each recalled turn's score and chat, its tokens make the rows add up to the engine's
 * count (checked in Node), and the switch turns it off and on (in the built playground,
 * headless Chromium).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { createMemory } from '../../src/create-memory.js';
import type { ChatMessage, LLMContext } from '../../src/types.js';
import { contextBreakdown } from '../../demo/src/context-rows.js';
import { PLAYGROUND_RECALL } from '../../demo/src/snapshot.js';
import { playTurn } from '../../demo/src/turn.js';
import { buildDemo, launchChromium, serveDemo, type DemoServer } from './support/demo-server.js';
import { openPlayground, send, shot } from './support/demo-page.js';

describe('recalled block rows (Node)', () => {
  it('the recalled block is one row whose tokens make the rows add up to tokenCount', async () => {
    const memory = await createMemory({
      store: 'memory',
      profile: { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 300 }] },
    });
    await memory.addUserMessage('old', 'My dog is called Biscuit, a beagle.');
    await memory.addAssistantMessage('old', 'Biscuit the beagle, noted.');
    await memory.addUserMessage('new', 'What is my dog called? The beagle?');
    const ctx = (await memory.getContextForLLM('new', { recall: PLAYGROUND_RECALL })) as LLMContext<ChatMessage>;
    const active = await memory.getActiveEntries('new');
    const { rows, matches } = contextBreakdown(ctx, active);
    expect(rows.map((r) => r.kind)).toEqual(['recalled', 'entry']);
    expect(matches).toBe(true);
    expect(rows[0]!.sourceIds).toEqual(ctx.recalled!.map((r) => r.entry.id));
  });
});

describe("the playground's assistant answers from what the model sees (Node)", () => {
  it('in a new chat, "What is my name?" is answered from the recalled turn; with recall off, it is not there', async () => {
    const memory = await createMemory({ store: 'memory' });
    await playTurn(memory, 'chat-1', 'My name is Ada.', undefined, PLAYGROUND_RECALL);
    const on = await playTurn(memory, 'chat-2', 'What is my name?', undefined, PLAYGROUND_RECALL);
    const seen = (await memory.getContextForLLM('chat-2', { recall: PLAYGROUND_RECALL })).messages;
    expect(seen[0]?.content).toContain('User: My name is Ada.');
    expect(on.reply).toBe('You told me in another chat: “My name is Ada.”');
    const off = await playTurn(memory, 'chat-3', 'What is my name?', undefined, false);
    expect(off.reply).toBe('I found nothing about that in my notes.'); // and the model sees nothing of chat-1
    await memory.close();
  });
});

describe('playground recall switch', () => {
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

  it('a new chat sees what was said in another one, with score and chat; the switch turns it off', async () => {
    const { page, context, errors } = await openPlayground(browser, server.url);
    await send(page, 'My dog is called Biscuit, a beagle.');
    const firstChat = await page.evaluate(() => localStorage.getItem('recallkit-playground:session'));
    expect(firstChat).toBeTruthy();
    await page.click('[data-testid="new-session"]');
    await page.waitForFunction(() => document.querySelectorAll('.chat-log li').length === 0);
    await send(page, 'What is my dog called? The beagle?');

    const recalledRow = page.locator('[data-testid="context-list"] li[data-kind="recalled"]');
    await expect.poll(() => recalledRow.count()).toBe(1);
    expect(await recalledRow.locator('.context-text').textContent()).toContain('My dog is called Biscuit, a beagle.');
    const items = recalledRow.locator('[data-testid="recalled-list"] li');
    expect(await items.count()).toBeGreaterThan(0);
    const first = items.first();
    expect(await first.locator('.pill').textContent()).toMatch(/^\d+\.\d\d$/);
    expect(await first.locator('.tag').textContent()).toMatch(/^chat /);
    expect(await first.getAttribute('data-session')).toBe(firstChat);
    expect(await first.locator('.tag').textContent()).toBe(`chat ${firstChat}`);
    expect(await page.locator('[data-testid="context-sum"]').getAttribute('data-ok')).toBe('true');
    // The built-in assistant answers from that same context.
    expect(await page.locator('.chat-log li:last-child .chat-text').textContent()).toBe(
      'You told me in another chat: “My dog is called Biscuit, a beagle.”',
    );
    await shot(page, 'recall-on');

    await page.click('[data-testid="recall-toggle"]');
    await expect.poll(() => recalledRow.count()).toBe(0);
    expect(await page.locator('[data-testid="recall-toggle"]').isChecked()).toBe(false);
    await page.click('[data-testid="recall-toggle"]');
    await expect.poll(() => recalledRow.count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
