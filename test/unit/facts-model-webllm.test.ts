/**
 * The model pass through `webLLMSummarizer` with an injected engine (the way an app passes its
 * own MLCEngine): JSON read from the completion, malformed replies asked again, made-up quotes
 * dropped, and a generation that never ends stopped at the timeout with `interruptGenerate`.
 */
import { describe, expect, it, vi } from 'vitest';
import { extractFactsModel, FactsModelError, type FactTurn } from '../../src/facts/index.js';
import { type WebLLMEngineLike, webLLMSummarizer } from '../../src/summarizers/webllm.js';

const completion = (content: unknown) => ({
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

type Request = Parameters<WebLLMEngineLike['chat']['completions']['create']>[0];

/** An engine answering each request with the next reply (a string, or a promise that never settles). */
function engine(...replies: (string | 'hang')[]) {
  const requests: Request[] = [];
  const fake = {
    chat: {
      completions: {
        create: vi.fn(async (request: Request) => {
          requests.push(request);
          const next = replies.shift() ?? '{"facts": []}';
          return next === 'hang' ? new Promise<never>(() => undefined) : completion(next);
        }),
      },
    },
    interruptGenerate: vi.fn(),
  };
  return { fake, requests };
}

const TURNS: FactTurn[] = [
  {
    sessionId: 'c',
    entryId: 'a',
    text: "I'm not vegetarian anymore, I eat fish again.",
    timestamp: '2024-11-02T09:00:00Z',
  },
  { sessionId: 'c', entryId: 'b', text: 'Our cat Luna passed away in October.', timestamp: '2024-11-02T09:01:00Z' },
];

describe('extractFactsModel through webLLMSummarizer with an injected engine', () => {
  it('reads retirements and replacements from the engine’s JSON, with the user prompt it was given', async () => {
    const { fake, requests } = engine(
      JSON.stringify({
        facts: [
          { turn: 1, attribute: 'diet', value: 'vegetarian', quote: "I'm not vegetarian anymore", kind: 'retire' },
          { turn: 1, attribute: 'diet', value: 'eats fish', quote: 'I eat fish again', replaces: 'vegetarian' },
          {
            turn: 2,
            attribute: 'pets',
            value: 'cat named Luna',
            quote: 'Our cat Luna passed away',
            kind: 'retire',
            validFrom: '2024-10',
          },
        ],
      }),
    );
    const result = await extractFactsModel(TURNS, webLLMSummarizer({ model: 'test-model', engine: fake }));
    expect(result.errors).toEqual([]);
    expect(result.turns[0]!.candidates).toEqual([
      {
        attribute: 'diet',
        value: 'vegetarian',
        text: 'The user is no longer vegetarian.',
        quote: "I'm not vegetarian anymore",
        kind: 'retire',
      },
      {
        attribute: 'diet',
        value: 'eats fish',
        text: 'The user eats fish.',
        quote: 'I eat fish again',
        kind: 'state',
        replaces: 'vegetarian',
      },
    ]);
    expect(result.turns[1]!.candidates).toEqual([
      {
        attribute: 'pet',
        value: 'cat named Luna',
        text: 'The user no longer has a cat named Luna.',
        quote: 'Our cat Luna passed away',
        kind: 'retire',
        validFrom: '2024-10-01T00:00:00.000Z',
      },
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.messages.at(-1)).toMatchObject({ role: 'user' });
    expect(requests[0]!.messages.at(-1)!.content).toContain("[1] (2024-11-02) I'm not vegetarian anymore");
  });

  it('asks again after malformed JSON and drops a quote the turn does not hold', async () => {
    const { fake, requests } = engine(
      '{"facts": [ {"turn": 1, ',
      JSON.stringify({
        facts: [
          { turn: 2, attribute: 'pet', value: 'cat named Luna', quote: 'We buried Luna in the garden', kind: 'retire' },
          { turn: 2, attribute: 'pet', value: 'cat named Luna', quote: 'cat Luna passed away', kind: 'retire' },
        ],
      }),
    );
    const result = await extractFactsModel(TURNS, webLLMSummarizer({ model: 'test-model', engine: fake }));
    expect(requests).toHaveLength(2);
    expect(requests[1]!.messages.at(-1)!.content).toContain('Your previous reply was not the JSON asked for');
    expect(result.turns[1]!.candidates.map((c) => c.quote)).toEqual(['cat Luna passed away']);
    expect(result.dropped).toEqual([{ entryId: 'b', reason: 'its quote is not in the turn' }]);
  });

  it('stops a generation that never ends at the timeout, interrupting the engine, and reports the batch', async () => {
    const { fake, requests } = engine('hang', 'hang');
    const result = await extractFactsModel(TURNS, webLLMSummarizer({ model: 'test-model', engine: fake }), {
      timeoutMs: 200,
      retries: 1,
      retryDelayMs: 1,
    });
    expect(requests).toHaveLength(2);
    expect(fake.interruptGenerate).toHaveBeenCalledTimes(2);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toBeInstanceOf(FactsModelError);
    expect(result.errors[0]!.message).toMatch(/after 2 attempts: summarizer timed out after 200 ms/u);
    expect(result.turns.every((t) => t.candidates.length === 0)).toBe(true);
  });

  it('stops at once when the caller aborts, starting no further batch', async () => {
    const { fake, requests } = engine('hang', 'hang', 'hang');
    const controller = new AbortController();
    const pending = extractFactsModel(TURNS, webLLMSummarizer({ model: 'test-model', engine: fake }), {
      batchSize: 1,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort(new Error('memory closed'));
    const result = await pending;
    expect(requests).toHaveLength(1);
    expect(result.errors.map((e) => e.entryIds)).toEqual([['a'], ['b']]);
  });
});
