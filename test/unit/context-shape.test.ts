/**
 * `getContextForLLM`'s result is plain data whatever carries it: its `text` (made when first read)
 * is there in a copy, a structured clone (what crosses to a worker) and JSON, in its place.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';

describe('the context object', () => {
  it('carries its text through a spread, structuredClone and JSON, keys in their order', async () => {
    const memory = await createMemory({ store: 'memory' });
    await memory.addUserMessage('s', 'Hello there');
    await memory.addAssistantMessage('s', 'Hi!');
    const ctx = await memory.getContextForLLM('s');
    const text = '=== Recent Conversation ===\nUser: Hello there\nAssistant: Hi!';
    expect(Object.keys(ctx)).toEqual(['messages', 'text', 'tokenCount', 'summaries']);
    expect(structuredClone(ctx).text).toBe(text);
    expect(JSON.parse(JSON.stringify(ctx)).text).toBe(text);
    expect({ ...ctx }.text).toBe(text);
    expect(ctx.text).toBe(text);
    ctx.text = 'replaced';
    expect(ctx.text).toBe('replaced');
    await memory.close();
  });
});
