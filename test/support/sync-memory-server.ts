/**
 * A throwaway sync endpoint for fast unit tests of the client: protocol v1's rules
 * (docs/sync.md) over an in-memory log, on a real Node HTTP server. The tests of issue #19 that
 * need the real thing use `syncHandler` on PostgreSQL (test/postgres/sync-*.test.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  checkRequestBounds,
  readSyncRequest,
  type ReadRequest,
  type ServerOp,
  type SyncOp,
  type SyncOpResult,
} from '../../src/sync/protocol.js';

export interface MemorySyncServer {
  url: string;
  log: ServerOp[];
  /** Requests answered. */
  requests: number;
  /** The raw header lines of the last request, name-value pairs as sent. */
  rawHeaders: string[];
  /** Every well-formed op pushed, in arrival order (retries included). */
  pushed: SyncOp[];
  close(): Promise<void>;
}

/** Start it; `token` is the bearer token of the one tenant. */
export async function startMemorySyncServer(
  token = 'secret',
  options: {
    /** A stricter server: a reason to refuse a well-formed op as malformed (as a newer server might). */
    refuse?: (op: SyncOp) => string | undefined;
  } = {},
): Promise<MemorySyncServer> {
  const log: ServerOp[] = [];
  const known = new Map<string, SyncOpResult>();
  const entries = new Map<string, { erased: boolean; compacted: boolean; seq: bigint }>();
  const erasedWaiting = new Set<string>();
  const summaries = new Map<string, { dropped: boolean }>();
  const cleared = new Map<string, bigint>();
  let seq = 0n;
  const state = {
    url: '',
    log,
    requests: 0,
    rawHeaders: [] as string[],
    pushed: [] as SyncOp[],
    close: async () => undefined as void,
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      state.requests += 1;
      state.rawHeaders = req.rawHeaders;
      const send = (status: number, value: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${token}`) return send(401, { error: 'no tenant' });
      let read: ReadRequest;
      try {
        const json = JSON.parse(body) as unknown;
        const over = checkRequestBounds(json);
        if (over) return send(413, { error: over.message, field: over.field });
        read = readSyncRequest(json);
      } catch (error) {
        return send(400, { error: (error as Error).message });
      }
      const { request } = read;
      state.pushed.push(...request.ops);
      if (options.refuse) {
        const kept: SyncOp[] = [];
        const all = request.ops.length + read.refused.length;
        const byIndex = new Map(read.refused.map((r) => [r.index, r]));
        let next = 0;
        for (let i = 0; i < all; i++) {
          if (byIndex.has(i)) continue;
          const op = request.ops[next++]!;
          const reason = options.refuse(op);
          if (reason === undefined) kept.push(op);
          else
            byIndex.set(i, {
              index: i,
              result: { opId: op.opId, status: 'rejected', reason: `invalid op: ${reason}`, field: 'op' },
            });
        }
        request.ops = kept;
        read.refused = [...byIndex.values()].sort((x, y) => x.index - y.index);
      }
      const pushed: SyncOpResult[] = request.ops.map((op) => {
        const key = `${op.sessionId}\u0000${op.opId}`;
        const before = known.get(key);
        if (before) return before.status === 'rejected' ? before : { ...before, status: 'duplicate' };
        const ek = (id: string) => `${op.sessionId}\u0000${id}`;
        let reason: string | undefined;
        if (op.kind === 'entry' && erasedWaiting.has(ek(op.entry.id))) reason = 'erased';
        if (op.kind === 'compact') {
          for (const id of op.entryIds) {
            const e = entries.get(ek(id));
            if (!e) reason = 'unknown entry';
            else if (e.erased) reason = 'erased entry';
            else if (e.seq < (cleared.get(op.sessionId) ?? 0n)) reason = 'cleared entry';
            else if (e.compacted) reason = 'already compacted';
          }
          if (op.summary && summaries.has(ek(op.summary.id))) reason = 'summary exists';
        }
        if (op.kind === 'drop-summary') {
          const s = summaries.get(ek(op.summaryId));
          if (!s) reason = 'unknown summary';
          else if (s.dropped) reason = 'already dropped';
        }
        if (reason) {
          const r: SyncOpResult = { opId: op.opId, status: 'rejected', reason };
          known.set(key, r);
          return r;
        }
        seq += 1n;
        if (op.kind === 'entry') entries.set(ek(op.entry.id), { erased: false, compacted: false, seq });
        if (op.kind === 'compact') {
          for (const id of op.entryIds) entries.get(ek(id))!.compacted = true;
          if (op.summary) summaries.set(ek(op.summary.id), { dropped: false });
        }
        if (op.kind === 'drop-summary') summaries.get(ek(op.summaryId))!.dropped = true;
        if (op.kind === 'erase') {
          for (const id of op.entryIds) {
            erasedWaiting.add(ek(id));
            const e = entries.get(ek(id));
            if (e) e.erased = true;
          }
        }
        if (op.kind === 'clear') cleared.set(op.sessionId, seq);
        log.push({ ...structuredClone(op), seq: seq.toString(), deviceId: request.deviceId });
        const r: SyncOpResult = { opId: op.opId, status: 'applied', seq: seq.toString() };
        known.set(key, r);
        return r;
      });
      // The refused ops' results in their places, as the real handler answers them.
      const results: SyncOpResult[] = [];
      for (let i = 0, next = 0, r = 0; i < pushed.length + read.refused.length; i++) {
        if (read.refused[r]?.index === i) results.push(read.refused[r++]!.result);
        else results.push(pushed[next++]!);
      }
      const from = BigInt(request.cursor);
      const limit = request.limit ?? 500;
      const after = log.filter((o) => BigInt(o.seq) > from);
      const ops = after.slice(0, limit);
      send(200, {
        v: 1,
        results,
        ops,
        cursor: ops.length ? ops[ops.length - 1]!.seq : request.cursor,
        more: after.length > limit,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sync`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
