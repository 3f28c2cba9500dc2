/**
 * Reading a session that does not exist (a typo, a stale id) never creates it: after any read,
 * `listSessions()` (also after reopening the store) does not show it, and nothing is written.
 */
import { describe, expect, it } from 'vitest';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import { indexedDBStore } from '../../src/store/indexeddb.js';

const READS: [string, (m: Memory, s: string) => Promise<unknown>][] = [
  ['recall', (m, s) => m.recall(s, 'what is my dog called?')],
  ["recall scope 'all'", (m, s) => m.recall(s, 'dog', { scope: 'all' } as never)],
  ['getContextForLLM', (m, s) => m.getContextForLLM(s)],
  ["getContextForLLM format 'anthropic'", (m, s) => m.getContextForLLM(s, { format: 'anthropic' })],
  ['getActiveEntries', (m, s) => m.getActiveEntries(s)],
  ['getInteractions', (m, s) => m.getInteractions(s)],
  ['getSummaries', (m, s) => m.getSummaries(s)],
  ['getStats', (m, s) => m.getStats(s)],
  ['exportSession', (m, s) => m.exportSession(s)],
  ['compress', (m, s) => m.compress(s)],
  ['clearSession', (m, s) => m.clearSession(s)],
];

const profiles = {
  default: undefined,
  'summarizer with a knowledge base (search_mode always)': {
    short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens' as const, memory_max_tokens: 500 }],
    long_term_memory_strategy: [
      {
        long_term_memory_id: 'summarizer' as const,
        interaction_threshold_qty: 3,
        knowledge_base: { collection_id: 'kb', search_mode: 'always' as const },
      },
    ],
  },
};

describe.each(Object.entries(profiles))('profile: %s', (_name, profile) => {
  it.each(READS)('%s of an unknown session stores nothing, also after a reopen', async (_read, read) => {
    const indexedDB = new IDBFactory();
    const open = () =>
      createMemory({ store: indexedDBStore({ dbName: 'reads', indexedDB }), ...(profile ? { profile } : {}) });
    const memory = await open();
    await memory.addUserMessage('real', 'My dog is called Pixel.');
    await read(memory, 'typo-session');
    expect((await memory.listSessions()).map((s) => s.sessionId)).toEqual(['real']);
    await memory.close();
    const again = await open();
    expect((await again.listSessions()).map((s) => s.sessionId)).toEqual(['real']);
    // The read still answers as for an empty session, and a write then creates it.
    expect(await again.getStats('typo-session')).toMatchObject({ totalEntries: 0, activeEntries: 0 });
    await again.addUserMessage('typo-session', 'now it exists');
    expect((await again.listSessions()).map((s) => s.sessionId).sort()).toEqual(['real', 'typo-session']);
    await again.close();
  });
});
