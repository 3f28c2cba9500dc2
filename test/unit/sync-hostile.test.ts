/**
 * Hostile input against the sync client and the engine's checks (issue: a sync that never
 * wedges, no leaked secrets, the reserved session): records the server would refuse are
 * refused locally or set aside and reported, never holding back other sessions; URLs never
 * show their tokens; RecallKit's own session is out of the public API's reach.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import type { Memory } from '../../src/memory.js';
import { ValidationError } from '../../src/errors.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import { newMeta } from '../../src/core/session/session.js';
import type { MemoryEntry, StoreAdapter } from '../../src/types.js';
import type { SyncRefusal } from '../../src/sync/types.js';
import { deriveOutbox } from '../../src/sync/client/outbox.js';
import { toWorking } from '../../src/sync/client/state.js';
import { MAX_OP_IDS } from '../../src/sync/bounds.js';
import { parseSyncOp } from '../../src/sync/protocol.js';
import { wireEntry } from '../../src/sync/client/state.js';
import { SESSION_CALLS, methodsOf } from '../support/session-calls.js';
import { startMemorySyncServer, type MemorySyncServer } from '../support/sync-memory-server.js';

let server: MemorySyncServer | undefined;
const open: Memory[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((m) => m.close()));
  await server?.close();
  server = undefined;
});

const T0 = '2026-01-01T00:00:00.000Z';
const tokenizer = { count: (t: string) => Math.ceil(t.length / 4) };

async function device(store: StoreAdapter | 'memory' = 'memory', url = server!.url): Promise<Memory> {
  const m = await createMemory({
    store,
    tokenizer,
    config: { autoCompress: false },
    sync: { url, headers: { authorization: 'Bearer secret' }, intervalMs: 0, timeoutMs: 60_000 },
  });
  open.push(m);
  return m;
}

/** Write an entry straight into a store (as an older version, or another program, could have). */
async function plant(store: StoreAdapter, sessionId: string, over: Partial<MemoryEntry>): Promise<void> {
  const meta = newMeta(sessionId, '2026-01-01T00:00:00.000Z');
  meta.version = 1;
  meta.nextSeq = 1;
  meta.totalEntries = 1;
  meta.interactionCount = 1;
  const entry: MemoryEntry = {
    id: 'planted',
    sessionId,
    seq: 0,
    interaction: 1,
    type: 'message',
    role: 'user',
    content: 'planted',
    timestamp: '2026-01-01T00:00:00.000Z',
    tokenCount: 2,
    compressed: false,
    ...over,
  };
  await store.write(sessionId, { meta, putEntries: [entry] });
}

async function refusedOf(m: Memory): Promise<string> {
  try {
    await m.sync();
  } catch (error) {
    return String(error);
  }
  return '';
}

describe('a record the server would refuse never holds back the others', () => {
  const hostile: [string, Partial<MemoryEntry>, RegExp][] = [
    [
      'a 600-character tool name',
      { type: 'tool_call', role: 'assistant', tool: { name: 't'.repeat(600), callId: 'c1' } },
      /tool\.name/,
    ],
    ['an entry id over 512 characters', { id: 'i'.repeat(600) }, /opId|\.id/],
    ['an interaction above 2^53', { interaction: 2 ** 60 }, /interaction/],
    ['a seq of 1e20', { seq: 1e20 }, /seq/],
    ['a content past the sync bound', { content: 'x'.repeat(1_000_001) }, /content/],
  ];
  for (const [name, over, field] of hostile) {
    it(`${name}: set aside with a sync:refused event, once; later messages of every session arrive`, async () => {
      server = await startMemorySyncServer();
      const store = memoryStore();
      await plant(store, 'bad', over);
      const m = await device(store);
      const refusals: SyncRefusal[] = [];
      m.on('sync:refused', (r) => refusals.push(r));
      await m.addUserMessage('ok1', 'first');
      expect(await refusedOf(m)).toBe('');
      for (const s of ['ok1', 'ok2', 'ok3']) await m.addUserMessage(s, `later in ${s}`);
      await m.sync();
      await m.sync();
      const contents = server.log.flatMap((o) => (o.kind === 'entry' ? [o.entry.content] : []));
      expect(contents).toEqual(['first', 'later in ok1', 'later in ok2', 'later in ok3']);
      expect(refusals).toHaveLength(1);
      expect(refusals[0]!.by).toBe('client');
      expect(refusals[0]!.op).toMatchObject({ sessionId: 'bad', kind: 'entry' });
      expect(refusals[0]!.field).toMatch(field);
      expect(refusals[0]!.reason).toMatch(field);
      // Kept here: the local data is not touched.
      expect((await m.exportSession('bad')).entries).toHaveLength(1);
    });
  }

  it('an op the server refuses as malformed is set aside (by: server), reported once, never pushed again', async () => {
    server = await startMemorySyncServer('secret', {
      refuse: (op) => (op.kind === 'entry' && op.entry.content === 'poison' ? 'content: not this' : undefined),
    });
    const m = await device();
    const refusals: SyncRefusal[] = [];
    m.on('sync:refused', (r) => refusals.push(r));
    await m.addUserMessage('a', 'poison');
    await m.addUserMessage('b', 'fine');
    await m.sync();
    await m.addUserMessage('b', 'fine again');
    await m.sync();
    await m.sync();
    expect(server.log.map((o) => (o.kind === 'entry' ? o.entry.content : o.kind))).toEqual(['fine', 'fine again']);
    expect(refusals.map((r) => [r.by, r.op.sessionId, r.reason])).toEqual([
      ['server', 'a', 'invalid op: content: not this'],
    ]);
    expect(server.pushed.filter((o) => o.kind === 'entry' && o.entry.content === 'poison')).toHaveLength(1);
  });

  it('an erasure of more ids than one op may list travels as several ops within the bound', () => {
    const ids = Array.from({ length: MAX_OP_IDS * 2 + 7 }, (_, i) => `e${i}`);
    const { ops } = deriveOutbox('s', toWorking(undefined), [], [], new Set(ids));
    expect(ops.map((o) => o.kind === 'erase' && o.entryIds.length)).toEqual([MAX_OP_IDS, MAX_OP_IDS, 7]);
    expect(new Set(ops.flatMap((o) => (o.kind === 'erase' ? o.entryIds : []))).size).toBe(ids.length);
  });
});

describe('the engine refuses what the server would', () => {
  it('adds and imports with out-of-bound ids or counts are refused naming the field; nothing is stored', async () => {
    const m = await createMemory({ store: 'memory', tokenizer, config: { autoCompress: false } });
    open.push(m);
    await expect(m.addToolCall('s', 't'.repeat(600), {})).rejects.toThrow(/^toolName: expected/);
    await expect(m.addToolCall('s', 'ok', {}, { callId: 'c'.repeat(513) })).rejects.toThrow(/^callId: expected/);
    const entry = {
      id: 'a',
      sessionId: 'i',
      seq: 0,
      interaction: 1,
      type: 'message',
      role: 'user',
      content: 'x',
      timestamp: '2026-01-01T00:00:00.000Z',
      tokenCount: 1,
      compressed: false,
    };
    const summary = {
      id: 'sum',
      sessionId: 'i',
      content: 's',
      originalEntryIds: ['a'],
      tokenCount: 1,
      originalTokenCount: 3,
      compressionRatio: 3,
      createdAt: '2026-01-01T00:00:00.000Z',
      timeRange: { start: '2026-01-01T00:00:00.000Z', end: '2026-01-01T00:00:00.000Z' },
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ entries: [{ ...entry, id: 'i'.repeat(513) }] }, 'state.entries[0].id'],
      [
        { entries: [{ ...entry, type: 'tool_call', tool: { name: 't'.repeat(600), callId: 'c' } }] },
        'state.entries[0].tool.name',
      ],
      [{ entries: [{ ...entry, interaction: 2 ** 54 }] }, 'state.entries[0].interaction'],
      [{ entries: [{ ...entry, seq: 1e20 }] }, 'state.entries[0].seq'],
      [
        {
          entries: [{ ...entry, compressed: true, summaryId: 'sum' }],
          summaries: [{ ...summary, originalTokenCount: 2.5 }],
        },
        'state.summaries[0].originalTokenCount',
      ],
      [
        { entries: [], summaries: [{ ...summary, originalEntryIds: ['x'.repeat(513)] }] },
        'state.summaries[0].originalEntryIds[0]',
      ],
    ];
    for (const [over, field] of cases) {
      const error = await m
        .importSession({ sessionId: 'i', entries: [], summaries: [], ...over } as never)
        .catch((e) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe(field);
    }
    expect(await m.listSessions()).toEqual([]);
  });
});

describe('the reserved session', () => {
  it('every public method refuses __recallkit ids with a ValidationError; listSessions never shows them', async () => {
    server = await startMemorySyncServer();
    const m = await device();
    // Every method of the live memory is in the table: a new one cannot skip the check.
    expect(methodsOf(m)).toEqual(Object.keys(SESSION_CALLS).sort());
    await m.addUserMessage('mine', 'hello');
    await m.sync();
    for (const id of [
      '__recallkit_sync__',
      '__recallkit_facts__',
      '__recallkit_facts_state__',
      '__recallkit',
      '__recallkitX',
    ]) {
      for (const [method, row] of Object.entries(SESSION_CALLS)) {
        if (row === null) continue;
        const error = await row.call(m, id).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, `${method}(${JSON.stringify(id)})`).toBeInstanceOf(ValidationError);
        expect(error).toMatchObject({ field: row.field });
        expect((error as Error).message).toMatch(/reserved/);
      }
    }
    expect((await m.listSessions()).map((s) => s.sessionId)).toEqual(['mine']);
    // The device state is still there and working: a later round syncs.
    await m.addUserMessage('mine', 'again');
    await m.sync();
    expect(server.log).toHaveLength(2);
  });
});

describe('clearSession is finished after a stop between its writes', () => {
  it('a clear recorded but whose data is still there: the next round deletes it first, nothing comes back', async () => {
    server = await startMemorySyncServer();
    const raw = memoryStore();
    let failDelete = false;
    const store: StoreAdapter = {
      ...raw,
      // Both memories below share it: only the test ends it.
      close: async () => undefined,
      deleteSession: async (id) => {
        if (failDelete) throw new Error('stopped before the delete');
        return raw.deleteSession(id);
      },
    };
    const m = await device(store, `http://127.0.0.1:9/unreachable`);
    await m.addUserMessage('s', 'never pushed');
    failDelete = true;
    await expect(m.clearSession('s')).rejects.toThrow(/stopped before the delete/);
    failDelete = false;
    await m.close();
    open.pop();
    const again = await device(store);
    await again.sync();
    expect(await again.listSessions()).toEqual([]);
    expect(server.log.map((o) => o.kind)).toEqual(['clear']);
  });
});

describe('secrets in the sync URL', () => {
  it('a query-string token never appears in a SyncError or a sync:error event', async () => {
    const m = await device('memory', 'http://127.0.0.1:9/sync?token=SECRET-QUERY-TOKEN#frag-SECRET');
    const seen: string[] = [];
    m.on('sync:error', (e) => seen.push(`${e.name}: ${e.message} ${String((e as { cause?: unknown }).cause)}`));
    const error = await m.sync().catch((e: unknown) => e);
    expect(String(error)).toMatch(/127\.0\.0\.1:9\/sync/);
    seen.push(String(error), JSON.stringify(error));
    for (const text of seen) expect(text).not.toMatch(/SECRET/);
  });

  it('a URL with user:password@ is refused up front, without the password', async () => {
    const error = await createMemory({
      store: 'memory',
      tokenizer,
      sync: { url: 'https://alice:SECRET-PASSWORD@sync.example/api' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('sync.url');
    expect(String(error)).toMatch(/user:password@/);
    expect(String(error)).not.toMatch(/SECRET|alice/);
  });
});

describe('nothing the engine accepts is refused by the sync checks', () => {
  it('random imports (hostile sizes and numbers): every accepted entry and summary passes parseSyncOp', async () => {
    const m = await createMemory({ store: 'memory', tokenizer, config: { autoCompress: false } });
    open.push(m);
    const id = fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom('i'.repeat(512), 'i'.repeat(513)));
    const count = fc.oneof(fc.nat(), fc.constantFrom(2 ** 53, 1e20, 1.5, -1));
    const rawEntry = fc.record(
      {
        id,
        type: fc.constantFrom('message', 'tool_call', 'tool_result'),
        role: fc.constantFrom('user', 'assistant', 'system'),
        content: fc.string({ maxLength: 20 }),
        seq: count,
        interaction: count,
        tool: fc.record({ name: id, callId: id }),
        timestamp: fc.constant(T0),
      },
      { requiredKeys: ['id', 'type', 'role', 'content'] },
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(rawEntry, { maxLength: 4 }), count, async (entries, original) => {
        const summaries = entries.length
          ? [
              {
                id: 'sum',
                sessionId: 'f',
                content: 'sum',
                originalEntryIds: [entries[0]!.id],
                originalTokenCount: original,
                createdAt: T0,
              },
            ]
          : [];
        const state = {
          sessionId: 'f',
          entries: entries.map((e, i) => ({
            ...e,
            compressed: i === 0 && summaries.length > 0,
            ...(i === 0 && summaries.length ? { summaryId: 'sum' } : {}),
          })),
          summaries,
        };
        try {
          await m.importSession(state as never, { replace: true });
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError);
          return;
        }
        accepted++;
        const out = await m.exportSession('f');
        for (const e of out.entries)
          parseSyncOp({ opId: e.id, sessionId: 'f', kind: 'entry', entry: wireEntry(e) }, 'op');
        for (const s of out.summaries)
          parseSyncOp({ opId: s.id, sessionId: 'f', kind: 'compact', summary: s, entryIds: s.originalEntryIds }, 'op');
      }),
      { numRuns: 150, seed: 25 },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
