/**
 * The sync client in Node (createMemory with a memory store) against a throwaway in-memory
 * endpoint: fast checks of convergence, compaction, erasure, clear, retries and options.
 * The real handler on PostgreSQL with browsers is test/postgres/sync-browser.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import { ValidationError } from '../../src/errors.js';
import type { SyncStatus } from '../../src/sync/client/options.js';
import { startMemorySyncServer, type MemorySyncServer } from '../support/sync-memory-server.js';
import { until } from '../support/until.js';

let server: MemorySyncServer;
const open: Memory[] = [];

async function device(options: { token?: string; config?: Record<string, unknown> } = {}): Promise<Memory> {
  const m = await createMemory({
    store: 'memory',
    tokenizer: { count: (t: string) => Math.ceil(t.length / 4) },
    config: { autoCompress: false, ...options.config },
    sync: { url: server.url, headers: { authorization: `Bearer ${options.token ?? 'secret'}` }, intervalMs: 0 },
  });
  open.push(m);
  return m;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((m) => m.close()));
  await server?.close();
});

const exportJson = async (m: Memory, s: string) => JSON.stringify(await m.exportSession(s));

describe('sync client (in-memory endpoint)', () => {
  it('two devices that wrote apart end with identical exports, every entry kept in server order', async () => {
    server = await startMemorySyncServer();
    const a = await device();
    const b = await device();
    await a.addUserMessage('s', 'a1');
    await a.addAssistantMessage('s', 'a2');
    // Each device also pushes on its own 20 ms after a change: A's round is awaited first so the
    // server takes A's turns first on any machine, and B's after (B may or may not have pulled A's).
    await a.sync();
    await b.addUserMessage('s', 'b1');
    await b.addAssistantMessage('s', 'b2');
    await b.sync();
    await a.sync();
    const ea = await a.exportSession('s');
    expect(ea.entries.map((e) => e.content)).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(ea.entries.map((e) => [e.seq, e.interaction])).toEqual([
      [0, 1],
      [1, 1],
      [2, 2],
      [3, 2],
    ]);
    expect(await exportJson(a, 's')).toBe(await exportJson(b, 's'));
    // A later add continues the numbering on both.
    await b.addUserMessage('s', 'b3');
    await b.sync();
    await a.sync();
    expect(await exportJson(a, 's')).toBe(await exportJson(b, 's'));
    expect((await a.exportSession('s')).entries.at(-1)).toMatchObject({ content: 'b3', seq: 4, interaction: 3 });
    expect(server.log.filter((o) => o.kind === 'entry')).toHaveLength(5);
    // Apart again, both synced before (the tail-only rebase): B's entries move after A's.
    await a.addUserMessage('s', 'a6');
    await a.sync();
    await b.addUserMessage('s', 'b7');
    await b.addAssistantMessage('s', 'b8');
    await a.sync();
    await b.sync();
    await a.sync();
    const again = await b.exportSession('s');
    expect(again.entries.map((e) => e.content)).toEqual(['a1', 'a2', 'b1', 'b2', 'b3', 'a6', 'b7', 'b8']);
    expect(again.entries.map((e) => e.interaction)).toEqual([1, 1, 2, 2, 3, 4, 5, 5]);
    expect(await exportJson(a, 's')).toBe(await exportJson(b, 's'));
    expect((await b.verify('s')).ok).toBe(true);
  });

  it('compaction on both devices converges to one summary: the first accepted wins, the other is discarded', async () => {
    server = await startMemorySyncServer();
    const config = { maxEntries: 1000, recentWindow: 2, minEntriesToCompress: 2 };
    const a = await device({ config });
    const b = await device({ config });
    for (let i = 0; i < 4; i++) {
      await a.addUserMessage('s', `question ${i} about apples`);
      await a.addAssistantMessage('s', `answer ${i} about pears`);
    }
    await a.sync();
    await b.sync();
    await a.compress('s');
    await b.compress('s');
    expect(await a.getSummaries('s')).toHaveLength(1);
    expect(await b.getSummaries('s')).toHaveLength(1);
    await a.sync();
    await b.sync();
    await a.sync();
    const sa = await a.getSummaries('s');
    expect(sa).toHaveLength(1);
    expect(await b.getSummaries('s')).toEqual(sa);
    expect(await exportJson(a, 's')).toBe(await exportJson(b, 's'));
    expect(server.log.filter((o) => o.kind === 'compact')).toHaveLength(1);
  });

  it('erasures and clears travel as tombstones', async () => {
    server = await startMemorySyncServer();
    const a = await device();
    const b = await device();
    const kept = await a.addUserMessage('s', 'keep me');
    await a.addAssistantMessage('s', 'keep me too');
    await a.addUserMessage('t', 'to be cleared');
    await a.sync();
    await b.sync();
    expect((await b.exportSession('t')).entries).toHaveLength(1);
    await a.clearSession('t');
    await b.addUserMessage('t', 'written on b after the clear, offline');
    await a.sync();
    await b.sync();
    await a.sync();
    expect((await a.exportSession('t')).entries.map((e) => e.content)).toEqual([
      'written on b after the clear, offline',
    ]);
    expect(await exportJson(a, 't')).toBe(await exportJson(b, 't'));
    expect((await b.exportSession('s')).entries[0]!.id).toBe(kept.id);
  });

  it('a wrong token: sync rejects, sync:error fires, nothing is written on either side', async () => {
    server = await startMemorySyncServer();
    const a = await device({ token: 'wrong' });
    const errors: Error[] = [];
    const states: SyncStatus[] = [];
    a.on('sync:error', (e) => errors.push(e));
    a.on('sync:state', (s) => states.push(s));
    await a.addUserMessage('s', 'private');
    await expect(a.sync()).rejects.toThrow(/401/);
    expect(errors.at(-1)?.message).toMatch(/401/);
    expect(states.at(-1)?.state).toBe('error');
    expect(server.log).toHaveLength(0);
    expect((await a.exportSession('s')).entries.map((e) => e.content)).toEqual(['private']);
  });

  it('unreachable: state offline, local writes go on, and the next round pushes them once', async () => {
    server = await startMemorySyncServer();
    const url = server.url;
    await server.close();
    const m = await createMemory({
      store: 'memory',
      sync: { url, headers: { authorization: 'Bearer secret' }, intervalMs: 0, timeoutMs: 2000 },
    });
    open.push(m);
    const states: SyncStatus[] = [];
    m.on('sync:state', (s) => states.push(s));
    await m.addUserMessage('s', 'offline 1');
    await expect(m.sync()).rejects.toMatchObject({ name: 'SyncError', offline: true });
    expect(states.at(-1)?.state).toBe('offline');
    expect((await m.getStats('s')).totalEntries).toBe(1);
  });

  it('syncs by itself: an add is pushed soon after it, and the other device pulls every intervalMs', async () => {
    server = await startMemorySyncServer();
    const opts = (ms: number) => ({
      store: 'memory' as const,
      sync: { url: server.url, headers: { authorization: 'Bearer secret' }, intervalMs: ms },
    });
    const a = await createMemory(opts(0));
    const b = await createMemory(opts(50));
    open.push(a, b);
    const changed: string[] = [];
    b.on('change', (s) => changed.push(s));
    await a.addUserMessage('auto', 'no sync() called');
    await until(async () => (await b.getStats('auto')).totalEntries > 0, 20);
    expect((await b.getActiveEntries('auto')).map((e) => e.content)).toEqual(['no sync() called']);
    expect(changed).toContain('auto');
  });

  it('refuses a bad sync option naming the field', async () => {
    server = await startMemorySyncServer();
    await expect(createMemory({ store: 'memory', sync: { url: 'ftp://x' } })).rejects.toThrow(
      /sync\.url: expected an http: or https: URL/,
    );
    await expect(createMemory({ store: 'memory', sync: { url: server.url, intrvalMs: 5 } as never })).rejects.toThrow(
      /sync\.intrvalMs/,
    );
    await expect(
      createMemory({ store: 'memory', sync: { url: server.url, headers: { a: 1 } } as never }),
    ).rejects.toBeInstanceOf(ValidationError);
    const plain = await createMemory({ store: 'memory' });
    open.push(plain);
    await expect(plain.sync()).rejects.toThrow(/^sync: expected a sync option/);
  });
});
