import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { postgresStore } from '../../src/server/index.js';
import { closeShared, freshTenant, pgUrl } from './support.js';
import { until } from '../support/until.js';

afterAll(closeShared);

const waitFor = (check: () => boolean): Promise<void> => until(check);

describe('postgresStore drivers', () => {
  it('connectionString: two memories with their own pools hear each other through LISTEN/NOTIFY', async () => {
    const tenant = freshTenant();
    const a = await createMemory({ store: postgresStore({ connectionString: pgUrl(), tenant }) });
    const b = await createMemory({ store: postgresStore({ connectionString: pgUrl(), tenant }) });
    await a.addUserMessage('s', 'from A');
    expect((await b.getContextForLLM('s')).messages.map((m) => m.content)).toEqual(['from A']);
    // B's LISTEN starts with its first read; any next call of its store waits until it is in
    // place (a write before that is seen by B's next read's version check instead).
    await b.listSessions();
    const heard: string[] = [];
    b.on('change', (id) => heard.push(id));
    await a.addAssistantMessage('s', 'A again');
    await waitFor(() => heard.length > 0);
    expect(heard).toEqual(['s']);
    expect((await b.getContextForLLM('s')).messages.map((m) => m.content)).toEqual(['from A', 'A again']);
    // Another tenant's write to the same session id is not heard.
    const other = await createMemory({
      store: postgresStore({ connectionString: pgUrl(), tenant: `${tenant}-other` }),
    });
    await other.addUserMessage('s', 'elsewhere');
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual(['s']);
    await Promise.all([a.close(), b.close(), other.close()]);
  });

  it('a write is announced after it commits, also when its memory closes right after it', async () => {
    const tenant = freshTenant();
    const b = await createMemory({ store: postgresStore({ connectionString: pgUrl(), tenant }) });
    await b.addUserMessage('s', 'from B');
    const heard: string[] = [];
    b.on('change', (id) => heard.push(id));
    for (let i = 0; i < 5; i++) {
      const a = await createMemory({ store: postgresStore({ connectionString: pgUrl(), tenant }) });
      await a.addAssistantMessage('s', `A ${i}`);
      await a.close(); // the notification still goes out: close() sends what waits first
      await waitFor(() => heard.length > i);
      expect(heard).toHaveLength(i + 1);
    }
    expect((await b.getActiveEntries('s')).map((e) => e.content)).toEqual([
      'from B',
      'A 0',
      'A 1',
      'A 2',
      'A 3',
      'A 4',
    ]);
    await b.close();
  });

  it('pglite: a directory keeps the memory across restarts (file-backed), and close() stops it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recallkit-pglite-'));
    try {
      const first = await createMemory({ store: postgresStore({ pglite: dir, tenant: 'user-42' }) });
      await first.addUserMessage('chat', 'My favourite colour is teal.');
      await first.addAssistantMessage('chat', 'Noted: teal.');
      await first.close();
      const second = await createMemory({ store: postgresStore({ pglite: dir, tenant: 'user-42' }) });
      expect((await second.getContextForLLM('chat')).messages.map((m) => m.content)).toEqual([
        'My favourite colour is teal.',
        'Noted: teal.',
      ]);
      expect((await second.recall('chat', 'favourite colour'))[0]?.entry.content).toContain('teal');
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses bad options, naming the field', () => {
    expect(() => postgresStore({ tenant: '', pglite: 'x' })).toThrow(/tenant/);
    expect(() => postgresStore({ tenant: 't' } as never)).toThrow(/exactly one of connectionString, pool or pglite/);
    expect(() => postgresStore({ tenant: 't', pglite: 'x', connectionString: 'postgres://x' } as never)).toThrow(
      /got connectionString, pglite/,
    );
    expect(() => postgresStore({ tenant: 't', pool: {} as never })).toThrow(/pool.*node-postgres Pool/);
    expect(() => postgresStore({ tenant: 't', pglite: 'x', table: 'y' } as never)).toThrow(/options.table/);
  });

  it('an unreachable server fails each call with a StoreError, not a hang or a crash', async () => {
    const store = postgresStore({
      connectionString: 'postgresql://postgres@localhost/postgres?host=/nonexistent-dir',
      tenant: 't',
    });
    await expect(store.loadSession('s')).rejects.toMatchObject({ name: 'StoreError' });
    await store.close();
  });
});
