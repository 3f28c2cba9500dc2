import { get_encoding, type Tiktoken } from '@dqbd/tiktoken';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countChatMessages,
  entryTokens,
  MESSAGE_FRAMING,
  REPLY_PRIMING,
  type EntryTokensInput,
} from '../../src/tokens/chat-tokens.js';
import { loadTiktoken, TIKTOKEN_ENCODINGS, type TiktokenCounter } from '../../src/tokens/tiktoken.js';
import type { ChatMessage, TokenCounter } from '../../src/types.js';
import { TOKEN_CORPUS } from '../support/token-corpus.js';

/**
 * The cookbook's num_tokens_from_messages, written independently of src/: 3 per message,
 * every value encoded (nested tool-call values included, role and "function" type too),
 * +1 per name, +3 priming.
 */
function cookbookCount(raw: Tiktoken, messages: readonly ChatMessage[]): number {
  const encoded = (value: unknown): number => {
    if (typeof value === 'string') return raw.encode(value, [], []).length;
    if (value !== null && typeof value === 'object') {
      return Object.values(value).reduce((sum: number, v) => sum + encoded(v), 0);
    }
    return 0;
  };
  let tokens = 0;
  for (const message of messages) {
    tokens += 3;
    for (const [key, value] of Object.entries(message)) {
      tokens += encoded(value);
      if (key === 'name') tokens += 1;
    }
  }
  return tokens + 3;
}

/** The chat message RecallKit sends for one entry. */
function messageOf(entry: EntryTokensInput, role: 'user' | 'assistant' | 'system'): ChatMessage {
  switch (entry.kind) {
    case 'text':
      return { role, content: entry.content };
    case 'tool_result':
      return { role: 'tool', content: entry.content, tool_call_id: entry.callId ?? '' };
    case 'tool_call':
      return {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: entry.callId ?? '',
            type: 'function',
            function: { name: entry.toolName ?? '', arguments: entry.content },
          },
        ],
      };
  }
}

// openai-cookbook "How to count tokens with tiktoken", section 6: the API reported 124
// prompt tokens for gpt-4o / gpt-4o-mini (o200k_base) and 129 for gpt-4 (cl100k_base).
const COOKBOOK_MESSAGES: ChatMessage[] = [
  {
    role: 'system',
    content: 'You are a helpful, pattern-following assistant that translates corporate jargon into plain English.',
  },
  { role: 'system', name: 'example_user', content: 'New synergies will help drive top-line growth.' },
  { role: 'system', name: 'example_assistant', content: 'Things working well together will increase revenue.' },
  {
    role: 'system',
    name: 'example_user',
    content: "Let's circle back when we have more bandwidth to touch base on opportunities for increased leverage.",
  },
  {
    role: 'system',
    name: 'example_assistant',
    content: "Let's talk later when we're less busy about how to do better.",
  },
  { role: 'user', content: "This late pivot means we don't have time to boil the ocean for the client deliverable." },
];
const API_PROMPT_TOKENS = { o200k_base: 124, cl100k_base: 129 } as const;

const TOOL_CONVERSATION: ChatMessage[] = [
  { role: 'system', content: 'Summary of earlier turns: the user is planning a trip to 東京.' },
  { role: 'user', content: "What's the weather in São Paulo? 🌦️" },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: 'call_Xk29',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"São Paulo","unit":"celsius"}' },
      },
    ],
  },
  { role: 'tool', tool_call_id: 'call_Xk29', content: '{"temp":21,"sky":"rain"}' },
  { role: 'assistant', content: 'It is 21 °C and raining.' },
];

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(...TOKEN_CORPUS.map((c) => c.text)),
);
const entry: fc.Arbitrary<EntryTokensInput> = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), content: text }),
  fc.record({ kind: fc.constant('tool_result' as const), content: text, callId: text }),
  fc.record({ kind: fc.constant('tool_call' as const), content: text, callId: text, toolName: text }),
);
const entries = fc.array(fc.tuple(entry, fc.constantFrom('user' as const, 'assistant' as const, 'system' as const)), {
  maxLength: 8,
});

describe.each(TIKTOKEN_ENCODINGS)('chat token rule with %s', (encoding) => {
  let counter: TiktokenCounter;
  let raw: Tiktoken;
  beforeAll(async () => {
    counter = await loadTiktoken(encoding);
    raw = get_encoding(encoding);
  });
  afterAll(() => {
    counter.free();
    raw.free();
  });

  it('counts the role and the "function" type as one token each, as MESSAGE_FRAMING assumes', () => {
    for (const word of ['system', 'user', 'assistant', 'tool', 'function']) {
      expect(counter.count(word), word).toBe(1);
      expect(raw.encode(word, [], []), word).toHaveLength(1);
    }
    expect(MESSAGE_FRAMING).toBe(3 + 1);
    expect(REPLY_PRIMING).toBe(3);
  });

  it("gives the prompt_tokens OpenAI's API reported for the cookbook example", () => {
    expect(countChatMessages(counter, COOKBOOK_MESSAGES)).toBe(API_PROMPT_TOKENS[encoding]);
  });

  it('costs 3 for no messages and framing + content + priming for one', () => {
    expect(countChatMessages(counter, [])).toBe(3);
    expect(countChatMessages(counter, [{ role: 'user', content: 'Hi' }])).toBe(4 + 1 + 3);
  });

  it('equals the cookbook algorithm on a conversation with a tool call and its result', () => {
    expect(countChatMessages(counter, TOOL_CONVERSATION)).toBe(cookbookCount(raw, TOOL_CONVERSATION));
  });

  it('equals the cookbook algorithm on generated conversations', () => {
    fc.assert(
      fc.property(entries, (list) => {
        const messages = list.map(([e, role]) => messageOf(e, role));
        expect(countChatMessages(counter, messages)).toBe(cookbookCount(raw, messages));
      }),
      { numRuns: 300 },
    );
  });

  it('cached per-entry counts add up to the slow count: priming + Σ(framing + entryTokens)', () => {
    fc.assert(
      fc.property(entries, (list) => {
        const cached = list.reduce((sum, [e]) => sum + MESSAGE_FRAMING + entryTokens(counter, e), REPLY_PRIMING);
        expect(cached).toBe(
          countChatMessages(
            counter,
            list.map(([e, role]) => messageOf(e, role)),
          ),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('entryTokens', () => {
  // One token per UTF-16 unit: makes every term of the rule visible.
  const chars: TokenCounter = { count: (t) => t.length };

  it('counts a text entry as its content', () => {
    expect(entryTokens(chars, { kind: 'text', content: 'hello' })).toBe(5);
  });

  it('counts a tool result as its content and call id', () => {
    expect(
      entryTokens(chars, { kind: 'tool_result', content: '{"ok":1}', callId: 'call_1', toolName: 'ignored' }),
    ).toBe(8 + 6);
  });

  it('counts a tool call as call id + name + arguments + 1 for the "function" type', () => {
    expect(entryTokens(chars, { kind: 'tool_call', content: '{"a":1}', callId: 'c1', toolName: 'search' })).toBe(
      2 + 6 + 7 + 1,
    );
  });

  it('gives the same arithmetic with a custom counter as the slow count', () => {
    const call: EntryTokensInput = { kind: 'tool_call', content: '{}', callId: 'id', toolName: 'f' };
    const result: EntryTokensInput = { kind: 'tool_result', content: 'done', callId: 'id' };
    const cached = REPLY_PRIMING + 2 * MESSAGE_FRAMING + entryTokens(chars, call) + entryTokens(chars, result);
    expect(cached).toBe(countChatMessages(chars, [messageOf(call, 'assistant'), messageOf(result, 'assistant')]));
  });
});
