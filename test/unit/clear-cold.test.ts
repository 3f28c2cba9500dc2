/**
 * `clearSession` of a session this memory does not hold deletes it without loading it (#31): a
 * 100,000-entry session was read whole only to be deleted. What it leaves is what the loading
 * clear left: nothing of the session, its event, and a session that starts anew.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { StoreAdapter } from '../../src/types.js';

/** A store that outlives the memories over it, counting its session loads. */
function counting(inner: StoreAdapter) {
  const calls = { loadSession: 0, deleteSession: 0 };
  const store: StoreAdapter = {
    ...inner,
    loadSession: (id) => (calls.loadSession++, inner.loadSession(id)),
    deleteSession: (id) => (calls.deleteSession++, inner.deleteSession(id)),
    close: async () => undefined,
  };
  return { store, calls };
}

describe('clearSession of a session not held', () => {
  it('deletes it without loading it, and the session starts anew', async () => {
    const inner = memoryStore();
    const first = await createMemory({ store: counting(inner).store });
    await first.addMessages('s', [
      { role: 'user', content: 'I planted tomatoes in the garden.' },
      { role: 'assistant', content: 'Nice, which kind?' },
    ]);
    await first.addMessages('other', [{ role: 'user', content: 'Unrelated.' }]);
    await first.close();

    const { store, calls } = counting(inner);
    const memory = await createMemory({ store });
    const cleared: string[] = [];
    memory.on('session:cleared', (id) => cleared.push(id));
    await memory.clearSession('s');
    expect(calls.loadSession).toBe(0);
    expect(calls.deleteSession).toBe(1);
    expect(cleared).toEqual(['s']);
    expect(await inner.loadSession('s')).toBeUndefined();
    expect((await memory.listSessions()).map((m) => m.sessionId)).toEqual(['other']);

    // The session starts anew, and a recall finds nothing of what was cleared.
    expect(await memory.getActiveEntries('s')).toEqual([]);
    expect(await memory.recall('s', 'tomatoes garden')).toEqual([]);
    await memory.addMessages('s', [{ role: 'user', content: 'A new start.' }]);
    expect((await memory.getActiveEntries('s')).map((e) => e.content)).toEqual(['A new start.']);
    expect((await memory.getStats('s')).totalEntries).toBe(1);
    await memory.close();
  });

  it('a held session is cleared as before, its pending changes discarded', async () => {
    const inner = memoryStore();
    const { store, calls } = counting(inner);
    const memory = await createMemory({ store });
    await memory.addUserMessage('s', 'Hello there.');
    const loads = calls.loadSession;
    await memory.clearSession('s');
    expect(calls.loadSession).toBe(loads);
    expect(await inner.loadSession('s')).toBeUndefined();
    expect(await memory.getActiveEntries('s')).toEqual([]);
    await memory.close();
  });

  it('refuses a bad or reserved id before any deletion', async () => {
    const { store, calls } = counting(memoryStore());
    const memory = await createMemory({ store });
    await expect(memory.clearSession('')).rejects.toThrow(/sessionId/);
    await expect(memory.clearSession('__recallkit_sync__')).rejects.toThrow(/sessionId/);
    expect(calls.deleteSession).toBe(0);
    await memory.close();
  });
});
