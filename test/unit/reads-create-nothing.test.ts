/**
 * Reading a session that does not exist (a typo, a stale id, a chat a sidebar lost) never creates
 * it: after any read, with or without recall in the context, `listSessions()` (also after
 * reopening the store) does not show it, and nothing is written. On PostgreSQL, a user who has
 * only read owns no row at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { PGlite } from '@electric-sql/pglite';
import { createMemory, type MemoryOptions } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import type { StoreAdapter } from '../../src/types.js';
import { indexedDBStore } from '../../src/store/indexeddb/indexeddb-store.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import { postgresStore } from '../../src/server/index.js';

const READS: [string, (m: Memory, s: string) => Promise<unknown>][] = [
  ['recall', (m, s) => m.recall(s, 'what is my dog called?')],
  ["recall scope 'all'", (m, s) => m.recall(s, 'dog', { scope: 'all' })],
  ['recall types', (m, s) => m.recall(s, 'dog', { types: ['message'], includeCompressed: false })],
  ['getContextForLLM', (m, s) => m.getContextForLLM(s)],
  ["getContextForLLM format 'anthropic'", (m, s) => m.getContextForLLM(s, { format: 'anthropic' })],
  ['getContextForLLM query', (m, s) => m.getContextForLLM(s, { query: 'what is my dog called?' })],
  [
    "getContextForLLM query, recall scope 'all'",
    (m, s) => m.getContextForLLM(s, { query: 'dog', recall: { scope: 'all', maxTokens: 300 } }),
  ],
  ['getContextForLLM recall maxTokens', (m, s) => m.getContextForLLM(s, { query: 'dog', recall: { maxTokens: 200 } })],
  ['getContextForLLM maxTokens', (m, s) => m.getContextForLLM(s, { query: 'Pixel', maxTokens: 400 })],
  [
    "getContextForLLM query, format 'ai-sdk'",
    (m, s) => m.getContextForLLM(s, { query: 'Pixel', format: 'ai-sdk', recall: { scope: 'all' } }),
  ],
  ['getContextForLLM recall false', (m, s) => m.getContextForLLM(s, { query: 'dog', recall: false })],
  ['getActiveEntries', (m, s) => m.getActiveEntries(s)],
  ['getInteractions', (m, s) => m.getInteractions(s)],
  ['getSummaries', (m, s) => m.getSummaries(s)],
  ['getStats', (m, s) => m.getStats(s)],
  ['exportSession', (m, s) => m.exportSession(s)],
  ['idle', (m, s) => m.idle(s)],
  ['compress', (m, s) => m.compress(s)],
  ['clearSession', (m, s) => m.clearSession(s)],
];

/** Memories with recall of every kind: none, a knowledge base, `contextRecall` (lexical, then hybrid). */
const SETUPS: Record<string, Partial<MemoryOptions>> = {
  default: {},
  'summarizer with a knowledge base (search_mode always)': {
    profile: {
      short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 500 }],
      long_term_memory_strategy: [
        {
          long_term_memory_id: 'summarizer',
          interaction_threshold_qty: 3,
          knowledge_base: { collection_id: 'kb', search_mode: 'always' },
        },
      ],
    },
  },
  "contextRecall (scope 'session')": {
    profile: { short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 300 }] },
    contextRecall: { maxTokens: 150 },
  },
  "contextRecall (scope 'all') with an embedder": {
    contextRecall: { maxTokens: 300, scope: 'all' },
    // Deterministic vectors: enough to run the hybrid path, which embeds and stores vectors.
    embedder: async (texts) => texts.map((t) => [t.length % 7, t.includes('dog') ? 1 : 0, 1]),
  },
};

/** A store kind: `open` is called again for the reopen (`undefined` when the store cannot be reopened). */
interface StoreKind {
  open: () => StoreAdapter;
  reopen: boolean;
  /** Rows the store holds for anything but the session `real` (PostgreSQL only). */
  strayRows?: () => Promise<number>;
}

let pglite: PGlite;
let tenants = 0;
beforeAll(() => {
  pglite = new PGlite();
});
afterAll(async () => {
  await pglite.close();
});

const STORES: Record<string, () => StoreKind> = {
  'IndexedDB (fake-indexeddb)': () => {
    const indexedDB = new IDBFactory();
    return { open: () => indexedDBStore({ dbName: 'reads', indexedDB }), reopen: true };
  },
  memoryStore: () => {
    const store = memoryStore();
    return { open: () => store, reopen: false };
  },
  'postgresStore (PGlite in memory)': () => {
    const tenant = `user-${++tenants}`;
    const reader = `reader-${tenants}`;
    return {
      open: () => postgresStore({ pglite, tenant }),
      reopen: true,
      strayRows: async () => {
        const rows = await pglite.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (
             SELECT tenant, session_id FROM recallkit_sessions UNION ALL
             SELECT tenant, session_id FROM recallkit_entries UNION ALL
             SELECT tenant, session_id FROM recallkit_aux) r
           WHERE (tenant = $1 AND session_id <> $3) OR tenant = $2`,
          // The tenant is plain text; session ids are stored as JSON text.
          [tenant, reader, JSON.stringify('real')],
        );
        // A user who only ever reads (the sidebar of a new account) must own nothing either.
        const other = await createMemory({ store: postgresStore({ pglite, tenant: reader }) });
        const seen = await other.listSessions();
        await other.close();
        return rows.rows[0]!.n + seen.length;
      },
    };
  },
};

describe.each(Object.keys(STORES))('%s', (storeName) => {
  describe.each(Object.entries(SETUPS))('%s', (_setup, setup) => {
    it.each(READS)('%s of an unknown session stores nothing', async (_read, read) => {
      const kind = STORES[storeName]!();
      const open = () => createMemory({ ...setup, store: kind.open() });
      const memory = await open();
      for (let i = 0; i < 4; i++) {
        await memory.addUserMessage('real', `My dog is called Pixel (${i}).`);
        await memory.addAssistantMessage('real', 'A good name for a dog.');
      }
      await memory.idle();
      await read(memory, 'typo-session');
      if (kind.strayRows) {
        // The same read by a user of the same database who has never written.
        const reader = await createMemory({ ...setup, store: postgresStore({ pglite, tenant: `reader-${tenants}` }) });
        await read(reader, 'ghost-1');
        await reader.close();
      }
      expect((await memory.listSessions()).map((s) => s.sessionId)).toEqual(['real']);
      if (kind.strayRows) expect(await kind.strayRows()).toBe(0);
      if (!kind.reopen) return;
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
});
