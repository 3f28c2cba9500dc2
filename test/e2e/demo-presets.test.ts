/**
 * The playground's presets and its local assistant, run in Node against `createMemory`
 * (the same engine the playground's worker runs): every preset is valid, the per-message
 * token rows of "What the model sees" always add up to the engine's count, and each
 * demo-sized preset shows its behaviour within the auto-play script.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import type { MemoryProfileInput } from '../../src/strategies/profile/profile-types.js';
import type { ChatMessage, LLMContext, MemoryConfig } from '../../src/types.js';
import { contextBreakdown } from '../../demo/src/context-rows.js';
import { PRESETS, findPreset } from '../../demo/src/presets.js';
import { SCRIPT } from '../../demo/src/script.js';
import { checkSetup, parseSetupText } from '../../demo/src/setup-parse.js';
import { playTurn } from '../../demo/src/turn.js';

async function open(presetId: string): Promise<Memory> {
  const setup = findPreset(presetId)!.setup;
  return createMemory({
    store: 'memory',
    ...(setup.profile !== undefined ? { profile: setup.profile as MemoryProfileInput } : {}),
    ...(setup.config !== undefined ? { config: setup.config as Partial<MemoryConfig> } : {}),
  });
}

/** Play the whole script; after every turn, check the context's token rows against the engine. */
async function playScript(
  memory: Memory,
  presetId: string,
): Promise<{ maxContextTokens: number; maxMessages: number; replies: string[] }> {
  let maxContextTokens = 0;
  let maxMessages = 0;
  const replies: string[] = [];
  for (const text of SCRIPT) {
    replies.push((await playTurn(memory, 's', text)).reply);
    // Both reads of one state: a summary made in the background must not land between them.
    await memory.idle('s');
    const context = (await memory.getContextForLLM('s')) as LLMContext<ChatMessage>;
    const active = await memory.getActiveEntries('s');
    const breakdown = contextBreakdown(context, active);
    expect(
      breakdown.rows.every((r) => r.tokens !== undefined),
      `${presetId}: every message has a source`,
    ).toBe(true);
    expect(breakdown.total, `${presetId}: rows add up to tokenCount`).toBe(context.tokenCount);
    maxContextTokens = Math.max(maxContextTokens, context.tokenCount);
    maxMessages = Math.max(maxMessages, context.messages.filter((m) => m.role !== 'system').length);
  }
  return { maxContextTokens, maxMessages, replies };
}

describe('playground presets', () => {
  it('every preset is valid and names a budget source', () => {
    expect(new Set(PRESETS.map((p) => p.system))).toEqual(
      new Set(['Alquimia', 'Hector', 'Rolling window', 'Memory Manager']),
    );
    for (const preset of PRESETS) {
      const parsed = checkSetup(preset.setup);
      expect(parsed.ok, preset.id).toBe(true);
      if (parsed.ok) expect(parsed.budget.source, preset.id).not.toBe('');
    }
    const manager = checkSetup(findPreset('manager-defaults')!.setup);
    expect(manager.ok && manager.budget).toEqual({ tokens: 50000, source: 'config.maxTokens' });
    const hector = checkSetup(findPreset('hector-summary-buffer')!.setup);
    expect(hector.ok && hector.budget).toEqual({
      tokens: 2000,
      source: 'summary_buffer.budget',
      threshold: 1600,
      target: 1200,
    });
  });

  it('editor errors carry the field path', () => {
    expect(
      parseSetupText(
        '{"profile": {"short_term_memory_strategy": [{"memory_strategy_id": "max_tokens", "memory_max_tokens": "lots"}]}}',
      ),
    ).toMatchObject({
      ok: false,
      field: 'profile.short_term_memory_strategy[0].memory_max_tokens',
    });
    expect(parseSetupText('{"confg": {}}')).toMatchObject({ ok: false, field: 'options.confg' });
    expect(parseSetupText('[1,')).toMatchObject({ ok: false, field: 'JSON' });
  });

  it('rolling 5 × 3 keeps the three newest block summaries, and the assistant still finds a summarized fact', async () => {
    const memory = await open('rolling-5x3');
    const { replies } = await playScript(memory, 'rolling-5x3');
    const summaries = await memory.getSummaries('s');
    expect(summaries.map((s) => s.range)).toEqual([
      { startIndex: 7, endIndex: 11 },
      { startIndex: 12, endIndex: 16 },
      { startIndex: 17, endIndex: 21 },
    ]);
    // Turn 2 ("My name is Ada") left the window long ago; search_notes still finds it.
    expect(replies[SCRIPT.indexOf('What is my name?')]).toContain('My name is Ada');
    await memory.close();
  });

  it('Memory Manager (maxEntries 12) never keeps more than 12 active entries and summarizes the rest', async () => {
    const memory = await open('manager-demo');
    await playScript(memory, 'manager-demo');
    const stats = await memory.getStats('s');
    expect(stats.activeEntries).toBeLessThanOrEqual(12);
    expect(stats.summaries).toBeGreaterThan(0);
    expect(stats.totalEntries).toBe(stats.activeEntries + stats.compressedEntries);
    await memory.close();
  });

  it('Alquimia max_tokens 600 + summarizer: summaries are made and the model never sees more than 600 tokens', async () => {
    const memory = await open('alquimia-summarizer-demo');
    const { maxContextTokens } = await playScript(memory, 'alquimia-summarizer-demo');
    expect(maxContextTokens).toBeLessThanOrEqual(600);
    expect((await memory.getSummaries('s')).map((s) => s.strategy)).toContain('summarizer');
    const context = (await memory.getContextForLLM('s')) as LLMContext<ChatMessage>;
    expect(context.messages.some((m) => m.role === 'tool')).toBe(false); // the "message.role != 'tool'" condition
    await memory.close();
  });

  it('Hector summary_buffer 300 summarizes, and buffer_window 6 shows at most 6 messages', async () => {
    const buffer = await open('hector-summary-buffer-demo');
    const { maxContextTokens } = await playScript(buffer, 'hector-summary-buffer-demo');
    expect((await buffer.getSummaries('s')).length).toBeGreaterThan(0);
    expect(maxContextTokens).toBeLessThanOrEqual(300);
    await buffer.close();

    const window = await open('hector-buffer-window-demo');
    const { maxMessages } = await playScript(window, 'hector-buffer-window-demo');
    expect(maxMessages).toBeLessThanOrEqual(6);
    expect((await window.getStats('s')).summaries).toBe(0);
    await window.close();
  });

  it('neuralyzer 5 / keep 2 erases old turns for good: the assistant can no longer find them', async () => {
    const memory = await open('alquimia-neuralyzer-demo');
    const { replies } = await playScript(memory, 'alquimia-neuralyzer-demo');
    const stats = await memory.getStats('s');
    expect(stats.erasedEntries).toBeGreaterThan(0);
    expect(stats.summaries).toBe(0);
    expect(replies[SCRIPT.indexOf('What is my name?')]).toBe('I found nothing about that in my notes.');
    await memory.close();
  });

  it('seed-sized presets run the script with exact token rows', async () => {
    for (const id of [
      'alquimia-summarizer',
      'alquimia-neuralyzer',
      'hector-summary-buffer',
      'hector-buffer-window',
      'rolling-21x3',
      'manager-defaults',
    ]) {
      const memory = await open(id);
      await playScript(memory, id);
      await memory.close();
    }
  });
});
