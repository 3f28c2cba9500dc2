/**
 * The model pass (`facts: { extract: 'model' }`) through the memory's summarizer: a real
 * `fetchSummarizer` against a scripted OpenAI-compatible server on 127.0.0.1. Turns are batched
 * (never one call per add), a fact quoting text that is not in its turn is dropped, a failing
 * call is an `error` event and is retried with nothing lost, and each turn is read once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { fetchSummarizer } from '../../src/summarizers/fetch.js';
import type { Memory } from '../../src/memory.js';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.js';

let server: OpenAIServer | undefined;
const opened: Memory[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((m) => m.close()));
  await server?.close();
  server = undefined;
});

/**
 * A model that reports a hobby for every listed turn (`[n] (date) text` in the prompt) saying
 * "Weekends mean <x>" (a phrasing the offline rules do not read), and one invented fact.
 */
function answer(body: ChatBody): string {
  const prompt = body.messages?.map((m) => m.content).join('\n') ?? '';
  const facts = [...prompt.matchAll(/^\[(\d+)\] \([^)]*\) (.*)$/gmu)].flatMap((m) => {
    const text = m[2]!;
    const play = /Weekends mean (\w+)/u.exec(text);
    return play
      ? [
          { turn: Number(m[1]), attribute: 'hobby', value: play[1], kind: 'state', quote: play[0] },
          { turn: Number(m[1]), attribute: 'pet', value: 'unicorn', kind: 'state', quote: 'my unicorn' },
        ]
      : [];
  });
  return JSON.stringify({ facts });
}

async function open(): Promise<Memory> {
  const m = await createMemory({
    store: 'memory',
    tokenizer: { count: (t) => Math.ceil(t.length / 4) },
    facts: { extract: 'model' },
    summarizer: fetchSummarizer({ url: server!.completionsUrl, model: 'test', retries: 0 }),
    config: { compressionRetryMs: 5, compressionRetryMaxMs: 20, autoCompress: false },
  });
  opened.push(m);
  return m;
}

describe('the model pass', () => {
  it('reads turns in batches through the summarizer; a quote not in its turn is dropped', async () => {
    server = await startOpenAIServer({ fallback: { kind: 'ok', content: answer } });
    const m = await open();
    for (let i = 0; i < 5; i++)
      await m.addUserMessage('s', `Turn ${i}. Weekends mean ${['chess', 'golf', 'go', 'bridge', 'tennis'][i]}.`);
    await m.addAssistantMessage('s', 'I play the piano, says the assistant.');
    expect(server.requests).toHaveLength(0); // nothing while adds come in
    await m.idle();
    expect(server.requests).toHaveLength(1);
    const facts = await m.listFacts();
    expect(facts.map((f) => `${f.value}:${f.origin}`).sort()).toEqual(
      ['bridge', 'chess', 'go', 'golf', 'tennis'].map((v) => `${v}:model`),
    );
    expect(facts.every((f) => f.sources[0]!.quote === `Weekends mean ${f.value}`)).toBe(true);
    await m.idle();
    expect(server.requests).toHaveLength(1); // each turn read once
  });

  it('a failing call is an error event and is retried; nothing is lost', async () => {
    server = await startOpenAIServer({
      script: [
        { kind: 'status', status: 500 },
        { kind: 'raw', body: 'not json at all' },
      ],
      fallback: { kind: 'ok', content: answer },
    });
    const m = await open();
    const errors: Error[] = [];
    m.on('error', (_s, e) => errors.push(e));
    const stored = new Promise((resolve) => m.on('facts:changed', (c) => c.cause === 'extracted' && resolve(c)));
    await m.addUserMessage('s', 'Weekends mean chess.');
    await m.idle();
    expect(errors.length).toBeGreaterThanOrEqual(1);
    await stored; // the retries after the backoff
    await m.idle();
    expect((await m.listFacts()).map((f) => f.value)).toEqual(['chess']);
    expect(errors.map((e) => e.name)).toContain('SummarizerError');
  });
});
