/** The sync handler on a real Node http server (127.0.0.1), on the throwaway PostgreSQL cluster and on PGlite. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { postgresStore, syncHandler } from '../../src/server/index.js';
import type { SyncConnection } from '../../src/sync/server/sync-handler-options.js';
import { closeShared, freshTenant, sharedPGlite, sharedPool } from './support.js';
import {
  SYNC_DRIVERS,
  clearOp,
  compactOp,
  dropOp,
  entryOp,
  eraseOp,
  post,
  pullAll,
  round,
  startSyncServer,
  type SyncServer,
} from './sync-support.js';

afterAll(closeShared);

/**
 * The rows a refused request could have written: every row of `tenant`, and every row of any
 * tenant that holds `marker` (the ids the request carried). Other test files write the same
 * database at the same time: their rows are neither.
 */
async function rowsOf(driver: string, tenant: string, marker: string): Promise<unknown> {
  const tables = [
    'recallkit_sync_tenants',
    'recallkit_sync_ops',
    'recallkit_sync_rejected',
    'recallkit_sync_entries',
    'recallkit_sync_summaries',
    'recallkit_sync_sessions',
    'recallkit_sessions',
    'recallkit_entries',
  ];
  const out: Record<string, unknown> = {};
  for (const t of tables) {
    const sql = `SELECT * FROM ${t} WHERE tenant = $1 OR ${t}::text LIKE $2 ORDER BY ${t}::text`;
    const params = [tenant, `%${marker}%`];
    out[t] =
      driver === 'pg'
        ? (await sharedPool().query(sql, params)).rows
        : (await (await sharedPGlite()).query(sql, params)).rows;
  }
  return out;
}

/** The JSON text of every op row of `tenant`, as the log stores it. */
async function opRows(driver: string, tenant: string): Promise<string[]> {
  const sql = 'SELECT op FROM recallkit_sync_ops WHERE tenant = $1 ORDER BY seq';
  const rows =
    driver === 'pg'
      ? (await sharedPool().query<{ op: string }>(sql, [tenant])).rows
      : (await (await sharedPGlite()).query<{ op: string }>(sql, [tenant])).rows;
  return rows.map((r) => r.op);
}

describe('syncHandler options', () => {
  it('refuses to start without authorize, or with no database or two, naming the option', () => {
    const pool = sharedPool();
    expect(() => syncHandler({ pool } as never)).toThrow(/^authorize: expected a function/);
    expect(() => syncHandler({ pool, authorize: 'u1' } as never)).toThrow(/^authorize: expected a function/);
    expect(() => syncHandler({ authorize: () => 'u1' } as never)).toThrow(
      /^options: expected exactly one of connectionString, pool or pglite/,
    );
    expect(() => syncHandler({ pool, pglite: 'x', authorize: () => 'u1' } as never)).toThrow(
      /^options: expected exactly one/,
    );
    expect(() => syncHandler({ pool, authorize: () => 'u1', tenant: 'u1' } as never)).toThrow(
      /^options.tenant: expected one of the known options/,
    );
  });

  it('an authorize that throws is a 500 with a request id (not a 401: the token may be fine); its error goes to onError only', async () => {
    const logged: [unknown, { requestId: string; stage: string }][] = [];
    const handler = syncHandler({
      pool: sharedPool(),
      authorize: () => {
        throw new Error('token service down: key=SECRET-SIGNING-KEY-123');
      },
      onError: (error, context) => logged.push([error, context]),
    });
    const res = await handler(
      new Request('http://x/sync', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ v: 1, deviceId: 'd', cursor: '0', ops: [entryOp('s')] }),
      }),
    );
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; requestId: string };
    expect(body.error).not.toMatch(/SECRET|token service/);
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
    expect(body.error).toContain(body.requestId);
    expect(logged).toHaveLength(1);
    expect((logged[0]![0] as Error).message).toMatch(/SECRET-SIGNING-KEY-123/);
    expect(logged[0]![1]).toEqual({ requestId: body.requestId, stage: 'authorize' });
    await handler.close();
  });
});

for (const [driver, connection] of SYNC_DRIVERS) {
  describe(`syncHandler (${driver}) over HTTP`, () => {
    let server: SyncServer;
    let conn: SyncConnection;
    /** A fresh tenant with its token. */
    const tenant = (): { tenant: string; token: string } => {
      const t = freshTenant();
      server.tokens.set(`tok-${t}`, t);
      return { tenant: t, token: `tok-${t}` };
    };
    beforeAll(async () => {
      conn = await connection();
      server = await startSyncServer(conn);
    });
    afterAll(async () => server.close());

    it('a retried push (same ops twice) stores one copy and answers the original seqs', async () => {
      const { token } = tenant();
      const ops = [
        entryOp('s', 'a'),
        entryOp('s', 'b', { role: 'assistant' }),
        compactOp('s', 'sum', ['a', 'b']),
        eraseOp('s', 'er1', ['zz']),
      ];
      const first = await round(server.url, token, ops);
      expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
      expect(first.results.map((r) => r.seq)).toEqual(['1', '2', '3', '4']);
      const again = await round(server.url, token, ops, first.cursor, { deviceId: 'd1' });
      expect(again.results).toEqual(first.results.map((r) => ({ opId: r.opId, status: 'duplicate', seq: r.seq })));
      expect(again.ops).toEqual([]);
      // The same op twice in one request: the second is a duplicate of the first.
      const inOne = await round(server.url, token, [entryOp('s', 'c'), entryOp('s', 'c')], again.cursor);
      expect(inOne.results).toEqual([
        { opId: 'c', status: 'applied', seq: '5' },
        { opId: 'c', status: 'duplicate', seq: '5' },
      ]);
      const all = await pullAll(server.url, token);
      expect(all.map((o) => [o.seq, o.opId])).toEqual([
        ['1', 'a'],
        ['2', 'b'],
        ['3', 'sum'],
        ['4', 'er1'],
        ['5', 'c'],
      ]);
      expect(all[0]).toEqual({ ...ops[0], seq: '1', deviceId: 'd1' });
    });

    it('a missing or wrong token is 401, and nothing is read or written', async () => {
      const { tenant: id, token } = tenant();
      const marker = `intruder-${id}`;
      await round(server.url, token, [entryOp('s', 'secret')]);
      const before = await rowsOf(driver, id, marker);
      expect(JSON.stringify(before)).toContain('secret');
      const body = { v: 1, deviceId: 'd', cursor: '0', ops: [entryOp('s', marker)] };
      for (const t of [undefined, 'wrong', `${token}x`]) {
        const res = await post(server.url, t, body);
        expect(res.status).toBe(401);
        expect(res.json).toEqual({ error: 'unauthorized: no tenant for this request', requestId: expect.any(String) });
      }
      expect(await rowsOf(driver, id, marker)).toEqual(before);
    });

    it("a tenant using another tenant's session and entry ids (crafted too) reads and changes nothing of the other's", async () => {
      const a = tenant();
      const b = tenant();
      const ids = ['s', "s' OR '1'='1", "'); DELETE FROM recallkit_sync_ops; --", 'a\u0000b', '" OR tenant <> "'];
      for (const s of ids)
        await round(server.url, a.token, [
          entryOp(s, `${s}-e1`),
          entryOp(s, `${s}-e2`),
          compactOp(s, `${s}-sum`, [`${s}-e1`]),
        ]);
      const aBefore = await pullAll(server.url, a.token);
      expect(aBefore).toHaveLength(ids.length * 3);
      for (const s of ids) {
        const r = await round(server.url, b.token, [
          compactOp(s, `${s}-bsum`, [`${s}-e2`]),
          dropOp(s, `${s}-drop`, `${s}-sum`),
          eraseOp(s, `${s}-erase`, [`${s}-e1`, `${s}-e2`]),
          clearOp(s, `${s}-clear`),
          entryOp(s, `${s}-e1`, { content: 'B writes over?' }),
        ]);
        // B has no such entries or summary: its compaction and drop are refused; its erase and clear only touch B.
        expect(r.results.map((x) => x.status)).toEqual(['rejected', 'rejected', 'applied', 'applied', 'rejected']);
        expect(r.results[0]!.reason).toMatch(/^unknown entry/);
        expect(r.results[1]!.reason).toMatch(/^unknown summary/);
        // B's pull holds B's ops only.
        expect(r.ops.every((o) => o.opId.endsWith('-erase') || o.opId.endsWith('-clear'))).toBe(true);
      }
      expect(await pullAll(server.url, a.token)).toEqual(aBefore);
      // A's entries are neither erased nor cleared: A can still compact e2 and drop its summary.
      for (const s of ids) {
        const r = await round(
          server.url,
          a.token,
          [compactOp(s, `${s}-sum2`, [`${s}-e2`]), dropOp(s, `${s}-drop`, `${s}-sum`)],
          '0',
          { limit: 1 },
        );
        expect(r.results.map((x) => x.status)).toEqual(['applied', 'applied']);
      }
      const bStore = postgresStore({ ...conn, tenant: b.tenant } as never);
      for (const s of ids) expect(await bStore.loadEntries(s)).toEqual([]);
      await bStore.close();
    });

    it('malformed requests are refused naming the field, and nothing is written', async () => {
      const { tenant: id, token } = tenant();
      const marker = `refused-${id}`;
      await round(server.url, token, [entryOp('s', 'kept')]);
      const before = await rowsOf(driver, id, marker);
      expect(JSON.stringify(before)).toContain('kept');
      const ok = { v: 1, deviceId: 'd', cursor: '0', ops: [entryOp('s', `${marker}-new`)] };
      const bad: [unknown, number, string][] = [
        ['{"v":1,', 400, 'body'],
        ['[]', 400, 'body'],
        [{ ...ok, v: 2 }, 400, 'v'],
        [{ ...ok, cursor: 'abc' }, 400, 'cursor'],
        [{ ...ok, limit: 0 }, 400, 'limit'],
        [{ ...ok, ops: 'x' }, 400, 'ops'],
        [{ ...ok, deviceId: 'd'.repeat(513) }, 400, 'deviceId'],
        [{ ...ok, ops: Array.from({ length: 1001 }, (_, i) => entryOp('s', `${marker}-m${i}`)) }, 413, 'ops'],
      ];
      for (const [body, status, field] of bad) {
        const res = await post(server.url, token, body);
        expect([res.status, res.json.field]).toEqual([status, field]);
        expect(res.json.error).toMatch(new RegExp(`^${field.replace(/[[\]]/g, '\\$&')}: expected `));
      }
      expect((await post(server.url, token, JSON.stringify(ok), { 'content-type': 'text/plain' })).status).toBe(415);
      expect((await fetch(server.url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(405);
      const huge = JSON.stringify({
        ...ok,
        ops: [entryOp('s', `${marker}-big`, { content: 'x'.repeat(5 * 1024 * 1024) })],
      });
      expect((await post(server.url, token, huge)).status).toBe(413);
      expect(await rowsOf(driver, id, marker)).toEqual(before);
    });

    it('a malformed op is refused alone, naming its field; the others of the request are applied', async () => {
      const { token } = tenant();
      const ops = [
        entryOp('s', 'x1'),
        { ...entryOp('s', 'y'), kind: 'patch' },
        entryOp('s', 'z', { tokenCount: -1 }),
        { opId: 'q', sessionId: 's', kind: 'compact', entryIds: 'x' },
        entryOp('s', 'long-tool', { type: 'tool_call', tool: { name: 't'.repeat(600), callId: 'c1' } }),
        entryOp('__recallkit_sync__', 'r1'),
        entryOp('s', 'x2'),
      ];
      const res = await post(server.url, token, { v: 1, deviceId: 'd', cursor: '0', ops });
      expect(res.status).toBe(200);
      const results = res.json.results as { opId: string; status: string; field?: string }[];
      expect(results.map((r) => [r.opId, r.status, r.field])).toEqual([
        ['x1', 'applied', undefined],
        ['y', 'rejected', 'ops[1].kind'],
        ['z', 'rejected', 'ops[2].entry.tokenCount'],
        ['q', 'rejected', 'ops[3].entryIds'],
        ['long-tool', 'rejected', 'ops[4].entry.tool.name'],
        ['r1', 'rejected', 'ops[5].sessionId'],
        ['x2', 'applied', undefined],
      ]);
      expect((await pullAll(server.url, token)).map((o) => o.opId)).toEqual(['x1', 'x2']);
    });

    it('compaction: the first accepted compaction of a range wins; an overlapping one is rejected and never pulled', async () => {
      const { token } = tenant();
      const ids = ['e1', 'e2', 'e3', 'e4', 'e5'];
      await round(
        server.url,
        token,
        ids.map((id) => entryOp('s', id)),
        '0',
        { deviceId: 'laptop' },
      );
      const laptop = await round(server.url, token, [compactOp('s', 'laptop-sum', ['e1', 'e2', 'e3'])], '0', {
        deviceId: 'laptop',
      });
      const phone = await round(server.url, token, [compactOp('s', 'phone-sum', ['e3', 'e4'])], '0', {
        deviceId: 'phone',
      });
      expect(laptop.results[0]!.status).toBe('applied');
      expect(phone.results[0]).toMatchObject({ opId: 'phone-sum', status: 'rejected' });
      expect(phone.results[0]!.reason).toMatch(/^already compacted: "e3" was compacted by the op at seq 6/);
      // The rejection is remembered: the phone's retry gets the same answer.
      expect(
        (await round(server.url, token, [compactOp('s', 'phone-sum', ['e3', 'e4'])], '0', { deviceId: 'phone' }))
          .results,
      ).toEqual(phone.results);
      // A compaction of what is left is accepted; one naming an entry never pushed is not.
      const next = await round(
        server.url,
        token,
        [compactOp('s', 'phone-sum2', ['e4', 'e5']), compactOp('s', 'ghost', ['e9'])],
        '0',
        { deviceId: 'phone' },
      );
      expect(next.results.map((r) => r.status)).toEqual(['applied', 'rejected']);
      expect((await pullAll(server.url, token)).map((o) => o.opId)).toEqual([...ids, 'laptop-sum', 'phone-sum2']);
    });

    it('an erase tombstone beats a later retried push of the entry, and compactions naming it', async () => {
      const { token } = tenant();
      await round(server.url, token, [entryOp('s', 'keep'), entryOp('s', 'secret')]);
      // The erase reaches the server before a device's retry of the entry op it had not seen acknowledged ...
      await round(server.url, token, [eraseOp('s', 'er', ['secret', 'not-yet'])]);
      const retry = await round(
        server.url,
        token,
        [entryOp('s', 'not-yet'), compactOp('s', 'sum', ['keep', 'secret'])],
        '0',
        { deviceId: 'phone' },
      );
      expect(retry.results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(retry.results[0]!.reason).toMatch(/^erased: entry "not-yet" was erased/);
      expect(retry.results[1]!.reason).toMatch(/^erased entry: "secret"/);
      // ... and the retry of an entry that was pushed before its erase is a duplicate: still erased.
      expect((await round(server.url, token, [entryOp('s', 'secret')])).results[0]).toEqual({
        opId: 'secret',
        status: 'duplicate',
        seq: '2',
      });
      expect((await pullAll(server.url, token)).map((o) => o.opId)).toEqual(['keep', 'secret', 'er']);
    });

    it('the op log keeps no text of what was erased or cleared; a device joining later numbers the session alike', async () => {
      const { tenant: t, token } = tenant();
      const device = async () => {
        const m = await createMemory({ sync: { url: server.url, headers: { authorization: `Bearer ${token}` } } });
        return m;
      };
      await round(server.url, token, [
        entryOp('s', 'keep', { content: 'kept words' }),
        entryOp('s', 'secret', { content: 'my private diagnosis', metadata: { note: 'private note' } }),
        entryOp('c', 'c1', { content: 'cleared words' }),
        compactOp('c', 'csum', ['c1']),
      ]);
      const early = await device();
      await early.sync();
      expect((await early.exportSession('s')).entries.map((e) => e.content)).toEqual([
        'kept words',
        'my private diagnosis',
      ]);
      await round(server.url, token, [
        eraseOp('s', 'er', ['secret']),
        entryOp('s', 'after', { content: 'later words', seq: 2, interaction: 3 }),
        clearOp('c', 'clr'),
      ]);
      const rows = await opRows(driver, t);
      expect(rows.some((r) => r.includes('kept words'))).toBe(true);
      for (const gone of ['private', 'cleared words', 'summary csum']) expect(rows.join('\n')).not.toContain(gone);
      // The stub keeps the entry's place: a retry is still the op applied at seq 2, and a pull
      // from the start carries it (empty) before its erase.
      expect((await round(server.url, token, [entryOp('s', 'secret')])).results[0]).toEqual({
        opId: 'secret',
        status: 'duplicate',
        seq: '2',
      });
      const pulled = await pullAll(server.url, token);
      expect(pulled.map((o) => o.opId)).toEqual(['keep', 'secret', 'c1', 'csum', 'er', 'after', 'clr']);
      expect(pulled[1]).toMatchObject({ kind: 'entry', erased: true, entry: { id: 'secret', content: '' } });
      expect(pulled[1]!.kind === 'entry' && pulled[1]!.entry.metadata).toBeUndefined();
      const fresh = await device();
      await early.sync();
      await fresh.sync();
      for (const session of ['s', 'c'])
        expect(await fresh.exportSession(session)).toEqual(await early.exportSession(session));
      expect((await fresh.exportSession('s')).entries.map((e) => [e.id, e.seq, e.interaction])).toEqual([
        ['keep', 0, 1],
        ['after', 2, 3],
      ]);
      await Promise.all([early.close(), fresh.close()]);
    });

    it('clear: entries pushed before it go, entries pushed after it (written offline earlier) survive', async () => {
      const { tenant: t, token } = tenant();
      await round(
        server.url,
        token,
        [entryOp('s', 'old1'), entryOp('s', 'old2', { role: 'assistant' }), compactOp('s', 'old-sum', ['old1'])],
        '0',
        { deviceId: 'laptop' },
      );
      await round(server.url, token, [clearOp('s', 'clear1')], '0', { deviceId: 'laptop' });
      // The phone wrote offline before the clear, and pushes after it.
      const phone = await round(
        server.url,
        token,
        [
          entryOp('s', 'offline1'),
          entryOp('s', 'offline2', { role: 'assistant' }),
          compactOp('s', 'phone-sum', ['old2']),
        ],
        '0',
        { deviceId: 'phone' },
      );
      expect(phone.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected']);
      expect(phone.results[2]!.reason).toMatch(/^cleared entry: "old2"/);
      expect((await round(server.url, token, [dropOp('s', 'drop', 'old-sum')])).results[0]!.status).toBe('rejected');
      // The server's store holds what every device holds after the clear: the newer entries, renumbered.
      const store = postgresStore({ ...conn, tenant: t } as never);
      const entries = await store.loadEntries('s');
      expect(entries.map((e) => [e.id, e.seq, e.interaction])).toEqual([
        ['offline1', 0, 1],
        ['offline2', 1, 1],
      ]);
      expect((await store.loadSession('s'))?.summaries).toEqual([]);
      await store.close();
    });

    it("the tenant's server-side memory sees the synced session: server order, summaries, erasures", async () => {
      const { tenant: t, token } = tenant();
      // Two devices wrote offline with the same provisional numbers; the server order decides.
      await round(
        server.url,
        token,
        [
          entryOp('chat', 'l1', { content: 'laptop question', seq: 0, interaction: 1 }),
          entryOp('chat', 'l2', { role: 'assistant', content: 'laptop answer', seq: 1, interaction: 1 }),
        ],
        '0',
        { deviceId: 'laptop' },
      );
      await round(
        server.url,
        token,
        [
          entryOp('chat', 'p1', { content: 'phone question', seq: 0, interaction: 1 }),
          entryOp('chat', 'p2', { role: 'assistant', content: 'phone answer', seq: 1, interaction: 1 }),
        ],
        '0',
        { deviceId: 'phone' },
      );
      await round(server.url, token, [compactOp('chat', 'sum1', ['l1', 'l2']), eraseOp('chat', 'er', ['p2'])], '0', {
        deviceId: 'laptop',
      });
      const memory = await createMemory({
        store: postgresStore({ ...conn, tenant: t } as never),
        config: { autoCompress: false },
      });
      const state = await memory.exportSession('chat');
      expect(state.entries.map((e) => [e.id, e.seq, e.interaction, e.compressed, e.summaryId])).toEqual([
        ['l1', 0, 1, true, 'sum1'],
        ['l2', 1, 1, true, 'sum1'],
        ['p1', 2, 2, false, undefined],
      ]);
      expect(state.summaries.map((s) => s.id)).toEqual(['sum1']);
      expect(state.erasedEntries).toBe(1);
      const context = await memory.getContextForLLM('chat');
      expect(context.messages.map((m) => m.content)).toEqual([
        expect.stringContaining('summary sum1'),
        'phone question',
      ]);
      await memory.close();
    });
  });
}

describe('syncHandler (pg): pull pages are bounded in bytes too', () => {
  it('five 1 MB entries come back in two pages (4 MiB each at most), every op once, `more` until the last', async () => {
    const server = await startSyncServer({ pool: sharedPool() });
    const t = freshTenant();
    server.tokens.set('tok', t);
    const ids = ['big1', 'big2', 'big3', 'big4', 'big5'];
    for (const id of ids) await round(server.url, 'tok', [entryOp('s', id, { content: id.repeat(250_000) })]);
    const first = await round(server.url, 'tok', [], '0');
    expect([first.ops.map((o) => o.opId), first.more, first.cursor]).toEqual([ids.slice(0, 4), true, '4']);
    const second = await round(server.url, 'tok', [], first.cursor);
    expect([second.ops.map((o) => o.opId), second.more, second.cursor]).toEqual([['big5'], false, '5']);
    expect(second.ops[0]!.kind === 'entry' && second.ops[0]!.entry.content.length).toBe(1_000_000);
    await server.close();
  });
});
