import {
  AIMessage,
  HumanMessage,
  ToolMessage,
  coerceMessageLikeToMessage,
  mapChatMessagesToStoredMessages,
  type BaseMessageLike,
} from '@langchain/core/messages';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { fromLangChain } from '../../src/formats/from-langchain.js';
import type { LangChainMessage } from '../../src/formats/langchain-types.js';
import { toLangChain } from '../../src/formats/to-langchain.js';
import type { ChatMessage } from '../../src/types.js';

const call = (id: string, name: string, args: string) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: args },
});

const history: ChatMessage[] = [
  { role: 'system', content: 'Summary: planning a trip.' },
  { role: 'user', content: 'Weather?', name: 'ana' },
  { role: 'assistant', content: null, tool_calls: [call('a', 'weather', '{"city":"Lisbon"}')] },
  { role: 'tool', tool_call_id: 'a', content: 'station offline' },
  { role: 'assistant', content: 'The station is offline.' },
];
const errors = new Set(['a']);

describe('toLangChain', () => {
  it('writes plain role objects with LangChain tool_calls and error status', () => {
    expect(toLangChain(history, { toolErrors: errors })).toEqual([
      { role: 'system', content: 'Summary: planning a trip.' },
      { role: 'user', content: 'Weather?', name: 'ana' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ id: 'a', name: 'weather', args: { city: 'Lisbon' }, type: 'tool_call' }],
      },
      { role: 'tool', content: 'station offline', tool_call_id: 'a', status: 'error' },
      { role: 'assistant', content: 'The station is offline.' },
    ]);
  });

  it('is accepted by @langchain/core: BaseMessageLike type and coerceMessageLikeToMessage', () => {
    expectTypeOf<LangChainMessage>().toExtend<BaseMessageLike>();
    const likes: BaseMessageLike[] = toLangChain(history, { toolErrors: errors });
    const messages = likes.map((like) => coerceMessageLikeToMessage(like));
    expect(messages.map((m) => m.type)).toEqual(['system', 'human', 'ai', 'tool', 'ai']);
    const ai = messages[2];
    expect(AIMessage.isInstance(ai) && ai.tool_calls).toEqual([
      { id: 'a', name: 'weather', args: { city: 'Lisbon' }, type: 'tool_call' },
    ]);
    const tool = messages[3];
    expect(ToolMessage.isInstance(tool) && [tool.tool_call_id, tool.status]).toEqual(['a', 'error']);
    expect(messages[1]?.name).toBe('ana');
  });
});

describe('fromLangChain', () => {
  it('round-trips through LangChain instances, stored messages and serialized JSON', () => {
    const instances = toLangChain(history, { toolErrors: errors }).map((like) => coerceMessageLikeToMessage(like));
    for (const input of [
      instances,
      mapChatMessagesToStoredMessages(instances),
      JSON.parse(JSON.stringify(instances)) as unknown[],
    ]) {
      const meta = { toolErrors: new Set<string>() };
      expect(fromLangChain(input, meta)).toEqual(history);
      expect(meta.toolErrors).toEqual(errors);
    }
  });

  it('reads content blocks, OpenAI-shape and invalid tool calls, tuples and strings', () => {
    const ai = new AIMessage({
      content: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'b', name: 'f', input: {} },
      ],
      tool_calls: [{ id: 'b', name: 'f', args: {}, type: 'tool_call' }],
      invalid_tool_calls: [{ id: 'c', name: 'g', args: '{"x":', error: 'bad JSON', type: 'invalid_tool_call' }],
    });
    expect(
      fromLangChain([
        'hello',
        [
          'human',
          [
            { type: 'text', text: 'see' },
            { type: 'image_url', image_url: { url: 'https://x/y.png' } },
          ],
        ],
        new HumanMessage('plain'),
        ai,
        { type: 'ai', content: '', tool_calls: [call('d', 'h', '{}')] },
      ]),
    ).toEqual([
      { role: 'user', content: 'hello' },
      { role: 'user', content: 'see\n\n[image]' },
      { role: 'user', content: 'plain' },
      { role: 'assistant', content: 'Let me look.', tool_calls: [call('b', 'f', '{}'), call('c', 'g', '{"x":')] },
      { role: 'assistant', content: null, tool_calls: [call('d', 'h', '{}')] },
    ]);
  });

  it('refuses unknown kinds and incomplete tool calls naming the field', () => {
    expect(() => fromLangChain([{ role: 'function', content: 'x' }])).toThrow(
      /^messages\[0\]\.role: expected "human", "user", "ai", "assistant", "system", "developer" or "tool", received "function"$/,
    );
    expect(() => fromLangChain([{ type: 'ai', content: '', tool_calls: [{ name: 'f', args: {} }] }])).toThrow(
      /messages\[0\]\.tool_calls\[0\]\.id: expected a string/,
    );
    expect(() => fromLangChain([{ type: 'tool', content: 'x' }])).toThrow(/messages\[0\]\.tool_call_id/);
  });
});
