/**
 * The sync client of createMemory (Node, memory store) against the real syncHandler on the
 * throwaway PostgreSQL cluster: convergence, the compaction rule, tombstones, an erased entry's
 * retry, first sync of a new device. The browsers' version is sync-browser.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import { closeShared, freshTenant, sharedPool } from './support.js';
import { pullAll, startSyncServer, type SyncServer } from './sync-support.js';

let server: SyncServer;
const open: Memory[] = [];

beforeAll(async () => {
  server = await startSyncServer({ pool: sharedPool() });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((m) => m.close()));
});
afterAll(async () => {
  await server.close();
  await closeShared();
});

function tenantToken(): string {
  const token = `tok-${freshTenant()}`;
  server.tokens.set(token, freshTenant());
  return token;
}

async function device(token: string, config: Record<string, unknown> = {}): Promise<Memory> {
  const m = await createMemory({
    store: 'memory',
    tokenizer: { count: (t: string) => Math.ceil(t.length / 4) },
    config: { autoCompress: false, ...config },
    sync: { url: server.url, headers: { authorization: `Bearer ${token}` }, intervalMs: 0 },
  });
  open.push(m);
  return m;
}

const json = async (m: Memory, s: string) => JSON.stringify(await m.exportSession(s));

describe('sync client on the real handler (Node)', () => {
  it('two devices that wrote apart converge: identical exports, every entry, server order', async () => {
    const token = tenantToken();
    const a = await device(token);
    const b = await device(token);
    await a.addUserMessage('s', 'a1');
    await a.addAssistantMessage('s', 'a2');
    await b.addUserMessage('s', 'b1');
    await b.addToolCall('s', 'search', { q: 'x', nested: { z: 1, a: [1, 2] } });
    await b.addToolResult('s', 'search', { hits: 3 });
    await a.sync();
    await b.sync();
    await a.sync();
    const ea = await a.exportSession('s');
    expect(await json(a, 's')).toBe(await json(b, 's'));
    // Each device pushes on its own soon after a change, so which device's turns the server took
    // first depends on timing; the order both devices keep is the server's, whichever it is.
    const ops = await pullAll(server.url, token);
    const pushed = ops.filter((o) => o.kind === 'entry').map((o) => (o as unknown as { opId: string }).opId);
    expect(pushed).toHaveLength(5);
    expect(ea.entries.map((e) => e.id)).toEqual(pushed);
    // A device's own turns keep the order it wrote them in.
    const order = ea.entries.map((e) => e.content.slice(0, 2));
    expect(order.filter((c) => c.startsWith('a'))).toEqual(['a1', 'a2']);
    expect(order.filter((c) => !c.startsWith('a'))).toEqual(['b1', '{"', '{"']);
    expect(ea.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
  });

  it('compaction on both devices converges to one summary', async () => {
    const token = tenantToken();
    const config = { maxEntries: 1000, recentWindow: 2, minEntriesToCompress: 2 };
    const a = await device(token, config);
    const b = await device(token, config);
    for (let i = 0; i < 4; i++) {
      await a.addUserMessage('s', `question ${i} about apples`);
      await a.addAssistantMessage('s', `answer ${i} about pears`);
    }
    await a.sync();
    await b.sync();
    await a.compress('s');
    await b.compress('s');
    await a.sync();
    await b.sync();
    await a.sync();
    expect(await a.getSummaries('s')).toHaveLength(1);
    expect(await json(a, 's')).toBe(await json(b, 's'));
    // A second compaction later (the summary folds on both): still one story.
    for (let i = 4; i < 8; i++) {
      await b.addUserMessage('s', `question ${i} about plums`);
      await b.addAssistantMessage('s', `answer ${i} about figs`);
    }
    await b.sync();
    await a.sync();
    await a.compress('s');
    await a.sync();
    await b.sync();
    expect(await json(a, 's')).toBe(await json(b, 's'));
    const stats = await b.getStats('s');
    expect(stats.totalEntries).toBe(16);
    expect(stats.compressedEntries).toBeGreaterThan(6);
  });

  it('entries too big for one request (4 MiB) are pushed over several', async () => {
    const token = tenantToken();
    const a = await device(token);
    const big = (n: number) => `${n} ${'x'.repeat(900_000)}`;
    for (let i = 0; i < 6; i++) await a.addContext('docs', big(i), `file${i}`);
    await a.sync();
    const b = await device(token);
    await b.sync();
    expect((await b.exportSession('docs')).entries.map((e) => e.content.slice(0, 2))).toEqual([
      '0 ',
      '1 ',
      '2 ',
      '3 ',
      '4 ',
      '5 ',
    ]);
    expect(await json(a, 'docs')).toBe(await json(b, 'docs'));
  });

  it('neuralyzer erasures travel as tombstones', async () => {
    const token = tenantToken();
    const a = await createMemory({
      store: 'memory',
      tokenizer: { count: (t: string) => Math.ceil(t.length / 4) },
      profile: {
        long_term_memory_strategy: [
          { long_term_memory_id: 'neuralyzer', interaction_threshold_qty: 100, interaction_keep: 1 },
        ],
      },
      sync: { url: server.url, headers: { authorization: `Bearer ${token}` }, intervalMs: 0 },
    });
    open.push(a);
    const b = await device(token);
    for (let i = 0; i < 4; i++) {
      await a.addUserMessage('s', `secret question ${i}`);
      await a.addAssistantMessage('s', `secret answer ${i}`);
    }
    await a.sync();
    await b.sync();
    expect((await b.getStats('s')).totalEntries).toBe(8);
    await a.compress('s');
    expect((await a.getStats('s')).totalEntries).toBe(2);
    await a.sync();
    await b.sync();
    const eb = await b.exportSession('s');
    expect(eb.entries.map((e) => e.content)).toEqual(['secret question 3', 'secret answer 3']);
    expect(eb.erasedEntries).toBe(6);
    expect(eb.entries.map((e) => e.seq)).toEqual([6, 7]);
    expect(await json(a, 's')).toBe(JSON.stringify(eb));
    const recalled = (await b.recall('s', 'secret question 1')).map((r) => r.entry.content);
    expect(recalled.length).toBeGreaterThan(0);
    expect(recalled.filter((c) => /[012]$/.test(c))).toEqual([]);
  });

  it('a new device gets everything; clear and erase travel', async () => {
    const token = tenantToken();
    const a = await device(token);
    for (let i = 0; i < 30; i++) await a.addUserMessage(`s${i % 3}`, `m${i}`);
    await a.clearSession('s2');
    await a.sync();
    const b = await device(token);
    await b.sync();

    expect((await b.listSessions()).map((m) => m.sessionId).sort()).toEqual(['s0', 's1']);
    for (const s of ['s0', 's1', 's2']) expect(await json(b, s)).toBe(await json(a, s));
  });

  it('two devices adding one turn under the same caller id: stored once, and the same on both', async () => {
    const token = tenantToken();
    const a = await device(token);
    const b = await device(token);
    await a.addUserMessage('s', 'Book a table for two.', undefined, { id: 'turn-1' });
    await b.addUserMessage('s', 'Book a table for two.', undefined, { id: 'turn-1' });
    await b.addAssistantMessage('s', 'Booked.', undefined, { id: 'turn-1:reply' });
    await a.sync();
    await b.sync();
    await a.sync();
    expect(await json(a, 's')).toBe(await json(b, 's'));
    expect((await a.exportSession('s')).entries.map((e) => e.id)).toEqual(['turn-1', 'turn-1:reply']);
    const ops = await pullAll(server.url, token);
    expect(ops.filter((o) => o.kind === 'entry').map((o) => (o.kind === 'entry' ? o.entry.id : ''))).toEqual([
      'turn-1',
      'turn-1:reply',
    ]);
    // Once pulled, the id is known on every device: a retry there stores nothing, another turn is refused.
    await b.addUserMessage('s', 'Book a table for two.', undefined, { id: 'turn-1' });
    await expect(b.addUserMessage('s', 'Book a table for three.', undefined, { id: 'turn-1' })).rejects.toThrow(
      /"turn-1"/,
    );
    expect((await b.exportSession('s')).entries).toHaveLength(2);
  });

  it('two devices adding other turns under one caller id: the first pushed is kept everywhere, the other reported', async () => {
    const token = tenantToken();
    const a = await device(token);
    const b = await device(token);
    const refused: { device: string; reason: string; id: string }[] = [];
    for (const [name, m] of [
      ['a', a],
      ['b', b],
    ] as const)
      m.on('sync:refused', (r) =>
        refused.push({ device: name, reason: r.reason, id: (r.op as { entry?: { id: string } }).entry!.id }),
      );
    await a.addUserMessage('s', 'Lisbon, please.', undefined, { id: 'turn-9' });
    await b.addUserMessage('s', 'Porto, please.', undefined, { id: 'turn-9' });
    await a.sync();
    await b.sync();
    await a.sync();
    expect(await json(a, 's')).toBe(await json(b, 's'));
    // Each device pushes on its own soon after a change, so which turn the server took first
    // depends on timing: that one is kept on both devices, and the other device is told.
    const kept = (await b.exportSession('s')).entries.map((e) => e.content);
    expect(kept).toHaveLength(1);
    expect(['Lisbon, please.', 'Porto, please.']).toContain(kept[0]);
    const ops = await pullAll(server.url, token);
    const pushed = ops.filter((o) => o.kind === 'entry') as unknown as { entry: { content: string } }[];
    expect(pushed.map((o) => o.entry.content)).toEqual(kept);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.device).toBe(kept[0] === 'Lisbon, please.' ? 'b' : 'a');
    expect(refused[0]!.id).toBe('turn-9');
    expect(refused[0]!.reason).toMatch(/"turn-9".*other content/);
  });
});
