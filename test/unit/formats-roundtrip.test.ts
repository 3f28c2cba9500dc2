/**
 * One conversation (summary, parallel tool calls, a failed tool, invalid JSON arguments,
 * consecutive user messages, mid-conversation context) exported to each format and read back.
 * What a format cannot carry is spelled out in each expected value.
 */
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { coerceMessageLikeToMessage, type BaseMessageLike } from '@langchain/core/messages';
import { modelMessageSchema, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { fromAISDK } from '../../src/formats/from-ai-sdk.js';
import { fromAnthropic } from '../../src/formats/from-anthropic.js';
import { fromLangChain } from '../../src/formats/from-langchain.js';
import { fromOpenAI } from '../../src/formats/from-openai.js';
import { toAISDK } from '../../src/formats/to-ai-sdk.js';
import { toAnthropic } from '../../src/formats/to-anthropic.js';
import { toLangChain } from '../../src/formats/to-langchain.js';
import type { ChatMessage } from '../../src/types.js';

const call = (id: string, name: string, args: string) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: args },
});

const SUMMARY = 'Summary of earlier turns: the user is planning a trip to Portugal.';
const conversation: ChatMessage[] = [
  { role: 'system', content: SUMMARY },
  { role: 'user', content: 'What is the weather in Lisbon and Porto?' },
  {
    role: 'assistant',
    content: 'Let me check both.',
    tool_calls: [call('c1', 'get_weather', '{"city":"Lisbon"}'), call('c2', 'get_weather', '{"city":"Porto"}')],
  },
  { role: 'tool', tool_call_id: 'c1', content: '{"tempC":21}' },
  { role: 'tool', tool_call_id: 'c2', content: 'Error: station offline' },
  { role: 'assistant', content: "Lisbon is 21°C; Porto's station is offline." },
  { role: 'system', content: 'Context: the user prefers metric units.' },
  { role: 'user', content: 'Thanks.' },
  { role: 'user', content: 'Also book a table for two.' },
  { role: 'assistant', content: null, tool_calls: [call('c3', 'book_table', '{"people":2')] }, // truncated JSON
  { role: 'tool', tool_call_id: 'c3', content: 'booked' },
  { role: 'assistant', content: 'Booked for two.' },
];
const toolErrors: ReadonlySet<string> = new Set(['c2']);

/** Through JSON, as a request body or a stored copy would travel. */
const viaJSON = <T>(value: T): unknown[] | Record<string, unknown> => JSON.parse(JSON.stringify(value)) as never;

describe('round trip through every format', () => {
  it('openai: identical', () => {
    expect(fromOpenAI(viaJSON(conversation) as unknown[])).toEqual(conversation);
  });

  it('ai-sdk: identical, tool error kept', () => {
    const written: ModelMessage[] = toAISDK(conversation, { toolErrors });
    for (const message of written) expect(modelMessageSchema.safeParse(message).success).toBe(true);
    const meta = { toolErrors: new Set<string>() };
    expect(fromAISDK(viaJSON(written) as unknown[], meta)).toEqual(conversation);
    expect(meta.toolErrors).toEqual(toolErrors);
  });

  it('langchain: identical through LangChain message instances, tool error kept', () => {
    const written: BaseMessageLike[] = toLangChain(conversation, { toolErrors });
    const instances = written.map((like) => coerceMessageLikeToMessage(like));
    const meta = { toolErrors: new Set<string>() };
    expect(fromLangChain(instances, meta)).toEqual(conversation);
    expect(meta.toolErrors).toEqual(toolErrors);
  });

  it('anthropic: system text hoisted, consecutive users merged; tool pairs and error kept', () => {
    const written = toAnthropic(conversation, { toolErrors });
    const messages: MessageParam[] = written.messages;
    const meta = { toolErrors: new Set<string>() };
    const back = fromAnthropic(written.system, viaJSON(messages) as unknown[], meta);
    expect(back).toEqual([
      // Anthropic has one system prompt: every system message joins it, in order, positions lost.
      { role: 'system', content: `${SUMMARY}\n\nContext: the user prefers metric units.` },
      conversation[1],
      conversation[2],
      conversation[3],
      conversation[4],
      conversation[5],
      // Same-role turns are merged by the API, so the boundary becomes a blank line.
      { role: 'user', content: 'Thanks.\n\nAlso book a table for two.' },
      conversation[9],
      conversation[10],
      conversation[11],
    ]);
    expect(meta.toolErrors).toEqual(toolErrors);
  });
});
