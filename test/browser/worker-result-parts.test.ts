/**
 * A large result crosses from the worker in parts (#31): what the page gets is what the same
 * call gives in this thread (a 100,000-message context cloned in one message held the worker
 * for tens of milliseconds), calls running at once each get their own, and a call whose result
 * is small gets it whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import type { SessionState } from '../../src/types.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import { LARGE_COUNT, largeState, openCountingParts } from '../support/worker-parts.js';

const opened: Memory[] = [];
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((m) => m.close()));
});

/** A worker memory on a fresh database, closed after the test, and the parts it has posted. */
async function open(): Promise<{ memory: Memory; parts: () => number }> {
  const opening = await openCountingParts('result-parts');
  opened.push(opening.memory);
  return opening;
}

/** A state with tool calls and one long text (950 KB) among its messages. */
const makeState = (): Promise<SessionState> => largeState({ longRepeats: 190_000, toolCall: true });

describe('large results through the worker', () => {
  it('the context, export, entries and interactions are the ones this thread gives, sent in parts', async () => {
    const state = await makeState();
    const { memory, parts } = await open();
    const thread = await createMemory({ store: memoryStore(), config: { autoCompress: false } });
    opened.push(thread);
    for (const m of [memory, thread]) await m.importSession({ ...state, sessionId: 'big' });

    const before = parts();
    const context = await memory.getContextForLLM('big');
    // More than one part: the list did not cross whole.
    expect(parts() - before).toBeGreaterThan(2);
    const expected = await thread.getContextForLLM('big');
    expect(context.messages).toHaveLength(LARGE_COUNT + 2);
    expect(context).toEqual({ ...expected, text: expected.text });
    expect(context.text).toContain('Tool call (weather)');

    const anthropic = await memory.getContextForLLM('big', { format: 'anthropic' });
    expect(anthropic).toEqual({ ...(await thread.getContextForLLM('big', { format: 'anthropic' })) });
    expect(await memory.exportSession('big')).toEqual(await thread.exportSession('big'));
    expect(await memory.getActiveEntries('big')).toEqual(await thread.getActiveEntries('big'));
    expect(await memory.getInteractions('big')).toEqual(await thread.getInteractions('big'));
  });

  it('calls running at once each get their own result; a small one comes whole', async () => {
    const state = await makeState();
    const { memory, parts } = await open();
    await memory.importSession({ ...state, sessionId: 'a' });
    await memory.importSession({
      ...state,
      sessionId: 'b',
      entries: state.entries.slice(0, LARGE_COUNT - 100),
    });
    const [a, b, exported, small] = await Promise.all([
      memory.getContextForLLM('a'),
      memory.getContextForLLM('b'),
      memory.exportSession('a'),
      memory.getContextForLLM('c'),
    ]);
    expect(a.messages).toHaveLength(LARGE_COUNT + 2);
    expect(b.messages).toHaveLength(LARGE_COUNT - 100);
    expect(b.messages.map((m) => m.content)).toEqual(state.entries.slice(0, LARGE_COUNT - 100).map((e) => e.content));
    expect(exported.entries.map((e) => [e.id, e.content])).toEqual(state.entries.map((e) => [e.id, e.content]));
    const thread = await createMemory({ store: memoryStore(), config: { autoCompress: false } });
    opened.push(thread);
    expect(small).toEqual({ ...(await thread.getContextForLLM('c')) });

    const before = parts();
    await memory.addUserMessage('c', 'Hello there.');
    expect((await memory.getContextForLLM('c')).messages).toEqual([{ role: 'user', content: 'Hello there.' }]);
    expect(parts()).toBe(before);
  });
});
