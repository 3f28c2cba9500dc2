/**
 * What one tenant's largest requests may hold of what others need (#31): a large push is applied
 * in bounded transactions (`push-chunks.ts`), and one large request at a time per handler
 * (`heavy-gate.ts`). Checked on the real handler over a pool that records each transaction's
 * tenant and ops, so nothing here depends on the machine's speed; the latencies other tenants
 * see are measured by `npm run bench:sync:bounds` (docs/performance.md).
 */
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CHUNK_CHARS, CHUNK_IDS, pushChunks } from '../../src/sync/server/push-chunks.js';
import { createHeavyGate } from '../../src/sync/server/heavy-gate.js';
import { MAX_OP_IDS, MAX_PUSH_OPS, MAX_REQUEST_IDS, MAX_SYNC_BODY_BYTES } from '../../src/sync/bounds.js';
import type { SyncOp } from '../../src/sync/protocol.js';
import { closeShared, freshTenant, sharedPool } from './support.js';
import { compactOp, entryOp, eraseOp, pullAll, round, startSyncServer, type SyncServer } from './sync-support.js';

afterAll(closeShared);

/** What the handler's transactions did, in order: `[client, event, detail]`. */
type Event = [client: number, event: 'BEGIN' | 'COMMIT' | 'ROLLBACK' | 'tenant' | 'ops', detail: string | number];

/** A pg pool that records each transaction's control statements, tenant and appended op count. */
function recordingPool(pool: pg.Pool, log: Event[]) {
  let clients = 0;
  return {
    query: (text: string) => pool.query(text),
    async connect() {
      const client = await pool.connect();
      const id = ++clients;
      return {
        query(q: string | { text: string; values?: unknown[] }, params?: unknown[]) {
          const text = typeof q === 'string' ? q : q.text;
          const values = (typeof q === 'string' ? params : q.values) ?? [];
          if (text === 'BEGIN' || text === 'COMMIT' || text === 'ROLLBACK') log.push([id, text, '']);
          else if (text.includes('INSERT INTO recallkit_sync_tenants')) log.push([id, 'tenant', String(values[0])]);
          else if (text.includes('INSERT INTO recallkit_sync_ops'))
            log.push([id, 'ops', (values[2] as unknown[]).length]);
          return client.query(q as never, params as never) as Promise<{ rows: unknown[] }>;
        },
        release: (destroy?: boolean | Error) => client.release(destroy),
      };
    },
  };
}

/** The tenants of the transactions in commit order, one per transaction. */
function transactions(log: readonly Event[]): { tenant: string; ops: number }[] {
  const open = new Map<number, { tenant: string; ops: number }>();
  const out: { tenant: string; ops: number }[] = [];
  for (const [client, event, detail] of log) {
    if (event === 'BEGIN') open.set(client, { tenant: '', ops: 0 });
    else if (event === 'tenant') open.get(client)!.tenant = String(detail);
    else if (event === 'ops') open.get(client)!.ops += Number(detail);
    else if (event === 'COMMIT') out.push(open.get(client)!);
  }
  return out;
}

/** The largest push the bounds allow: MAX_PUSH_OPS entries filling the body. */
function largestPush(prefix: string): SyncOp[] {
  const content = 'x'.repeat(Math.floor((MAX_SYNC_BODY_BYTES - 4096) / MAX_PUSH_OPS) - 400);
  return Array.from({ length: MAX_PUSH_OPS }, (_, i) =>
    entryOp('s', `${prefix}-${String(i).padStart(4, '0')}`, { content }),
  );
}

describe('pushChunks', () => {
  it('cuts the ops in order into chunks within the bounds; an op larger than a chunk goes alone', () => {
    const ops = [
      ...largestPush('a'),
      entryOp('s', 'huge', { content: 'y'.repeat(CHUNK_CHARS * 2) }),
      ...Array.from({ length: MAX_REQUEST_IDS / MAX_OP_IDS }, (_, j) =>
        eraseOp(
          's',
          `erase-${j}`,
          Array.from({ length: MAX_OP_IDS }, (_, i) => `${j}-${i}`),
        ),
      ),
      eraseOp('s', 'small-erase', ['a-0000']),
      compactOp('s', 'sum', ['a-0001', 'a-0002']),
    ];
    const chunks = [...pushChunks(ops)];
    expect(chunks.flat()).toEqual(ops);
    for (const chunk of chunks) {
      const chars = chunk.reduce((n, op) => n + JSON.stringify(op).length, 0);
      const ids = chunk.reduce(
        (n, op) => n + (op.kind === 'erase' || op.kind === 'compact' ? op.entryIds.length : 0),
        0,
      );
      if (chunk.length > 1) expect(chars <= CHUNK_CHARS && ids <= CHUNK_IDS).toBe(true);
    }
    expect(chunks.filter((c) => c.some((op) => op.opId === 'huge'))).toEqual([[ops[MAX_PUSH_OPS]]]);
    expect(chunks.length).toBeGreaterThanOrEqual(Math.ceil(MAX_SYNC_BODY_BYTES / CHUNK_CHARS));
    expect([...pushChunks([])]).toEqual([]);
  });
});

describe('createHeavyGate', () => {
  it('lets one holder in at a time, first come first served; a release given twice counts once', async () => {
    const gate = createHeavyGate();
    const order: string[] = [];
    const first = await gate.acquire();
    const waiting = ['b', 'c', 'd'].map((name) => gate.acquire().then((release) => (order.push(name), release)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    first();
    first();
    const b = await waiting[0]!;
    expect(order).toEqual(['b']);
    b();
    (await waiting[1]!)();
    (await waiting[2]!)();
    expect(order).toEqual(['b', 'c', 'd']);
    (await gate.acquire())();
  });
});

describe('the handler bounds what the largest requests hold', () => {
  let server: SyncServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('the largest push is applied in several transactions: every op, in order, as one transaction would', async () => {
    const log: Event[] = [];
    server = await startSyncServer({ pool: recordingPool(sharedPool(), log) as never });
    const tenant = freshTenant();
    server.tokens.set('a', tenant);
    const ops = largestPush('p');
    const response = await round(server.url, 'a', ops);
    expect(response.results.map((r) => [r.opId, r.status])).toEqual(ops.map((op) => [op.opId, 'applied']));
    expect(response.results.map((r) => r.seq)).toEqual(ops.map((_, i) => String(i + 1)));
    const done = transactions(log).filter((t) => t.tenant === tenant);
    expect(done.length).toBeGreaterThanOrEqual(Math.ceil(MAX_SYNC_BODY_BYTES / CHUNK_CHARS));
    expect(done.reduce((n, t) => n + t.ops, 0)).toBe(MAX_PUSH_OPS);
    expect((await pullAll(server.url, 'a')).map((op) => op.opId)).toEqual(ops.map((op) => op.opId));
    // Sent again (a retry after a lost answer): every op is a duplicate, nothing is appended.
    const again = await round(server.url, 'a', ops);
    expect(new Set(again.results.map((r) => r.status))).toEqual(new Set(['duplicate']));
    expect(await pullAll(server.url, 'a')).toHaveLength(MAX_PUSH_OPS);
  });

  it("two tenants' largest pushes at once are applied one after the other; a small push and polls pass meanwhile", async () => {
    const log: Event[] = [];
    server = await startSyncServer({ pool: recordingPool(sharedPool(), log) as never });
    const [a, b, c] = [freshTenant(), freshTenant(), freshTenant()];
    server.tokens.set('a', a).set('b', b).set('c', c);
    const [ra, rb, small, poll] = await Promise.all([
      round(server.url, 'a', largestPush('a')),
      round(server.url, 'b', largestPush('b')),
      round(server.url, 'c', [entryOp('s', 'c1')]),
      round(server.url, 'c', []),
    ]);
    expect(ra.results).toHaveLength(MAX_PUSH_OPS);
    expect(rb.results).toHaveLength(MAX_PUSH_OPS);
    expect(small.results.map((r) => r.status)).toEqual(['applied']);
    expect(poll.results).toEqual([]);
    // The large pushes' transactions never interleave: all of one, then all of the other.
    const heavy = transactions(log)
      .map((t) => t.tenant)
      .filter((t) => t === a || t === b);
    const firstOther = heavy.findIndex((t) => t !== heavy[0]);
    expect(heavy.slice(firstOther).every((t) => t !== heavy[0])).toBe(true);
    expect(heavy.length).toBeGreaterThanOrEqual(2 * Math.ceil(MAX_SYNC_BODY_BYTES / CHUNK_CHARS));
  });
});
