/**
 * `recallkit/langchain`: RecallKit as a LangChain.js chat message history, dropped into
 * `RunnableWithMessageHistory` with a real prompt template and a model runnable.
 */
import { BaseListChatMessageHistory } from '@langchain/core/chat_history';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { RunnableLambda, RunnableWithMessageHistory } from '@langchain/core/runnables';
import type { ChatPromptValueInterface } from '@langchain/core/prompt_values';
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { RecallKitChatMessageHistory } from '../../src/langchain/chat-message-history.js';

describe('RecallKitChatMessageHistory', () => {
  it('is a BaseListChatMessageHistory that RunnableWithMessageHistory reads and writes', async () => {
    const memory = await createMemory({ store: 'memory' });
    const seen: BaseMessage[][] = [];
    // A "model" that records its prompt and answers by the turn number.
    const model = RunnableLambda.from(async (prompt: ChatPromptValueInterface) => {
      const messages = prompt.toChatMessages();
      seen.push(messages);
      return new AIMessage(`reply ${seen.length}`);
    });
    const prompt = ChatPromptTemplate.fromMessages([
      ['system', 'You are helpful.'],
      new MessagesPlaceholder('history'),
      ['human', '{input}'],
    ]);
    const chain = new RunnableWithMessageHistory({
      runnable: prompt.pipe(model),
      getMessageHistory: (sessionId: string) => new RecallKitChatMessageHistory({ memory, sessionId }),
      inputMessagesKey: 'input',
      historyMessagesKey: 'history',
    });
    expect(new RecallKitChatMessageHistory({ memory, sessionId: 'x' })).toBeInstanceOf(BaseListChatMessageHistory);

    await chain.invoke({ input: 'My dog is called Pixel.' }, { configurable: { sessionId: 'chat-1' } });
    const second = await chain.invoke({ input: 'What is my dog called?' }, { configurable: { sessionId: 'chat-1' } });
    expect(second.content).toBe('reply 2');
    expect(seen[1]!.map((m) => [m.getType(), m.content])).toEqual([
      ['system', 'You are helpful.'],
      ['human', 'My dog is called Pixel.'],
      ['ai', 'reply 1'],
      ['human', 'What is my dog called?'],
    ]);
    expect((await memory.getActiveEntries('chat-1')).map((e) => [e.role, e.content])).toEqual([
      ['user', 'My dog is called Pixel.'],
      ['assistant', 'reply 1'],
      ['user', 'What is my dog called?'],
      ['assistant', 'reply 2'],
    ]);
    expect(await memory.listSessions()).toHaveLength(1);
  });

  it('gives back the compressed context: summaries as a system message, tool calls paired', async () => {
    const memory = await createMemory({
      store: 'memory',
      config: { maxEntries: 6, recentWindow: 2, minEntriesToCompress: 2 },
    });
    const history = new RecallKitChatMessageHistory({ memory, sessionId: 's' });
    await history.addMessages([
      new HumanMessage('Weather in Lisbon?'),
      new AIMessage({ content: '', tool_calls: [{ id: 'call_1', name: 'weather', args: { city: 'Lisbon' } }] }),
      new ToolMessage({ content: 'sunny', tool_call_id: 'call_1' }),
      new AIMessage('It is sunny.'),
    ]);
    let messages = await history.getMessages();
    expect(messages.map((m) => m.getType())).toEqual(['human', 'ai', 'tool', 'ai']);
    expect((messages[1] as AIMessage).tool_calls).toEqual([
      expect.objectContaining({ id: 'call_1', name: 'weather', args: { city: 'Lisbon' } }),
    ]);
    expect((messages[2] as ToolMessage).tool_call_id).toBe('call_1');
    for (let i = 0; i < 4; i++) {
      await history.addMessage(new HumanMessage(`question ${i}`));
      await history.addMessage(new AIMessage(`answer ${i}`));
    }
    messages = await history.getMessages();
    expect(messages[0]!.getType()).toBe('system');
    expect(String(messages[0]!.content)).toContain('summary');
    expect(messages.length).toBeLessThan(12);
    await history.clear();
    expect(await history.getMessages()).toEqual([]);
    expect(await memory.listSessions()).toEqual([]);
  });

  it('refuses a missing memory or session id', async () => {
    const memory = await createMemory({ store: 'memory' });
    expect(() => new RecallKitChatMessageHistory({ memory, sessionId: '' })).toThrow(
      /sessionId: expected a non-empty string/,
    );
    expect(() => new RecallKitChatMessageHistory({ memory: {} as never, sessionId: 's' })).toThrow(
      /memory: expected a RecallKit memory/,
    );
  });
});
