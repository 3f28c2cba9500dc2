/**
 * The model pass through `fetchSummarizer` against a real OpenAI-compatible server on
 * 127.0.0.1: batched prompts, strict JSON read from the reply, quotes checked against their
 * turn, attributes mapped onto the registry, retries after malformed JSON and failed calls, and a
 * `FactsModelError` (without the API key) for a batch that never gets a usable reply.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { extractFactsModel, FactsModelError, type FactTurn } from '../../src/facts/index.js';
import { fetchSummarizer } from '../../src/summarizers/fetch.js';
import { type ChatBody, type OpenAIServer, startOpenAIServer, times } from '../support/openai-server.js';

const KEY = 'sk-test-FACTS-0123456789abcdef';

const turn = (entryId: string, text: string, timestamp = '2024-09-10T12:00:00Z'): FactTurn => ({
  sessionId: 'chat-1',
  entryId,
  text,
  timestamp,
});

const TURNS = [
  turn('e1', 'Hi! We moved to Berlin last month, still unpacking.'),
  turn('e2', 'Can you suggest a recipe? I am vegetarian, by the way.'),
  turn('e3', 'My friend lives in Paris and loves it.'),
];

let server: OpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(...script: Parameters<OpenAIServer['script']>): Promise<OpenAIServer> {
  server = await startOpenAIServer({ script, maxRequests: 30, lifetimeMs: 20_000 });
  return server;
}

function summarizer(s: OpenAIServer, extra: Partial<Parameters<typeof fetchSummarizer>[0]> = {}) {
  return fetchSummarizer({
    url: s.baseUrl,
    model: 'test-model',
    headers: { Authorization: `Bearer ${KEY}` },
    retryDelayMs: 1,
    ...extra,
  });
}

const reply = (facts: unknown[]): string => JSON.stringify({ facts });
const prompt = (body: ChatBody | undefined): string => body?.messages?.at(-1)?.content ?? '';

describe('extractFactsModel through fetchSummarizer', () => {
  it('asks for strict JSON over the numbered, dated turns and maps each fact to its turn', async () => {
    const s = await start({
      kind: 'ok',
      content: reply([
        {
          turn: 1,
          attribute: 'city',
          value: 'Berlin',
          text: 'The user lives in Berlin.',
          quote: 'We moved to Berlin last month',
          kind: 'state',
          validFrom: '2024-08-01',
        },
        { turn: 2, attribute: 'diet', value: 'vegetarian', quote: 'I am vegetarian' },
      ]),
    });
    const result = await extractFactsModel(TURNS, summarizer(s));
    expect(result.errors).toEqual([]);
    expect(result.turns.map((t) => t.turn.entryId)).toEqual(['e1', 'e2', 'e3']);
    expect(result.turns[0]!.candidates).toEqual([
      {
        attribute: 'city',
        value: 'Berlin',
        text: 'The user lives in Berlin.',
        quote: 'We moved to Berlin last month',
        kind: 'state',
        validFrom: '2024-08-01T00:00:00.000Z',
      },
    ]);
    expect(result.turns[1]!.candidates).toMatchObject([
      { attribute: 'diet', value: 'vegetarian', text: 'The user is vegetarian.' },
    ]);
    expect(result.turns[2]!.candidates).toEqual([]);
    expect(s.requests).toHaveLength(1);
    const text = prompt(s.requests[0]!.body);
    expect(text).toContain('[1] (2024-09-10) Hi! We moved to Berlin last month, still unpacking.');
    expect(text).toContain('[3] (2024-09-10) My friend lives in Paris');
    expect(text).toContain('{"facts": [');
    expect(text).toMatch(/- city \(one value\)/u);
    expect(text).toMatch(/- pet \(a list\)/u);
  });

  it('sends one request per batch and keeps each batch’s turn numbers its own', async () => {
    server = await startOpenAIServer({
      maxRequests: 30,
      fallback: {
        kind: 'ok',
        content: (body) => {
          const first = /\[1\] \(\S+\) (.*)/u.exec(prompt(body))?.[1] ?? '';
          return reply([{ turn: 1, attribute: 'other', value: first.slice(0, 12), quote: first.slice(0, 12) }]);
        },
      },
    });
    const s = server;
    const many = Array.from({ length: 10 }, (_, i) => turn(`t${i}`, `Message number ${i} from the user.`));
    const result = await extractFactsModel(many, summarizer(s), { batchSize: 4 });
    expect(s.requests).toHaveLength(3);
    expect(result.turns.filter((t) => t.candidates.length > 0).map((t) => t.turn.entryId)).toEqual(['t0', 't4', 't8']);
  });

  it('drops facts whose quote is not in their turn, and names, places and numbers the turn never says', async () => {
    const s = await start({
      kind: 'ok',
      content: reply([
        { turn: 1, attribute: 'city', value: 'Berlin', quote: 'I live in Berlin' },
        { turn: 1, attribute: 'city', value: 'Munich', quote: 'We moved to' },
        { turn: 2, attribute: 'phone', value: '555-0100', quote: 'vegetarian' },
        { turn: 3, attribute: 'city', value: 'Paris', quote: 'My friend lives in Paris' },
        { turn: 9, attribute: 'city', value: 'Rome', quote: 'Rome' },
        'not a fact',
      ]),
    });
    const result = await extractFactsModel(TURNS, summarizer(s));
    expect(result.turns[0]!.candidates).toEqual([]);
    expect(result.turns[1]!.candidates).toEqual([]);
    // The model's own mistake (a friend's city) passes the quote check: the prompt, not the parser, rules it out.
    expect(result.turns[2]!.candidates.map((c) => c.value)).toEqual(['Paris']);
    expect(result.dropped).toEqual([
      { entryId: 'e1', reason: 'its quote is not in the turn' },
      { entryId: 'e1', reason: 'its city is not in the turn' },
      { entryId: 'e2', reason: 'its phone is not in the turn' },
      { reason: 'no turn of this batch' },
      { reason: 'not an object' },
    ]);
  });

  it('reads JSON in a code fence or prose, takes the turn’s own spelling of a quote, and maps unknown attributes', async () => {
    const s = await start({
      kind: 'ok',
      content: [
        'Sure! Here are the facts:',
        '```json',
        reply([
          { turn: 1, attribute: 'Residence', value: 'Berlin', quote: 'we moved  to BERLIN', kind: 'state' },
          { turn: 2, attribute: 'dietary_preference', value: 'vegetarian', quote: 'i am vegetarian' },
          { turn: 2, attribute: 'favourite_band', value: 'Radiohead', quote: 'vegetarian' },
          {
            turn: 2,
            attribute: 'shoe_size',
            value: 'vegetarian shoes',
            text: 'The user wears vegetarian shoes.',
            quote: 'vegetarian',
          },
          { turn: 1, attribute: 'city', value: 'Lyon', quote: 'Berlin', kind: 'no longer' },
        ]),
        '```',
      ].join('\n'),
    });
    const result = await extractFactsModel(TURNS, summarizer(s));
    expect(result.turns[0]!.candidates.map((c) => [c.attribute, c.value, c.quote, c.kind])).toEqual([
      ['city', 'Berlin', 'We moved to Berlin', 'state'],
    ]);
    expect(result.turns[1]!.candidates.map((c) => [c.attribute, c.value, c.quote])).toEqual([
      ['diet', 'vegetarian', 'I am vegetarian'],
      ['favorite_band', 'Radiohead', 'vegetarian'],
      ['other', 'vegetarian shoes', 'vegetarian'],
    ]);
    expect(result.dropped).toEqual([{ entryId: 'e1', reason: 'its city is not in the turn' }]);
  });

  it('asks again after malformed JSON, saying why, and uses the reply that parses', async () => {
    const s = await start(
      { kind: 'ok', content: '{"facts": [{"turn": 1, "attribute": "city", "value": "Berl' },
      { kind: 'ok', content: 'I found no facts worth listing.' },
      { kind: 'ok', content: reply([{ turn: 1, attribute: 'city', value: 'Berlin', quote: 'moved to Berlin' }]) },
    );
    const result = await extractFactsModel(TURNS, summarizer(s));
    expect(result.errors).toEqual([]);
    expect(result.turns[0]!.candidates.map((c) => c.value)).toEqual(['Berlin']);
    expect(s.requests).toHaveLength(3);
    expect(prompt(s.requests[0]!.body)).not.toContain('previous reply');
    expect(prompt(s.requests[1]!.body)).toContain('Your previous reply was not the JSON asked for');
  });

  it('retries a failing server and reports a batch that never answers as a FactsModelError without the key', async () => {
    const s = await start(...times(30, { kind: 'status', status: 503 }));
    const result = await extractFactsModel(TURNS, summarizer(s, { retries: 1 }), { retries: 1, retryDelayMs: 1 });
    expect(result.turns.every((t) => t.candidates.length === 0)).toBe(true);
    expect(result.errors).toHaveLength(1);
    const [error] = result.errors;
    expect(error).toBeInstanceOf(FactsModelError);
    expect(error!.name).toBe('FactsModelError');
    expect(error!.entryIds).toEqual(['e1', 'e2', 'e3']);
    expect(error!.message).toMatch(/no usable reply for turns e1, e2, e3 after 2 attempts: .*HTTP 503/u);
    expect(`${error!.message} ${String(error!.stack)}`).not.toContain(KEY);
    // fetchSummarizer's own retry (2 requests) times the pass's attempts (2).
    expect(s.requests).toHaveLength(4);
  });

  it('gives up on a server that never answers after the timeout, and the other batches keep their facts', async () => {
    const s = await start(
      { kind: 'ok', content: reply([{ turn: 1, attribute: 'city', value: 'Berlin', quote: 'moved to Berlin' }]) },
      { kind: 'hang' },
      { kind: 'hang' },
    );
    const result = await extractFactsModel(TURNS, summarizer(s, { retries: 0 }), {
      batchSize: 2,
      retries: 1,
      // Long enough for the first batch's answer on a busy machine (its server answers at once).
      timeoutMs: 2000,
      retryDelayMs: 1,
    });
    expect(result.turns[0]!.candidates.map((c) => c.value)).toEqual(['Berlin']);
    expect(result.errors.map((e) => e.entryIds)).toEqual([['e3']]);
    expect(result.errors[0]!.message).toMatch(/timed out/u);
  });

  it('refuses bad arguments with a ValidationError naming the field', async () => {
    await expect(extractFactsModel('nope' as unknown as FactTurn[], async () => '')).rejects.toThrow(
      /turns: expected/u,
    );
    await expect(extractFactsModel([{ text: 1 } as unknown as FactTurn], async () => '')).rejects.toThrow(
      /turns\[0\]/u,
    );
    await expect(extractFactsModel(TURNS, 42 as never)).rejects.toThrow(/summarizer/u);
    await expect(extractFactsModel(TURNS, async () => '', { batchSize: 0 })).rejects.toThrow(/options\.batchSize/u);
  });
});
