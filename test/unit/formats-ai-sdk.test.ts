import { generateText, modelMessageSchema, type ModelMessage } from 'ai';
import { MockLanguageModelV2 } from 'ai/test';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AISDKMessage } from '../../src/formats/ai-sdk-types.js';
import { fromAISDK } from '../../src/formats/from-ai-sdk.js';
import { toAISDK, toAISDKPrompt } from '../../src/formats/to-ai-sdk.js';
import type { ChatMessage } from '../../src/types.js';

const call = (id: string, name: string, args: string) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: args },
});

const history: ChatMessage[] = [
  { role: 'system', content: 'Summary: planning a trip.' },
  { role: 'user', content: 'Weather in Lisbon and Porto?' },
  {
    role: 'assistant',
    content: 'Checking.',
    tool_calls: [call('a', 'weather', '{"city":"Lisbon"}'), call('b', 'weather', '{"city":"Porto"}')],
  },
  { role: 'tool', tool_call_id: 'a', content: '21C' },
  { role: 'tool', tool_call_id: 'b', content: 'station offline' },
  { role: 'assistant', content: 'Lisbon is 21C.' },
];

describe('toAISDK', () => {
  it('writes v5 ModelMessages: tool-call parts, one tool message with text / error-text outputs', () => {
    expect(toAISDK(history, { toolErrors: new Set(['b']) })).toEqual([
      { role: 'system', content: 'Summary: planning a trip.' },
      { role: 'user', content: 'Weather in Lisbon and Porto?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', toolCallId: 'a', toolName: 'weather', input: { city: 'Lisbon' } },
          { type: 'tool-call', toolCallId: 'b', toolName: 'weather', input: { city: 'Porto' } },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'a', toolName: 'weather', output: { type: 'text', value: '21C' } },
          {
            type: 'tool-result',
            toolCallId: 'b',
            toolName: 'weather',
            output: { type: 'error-text', value: 'station offline' },
          },
        ],
      },
      { role: 'assistant', content: 'Lisbon is 21C.' },
    ]);
  });

  it('is accepted by the AI SDK: ModelMessage type, its zod schema, and generateText', async () => {
    expectTypeOf<AISDKMessage>().toExtend<ModelMessage>();
    const messages: ModelMessage[] = toAISDK(history, { toolErrors: new Set(['b']) });
    for (const message of messages) expect(modelMessageSchema.safeParse(message).success).toBe(true);

    const model = new MockLanguageModelV2({
      doGenerate: {
        content: [{ type: 'text', text: 'ok' }],
        finishReason: 'stop',
        usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
        warnings: [],
      },
    });
    const result = await generateText({ model, messages, allowSystemInMessages: true });
    expect(result.text).toBe('ok');
    const prompt = model.doGenerateCalls[0]?.prompt ?? [];
    expect(prompt.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);

    // The `system` option variant passes even when system messages inside `messages` are refused.
    await generateText({ model, ...toAISDKPrompt(history), allowSystemInMessages: false });
    await expect(generateText({ model, messages, allowSystemInMessages: false })).rejects.toThrow();
    expect(model.doGenerateCalls[1]?.prompt[0]).toEqual({ role: 'system', content: 'Summary: planning a trip.' });
  });

  it('toAISDKPrompt lifts every system message into system', () => {
    const prompt = toAISDKPrompt([...history, { role: 'system', content: 'Context: metric units' }]);
    expect(prompt.system).toBe('Summary: planning a trip.\n\nContext: metric units');
    expect(prompt.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(toAISDKPrompt([{ role: 'user', content: 'Hi' }])).toEqual({ messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('refuses a tool result whose call is unknown', () => {
    expect(() => toAISDK([{ role: 'tool', tool_call_id: 'zz', content: 'x' }])).toThrow(
      /messages\[0\]\.tool_call_id: expected the id of an earlier assistant tool call/,
    );
  });
});

describe('fromAISDK', () => {
  it('reads parts, json and error outputs, and provider-executed results', () => {
    const input: ModelMessage[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image', image: new URL('https://x/y.png') },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'thinking…' },
          { type: 'tool-call', toolCallId: 'j', toolName: 'vision', input: { detail: 'high' } },
          { type: 'tool-call', toolCallId: 's', toolName: 'web_search', input: { q: 'y' }, providerExecuted: true },
          {
            type: 'tool-result',
            toolCallId: 's',
            toolName: 'web_search',
            output: { type: 'json', value: { hits: 0 } },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'j',
            toolName: 'vision',
            output: { type: 'error-json', value: { code: 500 } },
          },
        ],
      },
    ];
    const meta = { toolErrors: new Set<string>() };
    expect(fromAISDK(input, meta)).toEqual([
      { role: 'user', content: 'What is this?\n\n[image]' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [call('j', 'vision', '{"detail":"high"}'), call('s', 'web_search', '{"q":"y"}')],
      },
      { role: 'tool', tool_call_id: 's', content: '{"hits":0}' },
      { role: 'tool', tool_call_id: 'j', content: '{"code":500}' },
    ]);
    expect([...meta.toolErrors]).toEqual(['j']);
  });

  it('refuses malformed messages naming the field', () => {
    expect(() =>
      fromAISDK([
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'a', toolName: 't', output: { type: 'xml' } }] },
      ]),
    ).toThrow(
      /^messages\[0\]\.content\[0\]\.output\.type: expected "text", "json", "error-text", "error-json" or "content", received "xml"$/,
    );
    expect(() => fromAISDK([{ role: 'user' }])).toThrow(
      /messages\[0\]\.content: expected a string or an array of parts/,
    );
    expect(() => fromAISDK([{ role: 'human', content: 'x' }])).toThrow(/messages\[0\]\.role/);
  });
});
