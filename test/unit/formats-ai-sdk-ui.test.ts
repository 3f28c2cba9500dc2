/**
 * AI SDK v5 `useChat` messages (`UIMessage`: `parts`, no `content`) are accepted by
 * addMessages(…, { format: 'ai-sdk' }) and read exactly as the SDK's own
 * `convertToModelMessages` of the same messages.
 */
import { convertToModelMessages, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { parseMessages } from '../../src/formats/parse-messages.js';

const chat: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is the weather in Lisbon?' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      { type: 'reasoning', text: 'I should call the weather tool.' },
      {
        type: 'tool-weather',
        toolCallId: 'call_1',
        state: 'output-available',
        input: { city: 'Lisbon' },
        output: { sky: 'sunny', tempC: 24 },
      },
      { type: 'step-start' },
      { type: 'text', text: 'It is sunny and 24°C in Lisbon.' },
    ],
  },
  { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And Porto?' }] },
  {
    id: 'a2',
    role: 'assistant',
    parts: [
      { type: 'text', text: 'Let me check.' },
      {
        type: 'tool-weather',
        toolCallId: 'call_2',
        state: 'output-error',
        input: { city: 'Porto' },
        errorText: 'service down',
      },
      { type: 'text', text: 'The weather service is down.' },
    ],
  },
];

describe('useChat UIMessages', () => {
  it('are read as the SDK converts them: text, tool calls and results paired, errors kept', async () => {
    const fromUI = parseMessages(chat, 'ai-sdk');
    const fromModel = parseMessages(convertToModelMessages(chat), 'ai-sdk');
    expect(fromUI).toEqual(fromModel);
    expect(fromUI.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user', 'assistant', 'tool']);
  });

  it('addMessages stores them; the context round-trips to the AI SDK shape', async () => {
    const memory = await createMemory({ store: 'memory' });
    const entries = await memory.addMessages('s', chat, { format: 'ai-sdk' });
    expect(entries.map((e) => e.type)).toEqual([
      'message',
      'tool_call',
      'tool_result',
      'message',
      'message',
      'message',
      'tool_call',
      'tool_result',
    ]);
    expect(entries.find((e) => e.tool?.callId === 'call_2' && e.type === 'tool_result')?.tool?.isError).toBe(true);
    const viaModel = await createMemory({ store: 'memory' });
    await viaModel.addMessages('s', convertToModelMessages(chat), { format: 'ai-sdk' });
    expect((await memory.getContextForLLM('s', { format: 'ai-sdk' })).messages).toEqual(
      (await viaModel.getContextForLLM('s', { format: 'ai-sdk' })).messages,
    );
  });

  it('a user message with an image part keeps its text and marks the image', () => {
    const [message] = parseMessages(
      [
        {
          id: 'u',
          role: 'user',
          parts: [
            { type: 'text', text: 'What is this?' },
            { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AAAA' },
          ],
        },
      ],
      'ai-sdk',
    );
    expect(message).toEqual({ role: 'user', content: 'What is this?\n\n[image]' });
  });

  it('refuses a UI message with a bad part, naming it', () => {
    expect(() =>
      parseMessages([{ id: 'a', role: 'assistant', parts: [{ type: 'tool-x', state: 'output-available' }] }], 'ai-sdk'),
    ).toThrow(/messages\[0\]\.parts\[0\]\.toolCallId: expected/);
    expect(() => parseMessages([{ id: 'a', role: 'tool', parts: [] }], 'ai-sdk')).toThrow(
      /messages\[0\]\.role: expected "system", "user" or "assistant" \(a UI message\)/,
    );
  });
});
