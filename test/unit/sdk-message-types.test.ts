/**
 * What `getContextForLLM` returns in each format goes into that SDK's own call with no cast:
 * checked by the SDKs' type definitions (`npm run typecheck` compiles this file, strict) and at
 * run time through the real clients: `openai` and `@anthropic-ai/sdk` (their request, captured
 * by the client's `fetch` option), the AI SDK's `generateText` in v5 and v6 (which validates
 * the messages), and a LangChain chat model's `invoke`.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { BaseMessage, BaseMessageLike } from '@langchain/core/messages';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { generateText as generateTextV5, type ModelMessage as ModelMessageV5 } from 'ai';
import { MockLanguageModelV2 } from 'ai/test';
import { generateText as generateTextV6, type ModelMessage as ModelMessageV6 } from 'ai-v6';
import { MockLanguageModelV3 } from 'ai-v6/test';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { RecallKitChatMessageHistory } from '../../src/langchain/index.js';
import type { Memory } from '../../src/memory.js';
import type { ChatMessage } from '../../src/types.js';

const S = 'chat-1';

/** A conversation with every role: added context, two parallel tool calls (one failed) and their results. */
async function conversation(): Promise<Memory> {
  const memory = await createMemory({ store: 'memory' });
  await memory.addContext(S, 'Metric units.', 'settings');
  await memory.addUserMessage(S, 'Weather in Lisbon?');
  await memory.addAssistantMessage(S, 'Checking.');
  await memory.addToolCall(S, 'weather', { city: 'Lisbon' }, { callId: 'c1' });
  await memory.addToolCall(S, 'forecast', { city: 'Lisbon' }, { callId: 'c2' });
  await memory.addToolResult(S, 'weather', '21C', { callId: 'c1' });
  await memory.addToolResult(S, 'forecast', 'station offline', { callId: 'c2', isError: true });
  await memory.addAssistantMessage(S, 'Lisbon is 21C.');
  await memory.addUserMessage(S, 'And tomorrow?');
  return memory;
}

/** A `fetch` for an SDK client: records each JSON body and answers with `reply`. */
function capture(reply: unknown): { fetch: typeof fetch; bodies: unknown[] } {
  const bodies: unknown[] = [];
  const fake = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fake as typeof fetch, bodies };
}

const completion = {
  id: 'c',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-4o',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Sunny.', refusal: null } }],
};

describe('getContextForLLM in each SDK, no cast', () => {
  it('OpenAI: ChatMessage[] is ChatCompletionMessageParam[], with and without format: "openai"', async () => {
    const memory = await conversation();
    const plain = await memory.getContextForLLM(S);
    const explicit = await memory.getContextForLLM(S, { format: 'openai' });
    expectTypeOf(plain.messages).toExtend<ChatCompletionMessageParam[]>();
    expectTypeOf(explicit.messages).toExtend<ChatCompletionMessageParam[]>();
    expectTypeOf<ChatMessage>().toExtend<ChatCompletionMessageParam>();

    const { fetch, bodies } = capture(completion);
    const openai = new OpenAI({ apiKey: 'test', baseURL: 'http://127.0.0.1:9/v1', fetch, maxRetries: 0 });
    const reply = await openai.chat.completions.create({ model: 'gpt-4o', messages: plain.messages });
    await openai.chat.completions.create({ model: 'gpt-4o', messages: explicit.messages });
    expect(reply.choices[0]?.message.content).toBe('Sunny.');
    expect(bodies).toEqual([
      { model: 'gpt-4o', messages: plain.messages },
      { model: 'gpt-4o', messages: plain.messages },
    ]);
    expect(plain.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'user',
    ]);
    await memory.close();
  });

  it('Anthropic: messages are MessageParam[] and system a string, as messages.create takes them', async () => {
    const memory = await conversation();
    const { system, messages } = await memory.getContextForLLM(S, { format: 'anthropic' });
    expectTypeOf(messages).toExtend<MessageParam[]>();
    expectTypeOf(system).toEqualTypeOf<string>();
    const params = { model: 'claude-sonnet-4-5', max_tokens: 256, system, messages };
    expectTypeOf(params).toExtend<MessageCreateParamsNonStreaming>();

    const { fetch, bodies } = capture({
      id: 'm',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text: 'Sunny.' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    });
    const anthropic = new Anthropic({ apiKey: 'test', baseURL: 'http://127.0.0.1:9', fetch, maxRetries: 0 });
    const reply = await anthropic.messages.create(params);
    expect(reply.content[0]).toEqual({ type: 'text', text: 'Sunny.' });
    expect(bodies).toEqual([params]);
    expect(system).toContain('Metric units.');
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    await memory.close();
  });

  it('AI SDK v5 and v6: messages are ModelMessage[], accepted by generateText', async () => {
    const memory = await conversation();
    const { messages } = await memory.getContextForLLM(S, { format: 'ai-sdk' });
    expectTypeOf(messages).toExtend<ModelMessageV5[]>();
    expectTypeOf(messages).toExtend<ModelMessageV6[]>();

    const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
    const v5 = new MockLanguageModelV2({
      doGenerate: { content: [{ type: 'text', text: 'Sunny.' }], finishReason: 'stop', usage, warnings: [] },
    });
    expect((await generateTextV5({ model: v5, messages })).text).toBe('Sunny.');
    const v6 = new MockLanguageModelV3({
      doGenerate: {
        content: [{ type: 'text', text: 'Sunny.' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
        warnings: [],
      },
    });
    expect((await generateTextV6({ model: v6, messages })).text).toBe('Sunny.');
    for (const calls of [v5.doGenerateCalls, v6.doGenerateCalls])
      expect(calls[0]?.prompt.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
    await memory.close();
  });

  it("LangChain: messages are BaseMessageLike[] for invoke; the history's are BaseMessage[]", async () => {
    const memory = await conversation();
    const { messages } = await memory.getContextForLLM(S, { format: 'langchain' });
    expectTypeOf(messages).toExtend<BaseMessageLike[]>();
    const model = new FakeListChatModel({ responses: ['Sunny.'] });
    expect((await model.invoke(messages)).content).toBe('Sunny.');

    const history = new RecallKitChatMessageHistory({ memory, sessionId: S });
    const instances = await history.getMessages();
    expectTypeOf(instances).toEqualTypeOf<BaseMessage[]>();
    expect(instances.map((m) => m.getType())).toEqual(['system', 'human', 'ai', 'tool', 'tool', 'ai', 'human']);
    await memory.close();
  });
});
