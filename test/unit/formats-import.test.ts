import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { fromOpenAI } from '../../src/formats/from-openai.js';
import { MESSAGE_FORMATS, parseMessages } from '../../src/formats/parse-messages.js';
import { toFormat } from '../../src/formats/to-format.js';
import { parseToolArgs, stringifyToolArgs } from '../../src/formats/tool-args.js';
import type { ChatMessage } from '../../src/types.js';

const call = (id: string, name: string, args: string) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: args },
});

describe('fromOpenAI', () => {
  it('normalizes content parts, developer role and empty assistant text with tool calls', () => {
    expect(
      fromOpenAI([
        { role: 'developer', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Read this' },
            { type: 'image_url', image_url: { url: 'data:…' } },
            { type: 'input_audio', input_audio: {} },
          ],
          name: 'ana',
        },
        { role: 'assistant', content: '', tool_calls: [call('a', 'f', '{ "x" : 1 }')] },
        { role: 'tool', tool_call_id: 'a', content: [{ type: 'text', text: 'done' }] },
        { role: 'assistant', content: [{ type: 'refusal', refusal: 'I cannot.' }] },
      ]),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Read this\n\n[image]\n\n[audio]', name: 'ana' },
      { role: 'assistant', content: null, tool_calls: [call('a', 'f', '{ "x" : 1 }')] }, // arguments kept verbatim
      { role: 'tool', tool_call_id: 'a', content: 'done' },
      { role: 'assistant', content: 'I cannot.' },
    ]);
  });

  it('refuses malformed messages with the field path', () => {
    const cases: [unknown, string][] = [
      [{}, 'messages: expected an array, received an object'],
      [[null], 'messages[0]: expected an object, received null'],
      [
        [{ role: 'bot', content: 'x' }],
        'messages[0].role: expected "system", "developer", "user", "assistant" or "tool", received "bot"',
      ],
      [[{ role: 'user' }], 'messages[0].content: expected a string or an array of content parts, received undefined'],
      [
        [{ role: 'user', content: [{ type: 'text' }] }],
        'messages[0].content[0].text: expected a string, received undefined',
      ],
      [
        [{ role: 'assistant', content: null, tool_calls: [{ id: 'a', function: { name: 'f', arguments: {} } }] }],
        'messages[0].tool_calls[0].function.arguments: expected a string, received an object',
      ],
      [[{ role: 'tool', content: 'x' }], 'messages[0].tool_call_id: expected a string, received undefined'],
    ];
    for (const [input, message] of cases) {
      expect(() => fromOpenAI(input as unknown[])).toThrow(ValidationError);
      expect(() => fromOpenAI(input as unknown[])).toThrow(message);
    }
  });
});

describe('parseMessages', () => {
  const messages: ChatMessage[] = [
    { role: 'system', content: 'Summary' },
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: null, tool_calls: [call('a', 'f', '{"q":1}')] },
    { role: 'tool', tool_call_id: 'a', content: 'boom' },
  ];

  it('reads every format back to the same messages, collecting tool errors', () => {
    for (const format of MESSAGE_FORMATS) {
      const written = toFormat(messages, format, { toolErrors: new Set(['a']) });
      const input = format === 'anthropic' ? written : written.messages;
      const meta = { toolErrors: new Set<string>() };
      expect(parseMessages(JSON.parse(JSON.stringify(input)), format, meta), format).toEqual(messages);
      expect([...meta.toolErrors], format).toEqual(format === 'openai' ? [] : ['a']);
    }
  });

  it('takes an Anthropic messages array without system', () => {
    expect(parseMessages([{ role: 'user', content: 'Hi' }], 'anthropic')).toEqual([{ role: 'user', content: 'Hi' }]);
  });

  it('lists the known formats for an unknown one', () => {
    expect(() => parseMessages([], 'gemini' as never)).toThrow(
      'format: expected one of "openai", "anthropic", "ai-sdk", "langchain", received "gemini"',
    );
    expect(() => toFormat([], 'gemini' as never)).toThrow(ValidationError);
  });
});

describe('tool arguments', () => {
  it('parses objects, keeps anything else raw, and inverts exactly', () => {
    expect(parseToolArgs('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(parseToolArgs('')).toEqual({});
    expect(parseToolArgs('[1]')).toEqual({ _raw: '[1]' });
    expect(parseToolArgs('{"a":')).toEqual({ _raw: '{"a":' });
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const back = stringifyToolArgs(parseToolArgs(raw));
        // Either the exact string, or the same JSON value re-serialized.
        if (back !== raw) expect(JSON.parse(back)).toEqual(raw.trim() === '' ? {} : JSON.parse(raw));
      }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (input) => {
        fc.pre(!(Object.keys(input).length === 1 && '_raw' in input));
        expect(parseToolArgs(stringifyToolArgs(input))).toEqual(JSON.parse(JSON.stringify(input)));
      }),
    );
  });
});
