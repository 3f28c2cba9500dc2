/**
 * `recallkit/ai-sdk`'s `chatTurn` in the route every AI SDK app has: `useChat`'s transport posts
 * `UIMessage[]`, the route stores the new turn, builds the prompt with recall, calls the real
 * `streamText` (through an OpenAI-compatible provider, against a local streaming HTTP server)
 * and stores the reply with its tool calls when the stream finishes. Retries store nothing
 * twice; an aborted stream stores its finished steps only. The same tests run on AI SDK v5
 * (`ai`, `@ai-sdk/openai-compatible` 1) and v6 (`ai-v6`, `@ai-sdk/openai` 3), the version
 * `npm install ai` gives on Node 20.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel, ToolSet, UIMessage } from 'ai';
import { createOpenAI } from 'ai-sdk-openai-v6';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatTurn, type ChatTurnResult } from '../../src/ai-sdk/index.js';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.js';

/** One AI SDK major: its `ai` module and a provider for the local server. */
interface AISDKVersion {
  name: string;
  /** The `ai` module; v6's is used through v5's declarations (its own are checked by test/unit/doc-samples). */
  ai: () => Promise<typeof import('ai')>;
  model: (baseURL: string) => LanguageModel;
}

const versions: AISDKVersion[] = [
  {
    name: 'AI SDK v5',
    ai: () => import('ai'),
    model: (baseURL) => createOpenAICompatible({ name: 'local', baseURL })('test-model'),
  },
  {
    name: 'AI SDK v6',
    ai: async () => (await import('ai-v6')) as unknown as typeof import('ai'),
    model: (baseURL) => createOpenAI({ baseURL, apiKey: 'test' }).chat('test-model') as unknown as LanguageModel,
  },
];

describe.each(versions)('chatTurn in a useChat route ($name)', (version) => {
  let ai: typeof import('ai');
  let server: OpenAIServer;
  let memory: Memory;
  let turns: ChatTurnResult[];
  let weatherCalls: string[];
  let tools: ToolSet;

  beforeEach(async () => {
    ai = await version.ai();
    server = await startOpenAIServer();
    memory = await createMemory({
      profile: { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 300 }] },
      contextRecall: { maxTokens: 120 },
    });
    turns = [];
    weatherCalls = [];
    tools = {
      weather: ai.tool({
        description: 'The weather in a city',
        inputSchema: ai.jsonSchema<{ city: string }>({
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        }),
        execute: async ({ city }) => (weatherCalls.push(city), { city, sky: 'sunny', tempC: 24 }),
      }),
      // A client-side tool: no execute, the browser adds its output (typed loosely: the SDK's
      // types refuse a tool without execute under exactOptionalPropertyTypes).
      askLocation: ai.tool({
        description: "The user's city",
        inputSchema: ai.jsonSchema({ type: 'object', properties: {} }),
      } as never) as ToolSet[string],
    };
  });
  afterEach(async () => {
    await server.close();
    await memory.close();
  });

  /** The app's route, as in the README. */
  async function POST(req: Request): Promise<Response> {
    const { id, messages, trigger } = (await req.json()) as { id: string; messages: UIMessage[]; trigger?: never };
    const turn = await chatTurn(memory, { sessionId: id, messages, trigger, system: 'You are a travel assistant.' });
    turns.push(turn);
    const result = ai.streamText({
      model: version.model(server.baseUrl),
      tools,
      stopWhen: ai.stepCountIs(4),
      maxRetries: 0,
      onError: () => undefined, // the failure reaches the client as an error part
      ...turn,
      abortSignal: req.signal,
    });
    return result.toUIMessageStreamResponse({ originalMessages: messages });
  }

  /** Post `messages` as useChat does (its transport, whose fetch calls the route in this process); the reply as useChat holds it (the last snapshot). */
  async function send(
    messages: UIMessage[],
    options: { trigger?: 'submit-message' | 'regenerate-message'; abort?: AbortController; stopAfter?: string } = {},
  ): Promise<UIMessage | undefined> {
    const transport = new ai.DefaultChatTransport<UIMessage>({
      api: 'http://app.test/api/chat',
      fetch: async (url, init) => POST(new Request(String(url), init as RequestInit)),
    });
    const stream = await transport.sendMessages({
      chatId: 'chat-1',
      messages,
      trigger: options.trigger ?? 'submit-message',
      messageId: undefined,
      abortSignal: options.abort?.signal,
    });
    let last: UIMessage | undefined;
    try {
      for await (const message of ai.readUIMessageStream({ stream })) {
        last = message;
        const text = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
        if (options.stopAfter && text.includes(options.stopAfter)) options.abort?.abort();
      }
    } catch (error) {
      if (!options.abort?.signal.aborted) throw error;
    }
    return last;
  }

  const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
  const stored = async () =>
    (await memory.exportSession('chat-1')).entries.map((e) => [e.type, e.role, e.tool?.name ?? '', e.content]);
  const lastPrompt = (): ChatBody['messages'] => server.requests.at(-1)!.body!.messages!;

  it('stores the question, then the reply with its tool call and result; the next turn stores only what is new', async () => {
    server.script(
      { kind: 'stream', chunks: [{ toolCall: { id: 'call_1', name: 'weather', arguments: '{"city":"Lisbon"}' } }] },
      { kind: 'stream', chunks: [{ text: 'It is sunny ' }, { text: 'in Lisbon.' }] },
      { kind: 'stream', chunks: [{ text: 'You are welcome.' }] },
    );
    const u1 = user('u1', 'What is the weather in Lisbon?');
    const a1 = await send([u1]);
    await turns[0]!.stored;
    // (v6's OpenAI provider opens the tool step with an empty text part: nothing to show or store)
    const shown = a1!.parts.filter((p) => p.type !== 'step-start' && !(p.type === 'text' && p.text === ''));
    expect(shown.map((p) => p.type)).toEqual(['tool-weather', 'text']);
    expect(weatherCalls).toEqual(['Lisbon']);
    expect(await stored()).toEqual([
      ['message', 'user', '', 'What is the weather in Lisbon?'],
      ['tool_call', 'assistant', 'weather', '{"city":"Lisbon"}'],
      ['tool_result', 'system', 'weather', '{"city":"Lisbon","sky":"sunny","tempC":24}'],
      ['message', 'assistant', '', 'It is sunny in Lisbon.'],
    ]);

    // useChat posts the whole chat again: only the new question is stored.
    await send([u1, a1!, user('u2', 'Thanks!')]);
    await turns[1]!.stored;
    expect((await stored()).slice(4)).toEqual([
      ['message', 'user', '', 'Thanks!'],
      ['message', 'assistant', '', 'You are welcome.'],
    ]);
    // The model got the prompt from memory: the app's system prompt, the tool turn, the question.
    expect(lastPrompt()!.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
    expect(lastPrompt()![0]!.content).toBe('You are a travel assistant.');
    expect(lastPrompt()!.at(-1)!.content).toBe('Thanks!');
  });

  it('recalls for the question being asked: a fact from turn 3 of 40 reaches the model', async () => {
    for (let i = 1; i <= 40; i++) {
      await memory.addUserMessage('chat-1', i === 3 ? 'My passport number is X1234567.' : `Turn ${i}: museum hours?`);
      await memory.addAssistantMessage('chat-1', 'They open at nine.');
    }
    server.script({ kind: 'stream', chunks: [{ text: 'It is X1234567.' }] });
    await send([user('q', 'What is my passport number?')]);
    const prompt = JSON.stringify(lastPrompt());
    expect(prompt).toContain('X1234567');
    expect(lastPrompt()![0]!.content).toMatch(/^You are a travel assistant\.\n\nRecalled/);
    expect(turns[0]!.context.recalled?.[0]?.entry.content).toBe('My passport number is X1234567.');
  });

  it('a failed request retried stores the question once and the reply once', async () => {
    server.script(
      { kind: 'status', status: 500, body: { error: { message: 'overloaded' } } },
      { kind: 'stream', chunks: [{ text: 'Hello!' }] },
    );
    const u1 = user('u1', 'Hi');
    await send([u1]);
    expect(await stored()).toEqual([['message', 'user', '', 'Hi']]);
    await send([u1]); // useChat's retry posts the same message (same id)
    await turns[1]!.stored;
    expect(await stored()).toEqual([
      ['message', 'user', '', 'Hi'],
      ['message', 'assistant', '', 'Hello!'],
    ]);
    // The same words as a new message (a new id) are a new turn.
    server.script({ kind: 'stream', chunks: [{ text: 'Hello again!' }] });
    await send([u1, user('u2', 'Hi')]);
    await turns[2]!.stored;
    expect((await stored()).filter(([, role]) => role === 'user')).toHaveLength(2);
  });

  it('a message posted again under its id with other words (an edit keeping the id): the first words stay', async () => {
    server.script({ kind: 'status', status: 500, body: { error: { message: 'overloaded' } } });
    await send([user('u1', 'Hi')]);
    server.script({ kind: 'stream', chunks: [{ text: 'Hello!' }] });
    await send([user('u1', 'Hi, how are you?')]);
    await turns[1]!.stored;
    expect(await stored()).toEqual([
      ['message', 'user', '', 'Hi'],
      ['message', 'assistant', '', 'Hello!'],
    ]);
    expect((await memory.getActiveEntries('chat-1'))[0]!.metadata).toEqual({ uiMessageId: 'u1' });
  });

  it('a request retried after its reply was stored: the prompt ends at the question, the first reply stays', async () => {
    server.script(
      { kind: 'stream', chunks: [{ text: 'Hello!' }] },
      { kind: 'stream', chunks: [{ text: 'Hi there, again.' }] },
      { kind: 'stream', chunks: [{ text: 'Hello!' }] },
    );
    const u1 = user('u1', 'Hi');
    await send([u1]);
    await turns[0]!.stored;
    // The response was lost on its way (a server killed after storing it): useChat posts u1 again.
    await send([u1]);
    expect(lastPrompt()!.at(-1)).toEqual({ role: 'user', content: 'Hi' });
    expect(await turns[1]!.stored).toEqual([]);
    // The same reply again is found, not stored twice.
    await send([u1]);
    expect((await turns[2]!.stored).map((e) => e.id)).toEqual(['u1:reply:0']);
    expect(await stored()).toEqual([
      ['message', 'user', '', 'Hi'],
      ['message', 'assistant', '', 'Hello!'],
    ]);
  });

  it('two requests of one turn at once (a retry while the first streams): question and reply stored once', async () => {
    server.script(
      { kind: 'stream', chunks: [{ text: 'First ' }, { text: 'answer.' }], delayMs: 30 },
      { kind: 'stream', chunks: [{ text: 'Second ' }, { text: 'answer.' }], delayMs: 30 },
    );
    const u1 = user('u1', 'Tell me something.');
    await Promise.all([send([u1]), send([u1])]);
    await Promise.all(turns.map((t) => t.stored));
    const all = await stored();
    expect(all.filter(([, role]) => role === 'user')).toEqual([['message', 'user', '', 'Tell me something.']]);
    expect(all.filter(([, role]) => role === 'assistant')).toHaveLength(1);
  });

  it('an aborted stream stores the finished steps, not the words being streamed; regenerate answers again', async () => {
    server.script(
      { kind: 'stream', chunks: [{ toolCall: { id: 'call_1', name: 'weather', arguments: '{"city":"Porto"}' } }] },
      { kind: 'stream', chunks: [{ text: 'In Porto it is ' }, { text: 'sunny and' }], delayMs: 20, hang: true },
    );
    const u1 = user('u1', 'Weather in Porto?');
    const abort = new AbortController();
    const partial = await send([u1], { abort, stopAfter: 'sunny' });
    expect(JSON.stringify(partial)).toContain('sunny and'); // what the user saw
    expect(await turns[0]!.stored).toHaveLength(2);
    expect(await stored()).toEqual([
      ['message', 'user', '', 'Weather in Porto?'],
      ['tool_call', 'assistant', 'weather', '{"city":"Porto"}'],
      ['tool_result', 'system', 'weather', '{"city":"Porto","sky":"sunny","tempC":24}'],
    ]);

    // useChat's regenerate drops the partial reply and posts the question again.
    server.script({ kind: 'stream', chunks: [{ text: 'Porto: sunny, 24°C.' }] });
    await send([u1], { trigger: 'regenerate-message' });
    await turns[1]!.stored;
    expect(lastPrompt()!.at(-1)).toEqual({ role: 'user', content: 'Weather in Porto?' });
    expect((await stored()).slice(3)).toEqual([['message', 'assistant', '', 'Porto: sunny, 24°C.']]);
  });

  it('client-side tools: the output useChat adds is stored with its call, then the reply', async () => {
    server.script(
      { kind: 'stream', chunks: [{ toolCall: { id: 'call_9', name: 'askLocation', arguments: '{}' } }] },
      { kind: 'stream', chunks: [{ text: 'Lisbon it is.' }] },
    );
    const u1 = user('u1', 'Where am I?');
    const a1 = (await send([u1]))!;
    await turns[0]!.stored;
    expect((await stored()).map(([type]) => type)).toEqual(['message', 'tool_call']);
    // The browser runs the tool and useChat posts the assistant message with its output.
    const answered = {
      ...a1,
      parts: a1.parts.map((p) =>
        p.type === 'tool-askLocation' ? { ...p, state: 'output-available', output: 'Lisbon' } : p,
      ),
    } as UIMessage;
    await send([u1, answered]);
    await send([u1, answered]).catch(() => undefined); // posted twice: stored once
    await turns[1]!.stored;
    expect((await stored()).slice(1, 4)).toEqual([
      ['tool_call', 'assistant', 'askLocation', '{}'],
      ['tool_result', 'system', 'askLocation', 'Lisbon'],
      ['message', 'assistant', '', 'Lisbon it is.'],
    ]);
  });

  it('refuses what is not a useChat request, naming the field, and stores nothing', async () => {
    await expect(chatTurn(memory, { sessionId: 'chat-1', messages: [] })).rejects.toThrow(
      /messages: expected a non-empty/,
    );
    await expect(
      chatTurn(memory, { sessionId: 'chat-1', messages: [{ role: 'user', parts: [{ type: 'text', text: 'x' }] }] }),
    ).rejects.toThrow(/messages\[0\]\.id: expected a string/);
    // OpenAI-shaped messages: what chatTurn expects, and where those go instead.
    await expect(
      chatTurn(memory, { sessionId: 'chat-1', messages: [{ role: 'user', content: 'Hi' }] }),
    ).rejects.toThrow(
      'messages[0]: expected a useChat UIMessage { id, role, parts } (what useChat posts), received { role, content }; ' +
        "other message shapes go to memory.addMessages(sessionId, messages, { format: 'openai' | 'ai-sdk' | … })",
    );
    await expect(
      chatTurn(memory, { sessionId: 'chat-1', messages: [user('u', 'x')], trigger: 'resume' as never }),
    ).rejects.toThrow(/trigger: expected 'submit-message' or 'regenerate-message'/);
    await expect(
      chatTurn(memory, { sessionId: 'chat-1', messages: [{ id: 't', role: 'tool', parts: [] }] }),
    ).rejects.toThrow(/messages\[0\]\.role: expected "user"/);
    expect(await memory.listSessions()).toEqual([]);
  });
});
