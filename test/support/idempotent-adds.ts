/**
 * Adds under a caller's id, run against each store (memory, PGlite, PostgreSQL, IndexedDB in
 * Chromium): a retried add stores nothing twice, in the same engine, after a restart (a new
 * engine over the same data), for compressed entries and under concurrent retries; the same id
 * with another turn is refused; an id neuralyzer erased is free again (documented in
 * docs/memory.md, "Retries and caller ids").
 */
import { describe, expect, it } from 'vitest';
import type { Memory } from '../../src/memory.js';
import type { MemoryOptions } from '../../src/create-memory.js';
import type { MemoryEntry } from '../../src/types.js';
import { ValidationError } from '../../src/errors.js';

/** A place memories are opened on: each `open` is a new engine over the same stored data (a restart). */
export interface IdempotencyTarget {
  open(options?: Omit<MemoryOptions, 'store'>): Promise<Memory>;
  dispose(): Promise<void>;
}

/** Every `Object.prototype` member name: ordinary ids, never inherited members. */
export const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** What a session stores, read through an export (every entry, compressed ones included). */
async function stored(memory: Memory, sessionId: string): Promise<MemoryEntry[]> {
  return (await memory.exportSession(sessionId)).entries;
}

const refusal = async (promise: Promise<unknown>): Promise<ValidationError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
};

/** The suite, on a fresh target per test. */
export function describeIdempotentAdds(name: string, target: () => Promise<IdempotencyTarget>): void {
  describe(`adds under a caller's id: ${name}`, () => {
    const withTarget = (fn: (t: IdempotencyTarget) => Promise<void>) => async () => {
      const t = await target();
      try {
        await fn(t);
      } finally {
        await t.dispose();
      }
    };

    it(
      'a retried add resolves with the stored entry: no second entry, event, seq or token count',
      withTarget(async (t) => {
        const memory = await t.open();
        const added: string[] = [];
        memory.on('entry:added', (_s, e) => added.push(e.id));
        const first = await memory.addUserMessage('chat', 'Book a table for two.', { lang: 'en' }, { id: 'turn-1' });
        const reply = await memory.addAssistantMessage('chat', 'Done: 8 pm.', undefined, { id: 'turn-1:reply' });
        const stats = await memory.getStats('chat');
        const again = await memory.addUserMessage('chat', 'Book a table for two.', { lang: 'en' }, { id: 'turn-1' });
        const replyAgain = await memory.addAssistantMessage('chat', 'Done: 8 pm.', undefined, { id: 'turn-1:reply' });
        expect(again).toEqual(first);
        expect(replyAgain).toEqual(reply);
        expect(added).toEqual(['turn-1', 'turn-1:reply']);
        expect(await memory.getStats('chat')).toEqual(stats);
        expect((await stored(memory, 'chat')).map((e) => [e.id, e.seq])).toEqual([
          ['turn-1', 0],
          ['turn-1:reply', 1],
        ]);
        // Later, with another time: the same turn; the stored time stays.
        const later = await memory.addUserMessage(
          'chat',
          'Book a table for two.',
          { lang: 'en' },
          {
            id: 'turn-1',
            timestamp: '2031-01-01T00:00:00.000Z',
          },
        );
        expect(later.timestamp).toBe(first.timestamp);
        await memory.close();
      }),
    );

    it(
      'the same id with another content, role, type or metadata is refused, naming the id; nothing is stored',
      withTarget(async (t) => {
        const memory = await t.open();
        await memory.addUserMessage('chat', 'Hello', { tag: 'a' }, { id: 'turn-7' });
        const attempts: [Promise<unknown>, string][] = [
          [memory.addUserMessage('chat', 'Hello!', { tag: 'a' }, { id: 'turn-7' }), 'content'],
          [memory.addAssistantMessage('chat', 'Hello', { tag: 'a' }, { id: 'turn-7' }), 'role'],
          [memory.addUserMessage('chat', 'Hello', { tag: 'b' }, { id: 'turn-7' }), 'metadata'],
          [memory.addContext('chat', 'Hello', { id: 'turn-7' }), 'type'],
          [memory.addMessages('chat', [{ role: 'user', content: 'Other', id: 'turn-7' }]), 'content'],
        ];
        for (const [attempt, what] of attempts) {
          const error = await refusal(attempt);
          expect(error.message).toContain('"turn-7"');
          expect(error.message).toContain(`other ${what}`);
        }
        const fields = (await refusal(memory.addMessages('chat', [{ role: 'user', content: 'x', id: 'turn-7' }])))
          .field;
        expect(fields).toBe('messages[0].id');
        expect((await stored(memory, 'chat')).map((e) => e.content)).toEqual(['Hello']);
        // Metadata compares as data: keys in another order are the same turn.
        const meta = await memory.addUserMessage('chat', 'Keys', { b: 1, a: { y: 2, x: 1 } }, { id: 'k' });
        expect(await memory.addUserMessage('chat', 'Keys', { a: { x: 1, y: 2 }, b: 1 }, { id: 'k' })).toEqual(meta);
        await memory.close();
      }),
    );

    it(
      'bad ids are refused before anything is stored: type, length, reserved prefixes, the derived-id mark',
      withTarget(async (t) => {
        const memory = await t.open();
        const bad: unknown[] = ['', 'x'.repeat(257), 42, null, { id: 'a' }, 'summary:1', '__recallkit_x', 'a~b'];
        for (const id of bad) {
          const error = await refusal(memory.addUserMessage('chat', 'x', undefined, { id } as never));
          expect(error.field).toBe('options.id');
        }
        await refusal(memory.addToolCall('chat', 'f', {}, { id: '' }));
        await refusal(memory.addContext('chat', 'x', { id: 'summary:2' }));
        await refusal(memory.addMessages('chat', [{ role: 'user', content: 'x', id: 7 }]));
        expect(await stored(memory, 'chat')).toEqual([]);
        expect((await memory.addUserMessage('chat', 'x', undefined, { id: 'x'.repeat(256) })).id).toHaveLength(256);
        await memory.close();
      }),
    );

    it(
      'Object.prototype names are ordinary ids: stored, found on a retry, refused with other content',
      withTarget(async (t) => {
        const memory = await t.open();
        for (const id of PROTOTYPE_NAMES) await memory.addUserMessage('chat', `said ${id}`, { [id]: id }, { id });
        const reopened = await t.open();
        for (const id of PROTOTYPE_NAMES) {
          const again = await reopened.addUserMessage('chat', `said ${id}`, { [id]: id }, { id });
          expect(again.id).toBe(id);
          await refusal(reopened.addUserMessage('chat', `other ${id}`, undefined, { id }));
        }
        expect((await stored(reopened, 'chat')).map((e) => e.id)).toEqual(PROTOTYPE_NAMES);
        await memory.close();
        await reopened.close();
      }),
    );

    it(
      'after a restart the stored turn is found (a new engine over the same data)',
      withTarget(async (t) => {
        const first = await t.open();
        const user = await first.addUserMessage('chat', 'Remember the code 4417.', undefined, { id: 'u-1' });
        await first.addToolCall('chat', 'lookup', { q: 4417 }, { id: 'u-1:call', callId: 'call-9' });
        await first.addToolResult('chat', 'lookup', { ok: true }, { id: 'u-1:result' });
        await first.addContext('chat', 'Doc text', { source: 'doc.md', id: 'u-1:doc' });
        await first.close();
        const second = await t.open();
        expect(await second.addUserMessage('chat', 'Remember the code 4417.', undefined, { id: 'u-1' })).toEqual(user);
        // A retried call without its callId (a new one would be made) and a retried result whose call is answered.
        await second.addToolCall('chat', 'lookup', { q: 4417 }, { id: 'u-1:call' });
        await second.addToolResult('chat', 'lookup', { ok: true }, { id: 'u-1:result' });
        await second.addContext('chat', 'Doc text', { source: 'doc.md', id: 'u-1:doc' });
        await refusal(second.addToolCall('chat', 'lookup', { q: 4417 }, { id: 'u-1:call', callId: 'call-10' }));
        await refusal(second.addToolResult('chat', 'lookup', { ok: true }, { id: 'u-1:result', isError: true }));
        await refusal(second.addContext('chat', 'Doc text', { source: 'other.md', id: 'u-1:doc' }));
        expect((await stored(second, 'chat')).map((e) => e.id)).toEqual(['u-1', 'u-1:call', 'u-1:result', 'u-1:doc']);
        await second.close();
      }),
    );

    it(
      'a compressed entry is found in the store: a retry resolves with it, compressed, and stores nothing',
      withTarget(async (t) => {
        const config = { maxEntries: 1000, recentWindow: 2, minEntriesToCompress: 2, autoCompress: false };
        const memory = await t.open({ config });
        for (let i = 0; i < 6; i++) await memory.addUserMessage('chat', `fact number ${i}`, undefined, { id: `t${i}` });
        await memory.compress('chat');
        const before = await stored(memory, 'chat');
        expect(before.find((e) => e.id === 't0')?.compressed).toBe(true);
        await memory.close();
        const reopened = await t.open({ config });
        const retried = await reopened.addUserMessage('chat', 'fact number 0', undefined, { id: 't0' });
        expect(retried).toMatchObject({ id: 't0', compressed: true, seq: 0 });
        await refusal(reopened.addUserMessage('chat', 'fact number zero', undefined, { id: 't0' }));
        expect(await stored(reopened, 'chat')).toEqual(before);
        await reopened.close();
      }),
    );

    it(
      'getEntry finds what an id stored (active, compressed, after a reopen) and nothing else, creating nothing',
      withTarget(async (t) => {
        const config = { maxEntries: 1000, recentWindow: 2, minEntriesToCompress: 2, autoCompress: false };
        const memory = await t.open({ config });
        for (let i = 0; i < 6; i++) {
          await memory.addUserMessage('chat', `question ${i}`, undefined, { id: `t${i}` });
          await memory.addAssistantMessage('chat', `answer ${i}`, undefined, { id: `t${i}:reply` });
        }
        expect(await memory.getEntry('chat', 't5:reply')).toMatchObject({ role: 'assistant', content: 'answer 5' });
        await memory.compress('chat');
        await memory.close();
        const reopened = await t.open({ config });
        // The oldest reply is compressed: read from the store; the newest is active.
        expect(await reopened.getEntry('chat', 't0:reply')).toMatchObject({ content: 'answer 0', compressed: true });
        expect(await reopened.getEntry('chat', 't5:reply')).toMatchObject({ content: 'answer 5', compressed: false });
        expect(await reopened.getEntry('chat', 't9:reply')).toBeUndefined();
        expect(await reopened.getEntry('constructor', 'toString')).toBeUndefined();
        expect((await reopened.listSessions()).map((m) => m.sessionId)).toEqual(['chat']);
        await expect(reopened.getEntry('chat', '')).rejects.toThrow(/entryId/);
        await reopened.close();
      }),
    );

    it(
      'an id neuralyzer erased is free again: erasure forgets the turn and its id, so an add stores it anew',
      withTarget(async (t) => {
        const profile = {
          long_term_memory_strategy: [
            { long_term_memory_id: 'neuralyzer', interaction_threshold_qty: 2, interaction_keep: 1 },
          ],
        };
        const memory = await t.open({ profile });
        for (let i = 0; i < 3; i++) await memory.addUserMessage('chat', `turn ${i}`, undefined, { id: `n${i}` });
        await memory.idle('chat');
        expect((await stored(memory, 'chat')).map((e) => e.id)).toEqual(['n2']);
        const again = await memory.addUserMessage('chat', 'turn 0', undefined, { id: 'n0' });
        expect(again.seq).toBe(3);
        expect((await stored(memory, 'chat')).map((e) => e.id)).toEqual(['n2', 'n0']);
        await memory.close();
      }),
    );

    it(
      'addMessages: ids of every format that carries one; a retried batch stores only what is new',
      withTarget(async (t) => {
        const memory = await t.open();
        const turn = [
          { role: 'user', content: 'Weather in Oslo?', id: 'm1' },
          {
            role: 'assistant',
            content: 'Checking.',
            id: 'm2',
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'rain', id: 'm3' },
        ];
        const first = await memory.addMessages('chat', turn);
        expect(first.map((e) => e.id)).toEqual(['m1', 'm2', 'm2#1', 'm3']);
        const retried = await memory.addMessages('chat', [...turn, { role: 'assistant', content: 'Rain.', id: 'm4' }]);
        expect(retried.map((e) => [e.id, e.seq])).toEqual([
          ['m1', 0],
          ['m2', 1],
          ['m2#1', 2],
          ['m3', 3],
          ['m4', 4],
        ]);
        // AI SDK UI messages carry `id`; LangChain messages `id` (here a stored message's `data.id`).
        const ui = [{ id: 'ui-1', role: 'user', parts: [{ type: 'text', text: 'Hi from the UI' }] }];
        await memory.addMessages('ui', ui, { format: 'ai-sdk' });
        await memory.addMessages('ui', ui, { format: 'ai-sdk' });
        const lc = [{ type: 'human', data: { content: 'Hi from LangChain', id: 'lc-1' } }];
        await memory.addMessages('lc', lc, { format: 'langchain' });
        await memory.addMessages('lc', lc, { format: 'langchain' });
        expect((await stored(memory, 'ui')).map((e) => e.id)).toEqual(['ui-1']);
        expect((await stored(memory, 'lc')).map((e) => e.id)).toEqual(['lc-1']);
        // One id twice in a batch: the same turn once; another turn under it is refused whole.
        expect((await memory.addMessages('dup', [turn[0], turn[0]])).map((e) => e.id)).toEqual(['m1', 'm1']);
        const error = await refusal(memory.addMessages('dup2', [turn[0], { role: 'user', content: 'no', id: 'm1' }]));
        expect(error.field).toBe('messages[1].id');
        expect(await stored(memory, 'dup2')).toEqual([]);
        await memory.close();
      }),
    );

    it(
      'two engines retrying the same turn at once store it once',
      withTarget(async (t) => {
        const a = await t.open();
        const b = await t.open();
        await a.addUserMessage('chat', 'opening', undefined, { id: 'open' });
        await b.getStats('chat');
        for (let round = 0; round < 10; round++) {
          const id = `race-${round}`;
          const [x, y] = await Promise.all([
            a.addUserMessage('chat', `turn ${round}`, undefined, { id }),
            b.addUserMessage('chat', `turn ${round}`, undefined, { id }),
          ]);
          expect(x).toEqual(y);
        }
        const ids = (await stored(a, 'chat')).map((e) => e.id);
        expect(ids).toEqual(['open', ...Array.from({ length: 10 }, (_, i) => `race-${i}`)]);
        await a.close();
        await b.close();
      }),
    );
  });
}
