/**
 * An erased turn leaves no text in a summary made from it, on the real sync server (127.0.0.1)
 * over PostgreSQL and PGlite: the summary's `compact` op is stubbed in the op log, the server's
 * store drops the summary, and every device (one that held it, one that joins later) drops it too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { postgresStore } from '../../src/server/index.js';
import type { MemorySummary } from '../../src/types.js';
import type { SyncConnection } from '../../src/sync/server/sync-handler-options.js';
import type { SyncOp } from '../../src/sync/protocol.js';
import { closeShared, freshTenant, sharedPGlite, sharedPool } from './support.js';
import {
  SYNC_DRIVERS,
  compactOp,
  entryOp,
  eraseOp,
  pullAll,
  round,
  startSyncServer,
  type SyncServer,
} from './sync-support.js';

afterAll(closeShared);

/** A compaction whose summary repeats what its turns said, as a summarizer's would. */
function summaryOf(sessionId: string, id: string, entryIds: string[], content: string): SyncOp {
  const op = compactOp(sessionId, id, entryIds);
  return { ...op, summary: { ...(op as { summary: MemorySummary }).summary, content } } as SyncOp;
}

async function opRows(driver: string, tenant: string): Promise<string[]> {
  const sql = 'SELECT op FROM recallkit_sync_ops WHERE tenant = $1 ORDER BY seq';
  const rows =
    driver === 'pg'
      ? (await sharedPool().query<{ op: string }>(sql, [tenant])).rows
      : (await (await sharedPGlite()).query<{ op: string }>(sql, [tenant])).rows;
  return rows.map((r) => r.op);
}

for (const [driver, connection] of SYNC_DRIVERS) {
  describe(`sync (${driver}): erasing a turn erases the summaries made from it`, () => {
    let server: SyncServer;
    let conn: SyncConnection;
    beforeAll(async () => {
      conn = await connection();
      server = await startSyncServer(conn);
    });
    afterAll(async () => server.close());

    it('the compact op is stubbed in the log, the server store and every device drop the summary; other summaries stay', async () => {
      const t = freshTenant();
      const token = `tok-${t}`;
      server.tokens.set(token, t);
      const device = () =>
        createMemory({
          sync: { url: server.url, headers: { authorization: `Bearer ${token}` } },
          config: { autoCompress: false },
        });
      await round(server.url, token, [
        entryOp('s', 'home', { content: 'I live at 12 Rue Mercière in Lyon' }),
        entryOp('s', 'reply', { role: 'assistant', content: 'Noted.' }),
        entryOp('s', 'pets', { content: 'My dog is called Rex', seq: 2, interaction: 2 }),
        entryOp('s', 'reply2', { role: 'assistant', content: 'Cute!', seq: 3, interaction: 2 }),
        entryOp('s', 'now', { content: 'What should I cook tonight?', seq: 4, interaction: 3 }),
        summaryOf('s', 'sum-home', ['home', 'reply'], 'The user lives at 12 Rue Mercière in Lyon.'),
        summaryOf('s', 'sum-pets', ['pets', 'reply2'], 'The user has a dog named Rex.'),
      ]);
      const early = await device();
      await early.sync();
      expect((await early.getSummaries('s')).map((s) => s.content)).toEqual([
        'The user lives at 12 Rue Mercière in Lyon.',
        'The user has a dog named Rex.',
      ]);

      // Another device erases the turn (a neuralyzer run there, before it saw the compaction).
      expect((await round(server.url, token, [eraseOp('s', 'er', ['home'])])).results[0]!.status).toBe('applied');

      const rows = await opRows(driver, t);
      expect(rows.join('\n')).not.toContain('Mercière');
      expect(rows.join('\n')).toContain('a dog named Rex');
      const pulled = await pullAll(server.url, token);
      const stub = pulled.find((o) => o.opId === 'sum-home');
      expect(stub).toMatchObject({ kind: 'compact', erased: true, summary: { id: 'sum-home', content: '' } });
      // A retried push of the compaction is still the op applied, never a second copy.
      expect(
        (
          await round(server.url, token, [
            summaryOf('s', 'sum-home', ['home', 'reply'], 'The user lives at 12 Rue Mercière in Lyon.'),
          ])
        ).results[0]!.status,
      ).toBe('duplicate');

      // The server's store of the user: the summary is gone, the turns it also covered stay compressed.
      const store = postgresStore({ ...conn, tenant: t } as never);
      const stored = await store.loadSession('s');
      expect(stored?.summaries.map((s) => s.id)).toEqual(['sum-pets']);
      expect((await store.loadEntries('s')).map((e) => [e.id, e.compressed])).toEqual([
        ['reply', true],
        ['pets', true],
        ['reply2', true],
        ['now', false],
      ]);
      await store.close();

      // The device that held the summary drops it; a device joining now never sees its text.
      await early.sync();
      const fresh = await device();
      await fresh.sync();
      for (const m of [early, fresh]) {
        expect((await m.getSummaries('s')).map((s) => s.id)).toEqual(['sum-pets']);
        const exported = JSON.stringify(await m.exportSession('s'));
        expect(exported).not.toContain('Mercière');
        const context = await m.getContextForLLM('s');
        expect(context.text).not.toContain('Mercière');
        expect(context.text).toContain('a dog named Rex');
      }
      expect(await fresh.exportSession('s')).toEqual(await early.exportSession('s'));
      await Promise.all([early.close(), fresh.close()]);
    });
  });
}
