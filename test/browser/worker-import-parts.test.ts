/**
 * A large importSession crosses to the worker in parts (#31): the session it leaves is the one
 * the same import leaves in this thread, calls made after it apply after it, and what cannot be
 * sent, or is not a valid state, fails as it does when the state crosses whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { ValidationError } from '../../src/errors.js';
import type { Memory } from '../../src/memory.js';
import type { SessionState } from '../../src/types.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import { LARGE_COUNT, largeState, openCountingParts } from '../support/worker-parts.js';
import { PART_ENTRIES } from '../../src/worker/import-parts.js';
import { parameterNames, uncloneableArgument } from '../../src/worker/uncloneable.js';

const opened: Memory[] = [];
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((m) => m.close()));
});

/** A worker memory on a fresh database, closed after the test. */
async function open(): Promise<Memory> {
  const { memory } = await openCountingParts('import-parts');
  opened.push(memory);
  return memory;
}

/** A state with one long text (250 KB) among its messages. */
const makeState = (): Promise<SessionState> => largeState({ longRepeats: 50_000 });

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('expected a rejection');
}

describe('importSession of a large state through the worker', () => {
  it('leaves the session the same import leaves in this thread, and later calls apply after it', async () => {
    const state = await makeState();
    const memory = await open();
    const thread = await createMemory({ store: memoryStore(), config: { autoCompress: false } });
    // Not awaited: the add is called after the import, so it must apply after it.
    const importing = memory.importSession({ ...state, sessionId: 'copy' });
    const adding = memory.addUserMessage('copy', 'One more after the import.');
    await Promise.all([importing, adding]);
    await thread.importSession({ ...state, sessionId: 'copy' });
    await thread.addUserMessage('copy', 'One more after the import.');

    const [a, b] = [await memory.exportSession('copy'), await thread.exportSession('copy')];
    expect(a.entries).toHaveLength(LARGE_COUNT + 1);
    // The imported entries exactly; the one added after them (its own id and time) after them.
    expect(a.entries.slice(0, LARGE_COUNT)).toEqual(b.entries.slice(0, LARGE_COUNT));
    expect(a.entries[LARGE_COUNT]).toMatchObject({
      seq: LARGE_COUNT,
      role: 'user',
      content: 'One more after the import.',
    });
    expect({ ...a, entries: [] }).toEqual({ ...b, entries: [] });
    expect((await memory.recall('copy', 'garden lake', { topK: 3 })).length).toBe(3);
    await thread.close();
  });

  it('an entry that cannot be sent fails the import with the error the whole state gave, and imports nothing', async () => {
    const state = await makeState();
    const memory = await open();
    const entries = state.entries.map((e, i) =>
      i === PART_ENTRIES + 10 ? { ...e, metadata: { onClick: () => undefined } } : e,
    );
    const bad = { ...state, sessionId: 'bad', entries } as SessionState;
    const error = await rejection(memory.importSession(bad));
    // What the state sent whole gave: the error naming the path of what cannot be sent.
    const whole = uncloneableArgument(parameterNames('importSession'), [bad], new Error('DataCloneError'));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe(whole.field);
    expect(whole.field).toContain(`entries[${PART_ENTRIES + 10}].metadata.onClick`);
    expect(await memory.listSessions()).toEqual([]);
    // The worker kept nothing of it: the next import of the same session is whole and alone.
    await memory.importSession({ ...state, sessionId: 'bad' });
    expect((await memory.exportSession('bad')).entries).toHaveLength(LARGE_COUNT);
  });

  it('a state whose other fields cannot be sent fails as it did whole, and the next import is whole', async () => {
    const state = await makeState();
    const memory = await open();
    const bad = { ...state, sessionId: 'bad', summaries: [{ onClick: () => undefined }] } as unknown as SessionState;
    const error = await rejection(memory.importSession(bad));
    const whole = uncloneableArgument(parameterNames('importSession'), [bad], new Error('DataCloneError'));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe(whole.field);
    expect(await memory.listSessions()).toEqual([]);
    await memory.importSession({ ...state, sessionId: 'good' });
    const good = (await memory.exportSession('good')).entries;
    expect(good.map((e) => [e.id, e.content])).toEqual(state.entries.map((e) => [e.id, e.content]));
  });

  it('an invalid entry is named by its place in the whole state', async () => {
    const state = await makeState();
    const memory = await open();
    const at = PART_ENTRIES * 2 + 5;
    const entries = state.entries.map((e, i) => (i === at ? { ...e, content: 42 } : e));
    const error = await rejection(memory.importSession({ ...state, sessionId: 'bad', entries } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe(`state.entries[${at}].content`);
    expect(await memory.listSessions()).toEqual([]);
  });
});
