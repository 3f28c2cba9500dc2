/**
 * `recallkit/langchain` recalls for the question being asked: a chain built with
 * `withRecallKitHistory` (LangChain's real `RunnableWithMessageHistory` underneath) sends the
 * model what recall finds for the new input, although LangChain reads the history before it
 * stores that input. And `RecallKitRetriever` serves `recall()` as LangChain documents.
 */
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import type { ChatGenerationChunk } from '@langchain/core/outputs';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { RunnableWithMessageHistory } from '@langchain/core/runnables';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { RecallKitChatMessageHistory, RecallKitRetriever, withRecallKitHistory } from '../../src/langchain/index.js';
import type { Memory } from '../../src/memory.js';

/** A fake chat model that records every prompt it is sent (invoke and stream). */
class RecordingChatModel extends FakeListChatModel {
  readonly prompts: BaseMessage[][] = [];

  override async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    run?: CallbackManagerForLLMRun,
  ) {
    this.prompts.push(messages);
    return super._generate(messages, options, run);
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    run?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    this.prompts.push(messages);
    yield* super._streamResponseChunks(messages, options, run);
  }

  /** Everything the newest prompt said, one line per message. */
  lastPrompt(): string {
    return (this.prompts.at(-1) ?? []).map((m) => `${m.getType()}: ${String(m.content)}`).join('\n');
  }
}

const prompt = ChatPromptTemplate.fromMessages([
  ['system', 'You are a helpful travel assistant.'],
  new MessagesPlaceholder('history'),
  ['human', '{input}'],
]);

const TOPICS = ['the weather in Lisbon', 'a pasta recipe', 'train times to Porto', 'museum hours', 'a hotel breakfast'];
/** Turn `i` (1-based): turn 3 holds the fact, the others are filler that never mentions it. */
const turn = (i: number): string =>
  i === 3 ? 'My passport number is X1234567.' : `Turn ${i}: tell me about ${TOPICS[i % TOPICS.length]}, please.`;

/** The memory: a `max_tokens` 300 profile with recall in the context. */
const smallMemory = (): Promise<Memory> =>
  createMemory({
    profile: { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 300 }] },
    contextRecall: { maxTokens: 120 },
  });

describe('withRecallKitHistory', () => {
  it('at turn 61 the model sees the turn-3 fact the question asks for (invoke)', async () => {
    const memory = await smallMemory();
    const model = new RecordingChatModel({ responses: ['Noted, happy to help with that.'] });
    const chain = withRecallKitHistory(prompt.pipe(model), {
      memory,
      inputMessagesKey: 'input',
      historyMessagesKey: 'history',
    });
    expect(chain).toBeInstanceOf(RunnableWithMessageHistory);
    const config = { configurable: { sessionId: 'trip' } };
    for (let i = 1; i <= 60; i++) await chain.invoke({ input: turn(i) }, config);
    // The profile keeps a few turns only: the fact is long out of the kept history.
    expect(model.lastPrompt()).not.toContain('X1234567');

    await chain.invoke({ input: 'What is my passport number?' }, config);
    const sent = model.lastPrompt();
    expect(sent).toContain('X1234567');
    expect(sent.endsWith('human: What is my passport number?')).toBe(true);
    // Every turn stored once, in order, the question and its reply included.
    const entries = await memory.exportSession('trip');
    expect(entries.entries).toHaveLength(122);
    expect(entries.entries.slice(-2).map((e) => [e.role, e.content])).toEqual([
      ['user', 'What is my passport number?'],
      ['assistant', 'Noted, happy to help with that.'],
    ]);
  });

  it('keeps the previous exchange whole: the recalled block, the kept turns ending with the last reply, the question', async () => {
    // The memory: max_tokens 300, recall up to 1,000 tokens, a fact, 30 fillers, the question.
    const memory = await createMemory({
      profile: { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 300 }] },
      contextRecall: { maxTokens: 1000 },
    });
    const model = new RecordingChatModel({ responses: ['Here is a short answer about that.'] });
    const chain = withRecallKitHistory(prompt.pipe(model), {
      memory,
      inputMessagesKey: 'input',
      historyMessagesKey: 'history',
    });
    const config = { configurable: { sessionId: 'trip' } };
    await chain.invoke({ input: 'My passport number is X1234567.' }, config);
    for (let i = 0; i < 30; i++) await chain.invoke({ input: `Filler question ${i}: the weather in Lisbon?` }, config);
    await chain.invoke({ input: 'What is my passport number?' }, config);

    const sent = model.prompts.at(-1)!.map((m) => [m.getType(), String(m.content)]);
    expect(sent[0]).toEqual(['system', 'You are a helpful travel assistant.']);
    expect(sent[1]![0]).toBe('system');
    expect(sent[1]![1]).toMatch(/^Recalled from earlier conversations[\s\S]*X1234567/);
    // The history ends with the previous exchange whole, then the question: never two human turns in a row.
    expect(sent.slice(-3)).toEqual([
      ['human', 'Filler question 29: the weather in Lisbon?'],
      ['ai', 'Here is a short answer about that.'],
      ['human', 'What is my passport number?'],
    ]);
    const types = sent.map(([type]) => type);
    expect(types.some((t, i) => t === 'human' && types[i + 1] === 'human')).toBe(false);
  });

  it('drops the previous question when its reply does not fit, rather than send it without the reply', async () => {
    const memory = await smallMemory();
    const model = new RecordingChatModel({ responses: ['word '.repeat(400).trim(), 'Noted.'] });
    const chain = withRecallKitHistory(prompt.pipe(model), {
      memory,
      inputMessagesKey: 'input',
      historyMessagesKey: 'history',
    });
    const config = { configurable: { sessionId: 'trip' } };
    await chain.invoke({ input: 'Tell me everything about Lisbon.' }, config); // a reply over the whole budget
    await chain.invoke({ input: 'And Porto?' }, config);
    const types = model.prompts.at(-1)!.map((m) => m.getType());
    expect(types.slice(-1)).toEqual(['human']);
    expect(types.some((t, i) => t === 'human' && types[i + 1] === 'human')).toBe(false);
  });

  it('the same with the plain RunnableWithMessageHistory recalls for the previous question (why the wrapper exists)', async () => {
    const memory = await smallMemory();
    const model = new RecordingChatModel({ responses: ['Noted.'] });
    const chain = new RunnableWithMessageHistory({
      runnable: prompt.pipe(model),
      getMessageHistory: (sessionId: string) => new RecallKitChatMessageHistory({ memory, sessionId }),
      inputMessagesKey: 'input',
      historyMessagesKey: 'history',
    });
    const config = { configurable: { sessionId: 'trip' } };
    for (let i = 1; i <= 60; i++) await chain.invoke({ input: turn(i) }, config);
    await chain.invoke({ input: 'What is my passport number?' }, config);
    expect(model.lastPrompt()).not.toContain('X1234567');
  });

  it('streams, and stores the streamed reply once', async () => {
    const memory = await smallMemory();
    const model = new RecordingChatModel({ responses: ['Sure thing.'] });
    const chain = withRecallKitHistory(prompt.pipe(model), {
      memory,
      inputMessagesKey: 'input',
      historyMessagesKey: 'history',
    });
    const config = { configurable: { sessionId: 'trip' } };
    for (let i = 1; i <= 30; i++) await chain.invoke({ input: turn(i) }, config);
    let text = '';
    for await (const chunk of await chain.stream({ input: 'Remind me: my passport number?' }, config))
      text += String(chunk.content);
    expect(text).toBe('Sure thing.');
    expect(model.lastPrompt()).toContain('X1234567');
    await expect.poll(async () => (await memory.exportSession('trip')).entries.length).toBe(62);
    const last = (await memory.exportSession('trip')).entries.slice(-2).map((e) => e.content);
    expect(last).toEqual(['Remind me: my passport number?', 'Sure thing.']);
  });

  it('a retried turn whose input message has an id stores the question and its reply once', async () => {
    const memory = await smallMemory();
    // The retry's model call answers differently: the reply stored first stays.
    const model = new RecordingChatModel({ responses: ['It is sunny.', 'Sunny, 24 degrees.'] });
    const chain = withRecallKitHistory(model, { memory });
    const config = { configurable: { sessionId: 'r' } };
    const question = () => [new HumanMessage({ content: 'Weather in Lisbon?', id: 'q-1' })];
    await chain.invoke(question(), config);
    await chain.invoke(question(), config); // the client retried: the response never reached it
    const entries = (await memory.exportSession('r')).entries;
    expect(entries.map((e) => [e.id, e.role, e.content])).toEqual([
      ['q-1', 'user', 'Weather in Lisbon?'],
      ['q-1:reply:0', 'assistant', 'It is sunny.'],
    ]);
    // A human message with another content under a stored id is refused, naming it, and nothing is stored
    // (RunnableWithMessageHistory stores from a callback: LangChain logs the error there).
    const history = new RecallKitChatMessageHistory({ memory, sessionId: 'r' });
    await expect(history.addMessages([new HumanMessage({ content: 'Other', id: 'q-1' })])).rejects.toThrow(
      /messages\[0\]\.id: .*"q-1"/,
    );
    expect((await memory.exportSession('r')).entries).toHaveLength(2);
  });

  it('stores a LangChain message under its own id: the same message added again is found', async () => {
    const memory = await createMemory({ store: 'memory' });
    const history = new RecallKitChatMessageHistory({ memory, sessionId: 'ids' });
    const reply = new AIMessage({ content: 'Hello!', id: 'run-7' });
    await history.addMessages([new HumanMessage('Hi'), reply]);
    await history.addMessages([reply]);
    const entries = (await memory.exportSession('ids')).entries;
    expect(entries.map((e) => e.content)).toEqual(['Hi', 'Hello!']);
    expect(entries[1]!.id).toBe('run-7');
  });

  it('without historyMessagesKey (messages in, history put before them) the input is stored exactly once', async () => {
    const memory = await smallMemory();
    const model = new RecordingChatModel({ responses: ['Okay.'] });
    const chain = withRecallKitHistory(model, { memory });
    const config = { configurable: { sessionId: 'm' } };
    for (let i = 1; i <= 30; i++) await chain.invoke([new HumanMessage(turn(i))], config);
    await chain.invoke([new HumanMessage('What is my passport number?')], config);
    const sent = model.prompts.at(-1)!;
    expect(sent.some((m) => String(m.content).includes('X1234567'))).toBe(true);
    expect(sent.at(-1)!.content).toBe('What is my passport number?');
    const entries = (await memory.exportSession('m')).entries;
    expect(entries).toHaveLength(62);
    expect(entries.filter((e) => e.content === 'What is my passport number?')).toHaveLength(1);
  });

  it("takes a history per call (a user's own memory), and context options", async () => {
    const memories = new Map<string, Memory>();
    const memoryOf = async (user: string): Promise<Memory> => {
      if (!memories.has(user)) memories.set(user, await smallMemory());
      return memories.get(user)!;
    };
    const model = new RecordingChatModel({ responses: ['Fine.'] });
    const chain = withRecallKitHistory(prompt.pipe(model), {
      getMessageHistory: async (sessionId) => {
        const [user, chat] = sessionId.split('/') as [string, string];
        return new RecallKitChatMessageHistory({
          memory: await memoryOf(user),
          sessionId: chat,
          context: { recall: false },
        });
      },
      inputMessagesKey: 'input',
      historyMessagesKey: 'history',
    });
    for (let i = 1; i <= 30; i++) await chain.invoke({ input: turn(i) }, { configurable: { sessionId: 'ana/trip' } });
    await chain.invoke({ input: 'What is my passport number?' }, { configurable: { sessionId: 'ana/trip' } });
    // Recall turned off for these histories: the fact stays out.
    expect(model.lastPrompt()).not.toContain('X1234567');
    await chain.invoke({ input: 'What is my passport number?' }, { configurable: { sessionId: 'bob/trip' } });
    expect(await (await memoryOf('ana')).listSessions()).toHaveLength(1);
    expect((await (await memoryOf('bob')).exportSession('trip')).entries).toHaveLength(2);
  });

  it('refuses what it cannot use, naming the field', async () => {
    const memory = await smallMemory();
    expect(() => withRecallKitHistory({} as never, { memory })).toThrow(/runnable: expected a LangChain Runnable/);
    expect(() => withRecallKitHistory(prompt, {})).toThrow(
      /fields: expected exactly one of memory or getMessageHistory/,
    );
    expect(() => withRecallKitHistory(prompt, { memory: {} as never })).toThrow(/memory: expected a RecallKit memory/);
    expect(() => withRecallKitHistory(prompt, { memory, context: 'x' as never })).toThrow(
      /context: expected an object/,
    );
  });
});

describe('RecallKitRetriever', () => {
  it('finds the turns of the whole history for a query, as documents best first', async () => {
    const memory = await smallMemory();
    for (let i = 1; i <= 20; i++) {
      await memory.addUserMessage('trip', turn(i));
      await memory.addAssistantMessage('trip', 'Noted.');
    }
    await memory.addUserMessage('other', 'My passport expires in 2031.');
    const retriever = new RecallKitRetriever({ memory, sessionId: 'trip', topK: 3 });
    const docs = await retriever.invoke('passport number');
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.length).toBeLessThanOrEqual(3);
    expect(docs[0]!.pageContent).toBe('My passport number is X1234567.');
    expect(docs[0]!.metadata).toMatchObject({ sessionId: 'trip', type: 'message', role: 'user' });
    expect(docs[0]!.metadata.score).toBeGreaterThan(0);
    expect(docs.every((d) => d.metadata.sessionId === 'trip')).toBe(true);

    const all = new RecallKitRetriever({ memory, sessionId: 'trip', scope: 'all', topK: 5 });
    const sessions = new Set((await all.invoke('passport')).slice(0, 2).map((d) => d.metadata.sessionId));
    expect([...sessions].sort()).toEqual(['other', 'trip']);
  });

  it('refuses bad options with a ValidationError naming the field', async () => {
    const memory = await smallMemory();
    expect(() => new RecallKitRetriever({ memory, sessionId: '' })).toThrow(/sessionId: expected a non-empty string/);
    await expect(new RecallKitRetriever({ memory, sessionId: 's', topK: 0 }).invoke('x')).rejects.toThrow(
      /options.topK/,
    );
  });
});
