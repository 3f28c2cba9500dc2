import type {
  MessageParam,
  MessageCreateParamsNonStreaming,
  TextBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import type { AnthropicMessageParam, AnthropicPrompt } from '../../src/formats/anthropic-types.js';
import { fromAnthropic } from '../../src/formats/from-anthropic.js';
import { toAnthropic } from '../../src/formats/to-anthropic.js';
import type { ChatMessage } from '../../src/types.js';

const call = (id: string, name: string, args: string) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: args },
});

/** The request rules of the Messages API that RecallKit's output must satisfy. */
function expectValidAnthropic({ messages }: AnthropicPrompt): void {
  expect(messages[0]?.role).toBe('user');
  messages.forEach((message, i) => {
    if (i > 0) expect(message.role).not.toBe(messages[i - 1]?.role);
    expect(message.content.length).toBeGreaterThan(0);
    for (const block of message.content) if (block.type === 'text') expect(block.text.trim()).not.toBe('');
    const uses = message.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
    if (uses.length === 0) return;
    const next = messages[i + 1]?.content ?? [];
    const results = next.slice(0, uses.length).map((b) => (b.type === 'tool_result' ? b.tool_use_id : undefined));
    expect(results).toEqual(uses); // results first in the next user message, in call order
  });
}

describe('toAnthropic', () => {
  it('joins every system message into system and keeps only user/assistant roles', () => {
    const out = toAnthropic([
      { role: 'system', content: 'Summary A' },
      { role: 'system', content: 'Summary B' },
      { role: 'user', content: 'Hi' },
      { role: 'system', content: 'Context: metric units' },
      { role: 'assistant', content: 'Hello' },
    ]);
    expect(out.system).toBe('Summary A\n\nSummary B\n\nContext: metric units');
    expect(out.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
    ]);
    expectValidAnthropic(out);
  });

  it('turns tool calls into tool_use and merges parallel results into one user message in call order', () => {
    const out = toAnthropic(
      [
        { role: 'user', content: 'Weather in Lisbon and Porto?' },
        {
          role: 'assistant',
          content: 'Checking.',
          tool_calls: [call('a', 'weather', '{"city":"Lisbon"}'), call('b', 'weather', '{"city":"Porto"}')],
        },
        { role: 'tool', tool_call_id: 'b', content: 'offline' },
        { role: 'tool', tool_call_id: 'a', content: '21C' },
        { role: 'user', content: 'And tomorrow?' },
      ],
      { toolErrors: new Set(['b']) },
    );
    expect(out.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Lisbon and Porto?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'a', name: 'weather', input: { city: 'Lisbon' } },
          { type: 'tool_use', id: 'b', name: 'weather', input: { city: 'Porto' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'a', content: '21C' },
          { type: 'tool_result', tool_use_id: 'b', content: 'offline', is_error: true },
          { type: 'text', text: 'And tomorrow?' },
        ],
      },
    ]);
    expectValidAnthropic(out);
  });

  it('keeps invalid JSON arguments as { _raw } and omits empty results', () => {
    const out = toAnthropic([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: null, tool_calls: [call('x', 'run', '{"n":')] },
      { role: 'tool', tool_call_id: 'x', content: '' },
    ]);
    expect(out.messages[1]?.content).toEqual([{ type: 'tool_use', id: 'x', name: 'run', input: { _raw: '{"n":' } }]);
    expect(out.messages[2]?.content).toEqual([{ type: 'tool_result', tool_use_id: 'x' }]);
  });

  it('merges consecutive same-role messages and drops empty ones', () => {
    const out = toAnthropic([
      { role: 'user', content: 'one' },
      { role: 'user', content: '   ' },
      { role: 'user', content: 'two' },
      { role: 'assistant', content: '' },
      { role: 'assistant', content: 'reply' },
      { role: 'assistant', content: 'more' },
    ]);
    expect(out.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'reply' },
          { type: 'text', text: 'more' },
        ],
      },
    ]);
    expect(out.system).toBe('');
  });

  it('puts a user message first when the history starts with the assistant', () => {
    const history: ChatMessage[] = [
      { role: 'system', content: 'Summary' },
      { role: 'assistant', content: 'Welcome back!' },
      { role: 'user', content: 'Hi' },
    ];
    expect(toAnthropic(history).messages[0]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: '(conversation continues)' }],
    });
    const custom = toAnthropic(history, { leadingUserText: '…' });
    expect(custom.messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: '…' }] });
    expectValidAnthropic(custom);
  });

  it("is assignable to the SDK's MessageParam and messages.create params", () => {
    const out = toAnthropic([{ role: 'user', content: 'Hi' }]);
    expectTypeOf<AnthropicMessageParam>().toExtend<MessageParam>();
    const params = {
      model: 'claude-sonnet-4-5',
      max_tokens: 256,
      system: out.system,
      messages: out.messages,
    } satisfies MessageCreateParamsNonStreaming;
    expect(params.messages).toHaveLength(1);
  });
});

describe('fromAnthropic', () => {
  it('reads system blocks, tool_use, tool_result (errors into meta) and images', () => {
    const system: TextBlockParam[] = [
      { type: 'text', text: 'Be brief.' },
      { type: 'text', text: 'Summary.' },
    ];
    const messages: MessageParam[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look' },
          { type: 'image', source: { type: 'url', url: 'https://x/y.png' } },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'hmm', signature: 's' },
          { type: 'tool_use', id: 't1', name: 'ocr', input: { page: 1 } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'failed' }], is_error: true },
          { type: 'text', text: 'Retry?' },
        ],
      },
      { role: 'assistant', content: 'Sure.' },
    ];
    const meta = { toolErrors: new Set<string>() };
    expect(fromAnthropic(system, messages, meta)).toEqual([
      { role: 'system', content: 'Be brief.\n\nSummary.' },
      { role: 'user', content: 'Look\n\n[image]' },
      { role: 'assistant', content: null, tool_calls: [call('t1', 'ocr', '{"page":1}')] },
      { role: 'tool', tool_call_id: 't1', content: 'failed' },
      { role: 'user', content: 'Retry?' },
      { role: 'assistant', content: 'Sure.' },
    ]);
    expect([...meta.toolErrors]).toEqual(['t1']);
  });

  it('refuses malformed input naming the field', () => {
    expect(() => fromAnthropic('', [{ role: 'user', content: [{ type: 'tool_result' }] }])).toThrow(
      /messages\[0\]\.content\[0\]\.tool_use_id: expected a string/,
    );
    expect(() => fromAnthropic('', [{ role: 'tool', content: 'x' }])).toThrow(ValidationError);
    expect(() => fromAnthropic(42, [])).toThrow(
      /^system: expected a string or an array of content parts, received number 42$/,
    );
  });
});
