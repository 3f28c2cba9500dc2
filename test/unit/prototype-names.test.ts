/**
 * Issue #31: no name an object inherits (`constructor`, `__proto__`, `toString`, …) breaks a
 * chat. The shared suite (test/support/prototype-suite.ts) on the memory store; the adapters
 * (`chatTurn`, the LangChain history, `withRecallKitHistory`, the retriever) and the sync client
 * with every name as session id, word, tool name and call id; the maps keyed by user text
 * outside a chat (settings, sync headers, errors from a worker).
 */
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { RunnableLambda } from '@langchain/core/runnables';
import type { ChatPromptValueInterface } from '@langchain/core/prompt_values';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import { chatTurn } from '../../src/ai-sdk/index.js';
import { RecallKitChatMessageHistory, RecallKitRetriever, withRecallKitHistory } from '../../src/langchain/index.js';
import { ValidationError } from '../../src/errors.js';
import { checkSyncOptions } from '../../src/sync/client/options.js';
import { fromWireError } from '../../src/worker/wire-error.js';
import { createDeviceStore } from '../../src/sync/client/device-state.js';
import { fetchSummarizer } from '../../src/summarizers/fetch.js';
import { fetchEmbedder } from '../../src/embedders/fetch-embedder.js';
import { int, parseProfile, registerStrategy } from '../../src/strategies/index.js';
import type { Memory } from '../../src/memory.js';
import { describePrototypeSafety } from '../support/prototype-suite.js';
import { PROTOTYPE_NAMES, SEARCHABLE_NAMES, own } from '../support/prototype-names.js';
import { startMemorySyncServer, type MemorySyncServer } from '../support/sync-memory-server.js';

describePrototypeSafety('memory store', {
  async storage() {
    const shared = memoryStore();
    // A reopen over the same data: the memory's close leaves the shared store open.
    const store = { ...shared, close: async () => undefined };
    return (options = {}) => createMemory({ ...options, store });
  },
});

const open: Memory[] = [];
const opened = async (m: Promise<Memory>): Promise<Memory> => {
  open.push(await m);
  return open[open.length - 1]!;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((m) => m.close()));
});
const json = (v: unknown): string => JSON.stringify(v);

describe('Object.prototype names through the adapters', () => {
  it('chatTurn stores each name as UI message id, word, tool name and call id, and recalls it', async () => {
    const memory = await opened(createMemory({ contextRecall: { maxTokens: 300 } }));
    for (const w of PROTOTYPE_NAMES) {
      const turn = await chatTurn(memory, {
        sessionId: w,
        messages: [{ id: w, role: 'user', parts: [{ type: 'text', text: `what is ${w}?` }] }],
      });
      expect(turn.messages.at(-1)).toMatchObject({ role: 'user' });
      await turn.onFinish({
        response: {
          messages: [
            { role: 'assistant', content: [{ type: 'tool-call', toolCallId: w, toolName: w, input: own(w, w) }] },
            {
              role: 'tool',
              content: [
                { type: 'tool-result', toolCallId: w, toolName: w, output: { type: 'json', value: own(w, w) } },
              ],
            },
            { role: 'assistant', content: [{ type: 'text', text: `${w} is a word` }] },
          ],
        },
      });
      expect(await turn.stored).toHaveLength(3);
      // A retry of the same UI message stores nothing twice.
      await chatTurn(memory, {
        sessionId: w,
        messages: [{ id: w, role: 'user', parts: [{ type: 'text', text: 'x' }] }],
      });
      const entries = await memory.getActiveEntries(w);
      expect(entries.map((e) => [e.type, e.tool?.name ?? null, e.tool?.callId ?? null, e.content])).toEqual([
        ['message', null, null, `what is ${w}?`],
        ['tool_call', w, w, json(own(w, w))],
        ['tool_result', w, w, json(own(w, w))],
        ['message', null, null, `${w} is a word`],
      ]);
      expect(entries[0]!.metadata).toEqual({ uiMessageId: w });
    }
    for (const w of SEARCHABLE_NAMES) {
      const next = await chatTurn(memory, {
        sessionId: w,
        messages: [{ id: `${w} 2`, role: 'user', parts: [{ type: 'text', text: `tell me about ${w} again` }] }],
      });
      expect(json(next.messages)).toContain(`${w} is a word`);
    }
  });

  it('the LangChain history, withRecallKitHistory and the retriever keep each name as word, tool name and call id', async () => {
    const memory = await opened(createMemory({ contextRecall: { maxTokens: 300 } }));
    for (const w of PROTOTYPE_NAMES) {
      const history = new RecallKitChatMessageHistory({ memory, sessionId: w });
      await history.addMessages([
        new HumanMessage(`look up ${w}`),
        new AIMessage({ content: '', tool_calls: [{ id: w, name: w, args: own(w, w), type: 'tool_call' }] }),
        new ToolMessage({ tool_call_id: w, content: `${w} found` }),
        new AIMessage(`${w} is a word`),
      ]);
      const back = await history.getMessages();
      expect(back.map((m) => [m.getType(), m.content])).toEqual([
        ['human', `look up ${w}`],
        ['ai', ''],
        ['tool', `${w} found`],
        ['ai', `${w} is a word`],
      ]);
      expect((back[1] as AIMessage).tool_calls).toEqual([{ id: w, name: w, args: own(w, w), type: 'tool_call' }]);
    }
    const seen: BaseMessage[][] = [];
    const model = RunnableLambda.from(async (prompt: ChatPromptValueInterface) => {
      seen.push(prompt.toChatMessages());
      return new AIMessage(`noted ${seen.length}`);
    });
    const prompt = ChatPromptTemplate.fromMessages([new MessagesPlaceholder('history'), ['human', '{input}']]);
    const chain = withRecallKitHistory(prompt.pipe(model), {
      memory,
      inputMessagesKey: 'input',
      historyMessagesKey: 'history',
    });
    for (const w of SEARCHABLE_NAMES) {
      await chain.invoke({ input: `and ${w}?` }, { configurable: { sessionId: w } });
      expect(json(seen.at(-1)!.map((m) => m.content))).toContain(`${w} is a word`);
      const docs = await new RecallKitRetriever({ memory, sessionId: w, topK: 20 }).invoke(w);
      expect(docs.map((d) => d.pageContent)).toContain(`look up ${w}`);
      const all = await new RecallKitRetriever({ memory, sessionId: w, topK: 50, scope: 'all' }).invoke(w);
      expect(all.filter((d) => d.metadata['sessionId'] === w).map((d) => d.pageContent)).toContain(`${w} found`);
    }
  });
});

describe('Object.prototype names through sync (client and an in-memory endpoint)', () => {
  let server: MemorySyncServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('two devices converge on sessions, entries, tool names and call ids of every name, and a third pulls them all', async () => {
    server = await startMemorySyncServer();
    const headers = {
      ...Object.fromEntries(PROTOTYPE_NAMES.map((w) => [w, `value of ${w}`])),
      authorization: 'Bearer secret',
    };
    const sync = { url: server.url, headers, intervalMs: 0 };
    const device = () => opened(createMemory({ sync, contextRecall: { maxTokens: 300 } }));
    const [a, b] = [await device(), await device()];
    for (const w of PROTOTYPE_NAMES) {
      await a.addUserMessage(w, `I typed ${w}`, own(w, w));
      await b.addToolCall(w, w, own(w, w), { callId: w });
      await b.addToolResult(w, w, `${w} done`, { callId: w });
    }
    await a.sync();
    await b.sync();
    await a.sync();
    const exports = async (m: Memory) =>
      json(await Promise.all([...PROTOTYPE_NAMES].sort().map((w) => m.exportSession(w))));
    expect(await exports(a)).toBe(await exports(b));
    const c = await device();
    await c.sync();
    expect(await exports(c)).toBe(await exports(a));
    for (const w of SEARCHABLE_NAMES) {
      expect((await c.recall(w, w)).map((r) => r.entry.content)).toContain(`I typed ${w}`);
      const ctx = await c.getContextForLLM(w, { query: w });
      expect(json(ctx.messages)).toContain(`${w} done`);
    }
    // Every header reached the server (but `__proto__`: Node's own fetch never sends a header of that
    // name, from an object or from name-value pairs; a browser's does).
    const sent = server.rawHeaders;
    for (const w of PROTOTYPE_NAMES.filter((name) => name !== '__proto__'))
      expect(sent[sent.findIndex((h) => h.toLowerCase() === w.toLowerCase()) + 1], w).toBe(`value of ${w}`);
    // Later rounds push nothing new: every session was recorded as scanned, `__proto__` too.
    const pushed = server.pushed.length;
    await a.sync();
    await b.sync();
    expect(server.pushed.length).toBe(pushed);
  });
});

describe('maps keyed by user text outside a chat', () => {
  it('settings named after Object.prototype members are unknown settings, refused with the field', async () => {
    for (const w of PROTOTYPE_NAMES) {
      const error = await createMemory({ config: own(w, 5) as never }).then(
        (m) => (open.push(m), undefined),
        (e: unknown) => e,
      );
      expect(error, w).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ field: `config.${w}` });
    }
    const memory = await opened(createMemory());
    for (const w of PROTOTYPE_NAMES)
      await expect(memory.updateConfig(own(w, 1) as never)).rejects.toMatchObject({ field: `updateConfig.${w}` });
  });

  it('sync headers of every name are kept as given', () => {
    const headers = Object.fromEntries(PROTOTYPE_NAMES.map((w) => [w, `value of ${w}`]));
    const checked = checkSyncOptions({ url: 'https://sync.example.com/v1', headers }, 'sync');
    expect(Object.entries(checked!.headers)).toEqual(Object.entries(headers));
  });

  it("the sync client's device state keeps a scanned version and a set-aside op for sessions of every name", async () => {
    const store = memoryStore();
    const device = createDeviceStore(store, 'device-1');
    const state = await device.load();
    expect(state.scanned.constructor).toBeUndefined();
    PROTOTYPE_NAMES.forEach((w, i) => {
      state.scanned[w] = i + 1;
      state.refused[w] = `refused ${w}`;
    });
    await device.save(state);
    // Read back from the store (a structured clone): every name is its own key, nothing inherited.
    const back = await createDeviceStore(store, 'device-1').load();
    expect(Object.entries(back.scanned)).toEqual(PROTOTYPE_NAMES.map((w, i) => [w, i + 1]));
    expect(Object.entries(back.refused)).toEqual(PROTOTYPE_NAMES.map((w) => [w, `refused ${w}`]));
    const fresh = await createDeviceStore(memoryStore(), 'device-2').load();
    for (const w of PROTOTYPE_NAMES) expect([fresh.scanned[w], fresh.refused[w]], w).toEqual([undefined, undefined]);
    await store.close();
  });

  it('fetchSummarizer sends headers of every name as given', async () => {
    const sent: Headers[] = [];
    const summarizer = fetchSummarizer({
      url: 'https://llm.example.com/v1',
      model: 'm',
      headers: Object.fromEntries(PROTOTYPE_NAMES.map((w) => [w, `value of ${w}`])),
      fetch: async (_url, init) => {
        sent.push(new Headers(init?.headers));
        return Response.json({ choices: [{ message: { content: 'a summary' } }] });
      },
    });
    expect(await summarizer.summarize('text', { sessionId: 's', pass: 1, passes: 1, entries: [] })).toBe('a summary');
    for (const w of PROTOTYPE_NAMES) expect(sent[0]!.get(w), w).toBe(`value of ${w}`);
  });

  it('fetchEmbedder sends headers of every name as given', async () => {
    const sent: Headers[] = [];
    const embed = fetchEmbedder({
      baseURL: 'https://llm.example.com/v1',
      model: 'm',
      headers: Object.fromEntries(PROTOTYPE_NAMES.map((w) => [w, `value of ${w}`])),
      fetch: (async (_url: URL, init: RequestInit) => {
        sent.push(new Headers(init.headers));
        return Response.json({ data: [{ index: 0, embedding: [1, 0] }] });
      }) as unknown as typeof fetch,
    });
    expect(await embed(['constructor'])).toEqual([[1, 0]]);
    for (const w of PROTOTYPE_NAMES) expect(sent[0]!.get(w), w).toBe(`value of ${w}`);
  });

  it('a registered strategy whose fields are named after members reads each from the profile, or its default', async () => {
    registerStrategy('prototype_named_fields', {
      kind: 'short_term',
      fields: { toString: int(3, 1), valueOf: int(4, 1), hasOwnProperty: int(5, 1) },
      create: () => ({ id: 'prototype_named_fields', select: (selection) => selection }),
    });
    const profile = { short_term_memory_strategy: [{ memory_strategy_id: 'prototype_named_fields', valueOf: 9 }] };
    expect(parseProfile(profile).short_term_memory_strategy[0]).toMatchObject({
      toString: 3,
      valueOf: 9,
      hasOwnProperty: 5,
    });
    const memory = await opened(createMemory({ profile }));
    await memory.addUserMessage('s', 'constructor');
    expect((await memory.getContextForLLM('s')).messages).toHaveLength(1);
  });

  it('an error from a worker named after a member is an Error of that name, not the member', () => {
    for (const w of PROTOTYPE_NAMES) {
      const error = fromWireError({ recallkitError: true, name: w, message: `failed: ${w}` });
      expect(error, w).toBeInstanceOf(Error);
      expect([error.name, error.message]).toEqual([w, `failed: ${w}`]);
    }
  });
});

describe('a recall index stored by the previous release', () => {
  it('whose segment holds a term that JSON wrote as null (the stemmer gave a function) is rebuilt, and finds the word', async () => {
    const shared = memoryStore();
    const store = { ...shared, close: async () => undefined };
    const first = await createMemory({ store, contextRecall: { maxTokens: 300 } });
    await first.addUserMessage('chat', 'the constructor runs first');
    await first.addAssistantMessage('chat', 'noted');
    await first.getContextForLLM('chat');
    await first.close();
    // A JSON-backed store under the previous release: the term "constructor" was `Object`, which
    // JSON.stringify writes as null in the segment's term list.
    const segment = (await shared.loadAux('chat', 'recall:seg:0')) as { terms: (string | null)[] };
    expect(segment.terms).toContain('constructor');
    segment.terms = segment.terms.map((t) => (t === 'constructor' ? null : t));
    const meta = (await shared.loadMeta('chat'))!;
    await shared.write('chat', { meta: { ...meta, version: meta.version + 1 }, aux: { 'recall:seg:0': segment } });

    const upgraded = await createMemory({ store, contextRecall: { maxTokens: 300 } });
    expect((await upgraded.recall('chat', 'constructor')).map((r) => r.entry.content)).toContain(
      'the constructor runs first',
    );
    expect(((await shared.loadAux('chat', 'recall:seg:0')) as { terms: unknown[] }).terms).toContain('constructor');
    expect((await upgraded.getActiveEntries('chat')).map((e) => e.content)).toEqual([
      'the constructor runs first',
      'noted',
    ]);
    await upgraded.close();
    await shared.close();
  });
});
