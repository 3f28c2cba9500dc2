/**
 * Facts across a user's devices: createMemory({ facts, sync }) in Node against the real
 * syncHandler on the throwaway PostgreSQL cluster. The facts log is the one reserved session
 * sync carries: every device ends with the same facts (same ids, same history), a fact the user
 * set survives other devices' extraction, a forgotten fact stays forgotten on every device (a
 * late device's own statements of it included), and the server's memory of the user sees them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import { createServerMemory } from '../../src/server/index.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { StoreAdapter } from '../../src/types.js';
import { closeShared, freshTenant, pgUrl, sharedPool } from './support.js';
import { post, pullAll, startSyncServer, type SyncServer } from './sync-support.js';

let server: SyncServer;
const open: Memory[] = [];
const DAY = 86_400_000;
const ago = (days: number): string => new Date(Date.now() - days * DAY).toISOString();

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

function user(): { token: string; tenant: string } {
  const token = `tok-${freshTenant()}`;
  const tenant = freshTenant();
  server.tokens.set(token, tenant);
  return { token, tenant };
}

async function device(token: string, url = server.url, store: StoreAdapter | 'memory' = 'memory'): Promise<Memory> {
  const m = await createMemory({
    store,
    tokenizer: { count: (t: string) => Math.ceil(t.length / 4) },
    facts: {},
    sync: { url, headers: { authorization: `Bearer ${token}` }, intervalMs: 0 },
  });
  open.push(m);
  return m;
}

/** Sync every device until none changes (each round after its reads settled). */
async function settle(...devices: Memory[]): Promise<void> {
  for (let pass = 0; pass < 3; pass++)
    for (const d of devices) {
      await d.idle();
      await d.sync();
      await d.idle();
    }
}

const history = (m: Memory) => m.listFacts({ history: true });

describe('facts sync between devices', () => {
  it('two devices converge on the same facts, ids and history; the server memory sees them', async () => {
    const { token, tenant } = user();
    const a = await device(token);
    const b = await device(token);
    await a.addUserMessage('home', 'I live in Lyon.', undefined, { timestamp: ago(100) });
    await b.addUserMessage('move', 'We moved to Berlin.', undefined, { timestamp: ago(20) });
    await b.addUserMessage('pets', 'My dog is called Rex.', undefined, { timestamp: ago(10) });
    await settle(a, b);
    const facts = await history(a);
    expect(facts.map((f) => `${f.value}:${f.status}`)).toEqual([
      'Lyon:superseded',
      'Berlin:current',
      'dog named Rex:current',
    ]);
    expect(await history(b)).toEqual(facts);
    // Both read every turn: the records they wrote are the same records, pushed once each.
    const ops = await pullAll(server.url, token);
    const records = ops.filter((o) => o.sessionId === '__recallkit_facts__');
    expect(new Set(records.map((o) => o.opId)).size).toBe(records.length);
    expect(records).toHaveLength(3);

    const servers = createServerMemory({ connectionString: pgUrl(), tokenizer: { count: (t) => t.length }, facts: {} });
    try {
      const onServer = servers.forUser(tenant);
      await onServer.idle();
      expect((await onServer.listFacts({ history: true })).map((f) => f.id)).toEqual(facts.map((f) => f.id));
    } finally {
      await servers.close();
    }
  });

  it("a fact the user set on one device survives the other device's extraction", async () => {
    const { token } = user();
    const a = await device(token);
    const b = await device(token);
    const mine = await a.setFact({ text: 'I live in Berlin', attribute: 'city', value: 'Berlin' });
    await settle(a, b);
    await b.addUserMessage('chat', 'We moved to Munich.', undefined, { timestamp: ago(-1) });
    await settle(a, b);
    for (const d of [a, b]) {
      expect((await d.listFacts()).map((f) => f.id)).toEqual([mine.id]);
      expect((await history(d)).find((f) => f.value === 'Munich')).toMatchObject({
        status: 'superseded',
        supersededBy: mine.id,
      });
    }
    expect(await history(b)).toEqual(await history(a));
  });

  it('a forgotten fact stays forgotten on every device: a late device and a new one bring nothing back', async () => {
    const { token, tenant } = user();
    const a = await device(token);
    const b = await device(token);
    await a.addUserMessage('home', 'I live in Lyon.', undefined, { timestamp: ago(100) });
    await settle(a, b);
    // A third device synced, then went offline and heard the same thing again, before the forget.
    const inner = memoryStore();
    const lateStore: StoreAdapter = { ...inner, close: async () => undefined };
    const late = await device(token, server.url, lateStore);
    await settle(late);
    await late.close();
    open.splice(open.indexOf(late), 1);
    const offline = await device(token, 'http://127.0.0.1:9/offline', lateStore);
    await offline.addUserMessage('own', 'Yes, I live in Lyon still.', undefined, { timestamp: ago(5) });
    await offline.idle();
    expect((await offline.listFacts()).map((f) => f.sources.length)).toEqual([2]);
    await offline.close();
    open.splice(open.indexOf(offline), 1);
    const lyon = (await a.listFacts())[0]!;
    await a.forgetFact(lyon.id);
    await settle(a, b);
    expect(await history(b)).toEqual([]);
    // The late device comes online: its own statement of Lyon (made before the forget) does not count.
    const lateOnline = await device(token, server.url, lateStore);
    await settle(lateOnline, a, b, lateOnline);
    // The late device's record of its own turn reached the server, and was erased there too: the
    // records of Lyon (the first device's and the late device's) are stubs, each erased, and no
    // row of the server's op log for the facts holds the forgotten value any more.
    const ops = await pullAll(server.url, token);
    const stubs = ops.filter((o) => o.kind === 'entry' && o.sessionId === '__recallkit_facts__' && 'erased' in o);
    expect(stubs.length).toBeGreaterThanOrEqual(2);
    for (const stub of stubs) expect(ops.some((o) => o.kind === 'erase' && o.entryIds.includes(stub.opId))).toBe(true);
    // The turns that said it stay (the user erases them when they want them gone too).
    const log = await sharedPool().query<{ op: string }>(
      'SELECT op FROM recallkit_sync_ops WHERE tenant = $1 AND session_id = $2',
      [tenant, JSON.stringify('__recallkit_facts__')],
    );
    expect(log.rows.length).toBeGreaterThan(stubs.length);
    expect(log.rows.map((r) => r.op).join('\n')).not.toMatch(/lyon/i);
    // Nor does the server's own store of the user's facts (what createServerMemory reads).
    const stored = await sharedPool().query<{ entry: string }>(
      'SELECT entry FROM recallkit_entries WHERE tenant = $1 AND session_id = $2',
      [tenant, JSON.stringify('__recallkit_facts__')],
    );
    expect(stored.rows.length).toBeGreaterThan(0);
    expect(stored.rows.map((r) => r.entry).join('\n')).not.toMatch(/lyon/i);
    const fresh = await device(token);
    await settle(fresh);
    for (const d of [a, b, lateOnline, fresh]) {
      expect(await history(d)).toEqual([]);
      expect(JSON.stringify(await d.exportFacts())).not.toMatch(/lyon/i);
    }
    // The turns stay: the user erases them when they want them gone too.
    expect((await fresh.exportSession('home')).entries.map((e) => e.content)).toEqual(['I live in Lyon.']);
    expect((await fresh.exportSession('own')).entries.map((e) => e.content)).toEqual(['Yes, I live in Lyon still.']);
    await inner.close();
  });

  it('the server refuses a malformed record on the facts log and any other reserved session, alone', async () => {
    const { token } = user();
    const entry = (sessionId: string, id: string, content: string) => ({
      opId: id,
      sessionId,
      kind: 'entry',
      entry: {
        id,
        sessionId,
        seq: 0,
        interaction: 0,
        type: 'context',
        role: 'system',
        content,
        timestamp: new Date().toISOString(),
        tokenCount: 0,
        compressed: false,
      },
    });
    const res = await post(server.url, token, {
      v: 1,
      deviceId: 'd',
      cursor: '0',
      ops: [
        entry('__recallkit_facts__', 'fr-x', '{"type":"stated"}'),
        { opId: 'c', sessionId: '__recallkit_facts__', kind: 'clear' },
        entry('__recallkit_sync__', 'r', 'x'),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.results.map((r: { status: string; field?: string }) => [r.status, r.field])).toEqual([
      ['rejected', 'ops[0].entry.content.source'],
      ['rejected', 'ops[1].kind'],
      ['rejected', 'ops[2].sessionId'],
    ]);
  });
});
