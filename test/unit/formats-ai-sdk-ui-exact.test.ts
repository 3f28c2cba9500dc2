/**
 * `useChat` UIMessages are read exactly as the AI SDK's own `convertToModelMessages` turns
 * them: RecallKit's conversion gives the same ModelMessages as the real function, part type by
 * part type and state by state, and so the same stored entries. What the context gives back
 * differs from `convertToModelMessages` in the documented ways only, pinned here.
 */
import { convertToModelMessages, type UIMessage } from 'ai';
import { convertToModelMessages as convertToModelMessagesV6 } from 'ai-v6';
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { uiToModelMessages } from '../../src/formats/from-ai-sdk-ui.js';
import { parseMessages } from '../../src/formats/parse-messages.js';

const weather = (id: string, rest: Record<string, unknown>) => ({ type: 'tool-weather', toolCallId: id, ...rest });

/** One fixture per shape a UIMessage can take. */
const FIXTURES: Record<string, UIMessage[]> = {
  'system, text parts joined as the SDK joins them': [
    {
      id: 's',
      role: 'system',
      parts: [
        { type: 'text', text: 'Be brief.' },
        { type: 'text', text: ' Be kind.' },
      ],
    },
  ],
  'user: text, an image, a file, a data part': [
    {
      id: 'u',
      role: 'user',
      parts: [
        { type: 'text', text: 'What is in these?' },
        { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AAAA' },
        { type: 'file', mediaType: 'application/pdf', filename: 'a.pdf', url: 'https://x.test/a.pdf' },
        { type: 'data-weather', data: { city: 'Lisbon' } },
      ],
    },
  ],
  'assistant, two steps: reasoning, a json tool output, then text': [
    { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Weather in Lisbon?' }] },
    {
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'reasoning', text: 'Call the tool.' },
        weather('c1', { state: 'output-available', input: { city: 'Lisbon' }, output: { sky: 'sunny', tempC: 24 } }),
        { type: 'step-start' },
        { type: 'text', text: 'Sunny, 24°C.' },
      ],
    } as UIMessage,
  ],
  'assistant, one step: text, a tool call, more text (no step-start)': [
    { id: 'u', role: 'user', parts: [{ type: 'text', text: 'And Porto?' }] },
    {
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'Let me check.' },
        weather('c2', { state: 'output-error', input: { city: 'Porto' }, errorText: 'service down' }),
        { type: 'text', text: 'The service is down.' },
      ],
    } as UIMessage,
  ],
  'tool states: streaming input, input only, a string output, an error without input': [
    {
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        weather('c3', { state: 'input-streaming', input: { city: 'Fa' } }),
        weather('c4', { state: 'input-available', input: { city: 'Faro' } }),
        weather('c5', { state: 'output-available', input: { city: 'Braga' }, output: 'rain' }),
        weather('c6', { state: 'output-error', input: undefined, rawInput: '{"city":', errorText: 'bad input' }),
      ],
    } as UIMessage,
  ],
  'provider-executed tools: a result and an error inside the assistant message': [
    {
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'tool-web_search',
          toolCallId: 'p1',
          state: 'output-available',
          input: { q: 'x' },
          output: [{ url: 'https://x.test' }],
          providerExecuted: true,
        },
        {
          type: 'tool-web_search',
          toolCallId: 'p2',
          state: 'output-error',
          input: { q: 'y' },
          errorText: 'quota',
          providerExecuted: true,
        },
        { type: 'text', text: 'Found one page.' },
      ],
    } as UIMessage,
  ],
  'dynamic tools: an output, an error, an unavailable tool, an output of undefined': [
    {
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'dynamic-tool',
          toolName: 'mcp_lookup',
          toolCallId: 'd1',
          state: 'output-available',
          input: {},
          output: 3,
        },
        {
          type: 'dynamic-tool',
          toolName: 'mcp_lookup',
          toolCallId: 'd2',
          state: 'output-error',
          input: { k: 1 },
          errorText: 'nope',
        },
        {
          type: 'dynamic-tool',
          toolName: 'gone',
          toolCallId: 'd3',
          state: 'output-available',
          input: {},
          output: { x: 1 },
          dynamic: false,
        } as never,
        {
          type: 'dynamic-tool',
          toolName: 'mcp_void',
          toolCallId: 'd4',
          state: 'output-available',
          input: {},
          output: undefined,
        },
      ],
    } as UIMessage,
  ],
  'assistant: a reasoning-only step, files, sources, data parts, provider metadata': [
    {
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'reasoning', text: 'Hmm.', providerMetadata: { anthropic: { signature: 'sig' } } },
        { type: 'step-start' },
        { type: 'text', text: 'Here is a chart.', providerMetadata: { openai: { itemId: 'i1' } } },
        { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,BBBB' },
        { type: 'source-url', sourceId: 's1', url: 'https://x.test' },
        { type: 'data-progress', data: { done: true } },
        weather('c7', {
          state: 'output-available',
          input: { city: 'Évora' },
          output: { sky: 'clear' },
          callProviderMetadata: { openai: { callId: 'x' } },
          preliminary: true,
        }),
      ],
    } as UIMessage,
  ],
};

describe('UIMessages read as convertToModelMessages turns them', () => {
  it.each(Object.entries(FIXTURES))('%s: the same ModelMessages as the real function', (_name, ui) => {
    const ours = ui.flatMap((m, i) => uiToModelMessages(m as never, `messages[${i}]`));
    expect(ours).toEqual(convertToModelMessages(ui));
  });

  it.each(Object.entries(FIXTURES))('%s: the same ModelMessages as AI SDK v6 makes', async (_name, ui) => {
    const ours = ui.flatMap((m, i) => uiToModelMessages(m as never, `messages[${i}]`));
    expect(ours).toEqual(await convertToModelMessagesV6(ui as never));
  });

  it.each(Object.entries(FIXTURES))('%s: the same stored messages as from the converted ones', (_name, ui) => {
    expect(parseMessages(ui, 'ai-sdk')).toEqual(parseMessages(convertToModelMessages(ui), 'ai-sdk'));
  });

  it('refuses a bad part, naming it by its UI path', () => {
    expect(() => parseMessages([{ id: 'a', role: 'assistant', parts: [{ type: 'text' }] }], 'ai-sdk')).toThrow(
      /messages\[0\]\.parts\[0\]\.text: expected a string/,
    );
    expect(() =>
      parseMessages([{ id: 'a', role: 'assistant', parts: [{ type: 'dynamic-tool', toolCallId: 'x' }] }], 'ai-sdk'),
    ).toThrow(/messages\[0\]\.parts\[0\]\.toolName: expected a string/);
    expect(() => parseMessages([{ id: 'a', role: 'user', parts: [{ type: 7 }] }], 'ai-sdk')).toThrow(
      /messages\[0\]\.parts\[0\]\.type: expected a string/,
    );
  });
});

describe('what the context gives back, next to convertToModelMessages', () => {
  it('a json tool output comes back as text holding the same JSON; text of a step before its tool calls', async () => {
    const memory = await createMemory({ store: 'memory' });
    const ui = [
      ...FIXTURES['assistant, two steps: reasoning, a json tool output, then text']!,
      // Another turn: ids of their own (a UIMessage id names one message of the chat).
      ...FIXTURES['assistant, one step: text, a tool call, more text (no step-start)']!.map((m) => ({
        ...m,
        id: `${m.id}-2`,
      })),
    ];
    await memory.addMessages('s', ui, { format: 'ai-sdk' });
    const back = (await memory.getContextForLLM('s', { format: 'ai-sdk' })).messages;
    const sdk = convertToModelMessages(ui);

    // The SDK: json output, content parts in their order (text, call, text), reasoning kept.
    expect(sdk[2]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'weather',
          output: { type: 'json', value: { sky: 'sunny', tempC: 24 } },
        },
      ],
    });
    expect((sdk[5]!.content as { type: string }[]).map((p) => p.type)).toEqual(['text', 'tool-call', 'text']);
    // RecallKit: the same JSON as text (providers send the model these characters either way),
    // a step's texts joined first, then its calls; reasoning, provider options and part arrays gone.
    expect(back).toEqual([
      { role: 'user', content: 'Weather in Lisbon?' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: { city: 'Lisbon' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'weather',
            output: { type: 'text', value: '{"sky":"sunny","tempC":24}' },
          },
        ],
      },
      { role: 'assistant', content: 'Sunny, 24°C.' },
      { role: 'user', content: 'And Porto?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me check.\n\nThe service is down.' },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'weather', input: { city: 'Porto' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 'weather',
            output: { type: 'error-text', value: 'service down' },
          },
        ],
      },
    ]);
  });
});
