import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { toSummarizer } from '../../src/summarizers/callback.js';
import { heuristicSummarizer } from '../../src/summarizers/heuristic.js';
import type { MemoryEntry, SummarizeCallback, Summarizer } from '../../src/types.js';

let seq = 0;
function entry(partial: Partial<MemoryEntry> & Pick<MemoryEntry, 'content'>): MemoryEntry {
  const n = seq++;
  return {
    id: `e${n}`,
    sessionId: 's1',
    seq: n,
    interaction: 1,
    type: 'message',
    role: 'user',
    timestamp: '2024-01-01T00:00:00.000Z',
    tokenCount: 5,
    compressed: false,
    ...partial,
  };
}
const user = (content: string) => entry({ content });
const assistant = (content: string) => entry({ role: 'assistant', content });
const call = (name: string) =>
  entry({ type: 'tool_call', role: 'assistant', content: '{}', tool: { name, callId: `c${seq}` } });
const result = (name: string, isError = false) =>
  entry({
    type: 'tool_result',
    role: 'system',
    content: 'out',
    tool: { name, callId: `c${seq}`, ...(isError ? { isError } : {}) },
  });

function summarize(s: Summarizer, entries: MemoryEntry[], prompt = 'ignored prompt'): Promise<string> {
  return s.summarize(prompt, { sessionId: 's1', pass: 1, passes: 1, entries });
}

const seedConversation = [
  user('Help me debug this API endpoint, it returns 500 on every POST'),
  assistant('Let me look.'),
  call('shell'),
  result('shell', true),
  user('Here is the log'),
  call('read_file'),
  result('read_file'),
  user('Still failing'),
  call('write_file'),
  result('write_file', true),
  user('Try again please'),
  assistant('Done.'),
  user('Thanks, that fixed it!'),
];

describe('heuristicSummarizer', () => {
  it("reproduces the memory-manager seed's fallback format", async () => {
    const text = await summarize(heuristicSummarizer({ quoteLength: 25 }), seedConversation);
    expect(text).toBe(
      [
        '[Previous conversation summary]',
        '5 user messages',
        'First: "Help me debug this API..."',
        'Last: "Thanks, that fixed it!"',
        'Tools used: shell, read_file, write_file',
        '2 errors encountered',
      ].join('\n'),
    );
  });

  it('quotes up to 50 characters by default, cutting at a word with "..."', async () => {
    const text = await summarize(heuristicSummarizer(), seedConversation);
    expect(text).toContain('First: "Help me debug this API endpoint, it returns 500 on..."');
    expect(text).toContain('Last: "Thanks, that fixed it!"');
  });

  it('uses singular forms and leaves out the tools and errors lines when there are none', async () => {
    expect(await summarize(heuristicSummarizer(), [user('Only one question'), assistant('An answer')])).toBe(
      '[Previous conversation summary]\n1 user message\nFirst: "Only one question"',
    );
    const oneError = await summarize(heuristicSummarizer(), [
      user('a'),
      user('b'),
      call('shell'),
      result('shell', true),
    ]);
    expect(oneError.split('\n').slice(-2)).toEqual(['Tools used: shell', '1 error encountered']);
  });

  it('ignores the prompt: the same entries give the same text', async () => {
    const s = heuristicSummarizer();
    expect(await summarize(s, seedConversation, 'one prompt')).toBe(
      await summarize(s, seedConversation, 'another prompt'),
    );
  });

  it('appends key terms after the seed lines when asked', async () => {
    const entries = [user('Invoice for Acme Corp is $1,200'), user('Send it to Maria Gonzalez by 2024-03-01')];
    const plain = await summarize(heuristicSummarizer(), entries);
    const withTerms = await summarize(heuristicSummarizer({ keyTerms: true }), entries);
    expect(withTerms.startsWith(`${plain}\n`)).toBe(true);
    expect(withTerms.split('\n').at(-1)).toBe('Key terms: Acme Corp, Maria Gonzalez, $1,200, 2024-03-01');
  });
});

describe('toSummarizer', () => {
  it('wraps a callback and passes objects through', async () => {
    const callback: SummarizeCallback = (prompt) => Promise.resolve(`summary of ${prompt}`);
    const wrapped = toSummarizer(callback);
    expect(await summarize(wrapped, [], 'p')).toBe('summary of p');
    const object: Summarizer = { name: 'mine', summarize: callback };
    expect(toSummarizer(object)).toBe(object);
  });

  it('refuses anything else with a ValidationError naming the field', () => {
    expect(() => toSummarizer(42 as unknown as Summarizer)).toThrow(ValidationError);
    expect(() => toSummarizer(null as unknown as Summarizer)).toThrow(/^summarizer: expected a function/);
    expect(() => toSummarizer({ summarise: () => '' } as unknown as Summarizer, 'options.summarizer')).toThrow(
      /^options\.summarizer\.summarize: expected a function/,
    );
  });
});
