/**
 * Issue #31's suite: every name an object inherits (`constructor`, `__proto__`, `toString`, …)
 * sent through every public path of a `Memory` (as words of every kind of content, session ids,
 * tool names and call ids, sources, speakers, metadata keys and values, recall questions, in
 * every context format, through export / import and `addMessages`, in profile conditions and
 * triggers) on one backend. Each test asserts that nothing throws, that what was stored comes
 * back, that recall finds each entry by its word, and that the chat keeps working after a reopen.
 * Run by the memory store (test/unit), PostgreSQL and PGlite (test/postgres).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryOptions } from '../../src/create-memory.js';
import type { ContextFormat, Memory } from '../../src/memory.js';
import type { MemoryEntry } from '../../src/types.js';
import { ValidationError } from '../../src/errors.js';
import { isBlockedKey } from '../../src/conditions/rules.js';
import { PROTOTYPE_NAMES, SEARCHABLE_NAMES, own, ownAll, prototypeText } from './prototype-names.js';

/** Opens a memory over one storage: each call after the first is a reopen of the same data. */
export type OpenMemory = (options?: MemoryOptions) => Promise<Memory>;

/** A backend under test: `storage()` gives a fresh, empty storage and its opener. */
export interface PrototypeSubject {
  storage(): Promise<OpenMemory>;
  /** Property-test runs (default 20): a slow backend may run fewer. */
  runs?: number;
}

export const FORMATS: readonly ContextFormat[] = ['openai', 'anthropic', 'ai-sdk', 'langchain'];
const json = (v: unknown): string => JSON.stringify(v);
/** Keeps the newest turns only, so recall has to bring the rest back. */
const SMALL_WINDOW = { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 400 }] };
const RECALL = { maxTokens: 600 };

/** Every kind of add, with `w` as word, tool name, call id, source, speaker and metadata key. */
async function addEverything(m: Memory, s: string, w: string): Promise<MemoryEntry> {
  const user = await m.addUserMessage(s, `I typed ${w} in the editor`, { speaker: w, ...own(w, w) });
  await m.addAssistantMessage(s, `${w} is a word`, own(w, own(w, w)));
  await m.addToolCall(s, w, own(w, w), { callId: w, metadata: own(w, [w]) });
  await m.addToolResult(s, w, own(w, [w]), { callId: w, metadata: own(w, null) });
  await m.addContext(s, `notes on ${w}`, w);
  await m.addInteraction(s, { userRequest: own(w, w), aiResponse: `answer ${w}` });
  return user;
}

async function exportAll(m: Memory): Promise<string> {
  const ids = (await m.listSessions()).map((s) => s.sessionId).sort();
  return json(await Promise.all(ids.map((id) => m.exportSession(id))));
}

/** Recall finds an entry holding `w` by that word, in the session and store-wide. */
async function expectRecalled(m: Memory, s: string, w: string, id: string): Promise<void> {
  const here = await m.recall(s, w, { topK: 50 });
  expect(
    here.map((r) => r.entry.id),
    `recall(${json(w)})`,
  ).toContain(id);
  const all = await m.recall(s, w, { topK: 50, scope: 'all' });
  expect(
    all.filter((r) => r.entry.sessionId === s).map((r) => r.entry.id),
    `recall(${json(w)}, scope 'all')`,
  ).toContain(id);
}

/** The suite; `label` names the backend. */
export function describePrototypeSafety(label: string, subject: PrototypeSubject): void {
  describe(`Object.prototype names as data (${label})`, () => {
    it('every kind of add stores each name as it was given, recall finds it, every context format holds it, after a reopen too', async () => {
      const open = await subject.storage();
      const m = await open({ profile: SMALL_WINDOW, contextRecall: RECALL });
      const users = new Map<string, MemoryEntry>();
      for (const w of PROTOTYPE_NAMES) {
        users.set(w, await addEverything(m, 'words', w));
        // The chat answers after every turn (it is what broke for good).
        await m.getContextForLLM('words');
      }
      const entries = await m.getActiveEntries('words');
      expect(entries).toHaveLength(PROTOTYPE_NAMES.length * 7);
      PROTOTYPE_NAMES.forEach((w, i) => {
        const [user, assistant, call, result, context, request, response] = entries.slice(i * 7, i * 7 + 7);
        expect(user!.content).toBe(`I typed ${w} in the editor`);
        expect(json(user!.metadata)).toBe(json({ speaker: w, ...own(w, w) }));
        expect(json(assistant!.metadata)).toBe(json(own(w, own(w, w))));
        expect([call!.tool?.name, call!.tool?.callId, call!.content]).toEqual([w, w, json(own(w, w))]);
        expect(json(call!.metadata)).toBe(json(own(w, [w])));
        expect([result!.tool?.name, result!.tool?.callId, result!.content]).toEqual([w, w, json(own(w, [w]))]);
        expect(json(result!.metadata)).toBe(json(own(w, null)));
        expect([context!.type, context!.content]).toEqual(['context', `notes on ${w}`]);
        expect(json(context!.metadata)).toContain(json(w));
        expect([request!.content, response!.content]).toEqual([json(own(w, w)), `answer ${w}`]);
      });
      for (const w of SEARCHABLE_NAMES) await expectRecalled(m, 'words', w, users.get(w)!.id);
      for (const format of FORMATS) {
        for (const w of SEARCHABLE_NAMES) {
          const ctx = await m.getContextForLLM('words', { format, query: w });
          // Kept in the window or brought back by recall: a question about w sees w.
          expect(json(ctx), `${format} context for ${json(w)}`).toContain(w);
        }
      }
      const before = await exportAll(m);
      await m.close();

      const again = await open({ profile: SMALL_WINDOW, contextRecall: RECALL });
      expect(await exportAll(again)).toBe(before);
      for (const w of SEARCHABLE_NAMES) await expectRecalled(again, 'words', w, users.get(w)!.id);
      await again.addUserMessage('words', 'and constructor again');
      const ctx = await again.getContextForLLM('words');
      expect(ctx.messages.at(-1)?.content).toBe('and constructor again');
      expect(ctx.recalled?.length).toBeGreaterThan(0);
      await again.close();
    });

    it('each name is a session id for every session method, listed once, after a reopen too', async () => {
      const open = await subject.storage();
      const m = await open({ contextRecall: RECALL });
      for (const w of PROTOTYPE_NAMES) {
        await m.addUserMessage(w, `my sunflower garden, ${w}`);
        const reply = await m.addAssistantMessage(w, 'hi there');
        await m.addToolCall(w, 'lookup', { q: w }, { callId: 'c1' });
        await m.addToolResult(w, 'lookup', 'found', { callId: 'c1' });
        expect((await m.getContextForLLM(w)).messages.length).toBeGreaterThan(0);
        expect(new Set((await m.recall(w, 'sunflower')).map((r) => r.entry.sessionId))).toEqual(new Set([w]));
        expect((await m.getStats(w)).totalEntries).toBe(4);
        expect(await m.getInteractions(w)).toHaveLength(1);
        expect(await m.getSummaries(w)).toEqual([]);
        await m.compress(w);
        expect((await m.pin(w, reply.id)).pinned).toBe(true);
        await m.reportUsage(w, { promptTokens: 20 });
        const state = await m.exportSession(w);
        expect(state.sessionId).toBe(w);
        await m.importSession(state, { replace: true });
        expect(json(await m.exportSession(w))).toBe(json(state));
      }
      await m.idle();
      const all = await m.recall(PROTOTYPE_NAMES[0]!, 'sunflower', { scope: 'all', topK: 100 });
      expect(new Set(all.map((r) => r.entry.sessionId))).toEqual(new Set(PROTOTYPE_NAMES));
      const listed = (await m.listSessions()).map((s) => s.sessionId);
      expect(listed.sort()).toEqual([...PROTOTYPE_NAMES].sort());
      for (const w of PROTOTYPE_NAMES) expect((await storageCheck(m, w)).ok, `verify(${json(w)})`).toBe(true);
      const before = await exportAll(m);
      await m.close();

      const again = await open({ contextRecall: RECALL });
      expect(await exportAll(again)).toBe(before);
      for (const w of PROTOTYPE_NAMES) {
        await again.addUserMessage(w, 'still here?');
        expect(new Set((await again.recall(w, 'sunflower')).map((r) => r.entry.sessionId))).toEqual(new Set([w]));
        await again.clearSession(w);
      }
      expect(await again.listSessions()).toEqual([]);
      await again.close();
    });

    it('export and import round-trip every name, through JSON too, and recall finds them in the copy', async () => {
      const open = await subject.storage();
      const m = await open({ contextRecall: RECALL, config: { autoCompress: false } });
      for (const w of PROTOTYPE_NAMES) await addEverything(m, 'source', w);
      const state = await m.exportSession('source');
      for (const [copy, from] of [
        ['copy', state],
        ['copy via JSON', JSON.parse(json(state)) as typeof state],
      ] as const) {
        await m.importSession({ ...from, sessionId: copy });
        const back = await m.exportSession(copy);
        expect(json(back.entries.map((e) => ({ ...e, sessionId: 'source' })))).toBe(json(state.entries));
        const users = back.entries.filter((e) => e.role === 'user' && e.type === 'message');
        for (const w of SEARCHABLE_NAMES)
          await expectRecalled(m, copy, w, users.find((e) => e.content === `I typed ${w} in the editor`)!.id);
      }
      await m.close();
    });

    it('addMessages reads every context format back with each name as tool name, call id and word', async () => {
      const open = await subject.storage();
      const m = await open({ contextRecall: RECALL, config: { autoCompress: false } });
      for (const w of PROTOTYPE_NAMES) await addEverything(m, 'source', w);
      const source = await m.getActiveEntries('source', { types: ['tool_call', 'tool_result'] });
      for (const format of FORMATS) {
        const ctx = await m.getContextForLLM('source', { format });
        await m.addMessages(`in ${format}`, ctx.messages, {
          format,
          ...(format === 'anthropic' && ctx.system ? { system: ctx.system } : {}),
        });
        const tools = await m.getActiveEntries(`in ${format}`, { types: ['tool_call', 'tool_result'] });
        expect(
          tools.map((e) => [e.type, e.tool?.name, e.tool?.callId, e.content]),
          format,
        ).toEqual(source.map((e) => [e.type, e.tool?.name, e.tool?.callId, e.content]));
        for (const w of SEARCHABLE_NAMES) {
          const hits = await m.recall(`in ${format}`, w, { topK: 50 });
          expect(
            hits.some((r) => r.entry.content === `I typed ${w} in the editor`),
            `${format}: ${w}`,
          ).toBe(true);
        }
        expect(json(await m.getContextForLLM(`in ${format}`, { format }))).toContain('constructor');
      }
      await m.close();
    });

    it('profile conditions read metadata keys of each name as data, and tool triggers match tool names of each', async () => {
      const open = await subject.storage();
      const readable = PROTOTYPE_NAMES.filter((w) => !isBlockedKey(w));
      const m = await open({
        profile: {
          short_term_memory_strategy: [
            {
              memory_strategy_id: 'max_tokens',
              memory_max_tokens: 100_000,
              conditions: readable.map((w) => `message.metadata.get(${json(w)}) != 'hidden'`),
            },
          ],
        },
      });
      for (const w of PROTOTYPE_NAMES) {
        await m.addUserMessage('filtered', `shown ${w}`, own(w, 'shown'));
        await m.addAssistantMessage('filtered', `hidden ${w}`, own(w, 'hidden'));
      }
      const text = json((await m.getContextForLLM('filtered')).messages);
      for (const w of PROTOTYPE_NAMES) expect(text).toContain(`shown ${w}`);
      for (const w of readable) expect(text, w).not.toContain(`hidden ${w}`);
      await m.close();
      // A tool of each name succeeding fires the summarizer (a trigger listing every name).
      const t = await open({
        profile: {
          long_term_memory_strategy: [
            {
              long_term_memory_id: 'summarizer',
              on_tools_success_threshold: [...PROTOTYPE_NAMES],
              interaction_keep: 1,
            },
          ],
        },
      });
      for (const w of PROTOTYPE_NAMES) {
        await t.addUserMessage(`trigger ${w}`, 'look it up');
        await t.addToolCall(`trigger ${w}`, w, {}, { callId: 'c' });
        await t.addUserMessage(`trigger ${w}`, 'and again');
        await t.addToolCall(`trigger ${w}`, 'other', {}, { callId: 'd' });
        await t.addToolResult(`trigger ${w}`, 'other', 'ok', { callId: 'd' });
        await t.idle(`trigger ${w}`);
        expect(await t.getSummaries(`trigger ${w}`), `no trigger yet for ${w}`).toHaveLength(0);
        await t.addToolResult(`trigger ${w}`, w, 'ok', { callId: 'c' });
        await t.idle(`trigger ${w}`);
        expect(await t.getSummaries(`trigger ${w}`), `trigger for ${w}`).toHaveLength(1);
      }
      await t.close();
      // The blocked names (`constructor`, `prototype`, `_…`) are refused where written, with the field.
      for (const w of PROTOTYPE_NAMES.filter((name) => isBlockedKey(name))) {
        const conditions = [`message.metadata.get(${json(w)}) == 'x'`];
        const refused = await open({
          profile: { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', conditions }] },
        }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(refused, w).toBeInstanceOf(ValidationError);
      }
    });

    it('property: random mixes of the names as words, speakers and metadata keep every chat answering', async () => {
      const open = await subject.storage();
      const m = await open({ profile: SMALL_WINDOW, contextRecall: RECALL });
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...PROTOTYPE_NAMES),
          fc.array(fc.tuple(prototypeText, fc.constantFrom(...PROTOTYPE_NAMES), prototypeText), {
            minLength: 1,
            maxLength: 6,
          }),
          async (name, turns) => {
            const s = `${name} ${n++}`;
            const stored: MemoryEntry[] = [];
            for (const [text, key, reply] of turns) {
              stored.push(await m.addUserMessage(s, text, { speaker: key, ...own(key, text) }));
              stored.push(await m.addAssistantMessage(s, reply, own(key, own(key, reply))));
              expect((await m.getContextForLLM(s)).messages.length).toBeGreaterThan(0);
            }
            expect(json(await m.getActiveEntries(s))).toBe(json(stored));
            for (const entry of stored) {
              for (const word of entry.content.split(' ').filter((w) => SEARCHABLE_NAMES.includes(w))) {
                const hits = await m.recall(s, word, { topK: 50 });
                expect(hits.map((r) => r.entry.id)).toContain(entry.id);
              }
            }
            const state = await m.exportSession(s);
            await m.importSession(JSON.parse(json(state)) as typeof state, { replace: true });
            expect(json(await m.exportSession(s))).toBe(json(state));
          },
        ),
        { numRuns: subject.runs ?? 20, seed: 31 },
      );
      const before = await exportAll(m);
      await m.close();
      const again = await open({ profile: SMALL_WINDOW, contextRecall: RECALL });
      expect(await exportAll(again)).toBe(before);
      for (const { sessionId } of await again.listSessions()) await again.getContextForLLM(sessionId);
      await again.close();
    });

    it('a chat the previous release left broken by "constructor" answers again after the upgrade, nothing lost', async () => {
      // What that release stored: the turns (an add with the index not loaded succeeded) and the
      // index as it was before them; every context read or recall after that threw.
      const open = await subject.storage();
      const before = await open({ contextRecall: RECALL });
      await before.addUserMessage('chat', 'I need a builder for the house');
      await before.addAssistantMessage('chat', 'A builder can start in May');
      await before.getContextForLLM('chat');
      await before.close();
      const broken = await open();
      await broken.addUserMessage('chat', 'the constructor runs first, then toString and __proto__');
      await broken.addAssistantMessage('chat', 'constructor noted');
      const stored = await exportAll(broken);
      await broken.close();

      const upgraded = await open({ contextRecall: RECALL });
      expect(await exportAll(upgraded)).toBe(stored);
      const ctx = await upgraded.getContextForLLM('chat', { query: 'constructor' });
      expect(ctx.messages.at(-1)?.content).toBe('constructor noted');
      for (const word of ['constructor', 'toString', '__proto__', 'builder'])
        expect((await upgraded.recall('chat', word)).length, word).toBeGreaterThan(0);
      await upgraded.addUserMessage('chat', 'what about the constructor?');
      expect((await upgraded.getContextForLLM('chat')).messages.at(-1)?.content).toBe('what about the constructor?');
      await upgraded.close();
    });

    it('keys of every name in one metadata object, and every name as a metadata value, come back whole', async () => {
      const open = await subject.storage();
      const m = await open({ contextRecall: RECALL });
      const metadata = ownAll((w) => ownAll(() => w));
      const entry = await m.addUserMessage('all keys', PROTOTYPE_NAMES.join(' '), metadata);
      expect(json(entry.metadata)).toBe(json(metadata));
      expect(json((await m.getActiveEntries('all keys'))[0]!.metadata)).toBe(json(metadata));
      expect(Object.keys((await m.getActiveEntries('all keys'))[0]!.metadata!)).toEqual([...PROTOTYPE_NAMES]);
      for (const w of SEARCHABLE_NAMES)
        expect((await m.recall('all keys', w)).map((r) => r.entry.id)).toEqual([entry.id]);
      await m.close();
      const again = await open({ contextRecall: RECALL });
      expect(json((await again.getActiveEntries('all keys'))[0]!.metadata)).toBe(json(metadata));
      await again.close();
    });
  });
}

/** `verify` of a session (every backend's memory has it). */
function storageCheck(m: Memory, sessionId: string): Promise<{ ok: boolean }> {
  return m.verify(sessionId);
}
