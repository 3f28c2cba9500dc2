/**
 * Facts through `createMemory` on the memory store (test/postgres/facts-pg.test.ts runs this
 * file again on PostgreSQL and PGlite): extraction in the background from user turns only,
 * supersession across chats, out-of-order imports, facts the user set, forgetting, the context
 * block, export and import, reload, store faults, and any order of arrival.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemory, type MemoryOptions } from '../../src/create-memory.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { Memory } from '../../src/memory.js';
import type { FactsChange } from '../../src/facts/types.js';
import type { StoreAdapter, StoreBatch, TokenCounter } from '../../src/types.js';
import { faultStore } from '../support/fault-store.js';
import { ValidationError } from '../../src/errors.js';

const counter: TokenCounter = { count: (t) => Math.ceil(t.length / 4) };
const DAY = 86_400_000;
/** An ISO time `days` before now. */
const ago = (days: number): string => new Date(Date.now() - days * DAY).toISOString();
const open = (options: MemoryOptions = {}): Promise<Memory> =>
  createMemory({ store: 'memory', tokenizer: counter, facts: {}, ...options });
/** A store that survives `close()` (to open a second memory on it), closed by `end()`. */
function kept(inner: StoreAdapter): StoreAdapter & { end(): Promise<void> } {
  return { ...inner, close: async () => undefined, end: () => inner.close() };
}
const values = async (m: Memory, history = false) =>
  (await m.listFacts({ history })).map((f) => `${f.attribute}=${f.value}:${f.status}`);
const isFactsWrite = (b: StoreBatch | undefined): boolean =>
  !!b?.putEntries?.some((e) => e.sessionId === '__recallkit_facts__');

describe('facts: extraction', () => {
  it('reads user turns after the add resolves, never assistant, tool or context entries', async () => {
    const m = await open();
    const changes: FactsChange[] = [];
    m.on('facts:changed', (c) => changes.push(c));
    const entry = await m.addUserMessage('c1', 'Hello! I live in Lyon.', undefined, { timestamp: ago(200) });
    expect(entry.content).toBe('Hello! I live in Lyon.');
    await m.addAssistantMessage('c1', 'I live in Paris, said the assistant.');
    await m.addContext('c1', 'I live in Rome', 'a file');
    await m.addToolCall('c1', 'lookup', { q: 'I live in Madrid' }, { callId: 'k1' });
    await m.addToolResult('c1', 'lookup', 'I live in Oslo', { callId: 'k1' });
    await m.addUserMessage('c1', 'If I lived in Rome I would be happy. Do I live in Vienna?');
    await m.idle();
    expect(await values(m)).toEqual(['city=Lyon:current']);
    expect(changes).toEqual([{ cause: 'extracted', added: [expect.any(String)], changed: [], removed: [] }]);
    await m.close();
  });

  it('never delays an add: a facts log whose writes hang leaves adds and contexts answering; idle() waits', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inner = memoryStore();
    const store: StoreAdapter = {
      ...inner,
      async write(sessionId, batch) {
        if (sessionId === '__recallkit_facts__') await gate;
        return inner.write(sessionId, batch);
      },
    };
    const m = await open({ store });
    await m.addUserMessage('c1', 'I live in Lyon.');
    await m.addUserMessage('c1', 'I am vegetarian.');
    const ctx = await m.getContextForLLM('c1');
    expect(ctx.messages.map((x) => x.content)).toEqual(['I live in Lyon.', 'I am vegetarian.']);
    let idle = false;
    const waiting = m.idle().then(() => (idle = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(idle).toBe(false);
    release();
    await waiting;
    expect((await values(m)).sort()).toEqual(['city=Lyon:current', 'diet=vegetarian:current']);
    await m.close();
  });

  it('a store refusing the facts write is an error event, retried: nothing is lost', async () => {
    const store = faultStore();
    store.fail('write', { match: isFactsWrite, times: 2 });
    const m = await open({ store, config: { compressionRetryMs: 5, compressionRetryMaxMs: 10 } });
    const errors: Error[] = [];
    m.on('error', (_s, e) => errors.push(e));
    const stored = new Promise((resolve) => m.on('facts:changed', resolve));
    await m.addUserMessage('c1', 'I live in Lyon.');
    await m.idle();
    expect(errors.length).toBeGreaterThan(0);
    await stored; // the retry after the backoff
    await m.idle();
    expect(await values(m)).toEqual(['city=Lyon:current']);
    await m.close();
  });

  it('turns already stored when facts are turned on, and imported sessions, are read', async () => {
    const store = kept(memoryStore());
    const off = await createMemory({ store, tokenizer: counter });
    await off.addUserMessage('old', 'I live in Lyon.', undefined, { timestamp: ago(300) });
    await expect(off.listFacts()).rejects.toThrow(ValidationError);
    await off.close();
    const m = await open({ store });
    await m.idle();
    expect(await values(m)).toEqual(['city=Lyon:current']);
    const other = await open();
    await other.addUserMessage('x', 'We moved to Berlin.', undefined, { timestamp: ago(30) });
    await m.importSession(await other.exportSession('x'));
    await m.idle();
    expect(await values(m, true)).toEqual(['city=Lyon:superseded', 'city=Berlin:current']);
    await Promise.all([m.close(), other.close()]);
    await store.end();
  });
});

describe('facts: what changes, and what the model sees', () => {
  it('a newer value in a later chat supersedes the old, explained; a new chat sees the new value and the old', async () => {
    const m = await open();
    await m.addUserMessage('may', 'I live in Lyon, it is lovely.', undefined, { timestamp: ago(200) });
    await m.addUserMessage('sept', 'We moved to Berlin last month.', undefined, { timestamp: ago(60) });
    await m.idle();
    const history = await m.listFacts({ history: true });
    const [lyon, berlin] = history;
    expect(lyon).toMatchObject({ value: 'Lyon', status: 'superseded', supersededBy: berlin!.id, origin: 'rules' });
    expect(lyon!.reason).toContain('Berlin');
    expect(lyon!.until).toBe(berlin!.since);
    expect(await m.listFacts()).toEqual([berlin]);
    expect(await m.listFacts({ attribute: 'city' })).toEqual([berlin]);

    await m.addUserMessage('new', "What's a good weekend trip from where I live?");
    const ctx = await m.getContextForLLM('new');
    const block = ctx.messages[0]!;
    expect(block.role).toBe('system');
    expect(block.content).toContain('Known about the user');
    expect(block.content).toContain(
      `The user lives in Berlin (since ${berlin!.since!.slice(0, 7)}; before that Lyon).`,
    );
    expect(ctx.facts!.included.map((f) => f.id)).toEqual([berlin!.id]);
    expect(ctx.facts!.included[0]!.reason).toContain('"live"');
    // Every format carries it: Anthropic's system text.
    const anthropic = await m.getContextForLLM('new', { format: 'anthropic' });
    expect(anthropic.system).toContain('The user lives in Berlin');
    expect(anthropic.tokenCount).toBe(ctx.tokenCount);
    for (const format of ['ai-sdk', 'langchain'] as const) {
      const other = await m.getContextForLLM('new', { format });
      expect(JSON.stringify(other.messages)).toContain('The user lives in Berlin');
      expect(other.facts).toEqual(ctx.facts);
    }
    await m.close();
  });

  it('an older turn imported later never becomes current', async () => {
    const m = await open();
    await m.addUserMessage('now', 'I live in Berlin.', undefined, { timestamp: ago(10) });
    const old = await open();
    await old.addUserMessage('2019', 'I live in Paris.', undefined, { timestamp: ago(2000) });
    await m.importSession(await old.exportSession('2019'));
    await m.idle();
    expect(await values(m, true)).toEqual(['city=Paris:superseded', 'city=Berlin:current']);
    await Promise.all([m.close(), old.close()]);
  });

  it('the block holds within facts.maxTokens and the cap; the most relevant facts go first; the question stays', async () => {
    const m = await open({ facts: { maxTokens: 40 } });
    await m.addUserMessage('a', 'I live in Lyon. I am vegetarian. My dog is called Rex. I work at Acme Corp.');
    await m.idle();
    await m.addUserMessage('q', 'What should I cook for dinner tonight?');
    const ctx = await m.getContextForLLM('q');
    expect(ctx.facts!.tokenCount).toBeLessThanOrEqual(40);
    expect(ctx.facts!.included[0]!.line).toContain('vegetarian');
    expect(ctx.facts!.left.length).toBeGreaterThan(0);
    expect(ctx.facts!.left[0]!.reason).toContain('full');
    for (const cap of [32, 40, 60, 90, 200]) {
      const capped = await m.getContextForLLM('q', { maxTokens: cap });
      expect(capped.tokenCount).toBeLessThanOrEqual(cap);
      expect(capped.messages.at(-1)!.content).toBe('What should I cook for dinner tonight?');
    }
    // facts.maxTokens 0 keeps facts out of the context.
    const none = await open({ facts: { maxTokens: 0 } });
    await none.addUserMessage('a', 'I live in Lyon.');
    await none.idle();
    expect((await none.getContextForLLM('a')).messages).toHaveLength(1);
    await Promise.all([m.close(), none.close()]);
  });

  it('inside a profile budget: the block counts in it, the history gives way', async () => {
    const budget = 120;
    const m = await open({
      profile: { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: budget }] },
    });
    await m.addUserMessage('a', 'I live in Lyon. I am vegetarian.');
    for (let i = 0; i < 20; i++) {
      await m.addUserMessage('a', `Turn ${i} with a few words to take some room in the window.`);
      await m.addAssistantMessage('a', `Reply ${i} with a few more words.`);
    }
    await m.idle();
    const ctx = await m.getContextForLLM('a');
    expect(ctx.tokenCount).toBeLessThanOrEqual(budget);
    expect(ctx.messages[0]!.content).toContain('Known about the user');
    await m.close();
  });
});

describe('facts the user sets', () => {
  it('are validated, naming the field', async () => {
    const m = await open();
    await expect(m.setFact({ text: '' })).rejects.toThrow(/fact\.text/);
    await expect(m.setFact({ text: 'x', value: 'y' })).rejects.toThrow(/fact\.attribute/);
    await expect(m.setFact({ text: 'x', attribute: 'a b!', value: 'y' })).rejects.toThrow(/fact\.attribute/);
    await expect(m.setFact({ text: 'x', colour: 'red' } as never)).rejects.toThrow(/fact\.colour/);
    await expect(m.listFacts({ history: 'yes' } as never)).rejects.toThrow(/options\.history/);
    await expect(m.forgetFact('nope')).rejects.toThrow(/^id: /);
    await m.close();
  });

  it('survive every later extraction; a later setFact replaces them', async () => {
    const m = await open();
    const mine = await m.setFact({ text: 'I live in Berlin', attribute: 'city', value: 'Berlin' });
    expect(mine).toMatchObject({ origin: 'user', status: 'current', value: 'Berlin' });
    await m.addUserMessage('c', 'We moved to Munich.', undefined, { timestamp: ago(-1) });
    await m.addUserMessage('c', "I don't live in Berlin anymore.", undefined, { timestamp: ago(-2) });
    await m.idle();
    expect(await values(m)).toEqual(['city=Berlin:current']);
    const munich = (await m.listFacts({ history: true })).find((f) => f.value === 'Munich')!;
    expect(munich).toMatchObject({ status: 'superseded', supersededBy: mine.id });
    expect(munich.reason).toMatch(/never overrides a fact the user set/);
    const rome = await m.setFact({ text: 'I live in Rome', attribute: 'city', value: 'Rome' });
    expect(await m.listFacts()).toEqual([rome]);
    await m.close();
  });

  it('Object.prototype names are data', async () => {
    const m = await open();
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      await m.setFact({
        text: `My ${name} is ${name}`,
        attribute: name === '__proto__' ? 'proto_x' : name,
        value: name,
      });
      expect(await m.listFacts({ attribute: 'isPrototypeOf' })).toEqual([]);
    }
    expect((await m.listFacts()).map((f) => f.value).sort()).toEqual(
      ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'].sort(),
    );
    const copy = await open();
    await copy.importFacts(await m.exportFacts());
    expect(await copy.listFacts()).toEqual(await m.listFacts());
    await Promise.all([m.close(), copy.close()]);
  });
});

describe('forgetting', () => {
  it('a forgotten fact and its history are gone from facts, context, recall and export; turns stay', async () => {
    const m = await open();
    await m.addUserMessage('a', 'I live in Lyon.', undefined, { timestamp: ago(100) });
    await m.addUserMessage('b', 'We moved from Lyon to Berlin.', undefined, { timestamp: ago(50) });
    await m.idle();
    const berlin = (await m.listFacts())[0]!;
    const changes: FactsChange[] = [];
    m.on('facts:changed', (c) => changes.push(c));
    await m.forgetFact(berlin.id);
    expect(await m.listFacts({ history: true })).toEqual([]);
    expect(changes.at(-1)).toMatchObject({ cause: 'forgotten', removed: expect.arrayContaining([berlin.id]) });
    const exported = JSON.stringify(await m.exportFacts());
    expect(exported).not.toMatch(/lyon|berlin/i);
    await m.addUserMessage('c', 'Where do I live?');
    const ctx = await m.getContextForLLM('c');
    expect(ctx.facts).toBeUndefined();
    expect(JSON.stringify(ctx.messages)).not.toMatch(/lyon|berlin/i);
    const hits = await m.recall('c', 'Berlin', { scope: 'all' });
    expect(hits.every((h) => !h.entry.sessionId.startsWith('__recallkit'))).toBe(true);
    expect(hits.map((h) => h.entry.sessionId)).toEqual(['b']); // the turn stays
    // Reading the turns again (an import of the same history) brings nothing back.
    await m.importSession(await m.exportSession('a'), { replace: true });
    await m.importSession(await m.exportSession('b'), { replace: true });
    await m.idle();
    expect(await m.listFacts({ history: true })).toEqual([]);
    // A new statement after the forget is a new fact.
    await m.addUserMessage('d', 'I live in Berlin.', undefined, { timestamp: ago(-1) });
    await m.idle();
    expect(await values(m)).toEqual(['city=Berlin:current']);
    await m.close();
  });

  it('forgetting an old value keeps the current one, and takes the old one out of its wording', async () => {
    const m = await open();
    await m.addUserMessage('b', 'We moved from Lyon to Berlin.', undefined, { timestamp: ago(50) });
    await m.idle();
    const lyon = (await m.listFacts({ history: true })).find((f) => f.value === 'Lyon')!;
    await m.forgetFact(lyon.id);
    expect(await values(m, true)).toEqual(['city=Berlin:current']);
    expect(JSON.stringify(await m.listFacts({ history: true }))).not.toMatch(/lyon/i);
    expect(JSON.stringify(await m.exportFacts())).not.toMatch(/lyon/i);
    await m.close();
  });
});

describe('facts across reloads and memories', () => {
  it('survive a reload, and an export imported elsewhere gives the same facts', async () => {
    const store = kept(memoryStore());
    const a = await open({ store });
    await a.addUserMessage('1', 'I live in Lyon. My dog is called Rex.', undefined, { timestamp: ago(90) });
    await a.addUserMessage('2', 'We moved to Berlin.', undefined, { timestamp: ago(20) });
    await a.setFact({ text: 'Prefers short answers' });
    await a.idle();
    const before = await a.listFacts({ history: true });
    await a.close();
    const b = await open({ store });
    expect(await b.listFacts({ history: true })).toEqual(before);
    const c = await open();
    await c.importFacts(await b.exportFacts());
    await c.importFacts(await b.exportFacts());
    expect(await c.listFacts({ history: true })).toEqual(before);
    await expect(c.importFacts({ schemaVersion: 1, records: [{ type: 'stated' }] } as never)).rejects.toThrow(
      /state\.records\[0\]/,
    );
    await Promise.all([b.close(), c.close()]);
    await store.end();
  });

  it('any order of arrival of the same turns gives the same facts', async () => {
    const base = Date.now();
    const at = (days: number): string => new Date(base - days * DAY).toISOString();
    const turns = [
      { s: 'a', text: 'I live in Lyon.', at: 300 },
      { s: 'b', text: 'We moved to Berlin.', at: 200 },
      { s: 'c', text: 'I am vegetarian.', at: 250 },
      { s: 'a', text: "I'm not vegetarian anymore.", at: 150 },
      { s: 'd', text: 'My dog is called Rex. My cat is called Tom.', at: 120 },
      { s: 'b', text: 'We moved to Paris.', at: 100 },
    ];
    const reference = await open();
    for (const t of turns) await reference.addUserMessage(t.s, t.text, undefined, { timestamp: at(t.at) });
    await reference.idle();
    /** The facts with ids replaced by values (entry ids differ between two memories). */
    const shape = async (m: Memory) => {
      const facts = await m.listFacts({ history: true });
      const name = new Map(facts.map((f) => [f.id, f.value]));
      // Two facts of one turn tie on time: their order follows their ids, which differ between memories.
      return facts
        .map(({ id: _, sources, supersededBy, ...f }) => ({
          ...f,
          by: supersededBy && name.get(supersededBy),
          sources: sources.map((s) => s.quote),
        }))
        .sort((x, y) => `${x.value}${x.status}`.localeCompare(`${y.value}${y.status}`));
    };
    const want = await shape(reference);
    await reference.close();
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(turns, { minLength: turns.length }), async (order) => {
        const m = await open();
        for (const t of order) await m.addUserMessage(t.s, t.text, undefined, { timestamp: at(t.at) });
        await m.idle();
        const got = await shape(m);
        await m.close();
        expect(got).toEqual(want);
      }),
      { numRuns: 15, seed: 34 },
    );
  });
});
