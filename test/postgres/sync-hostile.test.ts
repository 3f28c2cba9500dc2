/**
 * Hostile requests against the real `syncHandler` (on the throwaway PostgreSQL cluster): fuzzed
 * bodies never stop it answering nor wedge a tenant, a malformed op holds back nothing else,
 * requests past the bounds are refused at once, planted secrets (in `authorize`'s error, the
 * connection string, the URL) reach no response, event or error, and `toNodeListener` cuts off
 * slow and oversized bodies, and `SYNC_SERVER_TIMEOUTS` a client trickling its headers.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { SYNC_SERVER_TIMEOUTS, syncHandler, toNodeListener } from '../../src/server/index.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import { newMeta } from '../../src/core/session/session.js';
import type { SyncRefusal } from '../../src/sync/types.js';
import { MAX_OP_IDS, MAX_REQUEST_IDS, MAX_SYNC_BODY_BYTES } from '../../src/sync/bounds.js';
import { closeShared, freshTenant, sharedPool } from './support.js';
import { entryOp, post, pullAll, round, startSyncServer, type SyncServer } from './sync-support.js';

afterAll(closeShared);

let server: SyncServer;
beforeAll(async () => {
  server = await startSyncServer({ pool: sharedPool() });
});
afterAll(async () => server.close());
const tenant = (): string => {
  const t = freshTenant();
  server.tokens.set(`tok-${t}`, t);
  return `tok-${t}`;
};

const T = '2026-01-01T00:00:00.000Z';
/** Ops of every shape the review used, and random ones. */
const hostileOp = fc.oneof(
  fc.constant(entryOp('s', 'long-tool', { type: 'tool_call', tool: { name: 't'.repeat(600), callId: 'c' } })),
  fc.constant({ ...entryOp('s', 'i'.repeat(513)) }),
  fc.constant(entryOp('s', 'big-interaction', { interaction: 2 ** 60 })),
  fc.constant(entryOp('s', 'big-seq', { seq: 1e20 })),
  fc.constant(entryOp('__recallkit_sync__', 'reserved')),
  fc.constant({
    opId: 'sum',
    sessionId: 's',
    kind: 'compact',
    entryIds: ['a'],
    summary: {
      id: 'sum',
      sessionId: 's',
      content: 'x',
      originalEntryIds: ['a'],
      tokenCount: 1,
      originalTokenCount: 2.5,
      compressionRatio: 1,
      createdAt: T,
      timeRange: { start: T, end: T },
    },
  }),
  fc.record({ opId: fc.string(), sessionId: fc.string(), kind: fc.constantFrom('entry', 'erase', 'clear', 'x') }),
  fc.jsonValue({ maxDepth: 3 }),
);

describe('fuzzed sync requests against the real handler', () => {
  it('every answer is 200/400/413 JSON with a request id; valid ops in the same request land; polls keep answering', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(hostileOp, fc.constant(null)), { maxLength: 6 }),
        fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 2 })),
        async (mixed, junk) => {
          const token = tenant();
          const valid = `ok-${n++}`;
          const ops = [...mixed.map((op) => op ?? entryOp('s2', `${valid}-x`)), entryOp('s2', valid)];
          const body = junk === undefined ? { v: 1, deviceId: 'd', cursor: '0', ops } : junk;
          const res = await post(server.url, token, body);
          expect([200, 400, 413]).toContain(res.status);
          if (res.status !== 200) {
            expect(res.json.requestId).toEqual(expect.any(String));
            return;
          }
          expect(res.json.results).toHaveLength(ops.length);
          const landed = (await pullAll(server.url, token)).map((o) => o.opId);
          expect(landed).toContain(valid);
          // A refused op never lands.
          res.json.results.forEach((r: { status: string; field?: string }, i: number) => {
            if (r.field !== undefined) expect(r.status).toBe('rejected');
            if (r.status === 'rejected')
              expect(landed.filter((id) => id === (ops[i] as { opId?: unknown }).opId).length).toBeLessThanOrEqual(
                ops.slice(0, i).filter((o) => (o as { opId?: unknown }).opId === (ops[i] as { opId?: unknown }).opId)
                  .length,
              );
          });
        },
      ),
      { numRuns: 60, seed: 25 },
    );
    const poll = await round(server.url, tenant(), []);
    expect(poll.results).toEqual([]);
  });
});

describe('bounds: refused with a 4xx at once', () => {
  it('a 200,000-id erase is refused with 413, short ids or long, and nothing is written', async () => {
    const token = tenant();
    for (const width of [2, 40]) {
      const ids = Array.from({ length: 200_000 }, (_, i) => `${i}`.padStart(width, 'e'));
      const res = await post(server.url, token, {
        v: 1,
        deviceId: 'd',
        cursor: '0',
        ops: [{ opId: 'er', sessionId: 's', kind: 'erase', entryIds: ids }],
      });
      expect(res.status).toBe(413);
      expect(res.json.error).toMatch(width === 2 ? /entry ids/ : /bytes/);
    }
    expect(await pullAll(server.url, token)).toEqual([]);
  });

  it('ids past the per-request bound over several ops: 413; within the bounds: applied', async () => {
    const token = tenant();
    const erase = (k: number, count: number) => ({
      opId: `er${k}`,
      sessionId: 's',
      kind: 'erase',
      entryIds: Array.from({ length: count }, (_, i) => `e${k}-${i}`),
    });
    const over = Array.from({ length: MAX_REQUEST_IDS / MAX_OP_IDS + 1 }, (_, k) => erase(k, MAX_OP_IDS));
    expect((await post(server.url, token, { v: 1, deviceId: 'd', cursor: '0', ops: over })).status).toBe(413);
    const within = over.slice(0, MAX_REQUEST_IDS / MAX_OP_IDS);
    expect((await round(server.url, token, within as never)).results.every((r) => r.status === 'applied')).toBe(true);
  });
});

describe('secrets stay secret', () => {
  const request = (body: unknown) =>
    new Request('http://x/sync', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const body = { v: 1, deviceId: 'd', cursor: '0', ops: [entryOp('s')] };

  it("the database's error (a connection string with a password) reaches onError, never the caller", async () => {
    const logged: unknown[] = [];
    const handler = syncHandler({
      connectionString: 'postgres://alice:SECRET-DB-PASSWORD@127.0.0.1:9/db?sslpassword=SECRET-Q',
      authorize: () => 'u1',
      onError: (error) => logged.push(error),
    });
    const res = await handler(request(body));
    const text = await res.text();
    expect(res.status).toBe(503);
    expect(text).not.toMatch(/SECRET|ECONNREFUSED|127\.0\.0\.1|alice/);
    expect(JSON.parse(text).requestId).toBe(res.headers.get('x-request-id'));
    expect(logged).toHaveLength(1);
    await handler.close();
  });

  it('authorize returning something that is not a tenant is a 500 logged as a misconfiguration, not a 401', async () => {
    for (const who of [42, { id: 'u1' }, 'x'.repeat(513), null]) {
      const logged: [unknown, unknown][] = [];
      const handler = syncHandler({
        pool: sharedPool(),
        authorize: () => who as never,
        onError: (error, context) => logged.push([error, context]),
      });
      const res = await handler(request(body));
      expect(res.status).toBe(500);
      expect(logged).toHaveLength(1);
      expect(String(logged[0]![0])).toMatch(/misconfigured/);
      expect(logged[0]![1]).toMatchObject({ stage: 'authorize' });
      await handler.close();
    }
  });

  it('authorize returning a tenant no store could hold (NUL, a lone surrogate) is a 500 logged as a misconfiguration; nothing is written', async () => {
    const session = `hostile-tenant-${Date.now()}`;
    const pushed = { v: 1, deviceId: 'd', cursor: '0', ops: [entryOp(session)] };
    for (const who of ['user\u0000admin', 'user\uD800', '\uDC00user', 'a\uDBFFb']) {
      const logged: [unknown, unknown][] = [];
      const handler = syncHandler({
        pool: sharedPool(),
        authorize: () => who,
        onError: (error, context) => logged.push([error, context]),
      });
      const res = await handler(request(pushed));
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain(who);
      expect(logged).toHaveLength(1);
      expect(String(logged[0]![0])).toMatch(/misconfigured/);
      expect(logged[0]![1]).toMatchObject({ stage: 'authorize' });
      await handler.close();
    }
    const { rows } = await sharedPool().query(
      'SELECT count(*)::int AS n FROM recallkit_sync_ops WHERE session_id LIKE $1',
      [`%${session}%`],
    );
    expect(rows[0]).toEqual({ n: 0 });
    // A surrogate pair is a character like any other: its tenant syncs.
    const handler = syncHandler({ pool: sharedPool(), authorize: () => `${freshTenant()}\uD83D\uDE00` });
    expect((await handler(request(pushed))).status).toBe(200);
    await handler.close();
  });

  it('a throwing onError changes nothing for the caller', async () => {
    const handler = syncHandler({
      pool: sharedPool(),
      authorize: () => {
        throw new Error('SECRET-SIGNING-KEY-123');
      },
      onError: () => {
        throw new Error('log down');
      },
    });
    const res = await handler(request(body));
    expect(res.status).toBe(500);
    expect(await res.text()).not.toMatch(/SECRET|log down/);
    await handler.close();
  });
});

describe('end to end: a record the server would refuse holds back nothing else', () => {
  it('a planted 600-character tool name is set aside; every other session reaches the real server in the same round', async () => {
    const token = tenant();
    const store = memoryStore();
    const meta = newMeta('bad', T);
    meta.version = 1;
    meta.nextSeq = 1;
    meta.totalEntries = 1;
    await store.write('bad', {
      meta,
      putEntries: [
        {
          id: 'planted',
          sessionId: 'bad',
          seq: 0,
          interaction: 0,
          type: 'tool_call',
          role: 'assistant',
          content: '{}',
          timestamp: T,
          tokenCount: 2,
          compressed: false,
          tool: { name: 't'.repeat(600), callId: 'c1' },
        },
      ],
    });
    const memory = await createMemory({
      store,
      tokenizer: { count: (t: string) => Math.ceil(t.length / 4) },
      config: { autoCompress: false },
      sync: {
        url: `${server.url}?token=SECRET-URL-TOKEN`,
        headers: { authorization: `Bearer ${token}` },
        intervalMs: 0,
      },
    });
    const refusals: SyncRefusal[] = [];
    const errors: Error[] = [];
    memory.on('sync:refused', (r) => refusals.push(r));
    memory.on('sync:error', (e) => errors.push(e));
    for (const s of ['a', 'b', 'c']) await memory.addUserMessage(s, `hello ${s}`);
    await memory.sync();
    const pulled = await pullAll(server.url, token);
    expect(pulled.map((o) => o.kind === 'entry' && o.entry.content).sort()).toEqual(['hello a', 'hello b', 'hello c']);
    expect(refusals.map((r) => [r.op.sessionId, r.op.opId, r.field])).toEqual([
      ['bad', 'planted', 'op.entry.tool.name'],
    ]);
    expect(errors).toEqual([]);
    await memory.close();
  });
});

describe('toNodeListener: body deadline and size limit', () => {
  let http: Server;
  let port = 0;
  beforeAll(async () => {
    http = createServer(toNodeListener(server.handler, { bodyTimeoutMs: 300, maxBodyBytes: 1000 }));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
    token = tenant();
  });
  afterAll(async () => {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
  let token = '';
  /**
   * POST `chunks` `gapMs` apart; with `trickle`, then one more space every `gapMs` until the
   * answer comes (the body never ends). Resolves the status and how many chunks were sent.
   */
  const send = (chunks: string[], gapMs: number, headers: Record<string, string> = {}, trickle = false) =>
    new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let answered = false;
      const req = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/sync',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
        },
        (res) => {
          answered = true;
          res.resume();
          resolve({ status: res.statusCode ?? 0, sent: i });
          if (trickle) req.destroy();
        },
      );
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      let i = 0;
      const next = (): void => {
        if (answered) return;
        if (i >= chunks.length && !trickle) return void req.end();
        req.write(i < chunks.length ? chunks[i]! : ' ');
        i++;
        setTimeout(next, gapMs);
      };
      next();
    });

  it('a body still trickling in when its deadline expires is answered 408 then, not when it ends', async () => {
    // It never ends, and a byte comes every 50 ms (far within an idle timeout): only the
    // deadline for the whole body (bodyTimeoutMs 300) can answer it, however slow the machine.
    const r = await send(['{"v":1,', '"deviceId":"d",'], 50, {}, true);
    expect(r.status).toBe(408);
  });

  it('a chunked body past the size limit is answered 413; a declared one before it is read', async () => {
    expect((await send(['x'.repeat(600), 'x'.repeat(600)], 5)).status).toBe(413);
    expect((await send(['{}'], 0, { 'content-length': String(MAX_SYNC_BODY_BYTES) })).status).toBe(413);
  });
});

describe('SYNC_SERVER_TIMEOUTS: a client trickling its headers', () => {
  it('is answered 408 and closed within the bound docs/sync.md states, which is what the config says', async () => {
    const { headersTimeout, connectionsCheckingInterval } = SYNC_SERVER_TIMEOUTS;
    // The figures the docs give are the config's: headers within 10 s, closed within 11 s.
    const docs = readFileSync(new URL('../../docs/sync.md', import.meta.url), 'utf8');
    expect(docs).toContain(`\`headersTimeout\` ${headersTimeout / 1000} s`);
    expect(docs).toContain(`\`connectionsCheckingInterval\` ${connectionsCheckingInterval / 1000} s`);
    const bound = (headersTimeout + connectionsCheckingInterval) / 1000;
    expect(docs).toContain(`within ${headersTimeout / 1000} s is answered \`408\` and closed within ${bound} s`);

    const http = createServer(SYNC_SERVER_TIMEOUTS, toNodeListener(server.handler));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write('POST /sync HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // One more header line every 500 ms: the headers never end.
    const drip = setInterval(() => socket.write('x-slow: 1\r\n'), 500);
    // A hang detector, not a timing assertion: Node's default check (every 30 s) closes this
    // client 30 s after the server started listening, past this generous limit of 25 s.
    const closed = await Promise.race([
      new Promise<boolean>((resolve) => socket.on('close', () => resolve(true))),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 25_000)),
    ]);
    clearInterval(drip);
    socket.destroy();
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});
