import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { ModelMessage } from 'ai';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { ChatMessage } from '../../src/types.js';

const S = 's';

/** A conversation with parallel tool calls, an error result, and a summary before it. */
const openai: ChatMessage[] = [
  { role: 'user', content: 'Weather in Paris and Tokyo?' },
  {
    role: 'assistant',
    content: 'Checking both.',
    tool_calls: [
      { id: 'call_p', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_t', type: 'function', function: { name: 'weather', arguments: '{"city":"Tokyo"}' } },
    ],
  },
  { role: 'tool', tool_call_id: 'call_p', content: '18C' },
  { role: 'tool', tool_call_id: 'call_t', content: 'timeout' },
  { role: 'assistant', content: 'Paris is 18C; Tokyo did not answer.' },
  { role: 'user', content: 'Thanks!' },
];

async function memoryWith(messages: unknown, format: 'openai' | 'anthropic' | 'ai-sdk' | 'langchain') {
  const memory = await createMemory({ store: 'memory', config: { maxEntries: 1000 } });
  await memory.addMessages(S, messages, { format });
  return memory;
}

describe('message formats through the engine', () => {
  it('addMessages stores OpenAI messages as entries with tool pairs, and the context gives them back', async () => {
    const memory = await memoryWith(openai, 'openai');
    const entries = await memory.getActiveEntries(S);
    expect(entries.map((e) => e.type)).toEqual([
      'message',
      'message',
      'tool_call',
      'tool_call',
      'tool_result',
      'tool_result',
      'message',
      'message',
    ]);
    expect(entries[4]!.tool).toMatchObject({ name: 'weather', callId: 'call_p' });
    const ctx = await memory.getContextForLLM(S);
    expect(ctx.messages).toEqual(openai);
  });

  it.each(['anthropic', 'ai-sdk', 'langchain'] as const)(
    'round-trips through %s: export in the format, import it, same context',
    async (format) => {
      const source = await memoryWith(openai, 'openai');
      const exported = await source.getContextForLLM(S, { format });
      const input =
        format === 'anthropic' ? { system: exported.system, messages: exported.messages } : exported.messages;
      const copy = await memoryWith(input, format);
      const back = await copy.getContextForLLM(S);
      // What every format carries: roles, text, tool names, arguments and pairing.
      expect(
        back.messages.map((m) => [
          m.role,
          m.content,
          m.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)]),
        ]),
      ).toEqual(
        openai.map((m) => [
          m.role,
          m.content,
          m.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)]),
        ]),
      );
      expect(back.tokenCount).toBe((await source.getContextForLLM(S)).tokenCount);
    },
  );

  it("gives each library's own message type, checked by its type definitions", async () => {
    const memory = await memoryWith(openai, 'openai');
    const anthropic = await memory.getContextForLLM(S, { format: 'anthropic' });
    const aiSdk = await memory.getContextForLLM(S, { format: 'ai-sdk' });
    expectTypeOf(anthropic.messages).toExtend<MessageParam[]>();
    expectTypeOf(aiSdk.messages).toExtend<ModelMessage[]>();
    expect(anthropic.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    // the failed tool result keeps its error flag in the formats that carry one
    await memory.clearSession(S);
    await memory.addUserMessage(S, 'run it');
    await memory.addToolCall(S, 'job', {}, { callId: 'c1' });
    await memory.addToolResult(S, 'job', 'crashed', { callId: 'c1', isError: true });
    const blocks = (await memory.getContextForLLM(S, { format: 'anthropic' })).messages[2]!.content;
    expect(blocks).toEqual([expect.objectContaining({ type: 'tool_result', tool_use_id: 'c1', is_error: true })]);
  });

  it('refuses an unknown format with the known ones listed, storing nothing', async () => {
    const memory = await createMemory({ store: 'memory' });
    await expect(memory.addMessages(S, openai, { format: 'gemini' as never })).rejects.toThrow(
      /options\.format.*openai.*anthropic.*ai-sdk.*langchain/,
    );
    await expect(memory.addMessages(S, [{ role: 'user', content: 42 }])).rejects.toThrow(/messages\[0\]\.content/);
    expect((await memory.getStats(S)).totalEntries).toBe(0);
  });
});
