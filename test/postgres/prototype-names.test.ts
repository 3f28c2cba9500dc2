/**
 * Issue #31 on PostgreSQL and PGlite: the shared suite of every Object.prototype name through
 * every public path (test/support/prototype-suite.ts) over `postgresStore`, the README's server
 * (`createServerMemory`) with every name as user id, and sync through the real `syncHandler`
 * with every name as tenant, session id, word, tool name and call id.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import { createServerMemory, postgresStore } from '../../src/server/index.js';
import { describePrototypeSafety } from '../support/prototype-suite.js';
import { PROTOTYPE_NAMES, SEARCHABLE_NAMES, own } from '../support/prototype-names.js';
import { closeShared, freshTenant, sharedPGlite, sharedPool } from './support.js';
import { SYNC_DRIVERS, startSyncServer, type SyncServer } from './sync-support.js';

afterAll(closeShared);

describePrototypeSafety('PostgreSQL', {
  async storage() {
    const tenant = freshTenant();
    return (options = {}) => createMemory({ ...options, store: postgresStore({ pool: sharedPool(), tenant }) });
  },
  runs: 10,
});

describePrototypeSafety('PGlite', {
  async storage() {
    const tenant = freshTenant();
    const pglite = await sharedPGlite();
    return (options = {}) => createMemory({ ...options, store: postgresStore({ pglite, tenant }) });
  },
  runs: 10,
});

const json = (v: unknown): string => JSON.stringify(v);

describe('Object.prototype names as user ids of createServerMemory', () => {
  it('each name is a user of its own: adds, context with recall and recall see only that user, after a restart too', async () => {
    const options = { pool: sharedPool(), contextRecall: { maxTokens: 300 } };
    const memories = createServerMemory(options);
    for (const w of PROTOTYPE_NAMES) {
      const user = memories.forUser(w);
      await user.addUserMessage('chat', `I typed ${w} in the editor`, own(w, w));
      await user.addAssistantMessage('chat', `${w} is a word`);
      expect((await user.getContextForLLM('chat')).messages).toHaveLength(2);
    }
    await memories.close();
    const restarted = createServerMemory(options);
    for (const w of PROTOTYPE_NAMES) {
      const user = restarted.forUser(w);
      const entries = await user.getActiveEntries('chat');
      expect(entries.map((e) => e.content)).toEqual([`I typed ${w} in the editor`, `${w} is a word`]);
      expect(json(entries[0]!.metadata)).toBe(json(own(w, w)));
      if (SEARCHABLE_NAMES.includes(w)) {
        const hits = await user.recall('chat', w, { scope: 'all' });
        expect(new Set(hits.map((h) => h.entry.content))).toEqual(
          new Set([`I typed ${w} in the editor`, `${w} is a word`]),
        );
      }
    }
    await restarted.close();
  });
});

describe.each(SYNC_DRIVERS)('Object.prototype names through the real sync handler (%s)', (_name, driver) => {
  let server: SyncServer;
  const open: Memory[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((m) => m.close()));
    await server?.close();
  });

  it('devices of a tenant named after each member converge on sessions, words, tool names and call ids of every name', async () => {
    server = await startSyncServer(await driver());
    const device = async (tenant: string): Promise<Memory> => {
      const token = `token of ${tenant}`;
      server.tokens.set(token, tenant);
      const m = await createMemory({
        store: 'memory',
        contextRecall: { maxTokens: 300 },
        sync: { url: server.url, headers: { authorization: `Bearer ${token}` }, intervalMs: 0 },
      });
      open.push(m);
      return m;
    };
    const exports = async (m: Memory) =>
      json(await Promise.all([...PROTOTYPE_NAMES].sort().map((w) => m.exportSession(w))));
    for (const tenant of ['constructor', '__proto__', `toString ${freshTenant()}`]) {
      const [a, b] = [await device(tenant), await device(tenant)];
      for (const w of PROTOTYPE_NAMES) {
        await a.addUserMessage(w, `${tenant} typed ${w}`, own(w, w));
        await b.addToolCall(w, w, own(w, w), { callId: w });
        await b.addToolResult(w, w, `${w} done`, { callId: w });
      }
      await a.sync();
      await b.sync();
      await a.sync();
      expect(await exports(a)).toBe(await exports(b));
      const c = await device(tenant);
      await c.sync();
      expect(await exports(c)).toBe(await exports(a));
      for (const w of SEARCHABLE_NAMES) {
        expect((await c.recall(w, w)).map((r) => r.entry.content)).toContain(`${tenant} typed ${w}`);
        expect(json((await c.getContextForLLM(w, { query: w })).messages)).toContain(`${w} done`);
      }
      await c.clearSession('constructor');
      await c.sync();
      await a.sync();
      expect(await a.getActiveEntries('constructor')).toEqual([]);
      expect((await a.getActiveEntries('toString')).length).toBe(3);
    }
  });
});
